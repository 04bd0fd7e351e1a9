"""Events: what happened, one frozen dataclass per kind, with an audience and a public form.

Every event has a public ``text``; one meant for a seat (``to``) also has a ``private``
text and secret fields, blanked by :meth:`Event.seen_by` for anyone else. Kinds register
under their JSON ``kind`` tag (:func:`event_kind`); the stored form never changes, so old
logs load.

>>> event = Drew(text="Bo draws a card.", seat=1, to=1, private="You draw Q♥.",
...              count=1, reason="pass", cards=("QH",))
>>> event_from_json(event.to_json()) == event
True
>>> event.seen_by(0).cards, event.seen_by(1).cards
((), ('QH',))
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Self, TypeVar

from rules.effects import Effect, read_effect
from rules.english import article

#: Every event kind by its JSON tag.
EVENT_TYPES: dict[str, type[Event]] = {}
E = TypeVar("E", bound="type[Event]")

#: How a round was won (``last_player``: every other seat left the game).
Win = Literal["emptied", "instant", "effect", "no_supply", "last_player"]
#: Why cards were drawn.
DrawReason = Literal["pass", "penalty", "effect"]
#: Why a game ended: no card can follow, nobody can ever go out under these rules, nobody
#: can ever go out from the tops lying now (a stall), the host ended it, or a seat won the
#: match (the round wins the game's ``match_wins`` setting asks for), one seat is left in
#: the game (every other was removed or expelled: :mod:`games.engine.seats`), or a timed
#: game's time is up (``time``: the fewest cards win).
EndReason = Literal["no_card", "no_way_out", "stalled", "host", "match", "last_player",
                    "time"]
#: Why a seat left the game for good: the host removed it, or a rule of the game expelled it.
SeatExit = Literal["removed", "expelled"]
#: Why a rule of the game expelled a seat: its hand grew too big, or it made too many
#: mistakes in a row (:mod:`games.engine.expulsion`).
ExpelCause = Literal["hand", "mistakes"]


def event_kind(kind: str) -> Callable[[E], E]:
    """Register an event class under its JSON ``kind`` tag."""

    def register(cls: E) -> E:
        cls.kind = kind
        EVENT_TYPES[kind] = cls
        return cls

    return register


def secret(default: Any) -> Any:
    """A field only the event's ``to`` seat may know (blanked to ``default`` for others)."""
    return field(default=default, metadata={"secret": True})


def _named(json_name: str) -> Any:
    """A field stored under another JSON name (``as`` is a Python keyword)."""
    return field(metadata={"json": json_name})


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One thing that happened. ``to`` is ``None`` for public events; a private event's
    ``stint`` is which of its ``to`` seat's successive players it was for
    (:attr:`~games.engine.state.GameState.stints`): whoever plays the seat later reads it
    as everyone else does (:meth:`read_by`)."""

    kind: ClassVar[str] = ""
    text: str
    seat: int | None = None
    to: int | None = None
    private: str | None = None
    stint: int = 0

    def text_for(self, viewer: int | None) -> str:
        """The text this viewer may read (``None``: a spectator)."""
        if self.private is not None and viewer is not None and viewer == self.to:
            return self.private
        return self.text

    def is_for(self, viewer: int | None) -> bool:
        """Whether this is a private event addressed to ``viewer``."""
        return self.to is not None and viewer is not None and viewer == self.to

    def seen_by(self, viewer: int | None) -> Self:
        """The event as ``viewer`` may see it: whole for its own seat (or when public), else
        without its private text and with its secret fields blanked."""
        if self.to is None or self.is_for(viewer):
            return self
        blanks: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(self)
                                  if f.metadata.get("secret")}
        return dataclasses.replace(self, private=None, **blanks)

    def read_by(self, viewer: int | None, stint: int = 0) -> Self:
        """The event as seat ``viewer``'s player in ``stint`` may see it: one private to
        another player of the seat is public to them.
        """
        if self.to is not None and self.to == viewer and self.stint != stint:
            return dataclasses.replace(self.seen_by(None), to=None)
        return self.seen_by(viewer)

    def to_json(self) -> dict[str, Any]:
        """The whole event (secrets included) for storage; :func:`event_from_json` reads it."""
        data: dict[str, Any] = {}
        hidden: dict[str, Any] = {}
        for item in _payload(type(self)):
            target = hidden if item.metadata.get("secret") else data
            target[item.metadata.get("json", item.name)] = _encode(getattr(self, item.name))
        stored = {"kind": self.kind, "text": self.text, "seat": self.seat, "to": self.to,
                  "private": self.private, "data": data, "secret": hidden}
        # (Absent for a seat's first player: events stored before stints read back equal.)
        return stored | {"stint": self.stint} if self.stint else stored


@dataclass(frozen=True, slots=True)
class Breach:
    """One rule a refused play broke: its jargon, author (``None``: a rule no player wrote,
    spoken for by the chair, whose name is ``author_name``) and id."""

    jargon: str
    author: int | None
    author_name: str
    rule: int


@dataclass(frozen=True, slots=True)
class DisclosedRule:
    """A secret rule made public at a round's end: its id, jargon, author (``None``: a
    preset law; ``author_name`` is then the chair's) and the rule in English."""

    rule: int
    jargon: str
    author: int | None
    author_name: str
    text: str


