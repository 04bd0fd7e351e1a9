"""Benchmark of the deduction tools: checking a hypothesis against 500 observed plays.

``python -m scripts.bench deduction`` plays seeded bot games until the public record holds
``--plays`` attempts, then times :func:`games.deduction.hypotheses.check` of random
hypotheses, the notebook's evidence (:func:`games.display.notebook_rows.evidence_view`) and
its advice for one jargon (the simplest rivals from the record, then the plays of a
seven-card hand that split them from a hypothesis: what one notebook load computes per
jargon with a hypothesis). Target: p95 <= 20 ms for a check, 500 plays.
"""

from __future__ import annotations

import time
from random import Random

from games.deduction.experiments import Table
from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord, public_record
from games.deduction.suggest import suggest
from games.display.notebook_rows import evidence_view
from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.simulate import play_game
from rules.cards import STANDARD_CARDS
from rules.evaluation import DEFAULT_SETTINGS
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
    advised, charged = _advice_times(record, rng, max(samples // 4, 5))
    return [Figure(name, median(times), percentile(times, 0.95), samples),
            Figure(f"the notebook's evidence, {len(record.attempts)} plays", median(built),
                   percentile(built, 0.95), len(built)),
            Figure(f"the notebook's advice for one jargon, {len(record.attempts)} plays",
                   median(advised), percentile(advised, 0.95), len(advised)),
            Figure("  the same, CPU (what the viewer's budget is charged)", median(charged),
                   percentile(charged, 0.95), len(charged))]


def _advice_times(record: PublicRecord, rng: Random, samples: int
                  ) -> tuple[list[float], list[float]]:
    """Seconds (by the wall clock, and of this thread's CPU) of
    :func:`games.deduction.suggest.suggest` (rivals and splits) for a random hypothesis of
    each jargon's kind, a random seven-card hand on a random top."""
    kinds = {s.jargon: next((k for seen, k in (("refused", "restriction"),
                                                ("fired", "trigger"), ("call", "call"))
                             if seen in s.kinds), "restriction")
             for s in record.sightings}
    cards = [str(c) for c in STANDARD_CARDS]
    times, cpu = [], []
    for _ in range(samples):
        jargon = rng.choice(record.jargons)
        held = [("H1", random_rule(rng, kinds[jargon], author=0))]
        under = tuple(rng.sample(cards, 3))
        table = Table(seat=1, hand=tuple(rng.sample(cards, 7)), under=under, record=under,
                      turn=len(record.attempts) + 1, round=1, players=4)
        start, started = time.perf_counter(), time.thread_time()
        suggest(jargon, held, record, (table,), DEFAULT_SETTINGS)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - started)
    return times, cpu
