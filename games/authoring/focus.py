"""Choosing a situation in which a draft rule matters: the preview's *auto* situation.

:func:`auto_situation` searches the parts the draft reads, coordinate-wise (two passes),
for values on which it refuses (or speaks on) the most plays the author's own rules allow.
Only the draft and the author's own rules are read. Pure (no Django).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from games.authoring.situation import (
    MAX_HAND,
    MAX_TURN,
    Situation,
    constants,
    depth_read,
    reads_of,
)
from rules.cards import STANDARD_CARDS, Card
from rules.conditions import Condition, walk
from rules.context import Settings
from rules.evaluation import Predicate, Rulebook, compile_condition, refusal_predicate
from rules.probe_rounds import probe_records
from rules.spec import Call, Restriction, Rule, Trigger, conditions_of


def _speaks(rule: Rule, settings: Settings) -> Predicate | None:
    """What makes the draft show on the grid: refusing a play, or its condition holding."""
    spec = rule.spec
    if isinstance(spec, Restriction):
        return refusal_predicate(spec, settings, rule.author)
    if isinstance(spec, Trigger | Call):
        return compile_condition(spec.when, settings, rule.author)
    return None


def _leaves(rule: Rule, settings: Settings) -> list[Predicate]:
    """The draft's basic tests (nodes without children), compiled one by one."""
    found: list[Condition] = []
    for cond in conditions_of(rule.spec):
        found += [n for n in walk(cond) if not n.children()]
    return [compile_condition(n, settings, rule.author) for n in found]


class _Search:
    """One search: the draft, the author's rules in force, and the fixed parts of the table."""

    def __init__(self, rule: Rule, own: tuple[Rule, ...], players: int, round_: int,
                 settings: Settings) -> None:
        self.rule, self.players, self.round = rule, players, round_
        self.author = rule.author if rule.author is not None else 0
        self.speaks = _speaks(rule, settings)
        self.leaves = _leaves(rule, settings)
        self.book = Rulebook(own, settings)
        self.conditions = conditions_of(rule.spec)
        # The two passes of a search try many situations twice: each is scored once.
        self.scores: dict[tuple[Situation, Card], tuple[int, int]] = {}

    def score(self, situation: Situation, top: Card) -> tuple[int, int]:
        """How many plays the draft changes on ``top`` in ``situation``, and how many of its
        basic tests hold for some play there (the tie-break that guides the search)."""
        if self.speaks is None:
            return (0, 0)
        found = self.scores.get((situation, top))
        if found is None:
            ctx = situation.context(top, self.author, self.players, self.round)
            plays = [ctx.with_played(card) for card in STANDARD_CARDS]
            changed = sum(1 for p in plays if self.speaks(p) and self.book.is_legal(p))
            holding = sum(1 for leaf in self.leaves if any(map(leaf, plays)))
            found = self.scores[(situation, top)] = (changed, holding)
        return found

    def axes(self, top: Card, hand_size: int) -> Iterator[tuple[str, list[object]]]:
        """Each part the draft reads, with its candidate values (the start value first)."""
        reads = reads_of(self.conditions)
        runs = constants(self.conditions, ("run_length",))
        if runs:
            same = [c for c in STANDARD_CARDS if c.rank == top.rank and c != top]
            lengths = sorted({max(1, v + d) for v in runs for d in (-1, 0, 1)} - {1})
            runs_of: list[object] = [(same * 3)[:k - 1] for k in lengths if k - 1 <= 8]
            yield "run", runs_of
        for depth in range(2, depth_read(self.conditions) + 1):
            if f"pile{depth}" in reads:
                yield f"pile{depth}", [None, *STANDARD_CARDS]
        hands = constants(self.conditions, ("hand_before", "hand_after"))
        if hands:
            sizes = {min(MAX_HAND, max(1, v + d)) for v in hands for d in (-1, 0, 1)}
            ordered = sorted(sizes, key=lambda v: (abs(v - hand_size), v))
            yield "hand", [*ordered]
        if "author" in reads:
            yield "by_author", [False, True]
        if "active_suit" in reads:
            yield "suit", [None, "C", "D", "H", "S"]
        turns = constants(self.conditions, ("turn",))
        if turns:
            steps = sorted({min(MAX_TURN, max(1, v + d)) for v in turns for d in (-1, 0, 1)})
            yield "turn", [*steps]
        if reads & {"record", "position"}:
            # The rounds the analysis probes the draft with: each laid before the pile, or
            # ending in it (so that a position is met exactly with the pile on top).
            rounds = [r for r in probe_records(self.conditions)[0] if r is not None]
            yield "round", [(), *(("before", r) for r in rounds),
                            *(("ending", r) for r in rounds)]

    def best(self, top: Card, hand_size: int, first: bool = False
             ) -> tuple[Situation, tuple[int, int]]:
        """The best situation found on ``top``, and its score; with ``first``, the first
        one found where the draft changes a play (the search stops there)."""
        current = Situation(hand=hand_size)
        best = self.score(current, top)
        axes = list(self.axes(top, hand_size))
        for _ in range(2):
            for name, values in axes:
                for value in values:
                    if first and best[0]:
                        return current, best
                    candidate = _with(current, name, value)
                    if candidate == current:
                        continue
                    found = self.score(candidate, top)
                    if found > best:
                        current, best = candidate, found
        return current, best


