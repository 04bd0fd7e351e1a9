"""The detective's candidate space: the simple rules that agree with what the table saw.

For every jargon seen, the candidates (restrictions, triggers, calls and instant wins of
simple shapes) still standing after each piece of evidence, weighed by a prior so the best
guess is the simplest rule standing. Evidence means exactly what
:func:`games.deduction.hypotheses.check` says, so every candidate left agrees with ``check``.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Final, Literal

from games.deduction.record import Sighting
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
from rules.context import PlayContext, Settings
from rules.effects import Effect
from rules.errors import RuleError
from rules.evaluation import DEFAULT_SETTINGS, relation_holds
from rules.phrases import check_template, compile_template, said_contains, words
from rules.spec import Rule

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


def _all(parts: Iterable[JSON | None]) -> JSON | None:
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
                found.append(Part(_all([guard_json, holds]), guard_json,
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


# --- One jargon's candidates ---------------------------------------------------------------


class Space:
    """The candidates of one rule that agree with the evidence so far.

    A row is a rest (:class:`Part`) and, for a call, a phrase; ``alive[row]`` holds, as
    bits, the top-card tests that still agree with every observation together with that
    row. An observation is a situation and whether the rule spoke there (refused, fired,
    asked for words); for a call, whether the words said would have been right depends on
    the phrase, so it is given per phrase.
    """

    def __init__(self, kind: str, settings: Settings, phrases: Sequence[tuple[str, float]] = (
            ("", 0.0),)) -> None:
        self.kind = kind
        self.tops = tops(settings.aces_high)
        self.parts = parts(kind, settings.aces_high)
        self.phrases: list[str] = []
        self.rows: list[tuple[int, int]] = []
        #: Each row's prior weight (its rest's, its phrase's, and how well they go together).
        self.weights: list[float] = []
        self.alive: list[int] = []
        self.live: list[int] = []
        self.initial = 0.0
        self._total: float | None = None
        self._totals: list[float] | None = None
        self._by_top: dict[int, list[tuple[int, int, float]]] = {}
        self._speaks: dict[tuple[int, int, int, int, int],
                           tuple[list[list[float]], list[float]]] = {}
        #: Observations kept for the rows of phrases heard later: (situation, spoke-by-phrase
        #: function arguments).
        self.history: list[tuple[PlayContext, bool, str, bool | None]] = []
        for phrase, cost in phrases:
            self.add_phrase(phrase, cost)
        self.initial = self.total()

    def add_phrase(self, phrase: str, cost: float) -> bool:
        """Add the rows of another phrase, judged at once on the evidence kept."""
        if phrase in self.phrases:
            return False
        index = len(self.phrases)
        self.phrases.append(phrase)
        first = len(self.rows)
        self.rows += [(p, index) for p in range(len(self.parts))]
        self.weights += [COST_BASE ** -(part.cost + cost + _mismatch(part, phrase))
                         for part in self.parts]
        self.alive += [self.tops.every] * len(self.parts)
        new = list(range(first, len(self.rows)))
        for ctx, penalised, said, required in self.history:
            self._observe_call(ctx, penalised, said, required, new)
            new = [r for r in new if self.alive[r]]
        self.live += new
        self._changed()
        return True

    def _required(self, t: int, ctx: PlayContext, penalised: bool, said: str) -> Reading:
        """Whether, with phrase ``t``, the play must have required words. Read as the table
        judges the rule alone (as :func:`games.deduction.hypotheses.check` does): a call
        penalises when required differs from said, but a phrase naming the card is never
        needless, so saying it unpenalised tells nothing (``None``) and saying it penalised
        is explained by no candidate with that phrase (:data:`UNEXPLAINED`)."""
        template = compile_template(self.phrases[t])
        spoken = said_contains(said, template.expand(ctx.played, ctx.run_after))
        if spoken and template.names_card:
            return UNEXPLAINED if penalised else None
        return penalised != spoken

    def _apply(self, ctx: PlayContext, spoke: Callable[[int], Reading], rows: Iterable[int]
               ) -> None:
        pt = point(ctx)
        if pt[1] < 0:
            return
        here = self.tops.containing[pt[1]]
        alive, table = self.alive, self.rows
        if len(self.phrases) == 1:
            # One phrase (all but calls): row r is rest r, and one verdict for them all.
            parts_ = self.parts
            truth = spoke(0)
            if truth == UNEXPLAINED:
                for r in rows:
                    alive[r] = 0
                return
            if truth is None:
                return
            if truth:
                for r in rows:
                    bits = alive[r]
                    if bits:
                        alive[r] = bits & here if parts_[r].holds(pt) else 0
            else:
                elsewhere = ~here
                for r in rows:
                    bits = alive[r]
                    if bits and parts_[r].holds(pt):
                        alive[r] = bits & elsewhere
            return
        holds: dict[int, int] = {}
        truths: dict[int, Reading] = {}
        for r in rows:
            bits = alive[r]
            if not bits:
                continue
            p, t = table[r]
            g = holds.get(p)
            if g is None:
                g = holds[p] = self.parts[p].holds(pt)
            if t not in truths:
                truths[t] = spoke(t)
            truth = truths[t]
            if truth is None:
                continue
            if truth == UNEXPLAINED:
                alive[r] = 0
            elif truth:
                alive[r] = bits & here if g else 0
            elif g:
                alive[r] = bits & ~here

    def observe(self, ctx: PlayContext, spoke: bool) -> None:
        """The rule spoke (or not) in this situation."""
        self._apply(ctx, lambda t: spoke, self.live)
        self._changed()

    def observe_call(self, ctx: PlayContext, penalised: bool, said: str,
                     required: bool | None = None) -> None:
        """A call rule penalised (or not) the words ``said`` with this play; ``required``:
        whether the table heard it penalise missing words (or needless ones)."""
        self.history.append((ctx, penalised, said, required))
        self._observe_call(ctx, penalised, said, required, self.live)
        self._changed()

    def _observe_call(self, ctx: PlayContext, penalised: bool, said: str,
                      required: bool | None, rows: Iterable[int]) -> None:
        rows = list(rows)
        if penalised and required is not None:
            # A phrase for which the words said would be needless, when the table heard
            # missing words penalised (or the other way round), is wrong whatever the rest.
            wrong = {t for t in range(len(self.phrases))
                     if self._required(t, ctx, penalised, said) != required}
            for r in rows:
                if self.rows[r][1] in wrong:
                    self.alive[r] = 0
            rows = [r for r in rows if self.alive[r]]
        self._apply(ctx, partial(self._required, ctx=ctx, penalised=penalised, said=said), rows)

    def _changed(self) -> None:
        self.live = [r for r in self.live if self.alive[r]]
        self._total = None
        self._totals = None
        self._by_top.clear()
        self._speaks.clear()

    def total(self) -> float:
        """The prior weight of every candidate still standing."""
        if self._total is None:
            self._total = sum(self.totals())
        return self._total

    def totals(self) -> list[float]:
        """The prior weight of the candidates standing, by phrase."""
        if self._totals is None:
            weigh = self.tops.weight
            found = [0.0] * len(self.phrases)
            for r in self.live:
                found[self.rows[r][1]] += self.weights[r] * weigh(self.alive[r])
            self._totals = found
        return self._totals

    def _on(self, top: int) -> list[tuple[int, int, float]]:
        """For a top card: each (rest, phrase) with the weight of the candidates that would
        speak on that top if the rest holds (worked out once per top until the next
        evidence: every card of a hand is then a few predicate calls)."""
        found = self._by_top.get(top)
        if found is None:
            here = self.tops.containing[top]
            weigh = self.tops.weight
            sums: dict[tuple[int, int], float] = {}
            for r in self.live:
                bits = self.alive[r] & here
                if bits:
                    row = self.rows[r]
                    sums[row] = sums.get(row, 0.0) + self.weights[r] * weigh(bits)
            found = self._by_top[top] = [(p, t, w) for (p, t), w in sums.items()]
        return found

    def _speaking(self, pt: Point, hand: int) -> tuple[list[list[float]], list[float]]:
        """For the situation of ``pt`` with any card of ``hand`` (bits) played instead:
        for each phrase and each of those cards, the weight of the candidates that speak;
        and for each card, that weight over all phrases. Worked out once per pile and hand
        until the next evidence: each part is tested on the whole hand at once."""
        t, u, s, h = pt[1], pt[2], pt[5], pt[4]
        key = (t, u, s, h, hand)
        found = self._speaks.get(key)
        if found is None:
            by_phrase = [[0.0] * 52 for _ in self.phrases]
            masks: dict[int, int] = {}
            parts_ = self.parts
            for p, phrase, w in self._on(t):
                bits = masks.get(p)
                if bits is None:
                    bits = masks[p] = parts_[p].cards(t, u, s, h) & hand
                row = by_phrase[phrase]
                while bits:
                    low = bits & -bits
                    row[low.bit_length() - 1] += w
                    bits ^= low
            summed = [sum(column) for column in zip(*by_phrase, strict=True)]
            found = self._speaks[key] = (by_phrase, summed)
        return found

    def vote(self, pt: Point, hand: int = 0) -> tuple[float, float]:
        """The weight of the candidates that speak in the situation ``pt``, and of all.
        ``hand`` (bits) names the other cards that may be played in its place, so that the
        work is shared."""
        if pt[1] < 0:
            return 0.0, self.total()
        return self._speaking(pt, hand | 1 << pt[0])[1][pt[0]], self.total()

    def phrase_votes(self, ctx: PlayContext, pt: Point, hand: int = 0
                     ) -> dict[str, tuple[float, float, float]]:
        """For a call: by phrase asked for (as expanded for this play), the weight of the
        candidates that require it here, of all those asking for it, and of those that
        would find it needless here (not required, and not naming the card)."""
        need = [0.0] * len(self.phrases)
        if pt[1] >= 0:
            by_phrase = self._speaking(pt, hand | 1 << pt[0])[0]
            need = [row[pt[0]] for row in by_phrase]
        votes: dict[str, tuple[float, float, float]] = {}
        for t, seen in enumerate(self.totals()):
            if seen:
                template = compile_template(self.phrases[t])
                phrase = template.expand(ctx.played, ctx.run_after).text
                old_need, old_seen, old_needless = votes.get(phrase, (0.0, 0.0, 0.0))
                needless = 0.0 if template.names_card else seen - need[t]
                votes[phrase] = (old_need + need[t], old_seen + seen, old_needless + needless)
        return votes

    def stands(self, part: int, phrase: int, top: int) -> bool:
        """Whether candidate (rest ``part``, ``phrase``, top-card test ``top``) stands."""
        return bool(self.alive[phrase * len(self.parts) + part] >> top & 1)

    def count(self) -> int:
        """How many candidates are still standing."""
        return sum(self.alive[r].bit_count() for r in self.live)

    def best(self) -> tuple[int, int, int] | None:
        """The simplest candidate standing: (rest, phrase, top-card test), or ``None``."""
        found: tuple[float, int, int, int] | None = None
        for r in self.live:
            p, t = self.rows[r]
            w = self.tops.cheapest(self.alive[r])
            cost = -math.log(self.weights[r], COST_BASE) + self.tops.atoms[w].cost
            if found is None or cost < found[0]:
                found = (cost, p, t, w)
        return None if found is None else found[1:]

    def candidates(self) -> Iterator[tuple[int, int, int]]:
        """Every candidate standing, row by row."""
        for r in self.live:
            p, t = self.rows[r]
            bits = self.alive[r]
            while bits:
                low = bits & -bits
                yield p, t, low.bit_length() - 1
                bits ^= low


def _mismatch(part: Part, phrase: str) -> float:
    """A phrase that names the card goes with a call about the card; a fixed one ("Mao")
    with a call about the hand (a prior: both are what people write)."""
    if not phrase:
        return 0.0
    names_card = "{" in phrase
    about_hand = part.condition is not None and part.condition.get("type") == "compare"
    return 0.5 if names_card == about_hand else 0.0


def spec_of(kind: str, part: Part, top: Atom, phrase: str = "", effects: Sequence[Effect] = (),
            penalty: int = 1) -> JSON:
    """The rule a candidate stands for, as spec JSON."""
    if kind == "restriction":
        when = _all([top.on("top"), part.guard])
        spec: JSON = {"kind": "restriction"}
        if when is not None:
            spec["when"] = when
        spec[part.field] = part.body
        return spec
    when = _all([top.on("top"), part.condition]) or {"type": "always"}
    if kind == "trigger":
        return {"kind": "trigger", "when": when, "effects": [e.to_json() for e in effects]}
    return {"kind": "call", "when": when, "say": phrase, "penalty": penalty}


# --- The detective -------------------------------------------------------------------------


#: How many places where a rule outside the space spoke are kept to explain it.
_EXPLAINED = 8


class Disjunction:
    """A rule no single candidate fits, read as several at once ("either of these refuses
    a play"): the candidates that stayed silent wherever the rule did (``silent``), and
    the places it spoke. Each place has its explanations, the silent candidates that speak
    there; the chance the rule speaks in a new situation is the largest share of one
    place's explanations that speak there too."""

    def __init__(self, kind: str, settings: Settings) -> None:
        self.silent = Space(kind, settings)
        self.spoke: dict[Point, None] = {}
        self.seen = 0
        self.speaking = 0
        self._explanations: dict[tuple[Point, int], tuple[float, list[tuple[Test, float]]]] = {}

    def observe(self, ctx: PlayContext, spoke: bool) -> None:
        """One more observation of the rule."""
        self.seen += 1
        self.speaking += spoke
        if spoke:
            place = point(ctx)
            if place not in self.spoke and place[1] >= 0:
                self.spoke[place] = None
                if len(self.spoke) > _EXPLAINED:  # the latest places say most
                    del self.spoke[next(iter(self.spoke))]
        else:
            self.silent.observe(ctx, False)
            self._explanations.clear()

    def _explained(self, place: Point, top: int) -> tuple[float, list[tuple[Test, float]]]:
        """The weight of the explanations of one place, and by rest, the weight of those
        that would also speak on ``top``."""
        found = self._explanations.get((place, top))
        if found is None:
            space = self.silent
            there = space.tops.containing[place[1]]
            here = space.tops.containing[top]
            weigh = space.tops.weight
            total = 0.0
            sums: dict[int, float] = {}
            holds: dict[int, int] = {}
            for r in space.live:
                bits = space.alive[r] & there
                if not bits:
                    continue
                p = space.rows[r][0]
                g = holds.get(p)
                if g is None:
                    g = holds[p] = space.parts[p].holds(place)
                if not g:
                    continue
                w = space.weights[r]
                total += w * weigh(bits)
                if bits & here:
                    sums[p] = sums.get(p, 0.0) + w * weigh(bits & here)
            found = (total, [(space.parts[p].holds, w) for p, w in sums.items()])
            self._explanations[(place, top)] = found
        return found

    def chance(self, pt: Point) -> float | None:
        """How likely the rule speaks in the situation ``pt`` (``None``: no place it spoke
        is explained by any candidate). The places nothing explains count as a rate: how
        often the rule spoke, times the share of its places left unexplained."""
        if pt[1] < 0:
            return None
        best: float | None = None
        unexplained = 0
        for place in self.spoke:
            total, speaking = self._explained(place, pt[1])
            if total:
                share = sum(w for holds, w in speaking if holds(pt)) / total
                best = share if best is None else max(best, share)
            else:
                unexplained += 1
        if best is None:
            return None
        rate = (self.speaking + 1) / (self.seen + 2) * unexplained / len(self.spoke)
        return 1.0 - (1.0 - best) * (1.0 - rate)


@dataclass(slots=True)
class Jargon:
    """What the detective knows of one jargon: when it was seen, its kind, its candidates,
    and for a rule no candidate fits (outside the space), what it did (observations, a
    :class:`Disjunction`, a tally of when it spoke)."""

    sighting: Sighting
    kind: str
    space: Space | None
    settings: Settings = DEFAULT_SETTINGS
    effects: tuple[Effect, ...] = ()
    penalty: int = 0
    wins: list[Rule] = field(default_factory=list)
    #: (spoke, judged) by the same cards (played and top), the same pile (top and the card
    #: under it), played card, top card, and overall.
    tally: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)
    observations: list[tuple[PlayContext, bool]] = field(default_factory=list)
    disjunction: Disjunction | None = None

    @property
    def lost(self) -> bool:
        """Whether no candidate fits the evidence (the rule is outside the space)."""
        if self.kind == "instant_win":
            return not self.wins
        return self.space is None or not self.space.live

    def note(self, ctx: PlayContext, spoke: bool) -> None:
        """Keep one observation (for a rule that may turn out to be outside the space)."""
        for key in _tally_keys(point(ctx)):
            seen = self.tally.setdefault(key, [0, 0])
            seen[0] += spoke
            seen[1] += 1
        if self.kind in ("restriction", "trigger"):
            self.observations.append((ctx, spoke))
            if self.disjunction is not None:
                self.disjunction.observe(ctx, spoke)

    def chance(self, pt: Point, hand: int = 0) -> float:
        """How likely the rule speaks (refuses, fires, wants words) in the situation
        ``pt`` (``hand``: other cards that may be played instead): by the candidates'
        votes; for a rule no candidate fits, by the candidates that explain where it spoke
        (:class:`Disjunction`), and by what it did with the same cards or on the same pile
        (a pile a rule refuses everything on stays so until a card goes down), or failing
        all those, with the played card and the top card."""
        if self.space is not None and self.space.live:
            speak, total = self.space.vote(pt, hand)
            return speak / total if total else 0.0
        same_cards, same_pile, played, top, overall = _tally_keys(pt)
        spoke, judged = self.tally.get(overall, [0, 0])
        base = (spoke + 1) / (judged + 2)

        def rate(key: tuple[int, int, int]) -> float | None:
            counted = self.tally.get(key)
            return None if counted is None else (counted[0] + base) / (counted[1] + 1)

        seen = max((r for r in (rate(same_cards), rate(same_pile)) if r is not None),
                   default=None)
        if self.kind in ("restriction", "trigger"):
            if self.disjunction is None:
                self.disjunction = Disjunction(self.kind, self.settings)
                for observed, said in self.observations:
                    self.disjunction.observe(observed, said)
            explained = self.disjunction.chance(pt)
            if explained is not None:
                return max(explained, seen or 0.0)
        if seen is not None:
            return seen
        either = [rate(played), rate(top)]
        return sum(r if r is not None else base for r in either) / 2


def _tally_keys(pt: Point) -> tuple[tuple[int, int, int], ...]:
    """Where a tally counts a situation: same cards, pile, played card, top card, overall."""
    return ((0, pt[0], pt[1]), (1, pt[1], pt[2]), (2, pt[0], 0), (3, pt[1], 0), (4, 0, 0))
