"""The candidate space's vocabulary: simple card tests, relations and phrases, and what a
candidate reads of a situation (:data:`Point`).

The parts :mod:`games.deduction.candidates` builds its candidates from: top-card tests
(:func:`atoms`), the rests of each kind (:func:`parts`) and the phrases a call may ask for.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final, Literal

from rules.cards import (
    RANK_NAMES,
    RANK_TEXT,
    STANDARD_CARDS,
    SUIT_NAMES,
    SUIT_SINGULAR,
    SUITS,
    Card,
)
from rules.conditions import card_mask, read_condition
from rules.context import PlayContext
from rules.errors import RuleError
from rules.evaluation import relation_holds
from rules.phrases import check_template, words

JSON = dict[str, Any]
#: Every one of the 52 ordinary cards (a joker is judged as the card it stands for).
FULL = (1 << 52) - 1
#: How much less likely each point of cost makes a candidate (the prior).
COST_BASE = 4.0


# --- The vocabulary: simple card tests, relations, phrases ---------------------------------


@dataclass(frozen=True, slots=True)
class Atom:
    """A test of one card's own properties as people write them: ``test`` about the played
    card (``of`` is changed for another), possibly ``negated``, the 52 cards that pass it
    (``mask``) and its ``cost`` (simpler tests are likelier). ``test`` is ``None`` for the
    test every card passes."""

    test: JSON | None
    negated: bool
    mask: int
    cost: float

    def on(self, subject: str) -> JSON | None:
        """The test of the card ``subject`` (``None``: no test at all)."""
        test = self.plain(subject)
        if test is None:
            return None
        return {"type": "not", "of": test} if self.negated else test

    def plain(self, subject: str) -> JSON | None:
        """The test without its negation, of the card ``subject``."""
        return None if self.test is None else _about(self.test, subject)

    @property
    def positive(self) -> JSON | None:
        """The test without its negation, about the played card."""
        return self.plain("played")


def _about(test: JSON, subject: str) -> JSON:
    """A card test (or all of several) of the card ``subject``."""
    if test["type"] == "all":
        return {"type": "all", "of": [_about(t, subject) for t in test["of"]]}
    return {**test, "of": subject}


ALWAYS = Atom(None, False, FULL, 0.0)


def _plain_tests() -> list[tuple[JSON, float]]:
    """Card tests people write, cheapest first (rules/examples and rules.generate's)."""
    found: list[tuple[JSON, float]] = [
        ({"type": "face"}, 1.0), ({"type": "number"}, 1.0),
        ({"type": "colour", "is": "red"}, 1.0), ({"type": "colour", "is": "black"}, 1.0)]
    found += [({"type": "suit", "in": [s]}, 1.5) for s in SUITS]
    found += [({"type": "rank", "in": [RANK_TEXT[r]]}, 1.5) for r in range(1, 14)]
    found += [({"type": "parity", "is": p}, 2.0) for p in ("even", "odd")]
    found += [({"type": "value", "op": op, "value": v}, 2.5)
              for op in ("<=", ">=") for v in range(2, 14)]
    found += [({"type": "suit", "in": list(pair)}, 2.5)
              for pair in itertools.combinations(SUITS, 2)]
    kinds: list[JSON] = [{"type": "face"}, {"type": "number"}]
    found += [({"type": "all", "of": [{"type": "colour", "is": c}, k]}, 2.5)
              for c in ("red", "black") for k in kinds]
    found += [({"type": "all", "of": [{"type": "suit", "in": [s]}, k]}, 2.5)
              for s in SUITS for k in kinds]
    parities: list[JSON] = [{"type": "parity", "is": "even"}, {"type": "parity", "is": "odd"}]
    found += [({"type": "all", "of": [{"type": "colour", "is": c}, k]}, 3.0)
              for c in ("red", "black") for k in parities]
    found += [({"type": "all", "of": [{"type": "suit", "in": [s]}, k]}, 3.0)
              for s in SUITS for k in parities]
    found += [({"type": "rank", "in": [RANK_TEXT[a], RANK_TEXT[b]]}, 3.0)
              for a, b in itertools.combinations(range(1, 14), 2)]
    return found


@lru_cache(maxsize=2)
def atoms(aces_high: bool) -> tuple[Atom, ...]:
    """Every simple card test once per set of cards it passes (the cheapest way to write
    it), with their negations, cheapest first; the test of nothing at all comes first."""
    found: dict[int, Atom] = {}
    plain = []
    for test, cost in _plain_tests():
        mask = (card_mask(read_condition(_about(test, "played"), "test"), aces_high)
                or 0) & FULL
        if mask not in (0, FULL) and mask not in found:
            found[mask] = Atom(test, False, mask, cost)
            plain.append(found[mask])
    for atom in plain:
        # "Not a five" is written less often than "a five", but it is written.
        other = FULL & ~atom.mask
        if other not in found:
            found[other] = Atom(atom.test, True, other, atom.cost + 1.5)
    ordered = sorted(found.values(), key=lambda a: a.cost)
    return (ALWAYS, *ordered)


#: Relations of the played card to the top card, with their cost. Following the active
#: suit is the classic "follow suit"; it costs less than same_suit, which agrees with it
#: until a wild card names a suit.
_RELATIONS: tuple[tuple[JSON, float], ...] = (
    ({"type": "follows_active_suit"}, 1.0),
    ({"type": "relation", "rel": "same_suit"}, 1.1),
    ({"type": "relation", "rel": "same_rank"}, 1.0),
    ({"type": "any", "of": [{"type": "relation", "rel": "same_suit"},
                            {"type": "relation", "rel": "same_rank"}]}, 1.5),
    ({"type": "relation", "rel": "same_colour"}, 1.5),
    ({"type": "relation", "rel": "higher"}, 1.5),
    ({"type": "relation", "rel": "lower"}, 1.5),
    ({"type": "relation", "rel": "one_higher"}, 2.0),
    ({"type": "relation", "rel": "one_lower"}, 2.0),
    ({"type": "relation", "rel": "adjacent"}, 2.0),
    ({"type": "relation", "rel": "adjacent_wrap"}, 2.5),
    *(({"type": "relation", "rel": "differs_by_at_least", "n": n}, 3.0) for n in range(2, 7)),
)
#: What the played card (or the card under the top) may have to be for a relation to
#: matter ("a number card may not be played on a lower number card").
_GUARDS = (None, {"type": "face"}, {"type": "number"}, {"type": "colour", "is": "red"},
           {"type": "colour", "is": "black"}, {"type": "parity", "is": "even"},
           {"type": "parity", "is": "odd"})
_GUARD_COST = 1.0
#: Hand sizes a call may care about ("Mao" with one card left).
_HAND_SIZES = (0, 1, 2)
#: Phrases people ask for (rules.generate's, the examples'), cheapest first.
PHRASES: tuple[tuple[str, float], ...] = (
    ("Mao", 1.0), ("{rank} of {suit}", 1.0), ("Have a {very} nice day", 1.5),
    ("{card}", 2.0), ("pass the {rank}", 2.5), ("pass the {suit}", 2.5),
    ("pass the {suit_one}", 2.5), ("pass the {colour}", 2.5), ("pass the {card}", 2.5),
    ("pass the {very}", 3.0),
)


#: A situation as the candidates read it: the indices of the card played, the top card and
#: the card under it (-1: none), whether the played card follows the active suit, the
#: hand size the play leaves, and the active suit (0-3, -1: none). Worked out once per
#: situation (:func:`point`).
Point = tuple[int, int, int, bool, int, int]
#: What a call's penalty (or none) says of a candidate phrase there: the rule was required
#: (``True``) or not (``False``), either (``None``), or no candidate explains it.
UNEXPLAINED: Final = "unexplained"
Reading = bool | Literal["unexplained"] | None
#: A test of a situation (true when not zero).
Test = Callable[[Point], int]
#: Which played cards pass a test, given the rest of a situation (the top card, the card
#: under it, the active suit, the hand size a play leaves): a bit per card.
Cards = Callable[[int, int, int, int], int]
#: The cards of each suit, as bits.
SUIT_CARDS = tuple(sum(1 << c.index for c in STANDARD_CARDS if c.suit == s) for s in SUITS)


def point(ctx: PlayContext) -> Point:
    """What the candidates read of a situation."""
    top, under = ctx.top, ctx.card("pile2")
    return (ctx.played.index, top.index if top is not None else -1,
            under.index if under is not None else -1, ctx.played.suit == ctx.active_suit,
            ctx.hand_after, SUITS.index(ctx.active_suit) if ctx.active_suit in SUITS else -1)


@dataclass(frozen=True, slots=True)
class Part:
    """What a candidate says beyond the top card: a condition about the play (as one
    condition, for a trigger's or call's ``when``) and, for a restriction that refuses
    when it holds, how to write it: an extra ``guard`` for ``when`` and the ``must`` or
    ``must_not`` field. ``holds`` tests a :data:`Point` exactly as the rule language
    judges ``condition``, and ``cards`` gives the played cards it holds for in the rest of
    a situation, all at once (a test holds both to that)."""

    condition: JSON | None
    guard: JSON | None
    field: str
    body: JSON | None
    cost: float
    holds: Test
    cards: Cards


def all_of(parts: Iterable[JSON | None]) -> JSON | None:
    present = [p for p in parts if p is not None]
    if not present:
        return None
    return present[0] if len(present) == 1 else {"type": "all", "of": present}


def _card(atom: Atom, subject: str) -> Test:
    """The test of one card (played, or under the top: false when there is none, so true
    when negated)."""
    mask = atom.mask
    if subject == "played":
        return lambda pt: mask >> pt[0] & 1
    missing = int(atom.negated)
    return lambda pt: mask >> pt[2] & 1 if pt[2] >= 0 else missing


def _card_cards(atom: Atom, subject: str) -> Cards:
    """:func:`_card` for every played card at once."""
    mask = atom.mask
    if subject == "played":
        return lambda t, u, s, h: mask
    missing = FULL if atom.negated else 0
    return lambda t, u, s, h: (FULL if mask >> u & 1 else 0) if u >= 0 else missing


def _relation_table(relation: JSON, aces_high: bool) -> bytes | None:
    """Whether each played card (row) relates to each top card, for a relation or an
    ``any`` of relations (``None``: following the active suit, read from the point)."""
    if relation["type"] == "any":
        tables = [_relation_table(r, aces_high) for r in relation["of"]]
        return bytes(any(t[i] for t in tables if t is not None) for i in range(52 * 52))
    if relation["type"] != "relation":
        return None
    return bytes(relation_holds(relation["rel"], a, b, aces_high, relation.get("n", 0))
                 for a in STANDARD_CARDS for b in STANDARD_CARDS)


def _related(table: bytes | None, negated: bool, guard: Test | None) -> Test:
    """The relation holds (or, ``negated``, fails), where the guard holds."""
    if table is None:
        def related(pt: Point) -> int:
            return pt[3]
    else:
        def related(pt: Point) -> int:
            return pt[1] >= 0 and table[pt[0] * 52 + pt[1]]
    if guard is None:
        if negated:
            return lambda pt: not related(pt)
        return related
    if negated:
        return lambda pt: guard(pt) and not related(pt)
    return lambda pt: guard(pt) and related(pt)


def _related_cards(table: bytes | None, negated: bool, guard: tuple[str, int] | None
                   ) -> Cards:
    """:func:`_related` for every played card at once (the played cards that relate to a
    top card are worked out once per top card)."""
    by_top: dict[int, int] = {}

    def related(t: int, s: int) -> int:
        if table is None:
            return SUIT_CARDS[s] if s >= 0 else 0
        found = by_top.get(t)
        if found is None:
            found = by_top[t] = (sum(1 << p for p in range(52) if table[p * 52 + t])
                                 if t >= 0 else 0)
        return found

    subject, mask = guard if guard is not None else ("", FULL)

    def cards(t: int, u: int, s: int, h: int) -> int:
        if subject == "pile2" and not (u >= 0 and mask >> u & 1):
            return 0
        found = FULL & ~related(t, s) if negated else related(t, s)
        return found & mask if subject == "played" else found

    return cards


def _always(pt: Point) -> int:
    return 1


def _every(t: int, u: int, s: int, h: int) -> int:
    return FULL


def _leaving(n: int) -> tuple[Test, Cards]:
    """The play leaves ``n`` cards in the hand."""
    return (lambda pt: pt[4] == n), (lambda t, u, s, h: FULL if h == n else 0)


@lru_cache(maxsize=8)
def parts(kind: str, aces_high: bool) -> tuple[Part, ...]:
    """The rests of the candidates of one kind of rule (see the module docstring).

    ``unseen`` is a lighter space of restrictions, for the rules nobody has seen yet; it
    and calls (whose rests are multiplied by the phrases) leave out the relations that
    only hold for some played cards or some cards under the top."""
    found: list[Part] = []
    for atom in atoms(aces_high):
        if atom.test is None:
            # On every card: a trigger or call that always speaks, or a restriction that
            # refuses everything (on some top card).
            body = {"type": "always"} if kind in ("restriction", "unseen") else None
            found.append(Part(None, None, "must_not", body, 2.0, _always, _every))
            continue
        played = atom.on("played")
        found.append(Part(played, None, "must" if atom.negated else "must_not",
                          atom.positive if atom.negated else played, atom.cost,
                          _card(atom, "played"), _card_cards(atom, "played")))
    # The card under the top: "nothing goes on a number card lying on a heart".
    for atom in atoms(aces_high)[1:]:
        under = atom.on("pile2")
        found.append(Part(under, None, "must" if atom.negated else "must_not",
                          atom.plain("pile2") if atom.negated else under, atom.cost + 1.0,
                          _card(atom, "pile2"), _card_cards(atom, "pile2")))
    if kind == "call":
        for n in _HAND_SIZES:
            size = {"type": "compare", "what": "hand_after", "op": "==", "value": n}
            found.append(Part(size, None, "", None, 1.5, *_leaving(n)))
    signs = (False, True) if kind in ("restriction", "unseen") else (False,)
    # Each relation's table is built once, not once per guard and sign.
    relations = [(relation, cost, _relation_table(relation, aces_high))
                 for relation, cost in _RELATIONS]
    by_test = {json.dumps(a.test, sort_keys=True): a for a in atoms(aces_high)
               if a.test is not None and not a.negated}
    guards: list[tuple[JSON | None, float, Test | None, tuple[str, int] | None]] = [
        (None, 0.0, None, None)]
    for subject in () if kind in ("call", "unseen") else ("played", "pile2"):
        for guard in _GUARDS[1:]:
            atom = by_test[json.dumps(guard, sort_keys=True)]
            guards.append(({**guard, "of": subject}, _GUARD_COST + (subject != "played"),
                           _card(atom, subject), (subject, atom.mask)))
    for guard_json, guard_cost, passes, bits in guards:
        for relation, cost, table in relations:
            for negated in signs:
                holds = {"type": "not", "of": relation} if negated else relation
                found.append(Part(all_of([guard_json, holds]), guard_json,
                                  "must" if negated else "must_not", relation,
                                  cost + guard_cost, _related(table, negated, passes),
                                  _related_cards(table, negated, bits)))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Tops:
    """The tests of the top card a candidate may make (the first: none), as bits of an
    integer: ``containing[i]`` has the bits of the tests card ``i`` passes, and the bits of
    equal cost are grouped to weigh a set of tests quickly."""

    atoms: tuple[Atom, ...]
    containing: tuple[int, ...]
    every: int
    classes: tuple[tuple[int, float], ...]

    memo: dict[int, float] = field(default_factory=dict, compare=False, repr=False)

    def weight(self, bits: int) -> float:
        """The prior weight of a set of top-card tests (remembered: many candidates share
        the same set)."""
        found = self.memo.get(bits)
        if found is None:
            if len(self.memo) > 200_000:
                self.memo.clear()
            found = self.memo[bits] = sum((bits & group).bit_count() * w
                                          for group, w in self.classes if bits & group)
        return found

    def cheapest(self, bits: int) -> int:
        """The index of the cheapest test in a (non-empty) set (they are in cost order)."""
        return (bits & -bits).bit_length() - 1


@lru_cache(maxsize=2)
def tops(aces_high: bool) -> Tops:
    """The top-card tests under a game's ace setting."""
    found = atoms(aces_high)
    containing = tuple(sum(1 << i for i, a in enumerate(found) if a.mask >> card & 1)
                       for card in range(52))
    groups: dict[float, int] = {}
    for i, atom in enumerate(found):
        groups[atom.cost] = groups.get(atom.cost, 0) | 1 << i
    classes = tuple((bits, COST_BASE ** -cost) for cost, bits in sorted(groups.items()))
    return Tops(found, containing, (1 << len(found)) - 1, classes)


def heard_phrases(said: str, card: Card, run_after: int) -> list[str]:
    """Phrases a call rule might have asked for, from words heard with a play of ``card``:
    the words themselves, and the words with the card's rank, suit, colour or name put
    back as placeholders ("five of spades" -> "{rank} of {suit}")."""
    heard = " ".join(words(said))
    if not heard or len(heard) > 80 or card.is_joker:
        return []
    found = [heard]
    templated = f" {heard} "
    swaps = [(f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}", "{rank} of {suit}"),
             (RANK_NAMES[card.rank], "{rank}"), (SUIT_NAMES[card.suit], "{suit}"),
             (SUIT_SINGULAR[card.suit], "{suit_one}"), (card.colour or "", "{colour}")]
    if run_after > 1:
        swaps.insert(0, (" ".join(["very"] * (run_after - 1)), "{very}"))
    for text, placeholder in swaps:
        if text:
            templated = templated.replace(f" {text} ", f" {placeholder} ")
    templated = templated.strip()
    if templated != heard:
        found.append(templated)
    usable = []
    for phrase in found:
        try:
            check_template(phrase, "say")
        except RuleError:
            continue
        usable.append(phrase)
    return usable
