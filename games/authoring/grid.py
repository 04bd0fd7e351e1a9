"""The preview's legality grid and the situations behind it, cached per rulebook.

Pure (no Django). Everything here reads the draft, the author's own rules and the table's
settings only (:mod:`games.authoring.preview` says why).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from random import Random

from rules.analysis import Grid, legality_grid
from rules.cards import JOKER, STANDARD_CARDS, Card, parse
from rules.conditions import Condition, IsJoker, walk
from rules.context import PlayContext, Settings
from rules.evaluation import Rulebook, compile_condition, refusal_predicate
from rules.spec import Call, Restriction, Rule, Trigger, conditions_of

#: The top card shown when the game has no pile yet.
DEFAULT_TOP = parse("QH")
#: Probe budget of the analysis checks in a preview (the library default is 200,000):
#: above it the probe space is sampled, and findings are worded "seems".
PREVIEW_BUDGET = 40_000
#: How many fixed varied situations back the grid's cheap evidence.
SITUATIONS = 400
ORDINARY = (1 << 52) - 1
NEUTRAL_JARGON = "(new rule)"


@dataclass(frozen=True, slots=True)
class Table:
    """What the preview needs to know of the game: settings, round, and who plays."""

    aces_high: bool = False
    jokers: bool = True
    hand_size: int = 5
    decks: int = 1
    players: int = 4
    round: int = 1
    player: int = 1

    @property
    def settings(self) -> Settings:
        """The rule language's settings."""
        return Settings(aces_high=self.aces_high)


def base_context(table: Table, top: Card) -> PlayContext:
    """The situation of the grid: a one-card pile, a freshly dealt hand, the first turn."""
    return PlayContext(top, (top,), hand_before=table.hand_size, players=table.players,
                       player=table.player, turn=1, round=table.round)


@lru_cache(maxsize=64)
def rulebook_of(rules: tuple[Rule, ...], aces_high: bool) -> Rulebook:
    return Rulebook(rules, Settings(aces_high=aces_high))


@lru_cache(maxsize=512)
def rule_grid_of(rule: Rule, table: Table) -> Grid:
    return legality_grid(rulebook_of((rule,), table.aces_high), base_context(table, DEFAULT_TOP))


@lru_cache(maxsize=64)
def grid_of(rules: tuple[Rule, ...], table: Table) -> Grid:
    """The legality grid of ``rules`` in the grid situation.

    A play is legal when no restriction refuses it, so the grid of a rulebook is the
    intersection of its restrictions' own grids (cached one by one): adding a rule costs
    one single-rule grid. A joker is legal when some card is, unless a rule tests for
    jokers; then the whole rulebook is evaluated as it stands.
    """
    restrictions = [r for r in rules if isinstance(r.spec, Restriction)]
    if any(isinstance(n, IsJoker) for r in restrictions for c in conditions_of(r.spec)
           for n in walk(c)):
        rows = list(legality_grid(rulebook_of(rules, table.aces_high),
                                  base_context(table, DEFAULT_TOP)).rows)
    else:
        rows = [ORDINARY] * 52
        for rule in restrictions:
            rows = [a & b for a, b in zip(rows, rule_grid_of(rule, table).rows, strict=True)]
        rows = [row | (bool(row) << JOKER.index) for row in rows]
    if not table.jokers:
        # Without jokers in the deck a joker can save nothing: a top only it could follow
        # is a dead end, and the lockup warning must say so.
        rows = [row & ~(1 << JOKER.index) for row in rows]
    return Grid(tuple(rows))


@lru_cache(maxsize=16)
def situations(table: Table, count: int = SITUATIONS, seed: int = 2718) -> tuple[PlayContext, ...]:
    """A fixed, seeded set of varied situations of this table: piles up to five cards deep,
    named suits, hands, seats, turns and rounds. Cheap evidence: a rule that changes
    something in one of them does change something; two rules that differ on one of them
    are not duplicates."""
    rng = Random(seed)
    found = []
    for _ in range(count):
        pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 5)))
        if rng.random() < 0.3:
            # Runs of equal ranks, which run-length tests need.
            pile = (*pile[:-1], *[c for c in STANDARD_CARDS if c.rank == pile[-1].rank][:3])
        hand = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 9)))
        played = rng.choice(STANDARD_CARDS)
        physical = JOKER if table.jokers and rng.random() < 0.1 else played
        found.append(PlayContext(
            played, pile, physical=physical, active_suit=rng.choice((None, *"CDHS")),
            hand=(played, *hand), players=table.players, player=rng.randrange(table.players),
            turn=rng.randint(1, 30), round=rng.randint(1, 12)))
    return tuple(found)


@lru_cache(maxsize=256)
def signature_of(rule: Rule, table: Table) -> tuple[object, ...]:
    """What ``rule`` does on every cell of the grid situation: refusals of a restriction,
    the condition of a trigger or call with its effects or words. Rules with different
    signatures behave differently somewhere, so they are not duplicates."""
    spec = rule.spec
    if isinstance(spec, Restriction):
        refuses = refusal_predicate(spec, table.settings, rule.author)
        return (spec.kind, rule_grid_of(rule, table).rows,
                tuple(refuses(ctx) for ctx in situations(table)))
    if isinstance(spec, Trigger | Call):
        extra = spec.effects if isinstance(spec, Trigger) else (spec.say, spec.penalty)
        holds = compile_condition(spec.when, table.settings, rule.author)
        return (spec.kind, extra, condition_rows(spec.when, rule.author, table),
                tuple(holds(ctx) for ctx in situations(table)))
    return (spec.kind, rule.spec)


def condition_rows(cond: Condition, author: int | None, table: Table) -> tuple[int, ...]:
    """For each top card, the bitmask of played cards on which ``cond`` holds."""
    holds = compile_condition(cond, table.settings, author)
    rows = []
    for top in STANDARD_CARDS:
        ctx = base_context(table, top)
        row = 0
        for card in STANDARD_CARDS:
            ctx.played = ctx.physical = card
            if holds(ctx):
                row |= 1 << card.index
        rows.append(row)
    return tuple(rows)


def clear_caches() -> None:
    """Forget cached rulebooks, grids and signatures (for benchmarks)."""
    for cached in (rulebook_of, grid_of, rule_grid_of, signature_of):
        cached.cache_clear()
