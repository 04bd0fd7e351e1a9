"""Actions: what a seat asks the engine to do, parsed strictly from JSON.

>>> parse_action({"type": "pass", "seat": 1})
Pass(seat=1)
>>> parse_action({"type": "play", "seat": 0, "cards": ["QH"]}).cards
('QH',)
>>> parse_action({"type": "deal", "seat": 2, "first": 0, "direction": -1})
Deal(seat=2, first=0, direction=-1)
>>> parse_action({"type": "say", "seat": 1, "words": "Thank you"})
Say(seat=1, words='Thank you')
>>> parse_action({"type": "respond", "seat": 2, "race": 3})
Respond(seat=2, race=3, suit=None)
>>> parse_action({"type": "take_seat", "seat": 2, "name": "Cy"})
TakeSeat(seat=2, name='Cy', stint=None)
>>> parse_action({"type": "call_order", "seat": 2})
CallOrder(seat=2, host=False, pause=False)
>>> parse_action({"type": "prophesy", "seat": 0, "missed": True})
Prophesy(seat=0, missed=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from games.engine.errors import EngineError
from rules.cards import parse
from rules.errors import CardError

#: Most characters said with a play: room for every call a rulebook can ask for at once
#: (phrases of up to 80 characters, longer once filled in).
MAX_SAY = 1000
MAX_GROUP = 13


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card (or a group, in order) onto pile ``pile``.

    ``named`` gives, per card, what a joker stands for (``None`` for ordinary
    cards); ``say`` is what the player says with the play; ``suit`` is the suit
    the player names if the play turns out to be wild (default: the card's own).
    """

    seat: int
    cards: tuple[str, ...]
    named: tuple[str | None, ...] = ()
    say: str = ""
    suit: str | None = None
    pile: int = 0

    def __post_init__(self) -> None:
        # One name per card, so a play compares equal however it was built (and round-trips).
        missing = len(self.cards) - len(self.named)
        if missing > 0:
            object.__setattr__(self, "named", (*self.named, *(None,) * missing))


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: draw one card and end the turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class WriteRule:
    """A rule-maker submits their secret rule (``{"jargon": ..., "rule": {...}}``)."""

    seat: int
    rule: dict[str, Any]


@dataclass(frozen=True, slots=True)
class SkipRule:
    """A rule-maker writes no rule this time (where the game's winners may skip)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer deals the round, naming who plays ``first`` (``None``: the seat after the
    dealer) and the ``direction`` of play (1 clockwise, -1 anticlockwise)."""

    seat: int
    first: int | None = None
    direction: int = 1


@dataclass(frozen=True, slots=True)
class ClaimWin:
    """Reveal one's hand to claim an instant win (on one's turn)."""

    seat: int


