"""Statistics of a puzzle's players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

from games.puzzles.detective_run import DetectiveRun


@dataclass(slots=True)
class PuzzleStats:
    """How a puzzle's players fared, beside the detective."""

    players: int
    cracked: int
    median_plays: float | None
    median_penalties: float | None
    detective_plays: int | None


def puzzle_stats(results: Sequence[tuple[bool, int, int]],
                 detective: DetectiveRun | None) -> PuzzleStats:
    """``results``: (cracked, plays, penalties) per player."""
    won = [r for r in results if r[0]]
    return PuzzleStats(len(results), len(won),
                       median(r[1] for r in won) if won else None,
                       median(r[2] for r in won) if won else None,
                       detective.plays if detective and detective.cracked else None)
