"""The detective's run at a solo table: the same for a puzzle and a seed, bounded, and it
cracks an easy puzzle."""

from __future__ import annotations

from games.puzzles.detective_run import MAX_PLAYS, run_detective
from games.puzzles.library import find


def test_the_same_puzzle_and_seed_give_the_same_run() -> None:
    puzzle = find("intrigue")
    assert puzzle is not None
    assert run_detective(puzzle, 5) == run_detective(puzzle, 5)


def test_it_cracks_an_easy_puzzle_within_its_bound() -> None:
    puzzle = find("checkerboard")
    assert puzzle is not None
    runs = [run_detective(puzzle, seed) for seed in range(1, 4)]
    assert all(r.cracked and 1 <= r.plays <= MAX_PLAYS for r in runs)


def test_it_gives_up_at_its_bound() -> None:
    puzzle = find("streak-breaker")
    assert puzzle is not None
    run = run_detective(puzzle, 1)
    assert not run.cracked and run.plays == MAX_PLAYS
