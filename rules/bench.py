"""Benchmarks of the rule language: median and p95 of checks, grids and compilation.

Run with ``manage.py bench_rules``; figures go to docs/performance.md. Rulebooks
are random (seeded) restrictions, the worst case for a check since every
restriction is evaluated on every play.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random

from rules.analysis import legality_grid
from rules.cards import STANDARD_CARDS
from rules.context import PlayContext
from rules.evaluation import Rulebook
from rules.generate import random_rule
from rules.spec import Rule


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``samples`` by nearest rank."""
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def median(samples: Sequence[float]) -> float:
    """The median of ``samples``."""
    return percentile(samples, 0.5)


@dataclass(frozen=True, slots=True)
class Figure:
    """One benchmark's result, in seconds."""

    name: str
    median: float
    p95: float
    samples: int


def measure(name: str, action: Callable[[], object], repeats: int, per_call: int = 1) -> Figure:
    """Time ``action`` ``repeats`` times; each sample is divided by ``per_call`` operations."""
    action()  # warm up caches and lazy imports
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) / per_call)
    return Figure(name, median(samples), percentile(samples, 0.95), repeats)


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


def format_figures(figures: Sequence[Figure]) -> list[str]:
    """A plain table with adaptive units."""
    def unit(seconds: float) -> str:
        if seconds < 1e-3:
            return f"{seconds * 1e6:8.2f} µs"
        return f"{seconds * 1e3:8.2f} ms"

    lines = [f"{'benchmark':<34} {'median':>11} {'p95':>11} {'samples':>8}"]
    lines += [f"{f.name:<34} {unit(f.median)} {unit(f.p95)} {f.samples:>8}" for f in figures]
    return lines


if __name__ == "__main__":
    print("\n".join(format_figures(run())))
