"""The reveal's table of players: what each one won, paid and broke, and what they guessed.

Counted from the game's events, which the reveal may read whole (the game is over): a
round won is a ``WonRound``; a penalty is a ``Drew`` with reason ``penalty`` (counted in
cards); a rule broken is a breach named by a ``Refused`` play or a ``CallBroken``, and a
play out of turn (``OutOfTurn``) is one too ("Out of Turn"), besides the rules it broke; a
seat that left the game says how (``SeatRemoved``, ``Expelled``). A seat played by more than
one player in turn (``SeatTaken``: a substitute, a newcomer) shares its credit between them
by the work each did there: the turns each took (a ``Played`` card or a pass's ``Drew``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.engine.events import (
    OUT_OF_TURN,
    CallBroken,
    Drew,
    Event,
    Expelled,
    OutOfTurn,
    Played,
    Refused,
    SeatRemoved,
    SeatTaken,
    WonRound,
)
from games.reveal.guesses import ScoredGuess


@dataclass(frozen=True, slots=True)
class Breaking:
    """A rule a player broke, and how many times."""

    jargon: str
    times: int


@dataclass(frozen=True, slots=True)
class Share:
    """One of the players of a seat played by several: their ``name`` and the ``turns`` they
    took at it, out of the seat's ``of``."""

    name: str
    turns: int
    of: int

    @property
    def percent(self) -> int:
        """Their part of the seat's work, in whole percent (rounded)."""
        return round(100 * self.turns / self.of) if self.of else 0


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player on the reveal: name, what kind of bot (``""`` for a person), rounds won,
    penalty cards drawn, rules broken, and their sealed guesses with scores."""

    seat: int
    name: str
    bot_label: str
    rounds_won: int
    penalty_cards: int
    broke: tuple[Breaking, ...]
    guesses: tuple[ScoredGuess, ...]
    #: How the seat left the game ("removed by the host", "expelled"), or "" (it stayed).
    left: str = ""
    #: Where several players played the seat in turn: each one's part of its work (and so
    #: of its credit), in the order they first took it; empty for a seat of one player.
    shares: tuple[Share, ...] = ()

    @property
    def times_broken(self) -> int:
        """How many rule breakings in all."""
        return sum(b.times for b in self.broke)

    @property
    def exact(self) -> int:
        """How many of their guesses are exact."""
        return sum(1 for g in self.guesses if g.exact)


def player_rows(names: Sequence[str], bot_labels: Sequence[str], events: Iterable[Event],
                guesses: Iterable[ScoredGuess], labels: Mapping[int, str] | None = None
                ) -> list[PlayerRow]:
    """A row per seat; ``bot_labels[s]`` says what seat ``s`` is (``""``: a person). A rule
    broken is counted by its id and named by its label (``labels`` by rule id; none given,
    its jargon): two rules may share a jargon."""
    seats = range(len(names))
    won = dict.fromkeys(seats, 0)
    penalties = dict.fromkeys(seats, 0)
    labels = labels or {}
    # Insertion order is the order first broken: it breaks ties between equal counts.
    broke: dict[int, dict[str, int]] = {s: {} for s in seats}

    def breach(seat: int | None, jargon: str, rule: int | None = None) -> None:
        if seat in broke:
            name = labels.get(rule, jargon) if rule is not None else jargon
            broke[seat][name] = broke[seat].get(name, 0) + 1

    left: dict[int | None, str] = {}
    # Who plays each seat now (None: its first player, named when it is first taken over),
    # and the turns each player of it took.
    playing: dict[int, str | None] = dict.fromkeys(seats)
    work: dict[int, dict[str | None, int]] = {s: {} for s in seats}
    firsts: dict[int, str] = {}
    for event in events:
        if isinstance(event, SeatTaken) and event.seat in playing:
            firsts.setdefault(event.seat, event.former)
            playing[event.seat] = event.name
            work[event.seat].setdefault(event.name, 0)
        if ((isinstance(event, Played) or (isinstance(event, Drew) and event.reason == "pass"))
                and event.seat in work):
            turns = work[event.seat]
            turns[playing[event.seat]] = turns.get(playing[event.seat], 0) + 1
        if isinstance(event, WonRound) and event.seat in won:
            won[event.seat] += 1
        elif isinstance(event, Drew) and event.reason == "penalty" and event.seat in penalties:
            penalties[event.seat] += event.count
        elif isinstance(event, Refused | OutOfTurn):
            if isinstance(event, OutOfTurn):
                breach(event.seat, OUT_OF_TURN)
            for broken in event.broken:
                breach(event.seat, broken.jargon, broken.rule)
        elif isinstance(event, CallBroken):
            breach(event.seat, event.jargon, event.rule)
        elif isinstance(event, SeatRemoved):
            left[event.seat] = "removed by the host"
        elif isinstance(event, Expelled):
            left[event.seat] = "expelled"
    by_seat: dict[int, list[ScoredGuess]] = {s: [] for s in seats}
    for guess in guesses:
        if guess.seat in by_seat:
            by_seat[guess.seat].append(guess)
    return [PlayerRow(
        seat=s, name=names[s], bot_label=bot_labels[s] if s < len(bot_labels) else "",
        rounds_won=won[s], penalty_cards=penalties[s],
        broke=tuple(Breaking(j, n) for j, n in sorted(broke[s].items(), key=lambda i: -i[1])),
        guesses=tuple(by_seat[s]), left=left.get(s, ""),
        shares=_shares(work[s], firsts.get(s))) for s in seats]


def _shares(work: Mapping[str | None, int], first: str | None) -> tuple[Share, ...]:
    """The seat's players and their turns (``None`` names its first player, ``first``);
    nothing for a seat nobody took over."""
    if first is None:
        return ()
    turns: dict[str, int] = {first: 0}
    for name, count in work.items():
        key = first if name is None else name
        turns[key] = turns.get(key, 0) + count
    total = sum(turns.values())
    return tuple(Share(name, count, total) for name, count in turns.items())
