"""Figures of a benchmark: samples timed, their median and 95th percentile, a plain table.

Shared by every benchmark under ``scripts/bench`` (``python -m scripts.bench --help``); the
figures go to docs/performance.md with the command that printed them and its date.

>>> median([3.0, 1.0, 2.0])
2.0
>>> percentile([float(n) for n in range(101)], 0.95)
95.0
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


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


def format_figures(figures: Sequence[Figure]) -> list[str]:
    """A plain table with adaptive units."""
    def unit(seconds: float) -> str:
        if seconds < 1e-3:
            return f"{seconds * 1e6:8.2f} µs"
        return f"{seconds * 1e3:8.2f} ms"

    lines = [f"{'benchmark':<44} {'median':>11} {'p95':>11} {'samples':>8}"]
    lines += [f"{f.name:<44} {unit(f.median)} {unit(f.p95)} {f.samples:>8}" for f in figures]
    return lines

