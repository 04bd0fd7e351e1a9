"""Benchmark of the builder's preview: ``python -m scripts.bench builder`` prints median and p95.

Each sample previews a fresh seeded random rule beside ``--rules`` rules with every cache
cleared (the first preview after an edit), then on another top card, then with the
rulebook's caches warm; "the write's check" times ``locks_in_force``. ``--clock cpu`` times
this process's CPU instead of the wall clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import Any

from games.authoring.grid import Table
from games.authoring.lock_check import locks_in_force, needs_check
from games.authoring.preview import clear_caches, preview, warm
from rules.cards import STANDARD_CARDS, Card
from rules.generate import random_rule
from rules.spec import Rule
from scripts.bench.figures import Figure, median, percentile


def rulebook(count: int, rng: Random) -> list[Rule]:
    """``count`` random rules by four authors, distinct jargon."""
    rules: list[Rule] = []
    for i in range(count):
        rules.append(random_rule(rng, None, author=i % 4, taken=tuple(r.jargon for r in rules)))
    return rules


def run(rules: int = 10, samples: int = 200, seed: int = 1, cpu: bool = False
        ) -> list[Figure]:
    """Cold previews and top-card changes, ``samples`` each (timed by CPU time with
    ``cpu``)."""
    clock = time.process_time if cpu else time.perf_counter
    rng = Random(seed)
    table = Table(players=4, player=1, round=3)
    first, edit, top, check = [], [], [], []
    for _ in range(samples):
        others = rulebook(rules, rng)
        new = random_rule(rng, None, author=0, taken=tuple(r.jargon for r in others))
        tops = rng.sample(STANDARD_CARDS, 3)
        clear_caches()
        first.append(_time(clock, _builder, new, others, table, tops[0]))
        top.append(_time(clock, _builder, new, others, table, tops[1]))
        clear_caches()
        warm(_own(others), table)
        edit.append(_time(clock, _builder, new, others, table, tops[2]))
        clear_caches()
        check.append(_time(clock, _write_check, new, others, table))
    return [_figure(f"preview after an edit, {rules} rules", edit),
            _figure("  first preview of a game (cold)", first),
            _figure("  another top card, same rule", top),
            Figure("  slowest preview after an edit", max(edit), max(edit), samples),
            _figure("  the write's check, once per turn (cold)", check)]


def _own(others: list[Rule]) -> list[Rule]:
    """Seat 0's rules among ``others``: all a preview of seat 0's draft may read."""
    return [rule for rule in others if rule.author == 0]


def _builder(new: Rule, others: list[Rule], table: Table, top: Card) -> None:
    """The builder's preview for seat 0 writing ``new``: from its own rules alone."""
    preview(new, _own(others), table, top)


def _write_check(new: Rule, others: list[Rule], table: Table) -> None:
    """What "Write this rule" computes once per writing turn (games/builder/lock_check.py)."""
    if needs_check(new, _own(others), table):
        locks_in_force(new, others, table)


def _time(clock: Callable[[], float], action: Callable[..., object], *args: Any) -> float:
    started = clock()
    action(*args)
    return clock() - started


def _figure(name: str, samples: list[float]) -> Figure:
    return Figure(name, median(samples), percentile(samples, 0.95), len(samples))
