"""The notebook's evidence as the page draws it: typed rows built from a public record.

Everything here is a function of a :class:`~games.deduction.record.PublicRecord` read as a
spectator would (:data:`None` viewer), so one rendering serves every screen of a game at
one version: the evidence is what the whole table watched, nobody's own hand. The evidence
grids are built apart (:func:`grid_pair`), on request.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.deduction.notebook import Entry, Grid, entries, grid
from games.deduction.record import Attempt, PublicRecord
from games.display.evidence_grid import (
    ARRANGEMENTS,
    DEFAULT,
    Group,
    SeenRow,
    ordered,
    seen_rows,
)
from rules.cards import card_of
from rules.effects import Effect
from rules.english import describe_effect


@dataclass(frozen=True, slots=True)
class Face:
    """A card as the notebook writes it: its symbol, its colour for the page, its name."""

    symbol: str
    colour: str
    name: str

    @classmethod
    def of(cls, text: str) -> Face:
        """The face of a card given as canonical text."""
        card = card_of(text)
        colour = "joker" if card.is_joker else (card.colour or "")
        return cls(card.symbol, colour, card.name)


#: How many cards under the one a refused play went on the table's notebook shows.
UNDER_SHOWN = 3


@dataclass(frozen=True, slots=True)
class Line:
    """One observation in words, with where it happened; ``several``: a refusal by more
    than one rule (the notebook's filter keeps only those).

    A refusal's sentence is cut where the pile goes: ``text`` up to the card it went on,
    ``under`` the cards beneath that one (nearest first, as far as the rules can see), and
    ``rest`` the end of the sentence; the page draws the pile small, and the table's
    notebook shows its nearest :data:`UNDER_SHOWN` cards and how many more lie below.
    """

    round: int
    turn: int | None
    text: str
    several: bool = False
    under: tuple[str, ...] = ()
    rest: str = ""

    @property
    def sentence(self) -> str:
        """The whole sentence as plain text."""
        pile = f" (over {' '.join(self.under)})" if self.under else ""
        return f"{self.text}{pile}{self.rest}"

    @property
    def under_near(self) -> tuple[str, ...]:
        """The nearest :data:`UNDER_SHOWN` cards of :attr:`under`."""
        return self.under[:UNDER_SHOWN]

    @property
    def under_far(self) -> tuple[str, ...]:
        """The cards of :attr:`under` below those (counted, not shown, at the table)."""
        return self.under[UNDER_SHOWN:]

    @property
    def when(self) -> str:
        """``R1 · T12``: the round and turn, short."""
        return f"R{self.round}" + (f" · T{self.turn}" if self.turn is not None else "")


@dataclass(frozen=True, slots=True)
class CellView:
    """One (top, played) pair of a grid: how often refused, how often let through."""

    refused: int
    through: int
    label: str

    @property
    def mark(self) -> str:
        """``refused``, ``through`` or ``mixed`` (for the colour of the cell)."""
        if self.refused and self.through:
            return "mixed"
        return "refused" if self.refused else "through"

    @property
    def short(self) -> str:
        """What the cell shows: ``✗2``, ``✓``, ``✗1 ✓3``."""
        parts = []
        if self.refused:
            parts.append("✗" + (str(self.refused) if self.refused > 1 else ""))
        if self.through:
            parts.append("✓" + (str(self.through) if self.through > 1 else ""))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class GridRow:
    """The plays on one top card, one cell per played card of the grid (``None``: untried)."""

    top: Face
    cells: tuple[CellView | None, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """A run of the grid's rows under one heading (``label`` empty: no heading)."""

    label: str
    rows: tuple[GridRow, ...]


@dataclass(frozen=True, slots=True)
class GridView:
    """An evidence grid: played cards across, top cards down, arranged as ``how`` says
    (:data:`games.display.evidence_grid.ARRANGEMENTS`): the columns in ``column_groups``
    and the rows in ``sections``, or for ``seen``, the compact rows of :attr:`seen`."""

    columns: tuple[Face, ...]
    rows: tuple[GridRow, ...]
    refused_word: str
    how: str = DEFAULT
    column_groups: tuple[Group, ...] = ()
    sections: tuple[Section, ...] = ()
    seen: tuple[SeenRow, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether no pair has been observed."""
        return not self.rows

    @property
    def grouped(self) -> bool:
        """Whether the columns and rows are grouped under headings."""
        return any(g.label for g in self.column_groups)


@dataclass(frozen=True, slots=True)
class JargonView:
    """Everything seen of one jargon, for its section of the notebook."""

    jargon: str
    anchor: str
    author: str
    since: int
    refusals: tuple[Line, ...]
    firings: tuple[Line, ...]
    calls: tuple[Line, ...]
    wins: tuple[Line, ...]
    let_through: int
    #: A preset's house rule: what it says, known to everyone ("": a rule to work out).
    known: str = ""

    @property
    def summary(self) -> str:
        """``refused 3 · fired 1 · let 14 through``."""
        parts = []
        if self.refusals:
            parts.append(f"refused {len(self.refusals)}")
        if self.firings:
            parts.append(f"fired {len(self.firings)}×")
        if self.calls:
            parts.append(f"penalised words {len(self.calls)}×")
        if self.wins:
            parts.append(f"won {len(self.wins)}×")
        parts.append(f"let {self.let_through} through")
        return " · ".join(parts)


@dataclass(frozen=True, slots=True)
class EvidenceView:
    """The evidence section: every jargon seen, and what all plays came to."""

    plays: int
    refused: int
    several: int
    jargons: tuple[JargonView, ...]
    #: The preset's house rules (jargon, English), listed as known from the start.
    house: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class GridPair:
    """The evidence grid of one jargon (``""``: of all plays together), as of ``version``,
    with its twin of the plays refused by several rules only (the notebook's filter)."""

    jargon: str
    version: int
    grid: GridView
    several: GridView

    @property
    def title(self) -> str:
        """``Gronk`` or ``All plays``."""
        return self.jargon or "All plays"

    @property
    def anchor(self) -> str:
        """A stable id for this pair's grids on a page."""
        return anchor(self.jargon or "all plays") + "-grid"

    @property
    def how(self) -> str:
        """How the grids are arranged."""
        return self.grid.how

    @property
    def arrangements(self) -> tuple[tuple[str, str], ...]:
        """The arrangements to choose from: (value, label)."""
        return tuple(ARRANGEMENTS.items())


def anchor(jargon: str) -> str:
    """A stable id for a jargon's section (``nb-gronk-1a2b3c4d``): letters and a checksum,
    the same in every process."""
    slug = re.sub(r"[^a-z0-9]+", "-", jargon.casefold()).strip("-")[:24] or "rule"
    return f"nb-{slug}-{zlib.crc32(jargon.encode()):08x}"


def _played(attempt: Attempt) -> str:
    return " ".join(card_of(c).symbol if c == s else f"🃏 as {card_of(s).symbol}"
                    for c, s in zip(attempt.cards, attempt.stands_for, strict=True))


def _card(text: str) -> str:
    return card_of(text).symbol


def _effects(effects: tuple[Effect, ...]) -> str:
    return "; ".join(describe_effect(e) for e in effects) or "it fired"


def _on(attempt: Attempt) -> str:
    top = attempt.top
    return f" on {card_of(top).symbol}" if top else ""


def _words(attempt: Attempt) -> str:
    return f", saying “{attempt.said}”" if attempt.said else ", saying nothing"


def _holding(attempt: Attempt) -> str:
    if attempt.situation is None:
        return ""
    n = attempt.situation.hand_before
    return f", holding {n} card{'s' if n != 1 else ''}"


def _turn(attempt: Attempt) -> int | None:
    return attempt.situation.turn if attempt.situation else None


def _line(attempt: Attempt, text: str, several: bool = False) -> Line:
    return Line(attempt.round, _turn(attempt), text, several)


def _under(attempt: Attempt) -> tuple[str, ...]:
    """The cards under the one ``attempt`` went on, nearest first."""
    if attempt.situation is None:
        return ()
    return tuple(card_of(c).symbol for c in reversed(attempt.situation.under[:-1]))


def _refusal(attempt: Attempt, jargon: str, names: tuple[str, ...]) -> Line:
    others = [j for j in attempt.broken if j != jargon]
    also = f"; also refused by {', '.join(others)}" if others else ""
    return Line(attempt.round, _turn(attempt),
                f"{names[attempt.seat]} tried {_played(attempt)}{_on(attempt)}",
                several=bool(others), under=_under(attempt) if attempt.top else (),
                rest=f"{_holding(attempt)}{_words(attempt)}{also}.")


def _jargon_view(entry: Entry, record: PublicRecord,
                 house: Mapping[str, str]) -> JargonView:
    names = record.names
    refusals = tuple(_refusal(a, entry.jargon, names) for a in entry.refusals)
    firings = tuple(_line(a, f"{names[a.seat]} played {_card(f.card) if f.card else _played(a)}"
                             f"{_on(a)}: " + _effects(f.effects) + ".")
                    for a, f in entry.firings)
    calls = tuple(_line(a, f"{names[a.seat]} played {_played(a)}{_on(a)}{_words(a)}: "
                           + ("words were owed." if c.required else "those words were not wanted."))
                  for a, c in entry.calls)
    wins = tuple(Line(c.round, None, f"{names[c.seat]} revealed "
                                     f"{' '.join(card_of(x).symbol for x in c.hand)} and won.")
                 for c in record.claims if c.won_by == entry.jargon)
    seat = entry.sighting.author
    # A rule no player wrote (a preset's house rule or law) speaks for the house.
    author = "the house" if seat is None else names[seat] if seat < len(names) else "?"
    return JargonView(
        jargon=entry.jargon, anchor=anchor(entry.jargon), author=author,
        since=entry.sighting.since, refusals=refusals, firings=firings, calls=calls, wins=wins,
        let_through=entry.let_through,
        known=house.get(entry.jargon, "") if seat is None else "")


def grid_view(found: Grid, refused_word: str = "refused", how: str = DEFAULT) -> GridView:
    """A grid as rows of cells with their labels for screen readers, arranged as ``how``
    says (:data:`games.display.evidence_grid.ARRANGEMENTS`)."""
    played_order, column_groups = ordered(found.played, how)
    top_order, row_groups = ordered(found.tops, how)
    columns = tuple(Face.of(p) for p in played_order)
    rows = []
    for top in top_order:
        cells: list[CellView | None] = []
        for played in played_order:
            cell = found.cell(top, played)
            if cell is None:
                cells.append(None)
                continue
            what = []
            if cell.refused:
                what.append(f"{refused_word} {cell.refused}×")
            if cell.through:
                what.append(f"let through {cell.through}×")
            label = f"{card_of(played).symbol} on {card_of(top).symbol}: {', '.join(what)}"
            cells.append(CellView(cell.refused, cell.through, label))
        rows.append(GridRow(Face.of(top), tuple(cells)))
    sections, start = [], 0
    for group in row_groups:
        sections.append(Section(group.label, tuple(rows[start:start + group.size])))
        start += group.size
    return GridView(columns, tuple(rows), refused_word, how, column_groups, tuple(sections),
                    seen_rows(found) if how == "seen" else ())


def evidence_view(record: PublicRecord, house: Mapping[str, str] | None = None) -> EvidenceView:
    """The notebook's evidence section for ``record`` (a spectator's record of the game);
    ``house``: the preset's house rules by jargon (public), known rather than guessed."""
    house = house or {}
    return EvidenceView(
        plays=len(record.attempts),
        refused=sum(1 for a in record.attempts if not a.accepted),
        several=sum(1 for a in record.attempts if len(a.broken) > 1),
        jargons=tuple(_jargon_view(e, record, house) for e in entries(record)),
        house=tuple(house.items()))


#: How many of the latest lines of each list the table's notebook shows (the page: all).
RECENT = 8


def evidence_context(record: PublicRecord, code: str, full: bool = False,
                     house: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What ``games/notebook/evidence.html#evidence`` reads for ``record`` (``full``: the
    notebook page; else the latest :data:`RECENT` lines)."""
    return {"evidence": evidence_view(record, house), "code": code, "full": full, "recent": RECENT,
            "minus_recent": -RECENT, "cap": ":" if full else f"-{RECENT}:"}


def grid_pair(record: PublicRecord, jargon: str, version: int, how: str = DEFAULT
              ) -> GridPair:
    """The evidence grids of ``jargon`` (``""``: all plays), arranged as ``how`` says,
    built on request only."""
    of = jargon or None
    word = f"refused by {jargon}" if jargon else "refused"
    return GridPair(jargon, version, grid_view(grid(record, of), word, how),
                    grid_view(grid(record, of, several_only=True), word, how))
