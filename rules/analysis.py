"""Static analysis of rules: legality grids, rules that never fire, duplicates, dead ends.

Checks run over a *probe space*, a superset of reachable situations (every card, every top,
each region the rules' constants cut out), so "never fires" means no probe fires; beyond
``budget`` it is sampled and says so (``exact=False``). docs/rules.md has details.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from rules.cards import JOKER, STANDARD_CARDS, Card
from rules.conditions import (
    CardTest,
    Compare,
    Condition,
    HandCount,
    IsJoker,
    Relation,
    card_mask,
    walk,
)
from rules.context import PlayContext, Settings
from rules.counting import Difference, Sum
from rules.difference import group_difference, hand_difference
from rules.evaluation import (
    DEFAULT_SETTINGS,
    Predicate,
    Rulebook,
    compile_condition,
    refusal_predicate,
)
from rules.fields import MAX_NUMBER
from rules.phrases import compile_template, expand, said_contains, speech_phrase
from rules.probe_rounds import probe_records
from rules.spec import (
    Call,
    InstantWin,
    Permission,
    Reply,
    Restriction,
    Rule,
    RuleSpec,
    SpeechSpec,
    Talking,
    ThirdPerson,
    Trigger,
    canonical_text,
    conditions_of,
)

DEFAULT_BUDGET = 200_000
# The reachable values of each quantity: a run of equal ranks holds at most 8 cards of two
# decks and their 4 jokers; rounds and turns go on past every constant a rule may compare;
# cards owed (stacked owe effects) are at most the cards of two decks, and none by default.
_QUANTITY_RANGES = {"run_length": (1, 12), "hand_before": (1, 108), "players": (2, 8),
                    "turn": (1, 10_000), "round": (1, MAX_NUMBER + 1), "pending": (0, 108)}
_DEFAULTS = {"run_length": 1, "hand_before": 5, "players": 4, "turn": 1, "round": 1,
             "pending": 0}


@dataclass(frozen=True, slots=True)
class Grid:
    """Which card kinds may be played on each possible top card under a rulebook.

    ``rows[i]`` is a bitmask over played card kinds (bit 52: a joker, legal when
    it may stand for some legal card) for top card ``STANDARD_CARDS[i]``.
    """

    rows: tuple[int, ...]

    def is_legal(self, top: Card, played: Card) -> bool:
        """Whether ``played`` may go on ``top``."""
        return bool(self.rows[top.index] >> played.index & 1)

    def legal_on(self, top: Card) -> list[Card]:
        """The card kinds that may be played on ``top``."""
        row = self.rows[top.index]
        return [c for c in (*STANDARD_CARDS, JOKER) if row >> c.index & 1]

    def dead_tops(self) -> list[Card]:
        """Top cards on which no card at all may be played."""
        return [top for top, row in zip(STANDARD_CARDS, self.rows, strict=True) if not row]

    @property
    def fraction_legal(self) -> float:
        """Share of (top, ordinary card) pairs that are legal: 1.0 means nothing is forbidden."""
        ordinary = (1 << 52) - 1
        return sum((row & ordinary).bit_count() for row in self.rows) / (52 * 52)


def legality_grid(rulebook: Rulebook, base: PlayContext | None = None) -> Grid:
    """The legality grid of ``rulebook``; other parts of the situation come from ``base``."""
    base = base or PlayContext(STANDARD_CARDS[0], (STANDARD_CARDS[0],))
    reads_joker = any(isinstance(n, IsJoker) for rule in rulebook.rules
                      for c in conditions_of(rule.spec) for n in walk(c))
    rows = []
    for top in STANDARD_CARDS:
        ctx = PlayContext(top, (*base.pile[:-1], top), hand=base.hand, hand_before=base.hand_before,
                          hand_after=base.hand_after, player=base.player, players=base.players,
                          turn=base.turn, round=base.round,
                          record=(*base.record[:-1], top) if base.record else None)
        row = 0
        for card in STANDARD_CARDS:
            ctx.played = ctx.physical = card
            if rulebook.is_legal(ctx):
                row |= 1 << card.index
        if reads_joker:
            joker_ok = False
            for card in STANDARD_CARDS:
                ctx.played, ctx.physical = card, JOKER
                if rulebook.is_legal(ctx):
                    joker_ok = True
                    break
        else:
            joker_ok = row != 0
        rows.append(row | (joker_ok << JOKER.index))
    return Grid(tuple(rows))


def legal_cards(rulebook: Rulebook, ctx: PlayContext) -> list[Card]:
    """Every card kind (a joker counting when it may name some legal card) legal in ``ctx``."""
    found = [c for c in STANDARD_CARDS if rulebook.is_legal(ctx.with_played(c))]
    if any(rulebook.is_legal(ctx.with_played(c, JOKER)) for c in STANDARD_CARDS):
        found.append(JOKER)
    return found


def no_legal_card(rulebook: Rulebook, ctx: PlayContext, jokers: bool = True) -> bool:
    """True when no card kind at all may be played in this situation (lockup at once).

    With ``jokers``, a joker naming any card counts as a possible play.
    """
    if any(rulebook.is_legal(ctx.with_played(c)) for c in STANDARD_CARDS):
        return False
    return not (jokers and any(rulebook.is_legal(ctx.with_played(c, JOKER))
                               for c in STANDARD_CARDS))


@dataclass(slots=True)
class Allowance:
    """Situations a series of checks may still try between them (one difficulty estimate's
    scoring, say), so that the series stays within a bounded time whatever the rules.

    A check takes what it tries from ``left``. One whose probe space holds more than is left
    tries nothing, sets ``ran_out`` and answers "not known" (``Finding.exact`` false, no
    example); one whose space would have to be sampled tries nothing either (a sample never
    proves two rules alike), without running out.
    """

    left: int
    ran_out: bool = False


@dataclass(frozen=True, slots=True)
class Finding:
    """The answer of a check: ``found``, whether the whole probe space was covered
    (``exact``), and an example situation where relevant."""

    found: bool
    exact: bool = True
    example: PlayContext | None = None


def probe_space(conditions: Sequence[Condition], authors: Sequence[int | None] = (None,),
                budget: int = DEFAULT_BUDGET, seed: int = 0,
                fixed: Mapping[str, Sequence[int]] | None = None,
                ) -> tuple[list[PlayContext], bool]:
    """Situations covering every region of what ``conditions`` read; ``exact`` unless sampled.

    ``fixed`` replaces the probed values of a quantity (``hand_before``, ``players``,
    ``turn``, ``round``, ``run_length``) or of ``seat`` (the player) with given ones.
    """
    axes, deep_count, held_exact = _axes(conditions, authors, fixed or {})
    exact = math.prod(len(axis) for axis in axes) <= budget and held_exact
    if exact:
        points: Iterator[tuple[object, ...]] = itertools.product(*axes)
    else:
        rng = Random(seed)
        points = (tuple(rng.choice(axis) for axis in axes) for _ in range(budget))
    contexts = [_context(point, deep_count) for point in points]
    return contexts, exact


def exact_probes(conditions: Sequence[Condition], authors: Sequence[int | None] = (None,),
                 budget: int = DEFAULT_BUDGET,
                 fixed: Mapping[str, Sequence[int]] | None = None,
                 ) -> Iterator[PlayContext] | None:
    """The situations of :func:`probe_space` one at a time (a check can stop at the first
    that answers it), or ``None`` where that space would have to be sampled."""
    axes, deep_count, held_exact = _axes(conditions, authors, fixed or {})
    if not held_exact or math.prod(len(axis) for axis in axes) > budget:
        return None
    return (_context(point, deep_count) for point in itertools.product(*axes))


def space_size(conditions: Sequence[Condition], authors: Sequence[int | None] = (None,),
               fixed: Mapping[str, Sequence[int]] | None = None) -> int | None:
    """How many situations :func:`exact_probes` would try (``None``: the space can only be
    sampled), without making any."""
    axes, _deep, held_exact = _axes(conditions, authors, fixed or {})
    return math.prod(len(axis) for axis in axes) if held_exact else None


def _axes(conditions: Sequence[Condition], authors: Sequence[int | None],
          fixed: Mapping[str, Sequence[int]]) -> tuple[list[Sequence[object]], int, bool]:
    """The probed values of every part of the situation; how many pile depths below the
    top are among them; whether the probed hands are exact."""
    nodes = [n for c in conditions for n in walk(c)]
    reads = frozenset().union(*(n.reads() for n in nodes)) if nodes else frozenset()
    played: list[tuple[Card, Card]] = [(c, c) for c in STANDARD_CARDS]
    if any(isinstance(n, IsJoker) for n in nodes):
        played += [(c, JOKER) for c in STANDARD_CARDS]
    depth = max([int(s[4:]) for s in reads if s.startswith("pile")], default=1)
    deep = [_deep_values(f"pile{d}", nodes) for d in range(2, depth + 1)]
    suits: list[str | None] = ["C", "D", "H", "S"] if "active_suit" in reads else [None]
    hands = _boundaries("hand_before", nodes) if reads & {"hand_before", "hand_after"} else [5]
    hands = list(fixed.get("hand_before", hands))
    quantities = {q: list(fixed.get(q, _boundaries(q, nodes) if q in reads else [_DEFAULTS[q]]))
                  for q in ("run_length", "players", "turn", "round", "pending")}
    seats = sorted({a for a in authors if a is not None}) + [8] if "author" in reads else [0]
    seats = list(fixed.get("seat", seats))
    held, held_exact = probe_hands(conditions)
    records, records_exact = probe_records(conditions)
    starters = [False, True] if "on_starter" in reads else [False]
    axes: list[Sequence[object]] = [played, STANDARD_CARDS, *deep, suits, hands, seats,
                                    *quantities.values(), starters, held, records]
    return axes, len(deep), held_exact and records_exact


def probe_hands(conditions: Sequence[Condition]) -> tuple[list[tuple[Card, ...]], bool]:
    """Hands holding, for each hand-count test, a number of matching cards on and around its
    constant; exact only when at most one such test is involved."""
    counts = [n for c in conditions for n in walk(c) if isinstance(n, HandCount)]
    hands: list[tuple[Card, ...]] = [()]
    for n in counts:
        # A card matching under one ace setting may not under the other (aces count 14 high).
        for aces_high in (False, True):
            mask = card_mask(n.where, aces_high) or 0
            match = next((c for c in (*STANDARD_CARDS, JOKER) if mask >> c.index & 1), None)
            if match is not None:
                hands += [(match,) * k for k in (n.value - 1, n.value, n.value + 1)
                          if k > 0 and (match,) * k not in hands]
    return hands, len(counts) <= 1


def _context(point: tuple[Any, ...], deep_count: int) -> PlayContext:
    (played, physical), top, *rest = point
    deep, (suit, hand, seat, run, players, turn, round_, pending, starter, held,
           record) = (rest[:deep_count], rest[deep_count:])
    pile = [top]
    for card in deep:
        if card is None:
            break
        pile.insert(0, card)
    ctx = PlayContext(played, tuple(pile), physical=physical, active_suit=suit, hand=held,
                      hand_before=hand, player=seat, players=players, turn=turn, round=round_,
                      record=record, pending=pending, on_starter=starter)
    ctx.run_length = run
    return ctx


def _deep_values(subject: str, nodes: Sequence[Condition]) -> list[Card | None]:
    """One card per class of cards that the tests on ``subject`` cannot tell apart, or all."""
    if any(isinstance(n, Relation | Difference) and subject in (n.a, n.b)
           or isinstance(n, Sum) and subject in (*n.cards, n.than) for n in nodes):
        return [None, *STANDARD_CARDS]
    tests = [n for n in nodes if isinstance(n, CardTest) and n.of == subject]
    masks = [card_mask(t, aces_high) or 0 for t in tests for aces_high in (False, True)]
    classes: dict[tuple[int, ...], Card] = {}
    for card in STANDARD_CARDS:
        classes.setdefault(tuple(m >> card.index & 1 for m in masks), card)
    return [None, *classes.values()]


def boundaries(what: str, conditions: Sequence[Condition]) -> list[int]:
    """Values of a quantity that meet every region its comparisons in ``conditions`` cut out."""
    return _boundaries(what, [n for c in conditions for n in walk(c)])


def _boundaries(what: str, nodes: Sequence[Condition]) -> list[int]:
    """Values on and either side of every constant compared with ``what``, plus a default."""
    low, high = _QUANTITY_RANGES[what]
    constants = [n.value + (1 if n.what == "hand_after" else 0) for n in nodes
                 if isinstance(n, Compare) and (n.what == what or (
                     what == "hand_before" and n.what == "hand_after"))]
    values = {_DEFAULTS[what]}
    for c in constants:
        values |= {min(max(v, low), high) for v in (c - 1, c, c + 1)}
    if what == "players":
        values = set(range(low, high + 1))
    return sorted(values)


def _charged(contexts: Iterable[PlayContext], allowance: Allowance) -> Iterator[PlayContext]:
    """``contexts``, each taken from ``allowance`` as it is tried."""
    for ctx in contexts:
        allowance.left -= 1
        yield ctx


def _exists(predicate: Predicate, contexts: Iterable[PlayContext]) -> PlayContext | None:
    return next((ctx for ctx in contexts if predicate(ctx)), None)


def _behaviour(rule: Rule, settings: Settings) -> Predicate:
    spec = rule.spec
    if isinstance(spec, Restriction):
        return refusal_predicate(spec, settings, rule.author)
    return compile_condition(conditions_of(spec)[0], settings, rule.author)


def never_fires(rule: Rule, rulebook: Rulebook | None = None,
                budget: int = DEFAULT_BUDGET) -> Finding:
    """Whether ``rule`` can never change anything.

    A restriction never refuses a play (or, given ``rulebook``, refuses only plays
    the rulebook's other restrictions refuse already); a trigger or call
    condition never holds; a permission admits no group; an instant win asks for
    more matching cards than two decks hold.
    """
    settings = rulebook.settings if rulebook else Settings()
    spec = rule.spec
    if isinstance(spec, Permission):
        return Finding(not _permission_possible(spec, settings))
    if isinstance(spec, InstantWin):
        return Finding(not _hand_possible(spec.hand))
    if isinstance(spec, SpeechSpec):
        # Someone can always speak, and always draw a penalty card.
        return Finding(False)
    others = [r for r in (rulebook.rules if rulebook else ()) if r != rule
              and isinstance(r.spec, Restriction)] if isinstance(spec, Restriction) else []
    conditions = [*conditions_of(spec), *(c for r in others for c in conditions_of(r.spec))]
    authors = [rule.author, *(r.author for r in others)]
    contexts, exact = probe_space(conditions, authors, budget)
    fires = _behaviour(rule, settings)
    if others:
        already = Rulebook(others, settings)
        witness = _exists(lambda ctx: fires(ctx) and already.is_legal(ctx), contexts)
    else:
        witness = _exists(fires, contexts)
    return Finding(witness is None, exact, witness)


def _permission_possible(spec: Permission, settings: Settings) -> bool:
    each = compile_condition(spec.each, settings)
    step = compile_condition(spec.step, settings)
    ok = [c for c in STANDARD_CARDS if each(PlayContext(c, ()))]
    # Longest chains of each length, by dynamic programming over (length, last card).
    ends = set(ok)
    for _ in range(spec.least - 1):
        ends = {c for c in ok if any(step(PlayContext(c, (prev,))) for prev in ends)}
        if not ends:
            return False
    return bool(ends)


def _hand_possible(hand: Condition) -> bool:
    counts = [n for n in walk(hand) if isinstance(n, HandCount)]
    for n in counts:
        # Count the matching kinds under the ace setting that lets most cards match.
        kinds = max((card_mask(n.where, high) or 0).bit_count() for high in (False, True))
        available = kinds * 2  # at most two decks
        needed = n.value + (1 if n.op == ">" else 0)
        if n.op in (">", ">=", "==") and needed > available:
            return False
    return True


def duplicate_of(rule: Rule, rulebook: Rulebook, budget: int = DEFAULT_BUDGET) -> Rule | None:
    """A rule of ``rulebook`` that behaves exactly like ``rule`` in every probed situation."""
    for other in rulebook.rules:
        if other is rule or other.spec.kind != rule.spec.kind:
            continue
        if _same_behaviour(rule, other, rulebook.settings, budget):
            return other
    return None


def _same_behaviour(a: Rule, b: Rule, settings: Settings, budget: int) -> bool:
    if canonical_text(a.spec) == canonical_text(b.spec) and a.author == b.author:
        return True
    sa, sb = a.spec, b.spec
    if isinstance(sa, Trigger) and isinstance(sb, Trigger) and sa.effects != sb.effects:
        return False
    if isinstance(sa, Call) and isinstance(sb, Call) and (sa.say, sa.penalty) != (sb.say,
                                                                                 sb.penalty):
        return False
    if isinstance(sa, Permission | InstantWin):
        return False
    if isinstance(sa, SpeechSpec):
        return speech_key(sa) == speech_key(sb)
    contexts, _ = probe_space([*conditions_of(sa), *conditions_of(sb)], [a.author, b.author],
                              budget)
    fa, fb = _behaviour(a, settings), _behaviour(b, settings)
    return all(fa(ctx) == fb(ctx) for ctx in contexts)


def speech_key(spec: RuleSpec) -> tuple[object, ...]:
    """What a speech rule's behaviour depends on: its phrases as heard (letter case and
    punctuation aside; a talking rule's allowed phrases in any order), its reasons and its
    penalty; a third-person rule's moment too. Two speech rules with one key judge every
    action alike."""
    if isinstance(spec, Talking):
        return ("talking", frozenset(speech_phrase(a) for a in spec.allow), spec.penalty,
                frozenset(speech_phrase(a) for a in spec.only), spec.questions,
                frozenset(speech_phrase(a) for a in spec.allow_one),
                frozenset(speech_phrase(a) for a in spec.allow_stuck),
                frozenset(speech_phrase(a) for a in spec.in_order),
                spec.play_talk)
    if isinstance(spec, ThirdPerson):
        return ("third_person", spec.during, frozenset(speech_phrase(a) for a in spec.allow),
                spec.penalty)
    if isinstance(spec, Reply):
        # A reply counting cards ({very}) asks other words at each count: a few counts tell
        # it from a plain one, and two counting replies apart.
        said = compile_template(spec.say)
        return ("reply", tuple(said.expand(Card(5, "S"), n) for n in range(1, 5)),
                spec.after, spec.penalty)
    return (spec.kind,)


def first_difference(a: Rule, b: Rule, settings: Settings = DEFAULT_SETTINGS,
                     budget: int = DEFAULT_BUDGET, allowance: Allowance | None = None,
                     ) -> Finding:
    """Whether rules ``a`` and ``b`` behave differently somewhere, with a situation where they
    do (``example``; none for speech rules or rules of different kinds). Permissions and
    instant wins are compared exactly (:mod:`rules.difference`); ``exact`` is false when the
    joint probe space was sampled, or, with an ``allowance``, not tried (see
    :class:`Allowance`).
    """
    sa, sb = a.spec, b.spec
    if sa.kind != sb.kind:
        return Finding(True)
    if canonical_text(sa) == canonical_text(sb) and a.author == b.author:
        return Finding(False)
    if isinstance(sa, Permission) and isinstance(sb, Permission):
        group = group_difference(sa, sb, settings)
        return Finding(group is not None, True, None if group is None else PlayContext(
            group[0], (), hand=group, hand_before=len(group)))
    if isinstance(sa, SpeechSpec):
        # Speech rules read no situation: they behave alike exactly when they hear alike.
        return Finding(speech_key(sa) != speech_key(sb))
    if isinstance(sa, InstantWin) and isinstance(sb, InstantWin):
        hand, exact = hand_difference(sa, sb, settings)
        return Finding(hand is not None, exact, None if hand is None else PlayContext(
            hand[0], (), hand=hand, hand_before=len(hand)))
    fixed: dict[str, Sequence[int]] = {}
    if isinstance(sa, Call) and isinstance(sb, Call) and "{very}" in sa.say + sb.say:
        fixed["run_length"] = range(1, _QUANTITY_RANGES["run_length"][1] + 1)
    conditions, authors = [*conditions_of(sa), *conditions_of(sb)], [a.author, b.author]
    contexts: Iterable[PlayContext]
    if allowance is None:
        contexts, exact = probe_space(conditions, authors, budget, fixed=fixed)
    else:
        size = space_size(conditions, authors, fixed)
        if size is None or size > budget:
            return Finding(False, exact=False)
        # A call's search may go over the space twice; the others stop at the first witness.
        twice = isinstance(sa, Call)
        if size * (1 + twice) > allowance.left:
            allowance.ran_out = True
            return Finding(False, exact=False)
        found = exact_probes(conditions, authors, budget, fixed)
        assert found is not None  # its size was just measured
        if twice:
            allowance.left -= 2 * size
            contexts = list(found)
        else:
            contexts = _charged(found, allowance)
        exact = True
    fa, fb = _behaviour(a, settings), _behaviour(b, settings)
    if isinstance(sa, Trigger) and isinstance(sb, Trigger) and sa.effects != sb.effects:
        # Wherever either fires, they differ: in whether they fire, or in what they do.
        witness = _exists(lambda ctx: fa(ctx) or fb(ctx), contexts)
    elif isinstance(sa, Call) and isinstance(sb, Call):
        costs_a, costs_b = _call_costs(sa, fa, (sa, sb)), _call_costs(sb, fb, (sa, sb))
        # Where one asks for words, if they differ there: the plainest example.
        witness = _exists(lambda ctx: (fa(ctx) or fb(ctx)) and costs_a(ctx) != costs_b(ctx),
                          contexts) or _exists(lambda ctx: costs_a(ctx) != costs_b(ctx),
                                               contexts)
    else:
        witness = _exists(lambda ctx: fa(ctx) != fb(ctx), contexts)
    return Finding(witness is not None, exact, witness)


def _call_costs(spec: Call, required: Predicate, calls: Sequence[Call]
                ) -> Callable[[PlayContext], tuple[int, ...]]:
    """What ``spec`` costs in a situation for each of the words worth trying: nothing said,
    and each call's phrase there (the penalty for a missed or needless call, or 0)."""
    def costs(ctx: PlayContext) -> tuple[int, ...]:
        wanted = required(ctx)
        phrase = expand(spec.say, ctx.played, ctx.run_after)
        tried = ["", *(expand(c.say, ctx.played, ctx.run_after).text for c in calls)]
        return tuple(spec.penalty if wanted != said_contains(said, phrase) else 0
                     for said in tried)
    return costs


def always_refuses(rulebook: Rulebook, budget: int = DEFAULT_BUDGET) -> Finding:
    """Whether the rulebook leaves no legal card in any probed situation (lockup at once)."""
    conditions = [c for r in rulebook.rules if isinstance(r.spec, Restriction)
                  for c in conditions_of(r.spec)]
    contexts, exact = probe_space(conditions, [r.author for r in rulebook.rules], budget)
    witness = _exists(rulebook.is_legal, contexts)
    return Finding(witness is None, exact, witness)

