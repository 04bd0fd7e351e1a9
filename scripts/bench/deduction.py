"""Benchmark of the deduction tools: checking a hypothesis against 500 observed plays.

``python -m scripts.bench deduction`` plays seeded bot games until the public record holds
``--plays`` attempts, then times :func:`games.deduction.hypotheses.check` of random
hypotheses and the notebook's evidence (:func:`games.display.notebook_rows.evidence_view`).
Target: p95 <= 20 ms for 500 plays.
"""

from __future__ import annotations

import time
from random import Random

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord, public_record
from games.display.notebook_rows import evidence_view
from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.simulate import play_game
from rules.generate import random_rule
from scripts.bench.figures import Figure, median, percentile


def long_record(plays: int, seed: int) -> PublicRecord:
    """The public record of seeded bot games (one after another) with ``plays`` attempts."""
    events: list[Event] = []
    names: tuple[str, ...] = ()
    for i in range(200):
        game = play_game(GameSettings(players=4), seed * 1000 + i, ("experimenter",),
                         max_actions=600, max_rounds=6)
        events += game.events
        names = tuple(game.start.names)
        record = public_record(events, None, names)
        if len(record.attempts) >= plays and record.sightings:
            return record
    raise RuntimeError("bot games did not make enough plays")


def run(plays: int = 500, samples: int = 200, seed: int = 1) -> list[Figure]:
    """Time ``samples`` checks of random hypotheses against a record of ``plays`` plays."""
    record = long_record(plays, seed)
    rng = Random(seed)
    times = []
    for _ in range(samples):
        jargon = rng.choice(record.jargons)
        kind = rng.choice(("restriction", "restriction", "trigger", "call"))
        hypothesis = random_rule(rng, kind, author=0)
        start = time.perf_counter()
        check(hypothesis, jargon, record)
        times.append(time.perf_counter() - start)
    name = f"check a hypothesis, {len(record.attempts)} plays"
    built = []
    for _ in range(max(samples // 10, 5)):
        start = time.perf_counter()
        evidence_view(record)
        built.append(time.perf_counter() - start)
    return [Figure(name, median(times), percentile(times, 0.95), samples),
            Figure(f"the notebook's evidence, {len(record.attempts)} plays", median(built),
                   percentile(built, 0.95), len(built))]
