"""The situation the preview's grid is drawn in, and what the author chose of it.

Everything a rule reads beside the top card and the card played: cards under the top, hand
size, who plays, the suit named, the turn, the round so far. Each part is chosen or left on
*auto* (:mod:`games.authoring.focus`). Pure: :func:`read_choice` takes a getter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.digits import whole_number
from rules.cards import SUIT_NAMES, Card, parse, parse_many
from rules.conditions import Compare, Condition, HandCount, walk
from rules.context import PlayContext
from rules.errors import CardError
from rules.fields import MAX_DEPTH

#: Pile positions under the top that the situation can set: ``pile2`` to ``pile9``.
UNDER_DEPTHS = tuple(range(2, MAX_DEPTH + 1))
#: The most cards a hand can hold before a play (two decks and their jokers).
MAX_HAND = 108
#: Turns the situation may name (rules compare turns with constants up to 1000).
MAX_TURN = 10_000
#: The latest card of a round the situation may name (rules compare positions up to 1000).
MAX_POSITION = 1001
#: The most earlier cards of the round an author may type (windows reach 60 cards back).
MAX_EARLIER = 120
#: How many of the round's cards the caption lists before it says "..." for the older ones.
SHOWN_CARDS = 12
#: A pile choice left to the preview, and one saying "no card this deep".
AUTO, NO_CARD = "", "none"
#: What each part of a situation that the grid cannot vary is, in words.
BLIND_WORDS = {
    "hand": "which cards the player holds",
    "round": "the round number",
    "several": "several cards played at once",
}


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything of one play but the played and the top card.

    ``under`` lists the cards under the top, nearest first (``pile2``, ``pile3``...);
    ``hand`` is the hand size before the play; ``by_author`` whether the rule's author is
    playing; ``suit`` the suit named by a wild play (``None``: the top card's suit);
    ``earlier`` the cards laid this round before the pile shown, oldest first (the round's
    record is those, then the pile).
    """

    under: tuple[Card, ...] = ()
    hand: int = 5
    by_author: bool = False
    suit: str | None = None
    turn: int = 1
    earlier: tuple[Card, ...] = ()

    def record(self, top: Card) -> tuple[Card, ...]:
        """The round so far on ``top``: the earlier cards, then the pile, oldest first."""
        return (*self.earlier, *reversed(self.under), top)

    def position(self) -> int:
        """Which card of the round the play is (the round so far holds the starter)."""
        return len(self.earlier) + len(self.under) + 1

    def context(self, top: Card, author: int, players: int, round_: int) -> PlayContext:
        """The play of ``top`` on ``top`` in this situation; :meth:`PlayContext.with_played`
        turns it into any other card's play."""
        player = author if self.by_author else (author + 1) % players
        return PlayContext(top, (*reversed(self.under), top), active_suit=self.suit,
                           hand_before=self.hand, players=players, player=player,
                           turn=self.turn, round=round_, record=self.record(top))

    def words(self, top: Card) -> str:
        """The situation in one sentence, for the grid's caption."""
        who = "you (the rule's author)" if self.by_author else "another player"
        pile = "".join(f", over {c.symbol}" for c in self.under[:1])
        pile += "".join(f" and {c.symbol}" for c in self.under[1:])
        suit = (f"; the suit named is {SUIT_NAMES[self.suit]}" if self.suit else "")
        cards = "card" if self.hand == 1 else "cards"
        laid = self.record(top)
        listed = " ".join(c.symbol for c in laid[-SHOWN_CARDS:])
        so_far = f"{'… ' if len(laid) > SHOWN_CARDS else ''}{listed}"
        return (f"As played on {top.symbol}{pile} by {who}, holding {self.hand} {cards} "
                f"before the play, on turn {self.turn}, as card {self.position()} of the "
                f"round (laid so far, oldest first: {so_far}){suit}.")