def _with(situation: Situation, name: str, value: object) -> Situation:
    """``situation`` with one part changed (a pile position, a run, or a field)."""
    if name == "run":
        assert isinstance(value, list)
        return replace(situation, under=tuple(value))
    if name.startswith("pile"):
        depth = int(name[4:]) - 2
        under = list(situation.under)
        if value is None:
            return replace(situation, under=tuple(under[:depth]))
        assert isinstance(value, Card)
        if depth > len(under):
            # A deeper card needs the positions above it filled: repeat the top's neighbours.
            under += [STANDARD_CARDS[0]] * (depth - len(under))
        under[depth:depth + 1] = [value]
        return replace(situation, under=tuple(under))
    if name == "round":
        assert isinstance(value, tuple)
        if not value:
            return replace(situation, earlier=())
        how, cards = value
        if how == "ending":
            cards = cards[:max(0, len(cards) - 1 - len(situation.under))]
        return replace(situation, earlier=tuple(cards))
    if name == "hand":
        assert isinstance(value, int)
        return replace(situation, hand=value)
    if name == "turn":
        assert isinstance(value, int)
        return replace(situation, turn=value)
    if name == "by_author":
        assert isinstance(value, bool)
        return replace(situation, by_author=value)
    assert value is None or isinstance(value, str)
    return replace(situation, suit=value)


@lru_cache(maxsize=256)
def auto_situation(rule: Rule, own: tuple[Rule, ...], top: Card, hand_size: int,
                   players: int, round_: int, aces_high: bool) -> Situation:
    """A situation in which ``rule`` changes the most plays on ``top`` that ``own`` allows
    (a hand just dealt on the first turn when nothing it reads matters)."""
    search = _Search(rule, own, players, round_, Settings(aces_high=aces_high))
    return search.best(top, hand_size)[0]


@lru_cache(maxsize=256)
def shown_somewhere(rule: Rule, hand_size: int, players: int, round_: int,
                    aces_high: bool) -> bool:
    """Whether the grid can show ``rule`` changing a play on some top card in some situation
    the preview can set (judged on the draft alone)."""
    search = _Search(rule, (), players, round_, Settings(aces_high=aces_high))
    # Most rules show on some top in the plain situation: try that on every top first.
    dealt = Situation(hand=hand_size)
    if any(search.score(dealt, top)[0] for top in STANDARD_CARDS):
        return True
    return any(search.best(top, hand_size, first=True)[1][0] for top in STANDARD_CARDS)