@dataclass(frozen=True, slots=True)
class Situation:
    """What everyone at the table could see when a play was tried: the pile it went on (as
    the rules see it, top last, the nine cards rules can look at), the player's hand size
    before it, the turn and round, the table's size, the suit a wild play named, the
    words the player said with it, the cards the player owed (stacked ``owe``
    effects), and whether the pile's top was the round's starter. Public by nature: it is
    the table, not a hand."""

    under: tuple[str, ...]
    hand_before: int
    turn: int
    round: int
    players: int
    active_suit: str | None = None
    said: str = ""
    pending: int = 0
    on_starter: bool = False


def event_from_json(data: dict[str, Any]) -> Event:
    """Read a stored event (any registered kind); ``ValueError`` for an unknown kind."""
    cls = EVENT_TYPES.get(str(data.get("kind")))
    if cls is None:
        raise ValueError(f"unknown event kind {data.get('kind')!r}")
    stored = {**data.get("data", {}), **data.get("secret", {})}
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for item in _payload(cls):
        name = item.metadata.get("json", item.name)
        if name in stored:
            values[item.name] = _decode(hints[item.name], stored[name])
    return cls(text=data["text"], seat=data.get("seat"), to=data.get("to"),
               private=data.get("private"), stint=int(data.get("stint", 0)), **values)


_PAYLOADS: dict[str, tuple[dataclasses.Field[Any], ...]] = {}
_HINTS: dict[str, dict[str, Any]] = {}


def _payload(cls: type[Event]) -> tuple[dataclasses.Field[Any], ...]:
    """The kind's own fields (not ``text``, ``seat``, ``to``, ``private``, ``stint``)."""
    found = _PAYLOADS.get(cls.kind)
    if found is None:
        base = {"text", "seat", "to", "private", "stint"}
        found = _PAYLOADS[cls.kind] = tuple(f for f in dataclasses.fields(cls)
                                            if f.name not in base)
    return found


def _hints(cls: type[Event]) -> dict[str, Any]:
    found = _HINTS.get(cls.kind)
    if found is None:
        found = _HINTS[cls.kind] = typing.get_type_hints(cls)
    return found


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, Effect):
        return value.to_json()
    if isinstance(value, Breach | Situation | DisclosedRule):
        return {k: _encode(v) for k, v in dataclasses.asdict(value).items()}
    return value


