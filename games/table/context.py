"""What the table page and its live fragments show one viewer, built from the engine's view.

Templates never receive a GameState, a Game or a Seat: only :func:`table_context`, which
starts from :func:`games.engine.visibility.player_view` (own hand, others' counts, own rules, the
public log) and adds presentation: card faces, seat rows, the latest moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final

from games.builder.context import panel_context
from games.engine.events import Event, OutOfTurn, Refused
from games.engine.penalty_wait import waiting_marks
from games.engine.state import GameState
from games.engine.visibility import (
    LogLine,
    PileView,
    PlayerView,
    is_own_hand,
    player_view,
    public_view,
)
from games.models import Game, Seat
from games.store.reads import game_log, game_state
from games.store.rows import SeatRow, seat_row
from games.table.point_of_order import order_panel
from games.table.race_rows import SUIT_BUTTONS, race_rows
from games.table.seat_context import seat_context
from games.table.speech_hints import call_hints, talk_hints
from rules.cards import STANDARD_CARDS, SUIT_NAMES, SUIT_SYMBOLS, Card, parse
from rules.speech import owed_replies

#: The minutes a host may give a game's time limit from the table (``host_times``).
TIME_LIMITS: Final = (5, 10, 15, 20, 30, 45, 60)

#: Events worth a big banner on every screen: refusals (out of turn too), triggers, calls,
#: wins, seats leaving the game, the end, a race's result (its opening shows in the race
#: panel, which says more).
MOMENTS = ("refused", "fired", "call_broken", "said", "speech_broken", "claim_failed",
           "claim_won", "won_round", "tie", "no_supply", "round_locked", "game_over",
           "out_of_turn", "seat_removed", "expelled", "timed_out", "bad_call", "held_on",
           "time_up",
           "order_called", "order_agreed", "order_ended", "race_closed")
#: Log lines the table shows.
LOG_SHOWN = 80
#: How many recent actions' events the table reads. Every action gives every viewer at least
#: one log line (tests/web/test_fragments.py), so 80 actions hold the table's 80 lines: a
#: page loaded afresh shows the same lines as one kept live.
LOG_ACTIONS = LOG_SHOWN


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card as drawn on screen."""

    text: str
    rank: str
    suit: str
    name: str
    colour: str

    @classmethod
    # Bounded: the states hold 55 canonical texts; the bound keeps any other caller's
    # spellings ("10s", "q♥") from growing the cache.
    @lru_cache(maxsize=256)
    def of(cls, text: str) -> CardFace:
        """The face of a card given as canonical text (``"QH"``, ``"JK"``): one frozen face
        per card, made once (every push drew every hand's and pile's faces anew)."""
        card: Card = parse(text)
        if card.is_joker:
            return cls(text, "★", "", "Joker", "joker")
        return cls(text, card.symbol[:-1], card.symbol[-1], card.name, card.colour or "")

    @property
    def suit_code(self) -> str:
        """The suit's letter (``H``), empty for a joker: a class for four-colour decks."""
        return self.text[-1] if self.suit else ""

    @property
    def label(self) -> str:
        """The accessible name of a card button, holding the rank as drawn (WCAG 2.5.3, a
        voice user says what they see): ``10 of diamonds``, ``Q♥, Queen of hearts``,
        ``Joker``; a letter rank is shown with its suit, so the name holds that too."""
        if not self.suit:
            return self.name
        if not self.rank.isdigit():
            return f"{self.rank}{self.suit}, {self.name}"
        return f"{self.rank} of {self.name.split(' of ', 1)[1]}"


#: The joker's choices and the suits a wild card can name: the same for every viewer.
ALL_FACES = tuple(CardFace.of(str(c)) for c in STANDARD_CARDS)
SUIT_CHOICES = (("C", "♣ Clubs"), ("D", "♦ Diamonds"), ("H", "♥ Hearts"), ("S", "♠ Spades"))


@dataclass(frozen=True, slots=True)
class TableSeat:
    """A seat at the table as one viewer sees it: who, how many cards, whose turn."""

    seat: SeatRow
    count: int
    current: bool
    writing: bool
    wins: int
    #: Whether this seat deals the round (shown where a dealer matters: a match, a dealer
    #: who names the start).
    dealer: bool = False
    #: Why the seat left the game for good ("removed", "expelled"), or "" (in the game).
    out: str = ""
    #: Whether the seat is open for someone new to take over.
    vacant: bool = False

    @property
    def index(self) -> int:
        """The seat number."""
        return self.seat.index

    @property
    def name(self) -> str:
        """The player's name."""
        return self.seat.name

    @property
    def me(self) -> bool:
        """Whether this is the viewer's own seat."""
        return self.seat.me


