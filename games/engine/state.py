"""The whole state of one game, as plain data that round-trips through JSON.

Cards are kept as their canonical text (``"QH"``); a joker on a pile is kept as
``"JK=5H"``, the joker standing for the five of hearts. The state holds secrets
(every hand, every rule): only :mod:`games.engine.visibility` may turn it into what
one viewer sees.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, get_args

from games.engine.events import EndReason, SeatExit, Win
from games.engine.point_of_order_state import OrderBook
from games.engine.race_state import Races
from games.engine.settings import GameSettings
from rules.cards import JOKER, Card, card_of
from rules.context import Settings
from rules.evaluation import Rulebook
from rules.spec import Rule, dump_rule, load_rule

STATE_VERSION = 1
#: Where a game is: rule-makers writing, the dealer naming who starts, cards being played,
#: or over.
Phase = Literal["writing", "dealing", "playing", "ended"]
PHASES: tuple[Phase, ...] = get_args(Phase)


def read_phase(value: object) -> Phase:
    """A phase read from stored data; ``ValueError`` for anything else."""
    for phase in PHASES:
        if value == phase:
            return phase
    raise ValueError(f"unknown phase {value!r}")


@dataclass(frozen=True, slots=True)
class RoundWin:
    """Seat ``seat`` won round ``round`` (``how``)."""

    round: int
    seat: int
    how: Win

    def to_json(self) -> dict[str, Any]:
        """As stored in the state."""
        return {"round": self.round, "seat": self.seat, "how": self.how}


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How the game ended: the ``reason``, a sentence for people, the round it ended in."""

    reason: EndReason
    text: str
    round: int

    def to_json(self) -> dict[str, Any]:
        """As stored in the state."""
        return {"reason": self.reason, "text": self.text, "round": self.round}


@dataclass(slots=True)
class RuleStats:
    """How often a rule was broken and fired, and the first play that broke it (in words)."""

    broken: int = 0
    fired: int = 0
    first_broken: str | None = None

    def to_json(self) -> dict[str, Any]:
        """As stored in the state."""
        return {"broken": self.broken, "fired": self.fired, "first_broken": self.first_broken}


def _drawn(data: Any) -> tuple[int, int, str] | None:
    """A stored drawn card (missing from states stored before ``play_drawn``)."""
    return None if not data else (int(data[0]), int(data[1]), str(data[2]))


def _waiting(data: Any) -> tuple[int, int, tuple[str, ...]] | None:
    """Stored waiting penalty cards (missing from states stored before ``penalty_waits``)."""
    return None if not data else (int(data[0]), int(data[1]), tuple(map(str, data[2])))


def read_pile(data: dict[str, Any]) -> Pile:
    """A pile as stored (``starter_at`` is missing from states stored before it existed)."""
    return Pile(list(data["cards"]), data["suit"], data.get("starter_at"))


def read_entry(data: dict[str, Any]) -> RuleEntry:
    """A rule entry as stored (``house``, ``retired`` and ``stint`` are missing from older
    states)."""
    return RuleEntry(data["id"], data["author"], data["round"], data["rule"],
                     bool(data.get("house", False)), data.get("retired"),
                     int(data.get("stint", 0)))


def pile_card(physical: Card, effective: Card) -> str:
    """How a card lies on a pile: ``"5H"``, or ``"JK=5H"`` for a joker standing for 5H."""
    return f"JK={effective}" if physical.is_joker else str(physical)


def read_pile_card(text: str) -> tuple[Card, Card]:
    """The physical and effective card of a pile entry."""
    if text.startswith("JK="):
        return JOKER, card_of(text[3:])
    card = card_of(text)
    return card, card


@dataclass(slots=True)
class Pile:
    """A discard pile: its cards (bottom first), the suit named by a wild play, if any, and
    where the round's starter lies in it (``starter_at``, an index of ``cards``; ``None``
    when the starter is not on this pile any more, or never was)."""

    cards: list[str]
    suit: str | None = None
    starter_at: int | None = None

    @property
    def on_starter(self) -> bool:
        """Whether the top card is the round's starter (turned up at the deal, not played)."""
        return self.starter_at is not None and self.starter_at == len(self.cards) - 1

    @property
    def top(self) -> Card:
        """The effective top card."""
        return read_pile_card(self.cards[-1])[1]

    def effective(self) -> tuple[Card, ...]:
        """Every card as the rules see it, bottom first."""
        return tuple(read_pile_card(c)[1] for c in self.cards)

    def effective_text(self) -> tuple[str, ...]:
        """Every card as the rules see it, bottom first, as canonical text."""
        return tuple(c[3:] if c.startswith("JK=") else c for c in self.cards)