@dataclass(frozen=True, slots=True)
class Choice:
    """What the author set of the situation; ``None`` (or :data:`AUTO` for a pile position)
    leaves that part to the preview.

    ``under`` holds one entry per :data:`UNDER_DEPTHS`: :data:`AUTO`, :data:`NO_CARD` or a
    card's code (``QH``). ``earlier`` holds the codes of the cards laid before the pile
    (oldest first); ``position`` which card of the round the play is: the earlier cards
    are then cut to fit (the oldest go) or lengthened with copies of the oldest.
    """

    under: tuple[str, ...] = (AUTO,) * len(UNDER_DEPTHS)
    hand: int | None = None
    by_author: bool | None = None
    suit: str | None = None
    suit_auto: bool = True
    turn: int | None = None
    position: int | None = None
    earlier: tuple[str, ...] | None = None

    def resolve(self, auto: Situation, top: Card | None = None) -> Situation:
        """The situation shown: each part as chosen, else as in ``auto``. The pile stops at
        the first position that holds no card; earlier cards lengthened to a chosen position
        copy the oldest card of the round (the pile's bottom, or ``top``, without any)."""
        under: list[Card] = []
        for depth, chosen in enumerate(self.under):
            if chosen == AUTO:
                card = auto.under[depth] if depth < len(auto.under) else None
            else:
                card = None if chosen == NO_CARD else parse(chosen)
            if card is None:
                break
            under.append(card)
        earlier = auto.earlier if self.earlier is None else tuple(map(parse, self.earlier))
        if self.position is not None:
            wanted = max(0, self.position - 1 - len(under))
            earlier = earlier[len(earlier) - wanted:] if wanted else ()
            if len(earlier) < wanted:
                oldest = earlier[0] if earlier else under[-1] if under else top
                earlier = (oldest,) * (wanted - len(earlier)) + earlier if oldest else ()
        return Situation(
            tuple(under),
            auto.hand if self.hand is None else self.hand,
            auto.by_author if self.by_author is None else self.by_author,
            auto.suit if self.suit_auto else self.suit,
            auto.turn if self.turn is None else self.turn,
            earlier)

    def fields(self) -> list[tuple[str, str]]:
        """The choice as form fields (name, value), to carry it while the preview is not
        drawn (an unfinished rule)."""
        found = [(f"sit-pile{d}", v) for d, v in zip(UNDER_DEPTHS, self.under, strict=True)]
        found += [("sit-hand", "" if self.hand is None else str(self.hand)),
                  ("sit-player", {None: "auto", True: "you", False: "other"}[self.by_author]),
                  ("sit-suit", "auto" if self.suit_auto else (self.suit or "top")),
                  ("sit-turn", "" if self.turn is None else str(self.turn)),
                  ("sit-position", "" if self.position is None else str(self.position)),
                  ("sit-earlier", "" if self.earlier is None else " ".join(self.earlier))]
        return found


def _number(text: str | None, low: int, high: int) -> int | None:
    value = whole_number((text or "").strip(), 6)
    return value if value is not None and low <= value <= high else None


def _pile_entry(text: str | None) -> str:
    text = (text or "").strip()
    if text in (AUTO, NO_CARD):
        return text
    try:
        card = parse(text)
    except CardError:
        return AUTO
    return AUTO if card.is_joker else str(card)


def _cards(text: str | None) -> tuple[str, ...] | None:
    """Cards typed (``5H 7C, QS``) as canonical codes; ``None`` (auto) for nothing, for
    anything that is not cards, jokers or more than :data:`MAX_EARLIER` of them."""
    try:
        cards = parse_many((text or "")[:MAX_EARLIER * 4])
    except CardError:
        return None
    if not cards or len(cards) > MAX_EARLIER or any(c.is_joker for c in cards):
        return None
    return tuple(str(c) for c in cards)


def read_choice(get: Callable[[str], str | None]) -> Choice:
    """The author's choice from form fields (``sit-pile2``..., ``sit-hand``, ``sit-player``,
    ``sit-suit``, ``sit-turn``, ``sit-position``, ``sit-earlier``); anything unreadable is
    left on auto. Never raises."""
    suit = (get("sit-suit") or "auto").strip()
    player = (get("sit-player") or "auto").strip()
    return Choice(
        tuple(_pile_entry(get(f"sit-pile{d}")) for d in UNDER_DEPTHS),
        _number(get("sit-hand"), 1, MAX_HAND),
        {"you": True, "other": False}.get(player),
        suit if suit in ("C", "D", "H", "S") else None,
        suit not in ("C", "D", "H", "S", "top"),
        _number(get("sit-turn"), 1, MAX_TURN),
        _number(get("sit-position"), 1, MAX_POSITION),
        _cards(get("sit-earlier")))


def reads_of(conditions: Sequence[Condition]) -> frozenset[str]:
    """Every part of the situation that ``conditions`` read."""
    nodes = [n for c in conditions for n in walk(c)]
    return frozenset().union(*(n.reads() for n in nodes)) if nodes else frozenset()


def depth_read(conditions: Sequence[Condition]) -> int:
    """How deep under the top the situation must reach for ``conditions``: the deepest
    ``pileN`` read, and a run of equal ranks one longer than any run length compared."""
    reads = reads_of(conditions)
    depth = max([int(s[4:]) for s in reads if s.startswith("pile")], default=1)
    runs = [n.value + 1 for c in conditions for n in walk(c)
            if isinstance(n, Compare) and n.what == "run_length"]
    return min(MAX_DEPTH, max([depth, *runs]))


def constants(conditions: Sequence[Condition], what: Sequence[str]) -> list[int]:
    """The constants that ``conditions`` compare the quantities ``what`` with, as values of
    the first of them (``hand_after`` is one less than ``hand_before``)."""
    found = []
    for node in (n for c in conditions for n in walk(c)):
        if isinstance(node, Compare) and node.what in what:
            found.append(node.value + (1 if node.what == "hand_after" else 0))
    return found


def blind_spots(conditions: Sequence[Condition], kind: str) -> list[str]:
    """What a rule reads that the grid cannot vary, in words (:data:`BLIND_WORDS`)."""
    reads = set(reads_of(conditions))
    if any(isinstance(n, HandCount) for c in conditions for n in walk(c)):
        reads.add("hand")
    if kind == "permission":
        reads.add("several")
    if kind == "instant_win":
        reads.add("hand")
    return [words for part, words in BLIND_WORDS.items() if part in reads]
