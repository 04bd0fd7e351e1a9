"""Benchmark of the builder's difficulty estimate over every rule of ``rules/examples``.

``python -m scripts.bench difficulty`` times :func:`games.autoplay.difficulty.estimate` of
each example rule at a four-player table (the time an author waits for the line under the
preview, which the worker process computes in the background), and prints each rule's
verdict, so that the bands can be read against rules people wrote.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from games.autoplay.difficulty import estimate
from games.engine.settings import GameSettings
from rules.english import describe
from rules.spec import Rule, load_rules_document
from scripts.bench.figures import Figure, median, percentile

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def example_rules(limit: int | None = None) -> list[Rule]:
    """Every rule of every example file, in file order (the first ``limit`` of them)."""
    found: list[Rule] = []
    for path in sorted(EXAMPLES.glob("*.json")):
        found += load_rules_document(json.loads(path.read_text(encoding="utf-8")))
    return found[:limit]


def run(limit: int | None = None) -> tuple[Figure, list[str]]:
    """Estimate each example rule once: the timing figure and one line per rule."""
    settings = GameSettings(players=4)
    samples: list[float] = []
    lines: list[str] = []
    for rule in example_rules(limit):
        start = time.perf_counter()
        found = estimate(rule, settings)
        samples.append(time.perf_counter() - start)
        cracked = f"{found.cracked}/{len(found.plays_to_crack)}"
        after = f"~{found.typical} plays" if found.typical is not None else "-"
        lines.append(f"{found.verdict:<12} {cracked:>5} {after:>10}  {describe(rule)[:70]}")
    figure = Figure("estimate one rule", median(samples), percentile(samples, 0.95),
                    len(samples))
    return figure, lines