@dataclass(frozen=True, slots=True)
class PileCard:
    """A card as it lies on a pile: its face, and for a joker the card it stands for."""

    face: CardFace
    stands_for: CardFace | None = None

    @classmethod
    def of(cls, laid: str) -> PileCard:
        """A card as the pile stores it (``"9S"``, or ``"JK=9S"`` for a joker)."""
        if laid.startswith("JK="):
            return cls(CardFace.of("JK"), CardFace.of(laid[3:]))
        return cls(CardFace.of(laid))

    @property
    def name(self) -> str:
        """``nine of spades``, or ``Joker standing for nine of spades``."""
        if self.stands_for is None:
            return self.face.name
        name = self.stands_for.name
        return f"Joker standing for {name[:1].lower()}{name[1:]}"


@dataclass(frozen=True, slots=True)
class PileRow:
    """A discard pile as drawn: its top card, the cards under it that the rules can see
    (the nearest first), its size, named suit and number (from 1)."""

    top: PileCard
    under: tuple[PileCard, ...]
    count: int
    suit: str | None
    number: int

    @property
    def suit_named(self) -> str:
        """The suit a player named for this pile, in words: "♠ spades" ("" when none)."""
        return f"{SUIT_SYMBOLS[self.suit]} {SUIT_NAMES[self.suit]}" if self.suit else ""

    @property
    def face(self) -> CardFace:
        """The top card as the rules see it (a joker: the card it stands for)."""
        return self.top.stands_for or self.top.face


@dataclass(frozen=True, slots=True)
class TablePublic:
    """What the table shows every viewer of one version alike, made once for all of them
    from public data only: the spectator's view without its log (``view``), the context
    entries it alone decides (``context``), and the seat rows with nobody's marked as the
    viewer's own (``seats``)."""

    view: PlayerView
    context: dict[str, Any]
    seats: tuple[TableSeat, ...]


def table_public(code: str, version: int, view: PlayerView,
                 seats: Sequence[Seat]) -> TablePublic:
    """The part of :func:`table_context` alike for every viewer of game ``code`` at
    ``version``: made from public data only, the game's
    :func:`~games.engine.visibility.public_view` (a viewer's own view would hold their
    secrets: ``ValueError``) and its seats in order, so every viewer's context may share it."""
    if view.viewer is not None:
        raise ValueError(f"the public part of a table is made from the public view, not seat "
                         f"{view.viewer}'s")
    names = view.names
    context = {
        "code": code,
        "version": version,
        "piles": [pile_row(p, i) for i, p in enumerate(view.piles)],
        "paused_by": names[view.order.caller] if view.order is not None else "",
        "current_name": names[view.current] if names else "",
        "writing": view.phase == "writing",
        "writer_names": [names[w] for w in view.writers],
        "dealing": view.phase == "dealing",
        "dealer_name": names[view.dealer] if names else "",
        # Who may be named to play first, the seat after the dealer first (the default);
        # never a seat out of the game.
        "first_choices": [(s, names[s]) for s in
                          ((view.dealer + k) % len(names) for k in range(1, len(names) + 1))
                          if not view.is_out(s)] if names else [],
        # The winner may write nothing (rule_making may_add or replace): a skip button.
        "may_skip": view.settings.rule_making in ("may_add", "replace"),
        "replacing": view.settings.rule_making == "replace",
        "pending": view.pending,
        "log_shown": LOG_SHOWN,
        "ended": view.phase == "ended",
        "suits": SUIT_CHOICES,
        "all_cards": ALL_FACES,
        "suit_buttons": SUIT_BUTTONS,
    }
    return TablePublic(view, context, tuple(_table_seat(view, s, None) for s in seats))


