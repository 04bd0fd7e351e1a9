"""Benchmark of the prophet's check over the puzzle library.

``python -m scripts.bench prophet`` plays each built-in puzzle's solo table with bots for
``--plays`` plays, then times :func:`games.puzzles.prophet.judge` (CPU) of each hidden
rule stated another way (the "exact" path: the whole probe space is tried) and of seeded
random guesses of its kind. Target: p95 <= 50 ms.

``python -m scripts.bench publish-grading`` times (CPU) what publishing a rule costs: the
detective's runs that grade it (over :data:`games.puzzles.grading.PUBLISH_SEEDS`), for
each rule of the library alone.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from random import Random

from games.deduction.record import PublicRecord, public_record
from games.engine.events import Event, Played, Refused
from games.engine.simulate import play_on
from games.engine.state import GameState
from games.puzzles.detective_run import run_detective
from games.puzzles.grading import PUBLISH_SEEDS, grade, summary
from games.puzzles.library import Puzzle, builtin_puzzles
from games.puzzles.prophet import judge
from games.puzzles.table import PLAYER_SEAT, open_solo
from rules.context import Settings
from rules.generate import random_rule
from rules.spec import Rule, load_rule, spec_to_json
from scripts.bench.figures import Figure, median, percentile


def solo_record(puzzle: Puzzle, seed: int, plays: int) -> PublicRecord:
    """The public record, as seat 0 saw it, of ``puzzle``'s solo table played by bots for
    about ``plays`` plays."""
    state, opening = open_solo(puzzle, seed, "Prophet")
    seen = list(opening)

    def enough(now: GameState, happened: Sequence[Event]) -> bool:
        seen.extend(happened)
        return sum(isinstance(e, Played | Refused) for e in seen) >= plays

    play_on(state, ("experimenter",), seed, max_actions=10 * plays, max_rounds=100,
            seen=opening, until=enough)
    return public_record([e.seen_by(PLAYER_SEAT) for e in seen], PLAYER_SEAT,
                         tuple(state.names))


def restated(rule: Rule) -> Rule:
    """``rule`` written another way that means the same: its first condition negated twice
    (the prophet then compares them situation by situation, not by their text)."""
    spec = spec_to_json(rule.spec)
    key = next(k for k in ("when", "must", "must_not") if k in spec)
    spec[key] = {"type": "not", "of": {"type": "not", "of": spec[key]}}
    return load_rule({"version": 1, "jargon": rule.jargon, "rule": spec})


def run(plays: int = 60, guesses: int = 3, seed: int = 1) -> list[Figure]:
    """Time the prophet's check on every puzzle's rules: each rule :func:`restated`, and
    ``guesses`` random rules of its kind."""
    rng = Random(seed)
    times: list[float] = []
    exact: list[float] = []
    for puzzle in builtin_puzzles():
        record = solo_record(puzzle, seed, plays)
        for hidden in puzzle.rules:
            tried = [restated(hidden),
                     *(random_rule(rng, hidden.spec.kind) for _ in range(guesses))]
            for i, guess in enumerate(tried):
                start = time.process_time()
                judge(guess, hidden, record, Settings())
                spent = time.process_time() - start
                times.append(spent)
                if i == 0:
                    exact.append(spent)
    return [Figure(f"prophet's check, {plays} plays seen (CPU)", median(times),
                   percentile(times, 0.95), len(times)),
            Figure("  the rule, stated another way (exact)", median(exact), percentile(exact, 0.95),
                   len(exact))]


def publish_grading(seeds: Sequence[int] = PUBLISH_SEEDS) -> list[Figure]:
    """Time grading each rule of the library alone, as publishing it does."""
    times = []
    for puzzle in builtin_puzzles():
        for rule in puzzle.rules:
            alone = Puzzle("alone", rule.jargon, (rule,), "easy")
            start = time.process_time()
            grade(summary(run_detective(alone, seed) for seed in seeds))
            times.append(time.process_time() - start)
    return [Figure(f"grading a published rule, {len(seeds)} deals (CPU)", median(times),
                   percentile(times, 0.95), len(times)),
            Figure("  the slowest", max(times), max(times), len(times))]
