"""How hard a puzzle is: from the detective's plays, and from the players' once enough of
them have tried it (docs/puzzles.md). Statistics are computed from plays, never typed in."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import median
from typing import Final

from games.puzzles.detective_run import DetectiveRun, run_detective
from games.puzzles.library import GRADES, Grade, Puzzle

#: A grade by plays to crack: up to the first number "easy", the second "medium", the
#: third "hard"; beyond, or not cracked, "very hard".
BANDS: Final = (4, 8, 20)
#: Players who must have tried a puzzle before their results count in its grade.
MIN_PLAYERS: Final = 10
#: Below this share of players cracking it, a puzzle is a grade harder than their plays say.
LOW_SOLVE_RATE: Final = 0.5
#: The deals the built-in grades are measured on (one deal alone is luck).
GRADING_SEEDS: Final = tuple(range(1, 8))
#: The deals a rule published by a player is graded on, when it is published (fewer: the
#: author waits for it).
PUBLISH_SEEDS: Final = GRADING_SEEDS[:3]


@dataclass(frozen=True, slots=True)
class PuzzleStats:
    """What the players did: how many tried it, how many cracked it, the median plays and
    penalty cards of those who cracked it, and the detective's plays (if it cracked it)."""

    players: int
    cracked: int
    median_plays: float | None
    median_penalties: float | None
    detective_plays: int | None

    @property
    def solve_rate(self) -> float | None:
        """The share of players who cracked it (``None``: nobody tried)."""
        return self.cracked / self.players if self.players else None


def puzzle_stats(results: Sequence[tuple[bool, int, int]],
                 detective: DetectiveRun | None) -> PuzzleStats:
    """The statistics of one puzzle from each player's ``(cracked, plays, penalties)``.

    >>> puzzle_stats([(True, 4, 1), (False, 30, 6), (True, 8, 0)], None)
    PuzzleStats(players=3, cracked=2, median_plays=6.0, median_penalties=0.5, detective_plays=None)
    """
    won = [(plays, penalties) for cracked, plays, penalties in results if cracked]
    return PuzzleStats(
        players=len(results), cracked=len(won),
        median_plays=float(median(p for p, _ in won)) if won else None,
        median_penalties=float(median(n for _, n in won)) if won else None,
        detective_plays=detective.plays if detective and detective.cracked else None)


def _band(plays: float | None) -> int:
    if plays is None:
        return len(BANDS)
    return next((i for i, top in enumerate(BANDS) if plays <= top), len(BANDS))


def grade(detective: DetectiveRun, stats: PuzzleStats | None = None) -> Grade:
    """The grade from the detective's run alone, or, once :data:`MIN_PLAYERS` have tried
    it, halfway (rounded harder) between the detective's and the players' (their median
    plays, a grade harder when fewer than half cracked it).

    >>> grade(DetectiveRun(plays=3, penalties=0, cracked=True))
    'easy'
    >>> grade(DetectiveRun(plays=5, penalties=0, cracked=False))
    'very_hard'
    """
    return played_grade(GRADES[_band(detective.plays if detective.cracked else None)], stats)


def played_grade(measured: Grade, stats: PuzzleStats | None) -> Grade:
    """``measured`` (the detective's grade), moved halfway (rounded harder) to the players'
    once :data:`MIN_PLAYERS` have tried it.

    >>> played_grade("easy", PuzzleStats(12, 3, 15.0, 2.0, None))
    'hard'
    >>> played_grade("easy", PuzzleStats(9, 0, None, None, None))
    'easy'
    """
    found = GRADES.index(measured)
    if stats is not None and stats.players >= MIN_PLAYERS:
        theirs = _band(stats.median_plays)
        rate = stats.solve_rate
        if rate is not None and rate < LOW_SOLVE_RATE:
            theirs = min(theirs + 1, len(BANDS))
        found = math.ceil((found + theirs) / 2)
    return GRADES[found]


def summary(runs: Iterable[DetectiveRun]) -> DetectiveRun:
    """Several runs as one: median plays and penalties (rounded up), cracked when at least
    half cracked it (plays then over those runs only)."""
    runs = list(runs)
    won = [r for r in runs if r.cracked]
    cracked = 2 * len(won) >= len(runs) > 0
    counted = won if cracked else runs
    return DetectiveRun(math.ceil(median(r.plays for r in counted)),
                        math.ceil(median(r.penalties for r in counted)), cracked)


def measured_grade(puzzle: Puzzle) -> Grade:
    """The grade the detective gives ``puzzle`` over :data:`GRADING_SEEDS` (what the data
    file stores; ``python -m scripts.grade_puzzles`` prints them)."""
    return grade(summary(run_detective(puzzle, seed) for seed in GRADING_SEEDS))
