"""What one viewer may know: the only way game state leaves the engine for a screen.

A seat sees its own hand (none during a point of order), the others' counts, the piles,
the public log with its own private lines, its own rules and revealed jargon; nobody sees
another hand or author's rule until the game ends or it is disclosed. Typed and frozen:
readers use attributes, never keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from typing import Any

from games.engine.events import Event, Hand, SeatExit
from games.engine.penalty_wait import waiting_cards
from games.engine.point_of_order_state import ChatLine
from games.engine.race_open import shown
from games.engine.races import still_racing
from games.engine.settings import GameSettings
from games.engine.state import GameEnd, GameState, Phase, RoundWin, RuleEntry
from rules.english import describe
from rules.fields import MAX_DEPTH
from rules.spec import Rule


@dataclass(frozen=True, slots=True)
class PileView:
    """A discard pile as anyone sees it: its ``cards`` as the rules see them (bottom first,
    a joker as the card it stands for), how many, and a suit named by a wild play."""

    cards: tuple[str, ...]
    suit: str | None
    #: The same cards as they lie on the table: a joker as ``JK=9S`` (the card it stands
    #: for after the ``=``), any other card as itself. Empty: as ``cards``.
    laid: tuple[str, ...] = ()
    #: Whether the top card is the round's starter (turned up at the deal, not played).
    on_starter: bool = False

    @property
    def top(self) -> str:
        """The effective top card."""
        return self.cards[-1]

    def last(self, count: int = MAX_DEPTH) -> tuple[str, ...]:
        """The last ``count`` cards as they lie (top last)."""
        return (self.laid or self.cards)[-count:]

    @property
    def count(self) -> int:
        """How many cards the pile holds."""
        return len(self.cards)


@dataclass(frozen=True, slots=True)
class KnownRule:
    """A rule whose jargon is public (it refused or fired): who wrote it, nothing more
    (``author`` ``None``: no player wrote it; ``author_name`` is then the chair's)."""

    id: int
    jargon: str
    author: int | None
    author_name: str


@dataclass(frozen=True, slots=True)
class RuleSummary:
    """A rule in full, for its author (or anyone once the game has ended, or once it was
    disclosed; a house rule for everyone, always): its English ``text`` and the ``rule``
    itself, with its author (what a tool of a viewer who may know it in full reasons with:
    the builder's checks, a bot's calls and vetting, the deduction tools' known rules).
    ``author`` ``None``: no player wrote it (``author_name`` is the chair's)."""

    id: int
    jargon: str
    author: int | None
    author_name: str
    round: int
    kind: str
    text: str
    broken: int
    fired: int
    first_broken: str | None
    rule: Rule
    #: A preset's house rule: public from the start, written by no player.
    house: bool = False
    #: The round after which a replaced law stopped applying (``None``: in force).
    retired: int | None = None


@dataclass(frozen=True, slots=True)
class ClockView:
    """The table's clock, public (everyone sees the same clock): when the player to move
    must have played or drawn (``turn_due``, ms of the server's clock) and when a timed game
    ends (``game_due``), the turn's length, whether "Hold on" gave this turn more time,
    whether a point of order has stopped the clock (``frozen_at``: then every deadline is
    as far off as it was at that moment), and the game's own time (``at``: the last change)."""

    turn_due: int | None = None
    game_due: int | None = None
    turn_seconds: int | None = None
    held: bool = False
    frozen_at: int | None = None
    at: int = 0

    @property
    def stopped(self) -> bool:
        """Whether a point of order has stopped the clock (its time may be 0 in a test)."""
        return self.frozen_at is not None

    def left(self, due: int | None) -> float | None:
        """Seconds left until ``due`` at the game's own time (a stopped clock counts from
        the time it stopped); ``None`` for no deadline."""
        if due is None:
            return None
        return max(0, due - (self.at if self.frozen_at is None else self.frozen_at)) / 1000

    @property
    def turn_left(self) -> str:
        """The turn's time left as a clock shows it ("0:27"), as of the last change."""
        return clock_text(self.left(self.turn_due))

    @property
    def game_left(self) -> str:
        """A timed game's time left as a clock shows it ("12:04")."""
        return clock_text(self.left(self.game_due))


def clock_text(seconds: float | None) -> str:
    """``"0:27"``, ``"12:04"``, ``"1:02:00"``: seconds left as a clock shows them (rounded
    up, so a clock reads 0:00 only when time is up); ``""`` for none.

    >>> clock_text(26.2), clock_text(724), clock_text(3720), clock_text(None)
    ('0:27', '12:04', '1:02:00', '')
    """
    if seconds is None:
        return ""
    whole = int(-(-seconds // 1))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def clock_view(state: GameState) -> ClockView:
    """The clock of ``state`` as everyone sees it."""
    return ClockView(turn_due=state.timers.get("turn"), game_due=state.timers.get("end"),
                     turn_seconds=state.settings.turn_seconds, held=state.held,
                     frozen_at=state.frozen_at, at=state.clock)


@dataclass(frozen=True, slots=True)
class RaceView:
    """A race being run, as everyone sees it (races are public): how it is answered
    (``means``), what it asks (``shown``, ``words``), the loser's ``penalty``, its window (ms),
    who answered in order, whose card and rule set it off, and the seats that race."""

    number: int
    means: str
    shown: str
    words: str
    penalty: int
    opened: int
    due: int
    answered: tuple[int, ...]
    player: int
    jargon: str
    author_name: str
    #: The seats that race (every seat in the game and held when it opened).
    seats: tuple[int, ...] = ()

    def has_answered(self, seat: int | None) -> bool:
        """Whether ``seat`` has answered (a spectator never has)."""
        return seat is not None and seat in self.answered

    def waits_for(self, seat: int | None) -> bool:
        """Whether ``seat`` races and has not answered yet."""
        return seat is not None and seat in self.seats and seat not in self.answered


def race_views(state: GameState) -> tuple[RaceView, ...]:
    """The races the table is running, as everyone sees them."""
    views = []
    for race in state.races.open:
        entry = next(e for e in state.rules if e.id == race.rule)
        views.append(RaceView(
            number=race.number, means=race.race.answer, shown=shown(race.race),
            words=race.race.words, penalty=race.race.penalty, opened=race.opened,
            due=state.timers.get(race.timer, race.due),
            answered=tuple(r.seat for r in race.responses), player=race.player, jargon=entry.jargon,
            author_name=state.author_name(entry.author), seats=still_racing(state, race)))
    return tuple(views)


@dataclass(frozen=True, slots=True)
class OrderView:
    """A point of order under way, public: who called it and when (``since``, ms), who
    agrees to end it so far (where everyone else together may), and the latest lines said
    in it (``chat``, oldest first), and its ``number`` in the game (what ending it names);
    ``pause``: the host's pause (no rule judges words; only the host resumes).
    """

    caller: int
    since: int
    agreed: tuple[int, ...] = ()
    chat: tuple[ChatLine, ...] = ()
    number: int = 0
    pause: bool = False


def order_view(state: GameState) -> OrderView | None:
    """The point of order under way in ``state``, as everyone sees it (``None``: none)."""
    current = state.order.current
    if current is None:
        return None
    return OrderView(current.caller, current.since, tuple(current.agreed),
                     tuple(current.said), current.number, current.pause)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event as ``viewer`` may see it (:meth:`Event.seen_by`) with the text they read."""

    event: Event
    text: str
    #: Whether the event is private and this viewer's own (their cards drawn, their hand).
    own: bool

    @property
    def kind(self) -> str:
        """The event's kind tag (``played``, ``refused``...)."""
        return self.event.kind

    @property
    def seat(self) -> int | None:
        """The seat the event is about."""
        return self.event.seat


@dataclass(frozen=True, slots=True)
class SeatOut:
    """A seat out of the game for good (``reason``: removed by the host, or expelled)."""

    seat: int
    reason: SeatExit


def log_line(event: Event, viewer: int | None, stint: int = 0) -> LogLine:
    """``event`` as ``viewer`` (``None``: a spectator; ``stint``: which of the seat's
    players, :meth:`Event.read_by`) may see it."""
    seen = event.read_by(viewer, stint)
    return LogLine(seen, seen.text_for(viewer), seen.is_for(viewer))


def log_reader(viewer: int | None, order: OrderView | None) -> int | None:
    """Whom ``viewer`` reads the log as: a spectator while a point of order lasts."""
    return viewer if order is None else None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one viewer (a seat, or ``None`` for a spectator) may see of a game."""

    viewer: int | None
    names: tuple[str, ...]
    phase: Phase
    round: int
    turn: int
    current: int
    direction: int
    hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    piles: tuple[PileView, ...]
    stock: int
    writers: tuple[int, ...]
    my_rules: tuple[RuleSummary, ...]
    known_rules: tuple[KnownRule, ...]
    winners: tuple[RoundWin, ...]
    end: GameEnd | None
    rules: tuple[RuleSummary, ...]
    log: tuple[LogLine, ...]
    settings: GameSettings
    #: Every card laid on a discard pile this round, oldest first, the starter included (as
    #: the rules see them): public, everyone watched them go down.
    record: tuple[str, ...] = ()
    #: The seat dealing the round (in the ``dealing`` phase, naming who starts).
    dealer: int = 0
    #: Cards the player to move owes from stacked ``owe`` effects (public: everyone saw
    #: them stack up).
    pending: int = 0
    #: The preset's house rules, in full: everyone knows them, always.
    house_rules: tuple[RuleSummary, ...] = ()
    #: Secret rules made public at the end of a round (the ``reveal: "round"`` setting),
    #: in full, retired ones included.
    disclosed: tuple[RuleSummary, ...] = ()
    #: Round wins that take the match (``None``: no match, play until the game locks up).
    match_wins: int | None = None
    #: Rounds won so far, per seat.
    wins: tuple[int, ...] = ()
    #: Why the viewer drew since its last action this round (``penalty``, ``effect``,
    #: ``pass``): public, every draw is announced; reply rules (rules/speech.py) read it.
    unanswered: tuple[str, ...] = ()
    #: The turn clock and a timed game's end.
    clock: ClockView = ClockView()
    #: Seats out of the game for good, and why (public: the table saw them go).
    out: tuple[SeatOut, ...] = ()
    #: Seats open for someone new to take over, with their cards.
    vacant: tuple[int, ...] = ()
    #: The seats whose players the host named new (``expel_new_only``); public.
    new_players: tuple[int, ...] = ()
    #: The seats the host barred from calling a point of order (``order_sanctions``); public.
    order_barred: tuple[int, ...] = ()
    #: Per seat, its mistakes in a row this round (counted where the game expels for them;
    #: public: everyone saw them).
    mistakes: tuple[int, ...] = ()
    #: The races the table is running (public: everyone races).
    races: tuple[RaceView, ...] = ()

    @property
    def table_size(self) -> int:
        """How many seats are still in the game (the number of players the rules see)."""
        return len(self.names) - len(self.out)

    def is_out(self, seat: int | None) -> bool:
        """Whether ``seat`` has left the game for good."""
        return any(o.seat == seat for o in self.out)
    #: The point of order under way, if any: then ``hand`` is empty (every hand is face
    #: down; ``hand_counts`` still says how many cards each holds).
    order: OrderView | None = None
    #: Which of the viewer's seat's players the viewer is (GameState.stints): the log's
    #: private lines of an earlier player read as public ones (:meth:`Event.read_by`).
    stint: int = 0
    #: The card the viewer drew by passing and may still play this turn (``play_drawn``):
    #: their own card, shown to nobody else.
    drawn: str | None = None
    #: The penalty cards the viewer drew this turn, which cannot be played until a later
    #: turn (``penalty_waits``): their own cards, shown to nobody else.
    waiting: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The whole view as JSON-ready data (what a client could be sent): for audits."""
        return asdict(self)


@lru_cache(maxsize=4096)
def _english(rule: Rule) -> str:
    """A rule's English, once per rule: house rules are in every view of every action."""
    return describe(rule)


@lru_cache(maxsize=4096)
def _with_author(rule: Rule, author: int | None) -> Rule:
    return replace(rule, author=author)


def _rule_summary(state: GameState, entry: RuleEntry) -> RuleSummary:
    stats = state.stats.get(entry.id)
    return RuleSummary(id=entry.id, jargon=entry.jargon, author=entry.author,
                       author_name=state.author_name(entry.author), round=entry.round,
                       kind=entry.rule.spec.kind, text=_english(entry.rule),
                       broken=stats.broken if stats else 0, fired=stats.fired if stats else 0,
                       first_broken=stats.first_broken if stats else None,
                       rule=_with_author(entry.rule, entry.author), house=entry.house,
                       retired=entry.retired)


def public_view(state: GameState) -> PlayerView:
    """What every viewer of ``state`` sees alike: a spectator's view without its log.

    :func:`player_view` adds one viewer's own parts to it (hand, own rules, log, the card
    drawn); made once, it serves every viewer of the same state.
    """
    ended = state.phase == "ended"
    house = tuple(_rule_summary(state, e) for e in state.rules if e.house)
    disclosed = tuple(_rule_summary(state, e) for e in state.rules
                      if not e.house and e.id in state.disclosed)
    known = tuple(KnownRule(e.id, e.jargon, e.author, state.author_name(e.author))
                  for e in state.rules if e.id in state.revealed)
    return PlayerView(
        viewer=None, names=tuple(state.names), phase=state.phase, round=state.round,
        turn=state.turn, current=state.current, direction=state.direction, hand=(),
        hand_counts=tuple(len(h) for h in state.hands),
        piles=tuple(PileView(p.effective_text(), p.suit, tuple(p.cards), p.on_starter)
                    for p in state.piles),
        stock=len(state.stock), writers=tuple(state.writers), my_rules=(), known_rules=known,
        winners=tuple(state.winners), end=state.end,
        rules=tuple(_rule_summary(state, e) for e in state.rules) if ended else (),
        log=(),
        # Which preset law the game started with is as secret as the law, until the end.
        settings=state.settings if ended else replace(state.settings, law=None),
        record=tuple(state.record),
        dealer=state.dealer,
        pending=state.pending,
        house_rules=house,
        disclosed=disclosed,
        match_wins=state.settings.match_wins,
        wins=tuple(state.wins()),
        clock=clock_view(state),
        races=race_views(state),
        out=tuple(SeatOut(s, why) for s, why in sorted(state.out.items())),
        vacant=tuple(state.vacant), new_players=tuple(state.new_players),
        order_barred=tuple(state.order.barred),
        mistakes=tuple(state.mistakes.get(s, 0) for s in range(state.players)),
        order=order_view(state),
    )


def player_view(state: GameState, seat: int | None, log: Sequence[Event] = (),
                public: PlayerView | None = None) -> PlayerView:
    """The view of ``seat`` (``None``: a spectator); ``log`` is the game's events so far.

    ``public``: :func:`public_view` of this very ``state``, when already made for another
    viewer (only this viewer's own parts are added to it).
    """
    public = public_view(state) if public is None else public
    # A house rule or a preset law has no author: it is never a seat's own secret rule.
    # Only the rules the seat's present player wrote: one who took it over never reads the
    # secret rules its earlier players wrote.
    own = tuple(_rule_summary(state, e) for e in state.rules if state.wrote(seat, e))
    order = public.order
    stint = state.stint_of(seat) if seat is not None else 0
    # During a point of order every hand is face down, the viewer's own too.
    shows_hand = seat is not None and bool(state.hands) and order is None
    on_turn = seat is not None and seat == state.current and state.order.current is None
    return replace(
        public, viewer=seat,
        hand=tuple(state.hands[seat]) if shows_hand and seat is not None else (),
        my_rules=own,
        log=tuple(log_line(event, log_reader(seat, order), stint) for event in log),
        stint=stint,
        unanswered=tuple(state.unanswered.get(seat, ())) if seat is not None else (),
        drawn=state.drawn_card() if on_turn else None,
        waiting=waiting_cards(state) if on_turn else (),
    )


def spectator_view(state: GameState, log: Sequence[Event] = ()) -> PlayerView:
    """The view of someone watching without a seat."""
    return player_view(state, None, log)


def is_own_hand(line: LogLine) -> bool:
    """Whether ``line`` is the viewer picking up a hand (only their own such lines show)."""
    return isinstance(line.event, Hand) and line.own
