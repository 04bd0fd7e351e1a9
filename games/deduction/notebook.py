"""The notebook: the evidence of the table gathered by jargon, for a player to read.

For each jargon seen: every play it refused (the card, the pile under it, who played it,
their hand size, the words said), every time it fired and what it did, every call it
penalised, and how many plays it let through since it certainly existed. An evidence
grid crosses top cards with played cards: for one jargon, which pairs it refused and which
went through it; for all plays together, which were refused (by anything) and which were
accepted. Built from the public record alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.deduction.record import Attempt, CallMiss, Firing, PublicRecord, Sighting
from rules.cards import card_of


@dataclass(frozen=True, slots=True)
class Entry:
    """Everything seen of one jargon."""

    sighting: Sighting
    refusals: tuple[Attempt, ...]
    firings: tuple[tuple[Attempt, Firing], ...]
    calls: tuple[tuple[Attempt, CallMiss], ...]
    wins: tuple[int, ...]
    #: Plays tried since the rule certainly existed that it did not refuse.
    let_through: int

    @property
    def jargon(self) -> str:
        """The rule's public name."""
        return self.sighting.jargon


@dataclass(frozen=True, slots=True)
class Cell:
    """What happened to plays of one card on one top card: refused (by the jargon in
    question, or by anything for the grid of all plays), and let through."""

    refused: int = 0
    through: int = 0


@dataclass(frozen=True, slots=True)
class Grid:
    """Observed (top card, played card) pairs and what happened to them, with the tops and
    played cards seen in card order."""

    cells: dict[tuple[str, str], Cell]
    tops: tuple[str, ...]
    played: tuple[str, ...]

    def cell(self, top: str, played: str) -> Cell | None:
        """The cell of a pair, or ``None`` when it was never tried."""
        return self.cells.get((top, played))


def entries(record: PublicRecord) -> tuple[Entry, ...]:
    """One entry per jargon seen, in the order first seen."""
    found = []
    for sighting in record.sightings:
        jargon = sighting.jargon
        later = [a for a in record.attempts if a.number >= sighting.since]
        found.append(Entry(
            sighting=sighting,
            refusals=tuple(a for a in record.attempts if jargon in a.broken),
            firings=tuple((a, f) for a in record.attempts for f in a.fired
                          if f.jargon == jargon),
            calls=tuple((a, c) for a in record.attempts for c in a.calls if c.jargon == jargon),
            wins=tuple(c.number for c in record.claims if c.won_by == jargon),
            let_through=sum(1 for a in later if jargon not in a.broken)))
    return tuple(found)


def grid(record: PublicRecord, jargon: str | None = None, several_only: bool = False) -> Grid:
    """The evidence grid of ``jargon`` (``None``: of all plays together).

    ``several_only`` keeps only plays refused by two rules or more (and, for one jargon,
    those it was among).
    """
    counts: Counter[tuple[str, str, bool]] = Counter()
    sighting = record.sighting(jargon) if jargon is not None else None
    since = sighting.since if sighting is not None else 1
    for attempt in record.attempts:
        top = attempt.top
        if top is None or attempt.number < since:
            continue
        if several_only and len(attempt.broken) < 2:
            continue
        refused = (jargon in attempt.broken) if jargon is not None else not attempt.accepted
        counts[(top, attempt.played, refused)] += 1
    cells: dict[tuple[str, str], Cell] = {}
    for (top, played, refused), n in counts.items():
        cell = cells.get((top, played), Cell())
        cells[(top, played)] = (Cell(cell.refused + n, cell.through) if refused
                                else Cell(cell.refused, cell.through + n))
    return Grid(cells, _in_card_order({t for t, _ in cells}),
                _in_card_order({p for _, p in cells}))


def _in_card_order(texts: set[str]) -> tuple[str, ...]:
    return tuple(sorted(texts, key=lambda t: card_of(t).index))