def _decode(hint: Any, value: Any) -> Any:
    """Turn stored JSON back into the field's type (tuples, breaches, effects, literals)."""
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None:
            return None
        (inner,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return _decode(inner, value)
    if origin is tuple:
        (inner, _) = typing.get_args(hint)
        return tuple(_decode(inner, v) for v in value)
    if hint is Breach:
        return Breach(**value)
    if hint is DisclosedRule:
        return DisclosedRule(**value)
    if hint is Situation:
        return Situation(**(value | {"under": tuple(value["under"])}))
    if hint is Effect:
        return read_effect(value, "effects")
    return value


@event_kind("rule_written")
@dataclass(frozen=True, slots=True, kw_only=True)
class RuleWritten(Event):
    """A rule-maker wrote a secret rule for ``round``; only they learn its id."""

    round: int
    rule: int | None = secret(None)


@event_kind("rule_skipped")
@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSkipped(Event):
    """A rule-maker wrote no rule for ``round`` (where the game's winners may skip)."""

    round: int


@event_kind("dealing")
@dataclass(frozen=True, slots=True, kw_only=True)
class Dealing(Event):
    """Round ``round`` waits for its dealer (``seat``) to name who plays first and the
    direction of play."""

    round: int


@event_kind("dealt")
@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """Round ``round`` was dealt: the ``starter`` card turned up, seat ``first`` plays first
    and play goes in ``direction`` (1 clockwise, -1 anticlockwise); ``dealer`` dealt it
    (``None`` in logs older than the dealer)."""

    round: int
    starter: str
    first: int
    direction: int = 1
    dealer: int | None = None


@event_kind("rules_disclosed")
@dataclass(frozen=True, slots=True, kw_only=True)
class RulesDisclosed(Event):
    """At the end of round ``round`` the secret ``rules`` in force were made public (the
    game's ``reveal`` setting is ``round``)."""

    round: int
    rules: tuple[DisclosedRule, ...]


@event_kind("hand")
@dataclass(frozen=True, slots=True, kw_only=True)
class Hand(Event):
    """A seat picks up a hand (dealt, or passed on): only that seat sees its ``cards``."""

    cards: tuple[str, ...] = secret(())


@event_kind("played")
@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Event):
    """A legal play: the ``cards`` held (in order), what each ``stands_for``, on ``pile``."""

    cards: tuple[str, ...]
    stands_for: tuple[str, ...] = _named("as")
    pile: int
    #: The table when it was played (none in logs older than the notebook).
    situation: Situation | None = None
    #: Played off its player's turn: a multiple (the ``multiples`` setting).
    out_of_turn: bool = False


@event_kind("refused")
@dataclass(frozen=True, slots=True, kw_only=True)
class Refused(Event):
    """A play refused on ``top``: the rules it ``broke`` (none: a group no rule allows)."""

    cards: tuple[str, ...]
    stands_for: tuple[str, ...] = _named("as")
    top: str
    broken: tuple[Breach, ...]
    pile: int = 0
    #: The table when it was tried (none in logs older than the notebook).
    situation: Situation | None = None

    @property
    def verdict(self) -> str:
        """What the table says of it, the end of its text ("Ann: that's a Pip!")."""
        return refusal_verdict(self.broken)


def refusal_verdict(broken: tuple[Breach, ...]) -> str:
    """What the authors of the rules ``broken`` say of a play ("Ann: that's a Pip!"), or
    that no rule lets a group go down together (none broken)."""
    if not broken:
        return "No rule lets those cards go down together."
    return " ".join(f"{b.author_name}: that's {article(b.jargon)}!" for b in broken)


#: What the chair calls a play (or a pass) out of turn, where the game penalises one.
OUT_OF_TURN = "Out of Turn"


@event_kind("out_of_turn")
@dataclass(frozen=True, slots=True, kw_only=True)
class OutOfTurn(Event):
    """Seat ``seat`` tried to play ``cards`` (none: to pass) while it was seat ``current``'s
    turn, where the game penalises that (:mod:`games.engine.out_of_turn`): the chair (``chair``)
    refused it, the cards went back and the rules it also ``broke`` are named too; the
    rightful player keeps the turn."""

    cards: tuple[str, ...] = ()
    stands_for: tuple[str, ...] = field(default=(), metadata={"json": "as"})
    top: str = ""
    broken: tuple[Breach, ...] = ()
    pile: int = 0
    current: int = 0
    chair: str = "Dealer"

    @property
    def verdict(self) -> str:
        """What the table says of it, the end of its text ("Dealer: that's Out of Turn!")."""
        said = f"{self.chair}: that's {OUT_OF_TURN}!"
        return " ".join([said, *(f"{b.author_name}: that's {article(b.jargon)}!"
                                 for b in self.broken)])


