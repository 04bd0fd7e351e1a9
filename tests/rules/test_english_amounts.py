"""How many: the noun agrees with its number ("at most one card"), and amounts that mean
none or some are said so ("no cards", "at least one spade"), in every counting clause."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.english import describe
from rules.spec import FORMAT_VERSION, load_rule

OPS = ("==", "!=", "<", "<=", ">", ">=")
SPADES = {"type": "suit", "in": ["S"]}


def sentence(condition: dict[str, Any]) -> str:
    return describe(load_rule({"version": FORMAT_VERSION, "jargon": "X", "author": 0,
                               "rule": {"kind": "restriction", "must": condition}}))


def held(op: str, value: int) -> dict[str, Any]:
    return {"type": "hand_count", "where": SPADES, "op": op, "value": value}


def left(op: str, value: int) -> dict[str, Any]:
    return {"type": "compare", "what": "hand_after", "op": op, "value": value}


def counted(op: str, value: int) -> dict[str, Any]:
    return {"type": "count", "where": SPADES, "last": 3, "op": op, "value": value}


@pytest.mark.parametrize(("op", "value", "said"), [
    ("==", 0, "the player holds no spades"),
    ("<=", 0, "the player holds no spades"),
    ("<", 1, "the player holds no spades"),
    ("!=", 0, "the player holds at least one spade"),
    (">", 0, "the player holds at least one spade"),
    (">=", 1, "the player holds at least one spade"),
    ("==", 1, "the player holds exactly one spade"),
    ("<=", 1, "the player holds at most one spade"),
    (">", 1, "the player holds more than one spade"),
    ("!=", 1, "the player holds a number of spades other than one"),
    ("<", 2, "the player holds fewer than two spades"),
    (">=", 3, "the player holds at least three spades"),
])
def test_a_hand_count_says_how_many_in_plain_english(op: str, value: int, said: str) -> None:
    assert sentence(held(op, value)) == f"A play is legal only if {said}."


@pytest.mark.parametrize(("condition", "said"), [
    (left("==", 0), "the play leaves its player with no cards"),
    (left("<=", 1), "the play leaves its player with at most one card"),
    (left(">", 1), "the play leaves its player with more than one card"),
    ({"type": "compare", "what": "hand_before", "op": ">=", "value": 1},
     "the player holds at least one card before the play"),
    ({"type": "compare", "what": "run_length", "op": "<=", "value": 1},
     "the run of equal ranks on top of the pile is at most one card long"),
    (counted("<=", 1), "there is at most one spade among the last three cards before it"),
    (counted("==", 0), "there are no spades among the last three cards before it"),
    (counted(">", 1), "there is more than one spade among the last three cards before it"),
    (counted("==", 2), "there are exactly two spades among the last three cards before it"),
])
def test_other_amounts_agree_too(condition: dict[str, Any], said: str) -> None:
    assert sentence(condition) == f"A play is legal only if {said}."


@given(st.sampled_from([held, left, counted]), st.sampled_from(OPS), st.integers(0, 12))
def test_a_number_never_disagrees_with_its_noun(make: Any, op: str, value: int) -> None:
    text = sentence(make(op, value))
    assert not re.search(r"\bone (cards|spades)\b", text), text
    assert not re.search(r"\b(two|three|four|five|six|seven|eight|nine|ten|\d+) "
                         r"(card|spade)\b(?! long)", text), text
    assert not re.search(r"\bthere is (no|\w+ (two|three|four|five|six|seven|eight|nine|ten|"
                         r"\d+)) ", text), text
    # "zero" is said only of amounts no hand can have or every hand has.
    if "zero" in text:
        assert (op, value) in (("<", 0), (">=", 0)), text


@pytest.mark.parametrize(("what", "said"), [
    ("turn", "the turn number is at most five"),
    ("round", "the round number is at most five"),
    ("players", "there are at most five players"),
])
def test_turns_rounds_and_players_are_counted_in_words(what: str, said: str) -> None:
    text = sentence({"type": "compare", "what": what, "op": "<=", "value": 5})
    assert said in text and "<function" not in text
