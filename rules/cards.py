"""Playing cards: ranks, suits, colours, jokers, canonical text and decks.

A card's canonical short text is its rank then its suit letter, with ``JK`` for
a joker; :func:`parse` accepts it (and a few lenient spellings) and ``str``
gives it back:

>>> parse("qh")
Card(rank=12, suit='H')
>>> str(parse("10S")), str(parse("JK"))
('10S', 'JK')
>>> parse("Q♥").name
'Queen of hearts'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from rules.errors import CardError

SUITS: Final = ("C", "D", "H", "S")
SUIT_NAMES: Final = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SINGULAR: Final = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
SUIT_SYMBOLS: Final = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_COLOURS: Final = {"C": "black", "S": "black", "D": "red", "H": "red"}
COLOURS: Final = ("red", "black")

RANKS: Final = tuple(range(1, 14))
RANK_TEXT: Final = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
RANK_NAMES: Final = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
RANK_PLURALS: Final = {r: n + "s" for r, n in RANK_NAMES.items()} | {6: "sixes"}
FACE_RANKS: Final = frozenset({11, 12, 13})
JOKER_RANK: Final = 0

_RANK_ALIASES: Final = {text: rank for rank, text in RANK_TEXT.items()} | {"T": 10, "1": 1}
_SUIT_ALIASES: Final = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()}

#: Number of distinct card kinds: 52 ordinary cards and the joker.
KIND_COUNT: Final = 53
JOKER_INDEX: Final = 52


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. ``rank`` is 1 (ace) to 13 (king), or 0 with ``suit`` "" for a joker."""

    rank: int
    suit: str
    #: A dense index 0..52 over card kinds (52 is the joker), for legality tables: worked
    #: out once, when the card is made, since every check reads it.
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit != "":
                raise CardError(f"a joker has no suit, got {self.suit!r}")
        elif self.rank not in RANK_TEXT or self.suit not in SUITS:
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")
        index = JOKER_INDEX if self.rank == JOKER_RANK else (
            (self.rank - 1) * 4 + SUITS.index(self.suit))
        object.__setattr__(self, "index", index)  # frozen: set once, here

    def __str__(self) -> str:
        return "JK" if self.is_joker else RANK_TEXT[self.rank] + self.suit

    @property
    def is_joker(self) -> bool:
        """True for a joker (which stands for a card its player names)."""
        return self.rank == JOKER_RANK

    @property
    def is_face(self) -> bool:
        """True for a jack, queen or king."""
        return self.rank in FACE_RANKS

    @property
    def is_number(self) -> bool:
        """True for an ace or a two to ten (every card that is neither face nor joker)."""
        return 1 <= self.rank <= 10

    @property
    def colour(self) -> str | None:
        """``"red"`` or ``"black"``; ``None`` for a joker."""
        return SUIT_COLOURS.get(self.suit)

    @property
    def symbol(self) -> str:
        """Short text with a suit symbol, for people: ``Q♥``, ``10♠``, ``🃏``."""
        return "🃏" if self.is_joker else RANK_TEXT[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Accessible English name: ``Queen of hearts``, ``Joker``."""
        if self.is_joker:
            return "Joker"
        return f"{RANK_NAMES[self.rank].capitalize()} of {SUIT_NAMES[self.suit]}"

    def value(self, aces_high: bool = False) -> int:
        """The card's numeric value: 1-13, or 14 for an ace when aces are high; 0 for a joker."""
        if self.rank == 1 and aces_high:
            return 14
        return self.rank


def parse(text: str) -> Card:
    """Parse a card's short text (``QH``, ``10s``, ``TS``, ``Q♥``, ``JK``); quote bad input."""
    if not isinstance(text, str):
        raise CardError(f"a card must be text such as 'QH', got {text!r}")
    cleaned = text.strip().upper()
    if cleaned in ("JK", "JOKER", "🃏"):
        return JOKER
    if len(cleaned) < 2:
        raise CardError(f"not a card: {text!r} (write rank then suit, e.g. 'QH', '10S', 'JK')")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    rank = _RANK_ALIASES.get(rank_text)
    suit = _SUIT_ALIASES.get(suit_text)
    if rank is None:
        raise CardError(f"not a card: {text!r} has no rank {rank_text!r} (A, 2-10, J, Q, K)")
    if suit is None:
        raise CardError(f"not a card: {text!r} has no suit {suit_text!r} (C, D, H, S)")
    return Card(rank, suit)


def parse_many(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas: ``"5C 6C,7C"``."""
    return tuple(parse(part) for part in text.replace(",", " ").split())


def parse_rank(text: str | int) -> int:
    """Parse a rank given as text (``"Q"``, ``"10"``) or a number 1-13."""
    if isinstance(text, bool):
        raise CardError(f"not a rank: {text!r}")
    if isinstance(text, int):
        if text in RANK_TEXT:
            return text
        raise CardError(f"not a rank: {text!r} (1-13)")
    rank = _RANK_ALIASES.get(str(text).strip().upper()) if isinstance(text, str) else None
    if rank is None:
        raise CardError(f"not a rank: {text!r} (A, 2-10, J, Q, K)")
    return rank


JOKER: Final = Card(JOKER_RANK, "")
STANDARD_CARDS: Final = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
#: Every card kind in index order: the 52 ordinary cards, then the joker.
ALL_KINDS: Final = (*STANDARD_CARDS, JOKER)


def kind(index: int) -> Card:
    """The card kind with this dense index (inverse of :attr:`Card.index`)."""
    return ALL_KINDS[index]


#: Every card kind by its canonical text (``"QH"``, ``"10S"``, ``"JK"``).
_BY_TEXT: Final = {str(card): card for card in ALL_KINDS}


def card_of(text: str) -> Card:
    """The card of a canonical text (as the engine stores cards), without parsing it again;
    any other text goes through :func:`parse`.

    >>> card_of("10S") == parse("10s")
    True
    """
    found = _BY_TEXT.get(text)
    return found if found is not None else parse(text)


def make_deck(decks: int = 1, jokers: bool = True) -> list[Card]:
    """A fresh unshuffled deck: ``decks`` copies of the 52 cards, plus two jokers per deck."""
    if decks not in (1, 2):
        raise CardError(f"decks must be 1 or 2, got {decks!r}")
    one = list(STANDARD_CARDS) + ([JOKER, JOKER] if jokers else [])
    return one * decks