@event_kind("fired")
@dataclass(frozen=True, slots=True, kw_only=True)
class Fired(Event):
    """A trigger rule fired with its ``effects`` (``author`` ``None``: no player wrote it)."""

    jargon: str
    author: int | None
    rule: int
    effects: tuple[Effect, ...]
    #: The card that set it off, as the rules saw it (a group fires card by card).
    card: str | None = None


@event_kind("named_suit")
@dataclass(frozen=True, slots=True, kw_only=True)
class NamedSuit(Event):
    """The player of a wild card named a ``suit``."""

    suit: str


@event_kind("passed_hands")
@dataclass(frozen=True, slots=True, kw_only=True)
class PassedHands(Event):
    """Everyone passed their hand to the ``direction`` (left or right)."""

    direction: str


@event_kind("call_broken")
@dataclass(frozen=True, slots=True, kw_only=True)
class CallBroken(Event):
    """A call rule was broken: a ``required`` phrase not said, or a needless one said
    (``author`` ``None``: no player wrote it)."""

    jargon: str
    author: int | None
    rule: int
    required: bool


@event_kind("said")
@dataclass(frozen=True, slots=True, kw_only=True)
class Said(Event):
    """Seat ``seat`` said ``words`` outside a play (everyone hears them)."""

    words: str


#: Which speech rule spoke: a talking rule (words not allowed), a reply not said, or a
#: third-person rule (words in the first or second person).
SpeechKind = Literal["talking", "reply", "third_person"]


@event_kind("speech_broken")
@dataclass(frozen=True, slots=True, kw_only=True)
class SpeechBroken(Event):
    """A speech rule was broken by seat ``seat``: ``talking`` (words said outside a play
    that it does not allow), an owed ``reply`` (``phrase``) not said as the seat's next
    action, or ``third_person`` (words in the first or second person) (``author``
    ``None``: no player wrote it)."""

    jargon: str
    author: int | None
    rule: int
    what: SpeechKind
    phrase: str = ""


@event_kind("again")
@dataclass(frozen=True, slots=True, kw_only=True)
class Again(Event):
    """The player plays again."""


@event_kind("kept")
@dataclass(frozen=True, slots=True, kw_only=True)
class Kept(Event):
    """The player (``seat``) keeps the card a pass drew and ends the turn (``play_drawn``)."""


@event_kind("skipped")
@dataclass(frozen=True, slots=True, kw_only=True)
class Skipped(Event):
    """The next player (``seat``) is skipped."""


@event_kind("claim_failed")
@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimFailed(Event):
    """A player revealed their ``hand`` to claim a win, but no rule makes it a winner."""

    hand: tuple[str, ...]


@event_kind("claim_won")
@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimWon(Event):
    """A player revealed a winning ``hand`` under an instant-win rule (``author``
    ``None``: no player wrote it)."""

    hand: tuple[str, ...]
    jargon: str
    author: int | None
    rule: int


@event_kind("won_round")
@dataclass(frozen=True, slots=True, kw_only=True)
class WonRound(Event):
    """Seat ``seat`` won round ``round`` (``how``) and writes the next rule."""

    round: int
    how: Win


@event_kind("no_supply")
@dataclass(frozen=True, slots=True, kw_only=True)
class NoSupply(Event):
    """The stock could not supply a draw: each seat's cards held and owed (``scores``)."""

    scores: tuple[int, ...]


@event_kind("round_locked")
@dataclass(frozen=True, slots=True, kw_only=True)
class RoundLocked(Event):
    """The round locked up (``reason``, as a game's end would give it) and ends on the cards
    each seat holds (``scores``), where ``lockup_ends`` is ``round``."""

    reason: EndReason
    scores: tuple[int, ...]


@event_kind("tie")
@dataclass(frozen=True, slots=True, kw_only=True)
class Tie(Event):
    """The seats ``tied`` for fewest cards: nobody won the round; it is dealt again."""

    tied: tuple[int, ...]


