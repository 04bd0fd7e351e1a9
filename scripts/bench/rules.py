"""Benchmarks of the rule language: median and p95 of checks, grids and compilation.

Run with ``python -m scripts.bench rules``; figures go to docs/performance.md. Rulebooks
are random (seeded) restrictions, the worst case for a check since every
restriction is evaluated on every play.
"""

from __future__ import annotations

from random import Random

from rules.analysis import legality_grid
from rules.cards import STANDARD_CARDS
from rules.context import PlayContext
from rules.evaluation import Rulebook
from rules.generate import random_rule
from rules.spec import Rule
from scripts.bench.figures import Figure, measure


def restrictions(count: int, seed: int) -> list[Rule]:
    """``count`` random restriction rules with distinct jargon."""
    rng = Random(seed)
    rules: list[Rule] = []
    for i in range(count):
        rules.append(random_rule(rng, "restriction", author=i % 4,
                                 taken=tuple(r.jargon for r in rules)))
    return rules


def contexts(count: int, seed: int) -> list[PlayContext]:
    """Random plays on random piles."""
    rng = Random(seed)
    return [PlayContext(rng.choice(STANDARD_CARDS),
                        tuple(rng.choice(STANDARD_CARDS) for _ in range(4)),
                        hand_before=rng.randint(1, 8), player=rng.randrange(4))
            for _ in range(count)]


def run(repeats: int = 200, seed: int = 1) -> list[Figure]:
    """Every rule-language benchmark."""
    figures = []
    plays = contexts(100, seed)
    for size in (1, 10, 30):
        book = Rulebook(restrictions(size, seed))

        def check(book: Rulebook = book) -> None:
            for ctx in plays:
                book.broken(ctx)

        figures.append(measure(f"check, {size} rule{'s' * (size > 1)}", check, repeats,
                               per_call=len(plays)))
    ten = Rulebook(restrictions(10, seed))
    figures.append(measure("legality grid, 10 rules", lambda: legality_grid(ten),
                           max(repeats // 4, 20)))
    pool = restrictions(repeats, seed + 1)
    items = iter(pool * 2)
    figures.append(measure("compile one rule", lambda: Rulebook([next(items)]), repeats))
    return figures
