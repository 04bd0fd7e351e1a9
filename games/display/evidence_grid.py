"""The evidence grid arranged for reading: by rank (card order), grouped by suit or by
colour (so a pattern about suits or colours lines up), or only what was seen, listed by
top card (compact enough for a phone).

Pure presentation of a :class:`~games.deduction.notebook.Grid`: the same cells whatever
the arrangement, only their order and grouping change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.deduction.notebook import Grid
from rules.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, card_of

#: The arrangements a viewer may choose (the ``arrange`` parameter), with their labels.
ARRANGEMENTS: dict[str, str] = {"rank": "By rank", "suit": "By suit", "colour": "By colour",
                                "seen": "Only what was seen"}
#: The arrangement until a viewer chooses another.
DEFAULT = "rank"


def arrangement(raw: object) -> str | None:
    """The arrangement named by ``raw`` (a query parameter), or ``None`` if it names none."""
    return raw if isinstance(raw, str) and raw in ARRANGEMENTS else None


@dataclass(frozen=True, slots=True)
class Seen:
    """A played card in the compact view, with how many times it happened."""

    symbol: str
    colour: str
    times: int

    @property
    def text(self) -> str:
        """``7♦`` or ``7♦ ×2``."""
        return self.symbol + (f" ×{self.times}" if self.times > 1 else "")


@dataclass(frozen=True, slots=True)
class SeenRow:
    """What was played on one top card: refused, and let through."""

    top: str
    colour: str
    refused: tuple[Seen, ...]
    through: tuple[Seen, ...]


@dataclass(frozen=True, slots=True)
class Group:
    """A run of rows or columns under one heading (``label`` empty: no heading)."""

    label: str
    size: int


def _colour(text: str) -> str:
    card = card_of(text)
    return "joker" if card.is_joker else (card.colour or "")


def _group(how: str) -> Callable[[str], tuple[int, str]]:
    """Each card's group under ``how``: its place among the groups, and their heading."""
    def by_suit(text: str) -> tuple[int, str]:
        card = card_of(text)
        if card.is_joker:
            return len(SUITS), "Jokers"
        return SUITS.index(card.suit), f"{SUIT_NAMES[card.suit].capitalize()} " \
                                       f"{SUIT_SYMBOLS[card.suit]}"

    def by_colour(text: str) -> tuple[int, str]:
        card = card_of(text)
        if card.is_joker:
            return 2, "Jokers"
        return (0, "Black ♣ ♠") if card.colour == "black" else (1, "Red ♦ ♥")

    if how == "colour":
        return by_colour
    if how in ("suit", "seen"):
        return by_suit
    return lambda text: (0, "")


def ordered(texts: tuple[str, ...], how: str) -> tuple[tuple[str, ...], tuple[Group, ...]]:
    """``texts`` (cards) in the order of ``how``, with the groups they fall in (by rank:
    one group without a heading). Within a group, by rank, then suit."""
    group = _group(how)

    def key(text: str) -> tuple[int, int, int]:
        card = card_of(text)
        return group(text)[0], card.rank, card.index

    found = tuple(sorted(texts, key=key))
    groups: list[Group] = []
    for text in found:
        label = group(text)[1]
        if groups and groups[-1].label == label:
            groups[-1] = Group(label, groups[-1].size + 1)
        else:
            groups.append(Group(label, 1))
    return found, tuple(groups)


def seen_rows(found: Grid) -> tuple[SeenRow, ...]:
    """The compact view: one row per top card seen (by suit), with the cards refused on it
    and let through on it (by suit), each with how many times."""
    tops, _ = ordered(found.tops, "seen")
    played, _ = ordered(found.played, "seen")
    rows = []
    for top in tops:
        refused, through = [], []
        for card in played:
            cell = found.cell(top, card)
            if cell is None:
                continue
            symbol = card_of(card).symbol
            if cell.refused:
                refused.append(Seen(symbol, _colour(card), cell.refused))
            if cell.through:
                through.append(Seen(symbol, _colour(card), cell.through))
        rows.append(SeenRow(card_of(top).symbol, _colour(top), tuple(refused), tuple(through)))
    return tuple(rows)
