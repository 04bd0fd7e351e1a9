"""The daily choice: the same puzzle and deal for a date, wherever it is asked; every
puzzle has its day before any comes back; the deal changes every day."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.puzzles.daily import daily_choice
from games.puzzles.library import builtin_puzzles

PUZZLES = builtin_puzzles()


@given(st.dates(), st.randoms(use_true_random=False))
def test_a_date_gives_one_puzzle_and_deal_whatever_the_order(day: date, rng: object) -> None:
    shuffled = list(PUZZLES)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert daily_choice(day, PUZZLES) == daily_choice(day, shuffled)


@given(st.dates(max_value=date(9000, 1, 1)))
def test_no_puzzle_comes_back_before_every_other_had_its_day(start: date) -> None:
    days = [start + timedelta(days=i) for i in range(len(PUZZLES))]
    chosen = [daily_choice(d, PUZZLES)[0].slug for d in days]
    assert sorted(chosen) == sorted(p.slug for p in PUZZLES)


def test_the_deal_differs_every_day_of_a_year() -> None:
    seeds = [daily_choice(date(2027, 1, 1) + timedelta(days=i), PUZZLES)[1]
             for i in range(366)]
    assert len(set(seeds)) == len(seeds)


def test_no_puzzle_no_choice() -> None:
    with pytest.raises(ValueError, match="no puzzle"):
        daily_choice(date(2027, 1, 1), [])