@event_kind("game_over")
@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    """The game ended (``reason``, one of :data:`EndReason`)."""

    reason: EndReason


@event_kind("handed_over")
@dataclass(frozen=True, slots=True, kw_only=True)
class HandedOver(Event):
    """Seat ``seat`` is played by a bot from now on (the host handed it over)."""


@event_kind("timed_out")
@dataclass(frozen=True, slots=True, kw_only=True)
class TimedOut(Event):
    """Seat ``seat`` neither played nor drew before its turn clock ran out: the chair's
    ``jargon`` ("Delay of Game") costs it ``count`` cards, and the turn passes."""

    jargon: str
    count: int


@event_kind("bad_call")
@dataclass(frozen=True, slots=True, kw_only=True)
class BadCall(Event):
    """Seat ``seat`` called ``jargon``, a rule the last play or pass did not break: the
    chair says "Bad Call" and the caller draws ``count`` cards (``bad_call_penalty``)."""

    jargon: str
    count: int


@event_kind("held_on")
@dataclass(frozen=True, slots=True, kw_only=True)
class HeldOn(Event):
    """Seat ``seat``, holding many cards, said "Hold on": its turn now lasts ``seconds``
    more (once a turn)."""

    seconds: int


@event_kind("named_new")
@dataclass(frozen=True, slots=True, kw_only=True)
class NamedNew(Event):
    """The host named the player of seat ``seat`` a new player (``expel_new_only``)."""


@event_kind("time_set")
@dataclass(frozen=True, slots=True, kw_only=True)
class TimeSet(Event):
    """The host (``seat``) set the game to end ``minutes`` from now, at ``due`` (ms of the
    server's clock; ``host_times``)."""

    minutes: int
    due: int