@dataclass(frozen=True, slots=True)
class EndGame:
    """End the game now (the host's decision; the web layer checks who may)."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandOver:
    """Hand seat ``target`` to a bot (the host's tool for a player who went silent; the web
    layer checks who may and that ``target`` is a person's seat)."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Say:
    """Say ``words`` aloud, outside any play: any seated player, at any moment of a round,
    on their turn or not (it never changes whose turn it is). Everyone hears it; speech
    rules (talking, replies: :mod:`rules.speech`) judge it."""

    seat: int
    words: str


@dataclass(frozen=True, slots=True)
class Respond:
    """Answer race number ``race`` (:mod:`games.engine.races`): the table's big button,
    which says a race's phrase, presses its button, or names ``suit`` in a race to name
    one. Any seat racing, on its turn or not; the time it counts at is the time the server
    received it, never one the asker gives."""

    seat: int
    race: int
    suit: str | None = None


@dataclass(frozen=True, slots=True)
class RemoveSeat:
    """Remove seat ``target`` from the game for good: its cards go back into the stock and
    it plays no more (the host's tool; the web layer checks who may)."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class OpenSeat:
    """Open seat ``target`` for someone new to take over, with its cards (the host's tool
    for a player who has gone; the web layer checks who may)."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class LeaveSeat:
    """Leave one's seat, open for someone new to take over with its cards."""

    seat: int


@dataclass(frozen=True, slots=True)
class TakeSeat:
    """Someone new, ``name``, takes over the open seat ``seat`` with its cards and debts.
    ``stint``: ``None`` for a newcomer, or the stint of a player taking their own seat back
    (the web layer says which, from who is asking)."""

    seat: int
    name: str
    stint: int | None = None


@dataclass(frozen=True, slots=True)
class CallOrder:
    """Call a point of order: play stops, every hand goes face down, the clock stops and
    the table may talk (:mod:`games.engine.point_of_order`). ``host``: the seat holds the table's
    host powers, which the web layer says from who is asking (never from the request).
    ``pause``: the host pauses the game instead (``host_pause``): play stops as for a point
    of order, but no rule judges what is said, and only the host resumes it."""

    seat: int
    host: bool = False
    pause: bool = False


@dataclass(frozen=True, slots=True)
class EndOrder:
    """End the point of order under way (its caller, the host or, where the game allows
    it, anyone), or agree to end it (where everyone else together may); ``host`` as for
    :class:`CallOrder`; ``order``: the number of the point of order it means
    (:attr:`~games.engine.point_of_order_state.PointOfOrder.number`), refused when another is under
    way (``None``: whichever is, as in a log written before points of order were
    numbered)."""

    seat: int
    host: bool = False
    order: int | None = None


@dataclass(frozen=True, slots=True)
class NameNew:
    """Name the player of seat ``target`` a new player (``expel_new_only``: then their
    mistakes in a row count towards expelling them; the host's tool, the web layer checks
    who may)."""

    seat: int
    target: int


#: What the host's sanction for excessive points of order is: a penalty card, or barring
#: the player from calling another.
OrderSanction = Literal["card", "bar"]


@dataclass(frozen=True, slots=True)
class SanctionOrder:
    """Sanction the player of seat ``target`` for excessive or needless points of order
    (``order_sanctions``): a penalty card, or the loss of the right to call one (the host's
    tool; the web layer checks who may)."""

    seat: int
    target: int
    sanction: OrderSanction


@dataclass(frozen=True, slots=True)
class TimeGame:
    """Set the game to end ``minutes`` from now, the fewest cards winning (the host's tool,
    where the game lets the host time it during play; the web layer checks who may)."""

    seat: int
    minutes: int


@dataclass(frozen=True, slots=True)
class Tick:
    """The server's clock: fire every timer due by the time this is applied at
    (:mod:`games.engine.timers`). No seat asks for it; the web layer's timer service does,
    through the one write path, when the game's earliest timer is due."""


@dataclass(frozen=True, slots=True)
class Prophesy:
    """Prophesy a hidden rule of a solo puzzle aloud, on one's turn (it does not end the
    turn). The web layer judges the guess against the hidden rule; ``missed``: it was not
    the rule, which costs a penalty card."""

    seat: int
    missed: bool


#: The actions a seat asks for (every action but the server's :class:`Tick`).
PlayerAction = (Play | Pass | WriteRule | SkipRule | Deal | ClaimWin | EndGame | Say | Respond
                | HandOver | RemoveSeat | OpenSeat | LeaveSeat | TakeSeat | CallOrder | EndOrder
                | TimeGame | NameNew | SanctionOrder | Prophesy)
Action = PlayerAction | Tick


def _seat(data: dict[str, Any]) -> int:
    seat = data.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 8:
        raise EngineError("action/bad_seat", f"seat must be a number 0-7, got {seat!r}")
    return seat


def _card_text(value: Any, what: str) -> str:
    try:
        return str(parse(value))
    except CardError as exc:
        raise EngineError("action/bad_card", f"{what}: {exc}") from None


def parse_action(data: Any) -> Action:
    """Read an action from JSON data; anything malformed raises :class:`EngineError`."""
    if not isinstance(data, dict):
        raise EngineError("action/malformed", "an action must be an object")
    kind = data.get("type")
    allowed = {"play": {"type", "seat", "cards", "named", "say", "suit", "pile"},
               "pass": {"type", "seat"}, "write_rule": {"type", "seat", "rule"},
               "claim_win": {"type", "seat"}, "end_game": {"type", "seat"},
               "hand_over": {"type", "seat", "target"}, "skip_rule": {"type", "seat"},
               "deal": {"type", "seat", "first", "direction"},
               "say": {"type", "seat", "words"}, "respond": {"type", "seat", "race", "suit"},
               "tick": {"type"},
               "remove_seat": {"type", "seat", "target"}, "open_seat": {"type", "seat", "target"},
               "leave_seat": {"type", "seat"},
               "take_seat": {"type", "seat", "name", "stint"},
               "call_order": {"type", "seat", "host", "pause"},
               "end_order": {"type", "seat", "host", "order"},
               "time_game": {"type", "seat", "minutes"},
               "name_new": {"type", "seat", "target"},
               "sanction_order": {"type", "seat", "target", "sanction"},
               "prophesy": {"type", "seat", "missed"}}
    # A list or an object as the type must be refused too, not crash the lookup.
    if not isinstance(kind, str) or kind not in allowed:
        raise EngineError("action/unknown", f"unknown action {kind!r}")
    extra = sorted(set(data) - allowed[kind])
    if extra:
        raise EngineError("action/malformed", f"unknown field {extra[0]!r} in a {kind} action")
    if kind == "tick":
        return Tick()
    seat = _seat(data)
    if kind == "pass":
        return Pass(seat)
    if kind == "claim_win":
        return ClaimWin(seat)
    if kind == "end_game":
        return EndGame(seat)
    if kind == "hand_over":
        return HandOver(seat, _seat({"seat": data.get("target")}))
    if kind == "remove_seat":
        return RemoveSeat(seat, _seat({"seat": data.get("target")}))
    if kind == "open_seat":
        return OpenSeat(seat, _seat({"seat": data.get("target")}))
    if kind == "name_new":
        return NameNew(seat, _seat({"seat": data.get("target")}))
    if kind == "sanction_order":
        sanction = data.get("sanction")
        if sanction == "card":
            return SanctionOrder(seat, _seat({"seat": data.get("target")}), "card")
        if sanction == "bar":
            return SanctionOrder(seat, _seat({"seat": data.get("target")}), "bar")
        raise EngineError("action/malformed", "sanction must be card or bar")
    if kind == "leave_seat":
        return LeaveSeat(seat)
    if kind == "prophesy":
        missed = data.get("missed")
        if not isinstance(missed, bool):
            raise EngineError("action/malformed", "missed must be true or false")
        return Prophesy(seat, missed)
    if kind == "take_seat":
        name = data.get("name")
        if not isinstance(name, str) or len(name) > MAX_SAY:
            raise EngineError("action/malformed", "name must be text")
        stint = data.get("stint")
        if stint is not None and (isinstance(stint, bool) or not isinstance(stint, int)
                                  or stint < 0):
            raise EngineError("action/malformed", "stint must be a stint's number")
        return TakeSeat(seat, name, stint)
    if kind == "skip_rule":
        return SkipRule(seat)
    if kind == "time_game":
        minutes = data.get("minutes")
        if isinstance(minutes, bool) or not isinstance(minutes, int):
            raise EngineError("action/malformed", "minutes must be a whole number")
        return TimeGame(seat, minutes)
    if kind in ("call_order", "end_order"):
        host = data.get("host", False)
        if not isinstance(host, bool):
            raise EngineError("action/malformed", "host must be true or false")
        if kind == "call_order":
            pause = data.get("pause", False)
            if not isinstance(pause, bool):
                raise EngineError("action/malformed", "pause must be true or false")
            return CallOrder(seat, host, pause)
        order = data.get("order")
        if order is not None and (isinstance(order, bool) or not isinstance(order, int)
                                  or order < 1):
            raise EngineError("action/malformed", "order must be a point of order's number")
        return EndOrder(seat, host, order)
    if kind == "deal":
        first = data.get("first")
        direction = data.get("direction", 1)
        if isinstance(direction, bool) or direction not in (1, -1):
            raise EngineError("action/malformed",
                              "direction must be 1 (clockwise) or -1 (anticlockwise)")
        return Deal(seat, None if first is None else _seat({"seat": first}), direction)
    if kind == "say":
        words = data.get("words")
        if not isinstance(words, str) or len(words) > MAX_SAY:
            raise EngineError("action/malformed",
                              f"words must be text of at most {MAX_SAY} characters")
        return Say(seat, words)
    if kind == "respond":
        race = data.get("race")
        if isinstance(race, bool) or not isinstance(race, int) or race < 1:
            raise EngineError("action/malformed", "race must be a race's number")
        suit = data.get("suit")
        if suit is not None and suit not in ("C", "D", "H", "S"):
            raise EngineError("action/malformed", "suit must be one of C, D, H, S")
        return Respond(seat, race, suit)
    if kind == "write_rule":
        if not isinstance(data.get("rule"), dict):
            raise EngineError("action/malformed", "rule must be an object")
        return WriteRule(seat, data["rule"])
    return _parse_play(seat, data)


def _parse_play(seat: int, data: dict[str, Any]) -> Play:
    cards = data.get("cards")
    if not isinstance(cards, list) or not 1 <= len(cards) <= MAX_GROUP:
        raise EngineError("action/malformed", f"cards must be a list of 1 to {MAX_GROUP} cards")
    texts = tuple(_card_text(c, "cards") for c in cards)
    named_raw = data.get("named", [])
    if not isinstance(named_raw, list) or len(named_raw) > len(texts):
        raise EngineError("action/malformed", "named must be a list, one entry per card")
    named = tuple(None if n is None else _card_text(n, "named") for n in named_raw)
    named += (None,) * (len(texts) - len(named))
    say = data.get("say", "")
    if not isinstance(say, str) or len(say) > MAX_SAY:
        raise EngineError("action/malformed", f"say must be text of at most {MAX_SAY} characters")
    suit = data.get("suit")
    if suit is not None and suit not in ("C", "D", "H", "S"):
        raise EngineError("action/malformed", "suit must be one of C, D, H, S")
    pile = data.get("pile", 0)
    if isinstance(pile, bool) or not isinstance(pile, int) or pile < 0:
        raise EngineError("action/malformed", "pile must be a pile number")
    return Play(seat, texts, named, say, suit, pile)


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as JSON data; :func:`parse_action` reads it back equal."""
    if isinstance(action, Play):
        return {"type": "play", "seat": action.seat, "cards": list(action.cards),
                "named": list(action.named), "say": action.say, "suit": action.suit,
                "pile": action.pile}
    if isinstance(action, Tick):
        return {"type": "tick"}
    kind = {Pass: "pass", ClaimWin: "claim_win", EndGame: "end_game",
            WriteRule: "write_rule", HandOver: "hand_over", SkipRule: "skip_rule",
            Deal: "deal", Say: "say", Respond: "respond", RemoveSeat: "remove_seat",
            OpenSeat: "open_seat", LeaveSeat: "leave_seat", TakeSeat: "take_seat",
            CallOrder: "call_order", EndOrder: "end_order", TimeGame: "time_game",
            NameNew: "name_new", SanctionOrder: "sanction_order",
            Prophesy: "prophesy"}[type(action)]
    data: dict[str, Any] = {"type": kind, "seat": action.seat}
    if isinstance(action, Deal):
        data |= {"first": action.first, "direction": action.direction}
    if isinstance(action, WriteRule):
        data["rule"] = action.rule
    if isinstance(action, HandOver | RemoveSeat | OpenSeat | NameNew | SanctionOrder):
        data["target"] = action.target
    if isinstance(action, SanctionOrder):
        data["sanction"] = action.sanction
    if isinstance(action, Prophesy):
        data["missed"] = action.missed
    if isinstance(action, TakeSeat):
        data["name"] = action.name
        if action.stint is not None:
            # (Absent when None, so a log written before stints reads back equal.)
            data["stint"] = action.stint
    if isinstance(action, Say):
        data["words"] = action.words
    if isinstance(action, TimeGame):
        data["minutes"] = action.minutes
    if isinstance(action, Respond):
        data |= {"race": action.race, "suit": action.suit}
    if isinstance(action, CallOrder | EndOrder):
        data["host"] = action.host
    if isinstance(action, CallOrder) and action.pause:
        # (Absent when false, so a log written before pauses reads back equal.)
        data["pause"] = True
    if isinstance(action, EndOrder) and action.order is not None:
        # (Absent when None, so a log written before points of order were numbered reads
        # back equal.)
        data["order"] = action.order
    return data
