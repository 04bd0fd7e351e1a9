"""Public records of solo tables played by bots, for the puzzle tests (cached per deal)."""

from __future__ import annotations

from functools import cache

from games.deduction.record import PublicRecord
from games.puzzles.library import Puzzle
from scripts.bench.prophet import solo_record


@cache
def record_of(puzzle: Puzzle, seed: int, plays: int = 30) -> PublicRecord:
    """The record seat 0 saw of ``puzzle``'s solo table, dealt by ``seed``, after about
    ``plays`` plays by bots."""
    return solo_record(puzzle, seed, plays)