def table_context(game: Game, seat: Seat | None, log: Sequence[Event] | None = None,
                  seats: Sequence[Seat] | None = None, notice: str = "",
                  state: GameState | None = None,
                  stage_shown: str | None = None,
                  public: TablePublic | None = None) -> dict[str, Any]:
    """Everything the table templates need for one viewer (``seat`` ``None``: a spectator;
    ``notice``: why that spectator lost its seat).

    ``stage_shown``: the stage key the screen shows (then the builder's panel is left out).
    ``log``, ``seats`` and ``state`` are read when not given; ``public``:
    :func:`table_public` of the same game, state and seats, when made for another viewer.
    Only plain values and frozen display rows reach a template.
    """
    state = game_state(game) if state is None else state
    index = seat.index if seat is not None else None
    # The table shows the latest events only: reading the whole log on every push would
    # grow with the game (the load test's profile showed it); the reveal reads it all.
    events = game_log(game, since=max(0, game.version - LOG_ACTIONS)) if log is None else log
    if seats is None:
        seats = list(game.seats.order_by("index"))
    if public is None:
        public = table_public(game.code, game.version, public_view(state), seats)
    view: PlayerView = player_view(state, index, events, public=public.view)
    visible = log_lines(view.log)
    moment = latest_moment(view)
    playing = view.phase == "playing"
    hand = sorted(view.hand, key=_hand_order)
    context = public.context | {
        "view": view,
        "me": seat_row(seat, seat) if seat is not None else None,
        "my_index": index,
        "is_host": seat is not None and seat.is_host,
        "notice": notice,
        "hand": [CardFace.of(c) for c in hand],
        # The penalty cards that wait for a later turn (``penalty_waits``), marked on the
        # card itself: one flag per card of ``hand``.
        "hand_waits": waiting_marks(hand, view.waiting),
        # During a point of order the viewer's hand is face down: only its size shows.
        "hand_down": (tuple(range(view.hand_counts[index]))
                      if view.order is not None and index is not None else ()),
        "order_panel": order_panel(view, seat is not None and seat.is_host),
        # The host's choice of a time limit set during play (``host_times``).
        "time_limits": TIME_LIMITS,
        # The players the host may sanction for points of order (``order_sanctions``).
        "sanctionable": ([(s, view.names[s]) for s in range(len(view.names))
                          if not view.is_out(s)]
                         if seat is not None and seat.is_host and view.phase == "playing"
                         and view.settings.order_sanctions else []),
        # The players the host may name new (``expel_new_only``): the host's tool.
        "nameable": ([(s, view.names[s]) for s in range(len(view.names))
                      if not view.is_out(s) and s not in view.new_players]
                     if seat is not None and seat.is_host and view.phase != "ended"
                     and view.settings.expel_new_only else []),
        "has_joker": "JK" in view.hand,
        "seats": own_marked(public.seats, seats, seat),
        # Nobody's turn runs while a point of order stops play.
        "my_turn": playing and index == view.current and view.order is None,
        # The viewer's own turn waits for the point of order to end.
        "paused_turn": view.order is not None and playing and index == view.current,
        # The say-box: every seated player, at every moment of a round's play.
        "may_say": index is not None and playing,
        "owes_reply": owes_public_reply(view),
        # What the two word boxes say before anything is typed: the known rules judging them.
        "talk_hints": talk_hints(view) if index is not None else (),
        "call_hints": call_hints(view) if index is not None else (),
        "am_writer": index is not None and index in view.writers,
        "am_dealer": index is not None and view.phase == "dealing" and index == view.dealer,
        # The card the viewer drew by passing and may still play (``play_drawn``).
        "drawn": view.drawn,
        "match": match_rows(view),
        "log": visible[-LOG_SHOWN:],
        # Whether older lines exist than the table shows: cut by the cap, or from actions
        # before the snapshot's window (the state counts every action in its history).
        "log_earlier": len(visible) > LOG_SHOWN or len(state.history) > LOG_ACTIONS,
        "moment": moment,
        "banner": Banner.of(moment) if moment is not None else None,
        # The viewer's own play refused: #feedback, the answer to that play, tells them.
        "own_refusal": (moment is not None and index is not None
                        and isinstance(moment.event, Refused | OutOfTurn)
                        and moment.event.seat == index),
        "stage_key": f"{view.phase}/{','.join(map(str, view.writers))}/{index}/{view.dealer}",
        # The races the table is running (the race panel, its own fragment).
        "races": race_rows(view),
    } | seat_context(view, seats, seat)
    if context["am_writer"] and context["stage_key"] != stage_shown:
        # Only the rule-maker's stage holds the builder, drawn when that stage is, without
        # its preview (the dearest part, with its stall analyses): the builder asks for that
        # itself as it loads, so that no push computes one.
        context |= panel_context(game, index, state, preview=False)
    return context


