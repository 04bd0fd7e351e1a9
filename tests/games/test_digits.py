"""A small whole number from a form field: ASCII digits only, bounded in length."""

from __future__ import annotations

import pytest

from games.digits import whole_number


@pytest.mark.parametrize(("text", "digits", "number"), [
    ("0", 1, 0), ("7", 1, 7), ("042", 3, 42), ("999999999", 9, 999999999)])
def test_digits_within_the_bound_are_a_number(text: str, digits: int, number: int) -> None:
    assert whole_number(text, digits) == number


@pytest.mark.parametrize(("text", "digits"), [
    ("", 9), ("12", 1), ("1234567890", 9), ("-1", 9), ("+1", 9), (" 1", 9), ("1.0", 9),
    ("²", 9), ("١", 9), ("1_000", 9), ("x", 9)])
def test_anything_else_is_none(text: str, digits: int) -> None:
    assert whole_number(text, digits) is None