@dataclass(slots=True)
class RuleEntry:
    """A rule of the game: its id, author seat, the round it was written in, and the rule.

    ``author`` is ``None`` for a rule no player wrote: a preset's public house rule
    (``house``) or a preset's secret law. ``retired`` is the round after which a replaced
    law stopped applying (``None``: in force); retired rules stay for the reveal.
    ``stint`` is which of its author seat's successive players wrote it
    (:attr:`GameState.stints`): only that player may see it as their own.
    """

    id: int
    author: int | None
    round: int
    data: dict[str, Any]
    house: bool = False
    retired: int | None = None
    stint: int = 0
    # The parsed rule, once asked for: a rule's data never changes, and every view of every
    # action reads each rule in force (parsing meant writing its JSON again each time).
    _parsed: Rule | None = field(default=None, repr=False, compare=False)

    @property
    def active(self) -> bool:
        """Whether the rule is in force."""
        return self.retired is None

    @property
    def rule(self) -> Rule:
        """The parsed rule (validated when it was written)."""
        if self._parsed is None:
            self._parsed = _parse_rule(_freeze(self.data))
        return self._parsed

    @property
    def jargon(self) -> str:
        """The rule's public name."""
        return str(self.data["jargon"])


@dataclass(slots=True)
class GameState:
    """Everything about one game. Mutated only inside :func:`games.engine.apply.apply`,
    on a copy (see :meth:`clone`)."""

    settings: GameSettings
    seed: int
    names: list[str]
    phase: Phase = "writing"
    round: int = 1
    turn: int = 0
    shuffles: int = 0
    rule_maker: int = 0
    writers: list[int] = field(default_factory=list)
    rules: list[RuleEntry] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    piles: list[Pile] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    current: int = 0
    direction: int = 1
    winners: list[RoundWin] = field(default_factory=list)
    #: By rule id.
    stats: dict[int, RuleStats] = field(default_factory=dict)
    revealed: list[int] = field(default_factory=list)
    #: Every seat's hand size after each accepted action.
    history: list[tuple[int, ...]] = field(default_factory=list)
    end: GameEnd | None = None
    #: Every card laid on a discard pile this round, oldest first, the starter included, as
    #: the rules see them (a joker as the card it stood for): the game's memory of the round,
    #: which a reshuffle of the stock does not touch (rules/counting.py).
    record: list[str] = field(default_factory=list)
    way_out: bool | None = None
    #: Ids of rules whose full text is public: house rules from the start and, with the
    #: ``reveal: "round"`` setting, every secret rule in force at the end of a round.
    disclosed: list[int] = field(default_factory=list)
    #: The seat that deals the round (with ``name_start``, names who plays first).
    dealer: int = 0
    #: Cards the player to move owes from stacked ``owe`` effects ("play a 4 or draw").
    pending: int = 0
    #: Per seat, why it drew (``penalty``, ``effect``, ``pass``; ``one_left``: it gave a card
    #: to a stock that ran out and holds one) since its last action this
    #: round: what reply rules (rules/speech.py) read to know who owes a reply. Public (every
    #: draw is announced), and empty outside a round's play.
    unanswered: dict[int, list[str]] = field(default_factory=dict)
    # -- The clock (games/engine/timers.py, clock.py) -----------------------------------------
    #: The game's own time: the latest time (ms of the server's clock) it was changed at.
    #: Time never runs backwards inside a game (games/engine/timers.py).
    clock: int = 0
    #: Named timers and when each is due (ms): the turn clock, races, a timed end.
    timers: dict[str, int] = field(default_factory=dict)
    #: When the clock was frozen (a point of order), or ``None`` while it runs.
    frozen_at: int | None = None
    #: Whether the player to move has already said "Hold on" this turn (it extends the
    #: turn clock once).
    held: bool = False
    #: The races the table is running (games/engine/races.py), and how many it has run.
    races: Races = Races()
    # -- Seats that change hands (games/engine/seats.py, expulsion.py) ----------------------
    #: Seats out of the game for good, and why (removed by the host, or expelled): they hold
    #: no cards and never play, deal or write again; their numbers stay (names, authors).
    out: dict[int, SeatExit] = field(default_factory=dict)
    #: Seats open for someone new to take over, with their cards (the host opened them, or
    #: their player left); the game waits on them as on any player.
    vacant: list[int] = field(default_factory=list)
    #: Per seat, its mistakes in a row this round, counted where the game expels for them.
    mistakes: dict[int, int] = field(default_factory=dict)
    #: The seats whose players the host named new (``expel_new_only``), in the order named.
    new_players: list[int] = field(default_factory=list)
    #: Points of order: the one under way, if any, and how many each seat has called
    #: (games/engine/point_of_order.py). Public: the whole table hears them called and ended.
    order: OrderBook = field(default_factory=OrderBook)
    #: Per seat, which of its successive players plays it now (absent: 0, whoever played it
    #: from the start): a seat handed to a bot or taken over by someone new starts a new
    #: stint, a player taking their own seat back resumes theirs. A rule belongs to the
    #: stint that wrote it (:attr:`RuleEntry.stint`), so whoever takes a seat over never
    #: sees the secret rules its earlier players wrote (:meth:`wrote`).
    stints: dict[int, int] = field(default_factory=dict)
    #: Per seat, how many stints it has had (absent: 1).
    stint_count: dict[int, int] = field(default_factory=dict)
    #: The jargons of the rules the last play or pass broke ("Misplay", "Out of Turn"):
    #: public, as the chair named them; a player may call them (``violation_calls``).
    breaches: list[str] = field(default_factory=list)
    #: With ``play_drawn``: the card the player to move drew by passing this turn, which
    #: they may still play (``[seat, turn, card]``; stale once the turn moves on).
    drawn: tuple[int, int, str] | None = None
    #: With ``penalty_waits``: the penalty cards the player to move drew this turn, which
    #: wait for a later turn (``[seat, turn, cards]``; stale once the turn moves on).
    waiting: tuple[int, int, tuple[str, ...]] | None = None
    # The compiled rulebook and the ids of the active rules it holds: a rule's data never
    # changes, so the ids tell whether it is still current (not part of the state's data).
    _book: tuple[tuple[int, ...], Rulebook] | None = field(default=None, repr=False,
                                                           compare=False)

    @property
    def players(self) -> int:
        """Number of seats, in the game or out of it (seat numbers run below it)."""
        return self.settings.players

    def drawn_card(self) -> str | None:
        """The card the player to move drew by passing this turn and may still play
        (``play_drawn``), or ``None``."""
        if self.drawn is None or self.phase != "playing":
            return None
        seat, turn, card = self.drawn
        ok = seat == self.current and turn == self.turn and card in self.hands[seat]
        return card if ok else None

    def in_play(self, seat: int) -> bool:
        """Whether ``seat`` is a seat of the game that has not left it."""
        return 0 <= seat < self.players and seat not in self.out

    def stint_of(self, seat: int) -> int:
        """Which of ``seat``'s successive players plays it now (:attr:`stints`)."""
        return self.stints.get(seat, 0)

    def wrote(self, seat: int | None, entry: RuleEntry) -> bool:
        """Whether whoever plays ``seat`` now, in this stint, wrote ``entry`` (an earlier
        player's rule is as secret as anyone's)."""
        return (seat is not None and entry.author == seat
                and entry.stint == self.stint_of(seat))

    def knows_jargon(self, seat: int | None, entry: RuleEntry) -> bool:
        """Whether whoever plays ``seat`` now knows ``entry``'s jargon (wrote, house, disclosed
        or heard)."""
        return (entry.house or entry.id in self.revealed or entry.id in self.disclosed
                or self.wrote(seat, entry))

    def known_jargons(self, seat: int | None) -> list[str]:
        """The jargons whoever plays ``seat`` knows: the only ones a chosen name may clash with."""
        return [e.jargon for e in self.rules if self.knows_jargon(seat, e)]

    def new_stint(self, seat: int) -> None:
        """Someone new plays ``seat`` from now on (a bot, a newcomer)."""
        count = self.stint_count.get(seat, 1)
        self.stints[seat] = count
        self.stint_count[seat] = count + 1

    def seats_in_play(self) -> list[int]:
        """The seats still in the game, in seat (clockwise) order."""
        return [s for s in range(self.players) if s not in self.out]

    @property
    def table_size(self) -> int:
        """How many seats are still in the game: the number of players the rules see."""
        return self.players - len(self.out)

    def analysis_players(self) -> int | None:
        """The table size the lockup analysis may assume (``None``: any, once a seat left)."""
        return None if self.out else self.players

    def active_rules(self) -> list[RuleEntry]:
        """The rules in force, in the order they joined the game (the rulebook's order)."""
        return [e for e in self.rules if e.retired is None]

    def rulebook(self) -> Rulebook:
        """The compiled rulebook of every rule in force (cached across calls)."""
        active = self.active_rules()
        ids = tuple(e.id for e in active)
        if self._book is None or self._book[0] != ids:
            key = tuple(_freeze(dict(e.data, author=e.author)) for e in active)
            self._book = (ids, _compile(key, self.settings.aces_high))
        return self._book[1]

    def rulebook_of(self, entries: Sequence[RuleEntry]) -> Rulebook:
        """The compiled rulebook of some of the rules (``entries``), read as the game reads
        them: each with its author (cached across calls)."""
        key = tuple(_freeze(dict(e.data, author=e.author)) for e in entries)
        return _compile(key, self.settings.aces_high)

    def author_name(self, author: int | None) -> str:
        """Who speaks for a rule: its author's name, or the chair's for a rule no player wrote."""
        return self.settings.chair if author is None else self.names[author]

    def wins(self) -> list[int]:
        """Rounds won so far, per seat."""
        counts = [0] * self.players
        for win in self.winners:
            counts[win.seat] += 1
        return counts

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play, seats out skipped."""
        return self.step(seat, self.direction * steps)

    def step(self, seat: int, steps: int) -> int:
        """The seat ``steps`` places clockwise from ``seat`` (anticlockwise when negative),
        counting only the seats still in the game."""
        if not self.out:
            return (seat + steps) % self.players
        if not self.table_size:
            return seat
        way = 1 if steps > 0 else -1
        left = abs(steps)
        while left:
            seat = (seat + way) % self.players
            if seat not in self.out:
                left -= 1
        return seat

    def hand_cards(self, seat: int) -> list[Card]:
        """A seat's hand as cards."""
        return [card_of(c) for c in self.hands[seat]]

    def record_cards(self) -> tuple[Card, ...]:
        """The round's record as cards (see :attr:`record`)."""
        return tuple(card_of(c) for c in self.record)

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this state."""
        return GameState(
            settings=self.settings, seed=self.seed, names=list(self.names), phase=self.phase,
            round=self.round, turn=self.turn, shuffles=self.shuffles, rule_maker=self.rule_maker,
            writers=list(self.writers),
            rules=[RuleEntry(e.id, e.author, e.round, e.data, e.house, e.retired, e.stint,
                             e._parsed) for e in self.rules],
            stock=list(self.stock),
            piles=[Pile(list(p.cards), p.suit, p.starter_at) for p in self.piles],
            hands=[list(h) for h in self.hands], current=self.current,
            direction=self.direction, winners=list(self.winners),
            stats={k: RuleStats(v.broken, v.fired, v.first_broken)
                   for k, v in self.stats.items()},
            revealed=list(self.revealed), history=list(self.history), end=self.end,
            record=list(self.record), way_out=self.way_out, disclosed=list(self.disclosed),
            dealer=self.dealer, pending=self.pending,
            unanswered={k: list(v) for k, v in self.unanswered.items()}, clock=self.clock,
            timers=dict(self.timers), frozen_at=self.frozen_at, held=self.held,
            races=self.races, out=dict(self.out), vacant=list(self.vacant),
            mistakes=dict(self.mistakes), new_players=list(self.new_players),
            order=self.order.copy(), stints=dict(self.stints),
            stint_count=dict(self.stint_count), breaches=list(self.breaches),
            drawn=self.drawn, waiting=self.waiting, _book=self._book,
        )

    def to_json(self) -> dict[str, Any]:
        """The state as JSON data; :meth:`from_json` reads it back equal.

        Everything is copied: the data may go to a cache that other threads read, while
        this state stays the caller's to change.
        """
        return {
            "version": STATE_VERSION, "settings": self.settings.to_json(), "seed": self.seed,
            "names": list(self.names), "phase": self.phase, "round": self.round,
            "turn": self.turn, "shuffles": self.shuffles, "rule_maker": self.rule_maker,
            "writers": list(self.writers),
            "rules": [{"id": e.id, "author": e.author, "round": e.round,
                       "rule": json.loads(_freeze(e.data)), "house": e.house,
                       "retired": e.retired, "stint": e.stint} for e in self.rules],
            "stock": list(self.stock),
            "piles": [{"cards": list(p.cards), "suit": p.suit, "starter_at": p.starter_at}
                      for p in self.piles],
            "hands": [list(h) for h in self.hands], "current": self.current,
            "direction": self.direction, "winners": [w.to_json() for w in self.winners],
            "stats": {str(k): v.to_json() for k, v in self.stats.items()},
            "revealed": list(self.revealed), "history": [list(h) for h in self.history],
            "end": self.end.to_json() if self.end else None, "way_out": self.way_out,
            "record": list(self.record), "disclosed": list(self.disclosed),
            "dealer": self.dealer, "pending": self.pending,
            "unanswered": {str(k): list(v) for k, v in self.unanswered.items()},
            "clock": self.clock, "timers": dict(self.timers), "frozen_at": self.frozen_at,
            "held": self.held, "races": self.races.to_json(), "order": self.order.to_json(),
            "out": {str(k): v for k, v in self.out.items()}, "vacant": list(self.vacant),
            "mistakes": {str(k): v for k, v in self.mistakes.items()},
            "new_players": list(self.new_players),
            "stints": {str(k): v for k, v in self.stints.items()},
            "stint_count": {str(k): v for k, v in self.stint_count.items()},
            "breaches": list(self.breaches),
            "drawn": list(self.drawn) if self.drawn else None,
            "waiting": ([self.waiting[0], self.waiting[1], list(self.waiting[2])]
                        if self.waiting else None),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        """Read a stored state (one stored before a key existed takes its default: no rule
        disclosed, the rule-maker dealing, nothing owed, no draw unanswered, no starter known,
        every seat in the game and held, no mistake counted, no timer set, no race run, no
        point of order, every seat played by its first player)."""
        return cls(
            settings=GameSettings.from_json(data["settings"]), seed=data["seed"],
            names=list(data["names"]), phase=read_phase(data["phase"]), round=data["round"],
            turn=data["turn"], shuffles=data["shuffles"], rule_maker=data["rule_maker"],
            writers=list(data["writers"]),
            rules=[read_entry(r) for r in data["rules"]],
            stock=list(data["stock"]),
            piles=[read_pile(p) for p in data["piles"]],
            hands=[list(h) for h in data["hands"]], current=data["current"],
            direction=data["direction"],
            winners=[RoundWin(w["round"], w["seat"], w["how"]) for w in data["winners"]],
            stats={int(k): RuleStats(v["broken"], v["fired"], v["first_broken"])
                   for k, v in data["stats"].items()},
            revealed=list(data["revealed"]), history=[tuple(h) for h in data["history"]],
            end=GameEnd(**data["end"]) if data["end"] else None, way_out=data["way_out"],
            # States stored before the record existed: the piles as they lie are the best
            # memory of the round there is.
            record=list(data["record"]) if "record" in data else [
                c[3:] if c.startswith("JK=") else c for p in data["piles"] for c in p["cards"]],
            disclosed=list(data.get("disclosed", ())),
            dealer=data.get("dealer", data["rule_maker"]), pending=data.get("pending", 0),
            unanswered={int(k): list(v) for k, v in data.get("unanswered", {}).items()},
            clock=data.get("clock", 0), timers=dict(data.get("timers", {})),
            frozen_at=data.get("frozen_at"), held=data.get("held", False),
            races=Races.from_json(data.get("races")),
            out={int(k): _exit(v) for k, v in data.get("out", {}).items()},
            vacant=list(data.get("vacant", ())),
            mistakes={int(k): int(v) for k, v in data.get("mistakes", {}).items()},
            new_players=[int(s) for s in data.get("new_players", ())],
            order=OrderBook.from_json(data.get("order")),
            stints={int(k): int(v) for k, v in data.get("stints", {}).items()},
            stint_count={int(k): int(v) for k, v in data.get("stint_count", {}).items()},
            breaches=[str(j) for j in data.get("breaches", ())],
            drawn=_drawn(data.get("drawn")),
            waiting=_waiting(data.get("waiting")),
        )


def _exit(value: object) -> SeatExit:
    """Why a seat left, as stored; ``ValueError`` for anything else."""
    if value == "removed":
        return "removed"
    if value == "expelled":
        return "expelled"
    raise ValueError(f"unknown way to leave a game {value!r}")


def _freeze(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@lru_cache(maxsize=4096)
def _parse_rule(frozen: str) -> Rule:
    return load_rule(json.loads(frozen))


@lru_cache(maxsize=256)
def _compile(frozen_rules: tuple[str, ...], aces_high: bool) -> Rulebook:
    """Compiling is costly (tables per relation) and rulebooks change once a round."""
    return Rulebook([_parse_rule(f) for f in frozen_rules], Settings(aces_high=aces_high))


def rule_data(rule: Rule) -> dict[str, Any]:
    """A rule as stored in the state (its canonical JSON without the author)."""
    data = dump_rule(rule)
    data.pop("author", None)
    return data