@event_kind("time_up")
@dataclass(frozen=True, slots=True, kw_only=True)
class TimeUp(Event):
    """A timed game's time is up: ``winners`` hold the fewest cards of the seats still in
    the game (``scores``: every seat's count, a seat out of it holding none). The game ends
    with it."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


@event_kind("seat_removed")
@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRemoved(Event):
    """The host removed seat ``seat`` from the game for good: its ``returned`` cards were
    shuffled into the stock, and it plays no more (:mod:`games.engine.seats`)."""

    returned: int = 0


@event_kind("expelled")
@dataclass(frozen=True, slots=True, kw_only=True)
class Expelled(Event):
    """A rule of the game expelled seat ``seat`` (``cause``: its hand grew too big, or it
    made too many mistakes in a row): its ``returned`` cards were shuffled into the stock,
    and it watches from now on (:mod:`games.engine.expulsion`)."""

    cause: ExpelCause
    returned: int = 0


@event_kind("seat_opened")
@dataclass(frozen=True, slots=True, kw_only=True)
class SeatOpened(Event):
    """The host opened seat ``seat`` for someone new to take over, with its cards."""


@event_kind("seat_left")
@dataclass(frozen=True, slots=True, kw_only=True)
class SeatLeft(Event):
    """The player of seat ``seat`` left it: someone new may take it over, with its cards."""


@event_kind("seat_taken")
@dataclass(frozen=True, slots=True, kw_only=True)
class SeatTaken(Event):
    """Someone new (``name``) took over the open seat ``seat``, which was ``former``'s, with
    its cards and everything it owes."""

    name: str
    former: str


#: Events after which another person (or a bot, or nobody) plays a seat: the web layer's
#: seat rows follow them (games/store/seating.py).
SEAT_EVENTS: tuple[type[Event], ...] = (HandedOver, SeatRemoved, Expelled, SeatOpened,
                                        SeatLeft, SeatTaken)


#: Why a point of order ended: its caller, the host or (where the game allows it) another
#: player ended it, everyone else agreed to, or the round (or game) it was called in ended.
OrderEnd = Literal["caller", "host", "player", "agreed", "round"]


@event_kind("order_called")
@dataclass(frozen=True, slots=True, kw_only=True)
class OrderCalled(Event):
    """Seat ``seat`` called a point of order: play stops and every hand is face down until
    it ends (games/engine/point_of_order.py)."""


@event_kind("order_sanctioned")
@dataclass(frozen=True, slots=True, kw_only=True)
class OrderSanctioned(Event):
    """The host sanctioned seat ``seat`` for excessive points of order: a penalty card
    (``card``, drawn in a ``Drew`` after it) or the loss of the right to call one (``bar``)."""

    sanction: str


@event_kind("prophesied")
@dataclass(frozen=True, slots=True, kw_only=True)
class Prophesied(Event):
    """Seat ``seat`` prophesied a hidden rule of a solo puzzle: exactly, or ``missed``
    (a penalty card, drawn in a ``Drew`` after it)."""

    missed: bool


@event_kind("order_agreed")
@dataclass(frozen=True, slots=True, kw_only=True)
class OrderAgreed(Event):
    """Seat ``seat`` agrees to end the point of order: ``agreed`` of the ``needed`` others
    than its caller agree so far."""

    agreed: int
    needed: int


@event_kind("order_ended")
@dataclass(frozen=True, slots=True, kw_only=True)
class OrderEnded(Event):
    """The point of order called by ``caller`` ended (``how``; ``seat``: who ended it,
    ``None`` when everyone else agreed or the round ended); play resumes where it stopped."""

    caller: int
    how: OrderEnd


@event_kind("reshuffled")
@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffled(Event):
    """``count`` cards from the discard piles were shuffled into a new stock."""

    count: int


@event_kind("donated")
@dataclass(frozen=True, slots=True, kw_only=True)
class Donated(Event):
    """The stock ran out: seat ``seat`` gave one card to it (``stock_out`` ``donate``), and
    holds ``left`` cards now; only it sees which ``card``."""

    left: int
    card: str = secret("")


@event_kind("drew")
@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """Seat ``seat`` drew ``count`` cards (``reason``); only it sees which ``cards``."""

    count: int
    reason: DrawReason
    cards: tuple[str, ...] = secret(())


#: How a race is answered: saying its phrase, pressing its button, naming a suit.
RaceMeans = Literal["say", "press", "suit"]


@event_kind("race_opened")
@dataclass(frozen=True, slots=True, kw_only=True)
class RaceOpened(Event):
    """Race ``race`` (its number in the game) opened: every seat has until ``due`` (ms of the
    server's clock, ``seconds`` after it opened) to answer it by ``means``: saying the
    phrase ``words``, pressing the button labelled ``words``, or naming a suit. The trigger
    ``rule`` (``jargon``, by ``author``; ``None``: no player wrote it) opened it;
    ``penalty`` is what its loser draws (0: a race to name a suit, which is won)."""

    race: int
    means: RaceMeans
    words: str
    seconds: int
    due: int
    penalty: int
    jargon: str
    author: int | None
    rule: int


@event_kind("race_answered")
@dataclass(frozen=True, slots=True, kw_only=True)
class RaceAnswered(Event):
    """Seat ``seat`` answered race ``race`` ``after`` ms (when the server received it),
    naming ``suit`` in a race to name one."""

    race: int
    after: int
    suit: str | None = None


@event_kind("race_closed")
@dataclass(frozen=True, slots=True, kw_only=True)
class RaceClosed(Event):
    """Race ``race`` closed (every seat answered, or its window ran out). A race that is
    lost: its ``losers`` (the last to answer, or every seat that did not) draw ``penalty``
    cards each; ``tied`` are the seats that answered last in the same millisecond, among
    whom lots were drawn. A race to name a suit: ``winner`` named ``suit`` first (``tied``:
    the seats that named one first in the same millisecond); ``None`` when nobody named one.
    ``means`` and ``words`` say what it asked, ``jargon``/``author``/``rule`` whose it was."""

    race: int
    means: RaceMeans
    words: str
    losers: tuple[int, ...] = ()
    penalty: int = 0
    winner: int | None = None
    suit: str | None = None
    tied: tuple[int, ...] = ()
    jargon: str
    author: int | None
    rule: int
