"""Puzzle statistics are computed from plays; the grade follows the detective, and the
players' results once enough have tried."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.puzzles.detective_run import DetectiveRun
from games.puzzles.grading import BANDS, MIN_PLAYERS, grade, puzzle_stats, summary
from games.puzzles.library import GRADES

RESULTS = st.lists(st.tuples(st.booleans(), st.integers(1, 200), st.integers(0, 50)))


@given(RESULTS)
def test_stats_count_players_and_crackers(results: list[tuple[bool, int, int]]) -> None:
    stats = puzzle_stats(results, DetectiveRun(9, 1, True))
    assert stats.players == len(results)
    assert stats.cracked == sum(c for c, _, _ in results)
    assert stats.detective_plays == 9
    if stats.cracked:
        assert stats.median_plays is not None and stats.median_penalties is not None
        assert min(p for c, p, _ in results if c) <= stats.median_plays
    else:
        assert stats.median_plays is None


def test_an_uncracking_detective_reports_no_plays() -> None:
    assert puzzle_stats([], DetectiveRun(40, 3, False)).detective_plays is None


def test_the_detective_alone_grades_by_its_plays() -> None:
    assert [grade(DetectiveRun(n, 0, True)) for n in (1, *BANDS, BANDS[-1] + 1)] == [
        "easy", "easy", "medium", "hard", "very_hard"]
    assert grade(DetectiveRun(2, 0, False)) == "very_hard"


@given(st.integers(1, 60), RESULTS)
def test_few_players_do_not_move_the_grade(plays: int,
                                           results: list[tuple[bool, int, int]]) -> None:
    run = DetectiveRun(plays, 0, True)
    stats = puzzle_stats(results[:MIN_PLAYERS - 1], run)
    assert grade(run, stats) == grade(run)


@given(st.integers(1, 60), st.lists(st.tuples(st.booleans(), st.integers(1, 200),
                                              st.integers(0, 50)), min_size=MIN_PLAYERS))
def test_players_move_the_grade_at_most_halfway(plays: int,
                                                results: list[tuple[bool, int, int]]) -> None:
    run = DetectiveRun(plays, 0, True)
    alone = GRADES.index(grade(run))
    found = GRADES.index(grade(run, puzzle_stats(results, run)))
    assert abs(found - alone) <= 2


def test_players_who_rarely_crack_it_make_it_harder() -> None:
    run = DetectiveRun(3, 0, True)
    stuck = [(False, 50, 9)] * 8 + [(True, 3, 0)] * 2
    assert grade(run, puzzle_stats(stuck, run)) == "medium"
    quick = [(True, 2, 0)] * 10
    assert grade(run, puzzle_stats(quick, run)) == "easy"


def test_a_summary_takes_the_median_of_cracked_runs() -> None:
    runs = [DetectiveRun(4, 0, True), DetectiveRun(40, 9, False), DetectiveRun(8, 2, True)]
    assert summary(runs) == DetectiveRun(6, 1, True)
    assert summary(runs[1:2]) == DetectiveRun(40, 9, False)