def own_marked(rows: Sequence[TableSeat], seats: Sequence[Seat],
               viewer: Seat | None) -> list[TableSeat]:
    """The seat ``rows`` (of ``seats``, in order, nobody's marked) with ``viewer``'s own row
    marked as theirs (``me``)."""
    if viewer is None:
        return list(rows)
    own = viewer.pk
    return [_marked(row) if seat.pk == own else row
            for row, seat in zip(rows, seats, strict=True)]


@lru_cache(maxsize=2048)
def _marked(row: TableSeat) -> TableSeat:
    """``row`` marked as the viewer's own, kept across pushes (a row changes seldom)."""
    return replace(row, seat=replace(row.seat, me=True))


@dataclass(frozen=True, slots=True)
class Banner:
    """The latest moment as the banner draws it: a refusal's ``verdict`` ("Ann: that's a
    Pip!") first, where a phone that shortens the rest (``text``) still shows it."""

    verdict: str
    text: str

    @classmethod
    def of(cls, line: LogLine) -> Banner:
        """The banner of ``line`` (only a refusal has a verdict of its own)."""
        event = line.event
        if isinstance(event, Refused | OutOfTurn) and line.text.endswith(event.verdict):
            return cls(event.verdict, line.text.removesuffix(event.verdict).rstrip())
        return cls("", line.text)


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One seat's part of a match: its round wins out of the ``target``, and whether it
    deals the round."""

    name: str
    wins: int
    target: int
    dealer: bool
    me: bool


def match_rows(view: PlayerView) -> list[MatchRow]:
    """The match score where the game is a match (``match_wins`` set), else nothing."""
    if view.match_wins is None:
        return []
    wins = view.wins or tuple(0 for _ in view.names)
    return [MatchRow(name, wins[i], view.match_wins, i == view.dealer, i == view.viewer)
            for i, name in enumerate(view.names)]


def latest_moment(view: PlayerView) -> LogLine | None:
    """The banner's event: the latest moment, unless it is over.

    A round's win says "X is writing a new secret rule…": once that rule is written (or the
    game has moved on from writing) the banner would say something false, so it goes.
    """
    for i in range(len(view.log) - 1, -1, -1):
        line = view.log[i]
        if line.kind not in MOMENTS:
            continue
        if line.kind == "won_round" and (view.phase != "writing" or any(
                later.kind == "rule_written" for later in view.log[i + 1:])):
            return None
        return line
    return None


def owes_public_reply(view: PlayerView) -> bool:
    """Whether the viewer owes a reply under a public rule in force (a house rule, or a
    secret rule disclosed at a round's end). A reply owed under a secret rule is not hinted
    at: that would reveal the rule; the player must work it out."""
    if view.viewer is None or view.phase != "playing" or not view.unanswered:
        return False
    public = [r.rule for r in (*view.house_rules, *view.disclosed) if r.retired is None]
    return bool(owed_replies(public, view.unanswered))


def log_lines(log: Sequence[LogLine]) -> list[LogLine]:
    """The lines of a viewer's log the table shows (others' "picks up" lines are noise)."""
    return [line for line in log if line.kind != "hand" or is_own_hand(line)]


# Bounded as CardFace.of: the states hold 55 canonical texts.
@lru_cache(maxsize=256)
def _hand_order(text: str) -> tuple[int, int]:
    card = parse(text)
    return ("CDHS".find(card.suit) if card.suit else 9, card.rank)


def pile_row(pile: PileView, index: int) -> PileRow:
    """Pile number ``index + 1`` as drawn: its top card and the cards under it the rules see."""
    *under, top = (PileCard.of(card) for card in pile.last())
    return PileRow(top=top, under=tuple(reversed(under)), count=pile.count, suit=pile.suit,
                   number=index + 1)


def _table_seat(view: PlayerView, seat: Seat, viewer: Seat | None) -> TableSeat:
    i = seat.index
    return TableSeat(
        seat=seat_row(seat, viewer),
        count=view.hand_counts[i] if i < len(view.hand_counts) else 0,
        current=view.phase == "playing" and view.current == i,
        writing=view.phase == "writing" and i in view.writers,
        wins=sum(1 for w in view.winners if w.seat == i),
        dealer=(view.match_wins is not None or view.settings.name_start
                or view.phase == "dealing") and view.dealer == i and not view.is_out(i),
        out=next((o.reason for o in view.out if o.seat == i), ""),
        vacant=i in view.vacant)
