"""Cards: canonical text round trip, lenient parsing, clear errors, decks and values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import (
    ALL_KINDS,
    JOKER,
    Card,
    kind,
    make_deck,
    parse,
    parse_many,
    parse_rank,
)
from rules.errors import CardError


@given(st.sampled_from(ALL_KINDS))
def test_text_round_trips(card: Card) -> None:
    assert parse(str(card)) == card


@given(st.sampled_from(ALL_KINDS))
def test_index_round_trips(card: Card) -> None:
    assert kind(card.index) == card


def test_canonical_text() -> None:
    assert [str(parse(t)) for t in ("QH", "10s", "ts", "ac", "jk", "Q♥", " 7d ")] == [
        "QH", "10S", "10S", "AC", "JK", "QH", "7D"]


def test_names_and_symbols() -> None:
    assert parse("QH").name == "Queen of hearts"
    assert parse("10S").symbol == "10♠"
    assert JOKER.name == "Joker"


@pytest.mark.parametrize("text", ["", "Q", "ZH", "QX", "11H", "JKX", "1O S"])
def test_bad_text_is_refused_quoting_the_input(text: str) -> None:
    with pytest.raises(CardError) as caught:
        parse(text)
    assert repr(text) in str(caught.value)


def test_non_text_is_refused() -> None:
    with pytest.raises(CardError):
        parse(12)  # type: ignore[arg-type]


def test_classes() -> None:
    assert parse("KD").is_face and not parse("KD").is_number
    assert parse("AS").is_number and parse("10C").is_number
    assert not JOKER.is_face and not JOKER.is_number and JOKER.colour is None
    assert parse("5H").colour == "red" and parse("5C").colour == "black"


def test_ace_value_follows_the_setting() -> None:
    assert parse("AH").value() == 1
    assert parse("AH").value(aces_high=True) == 14
    assert parse("KH").value(aces_high=True) == 13


def test_decks() -> None:
    assert len(make_deck()) == 54
    assert len(make_deck(jokers=False)) == 52
    assert len(make_deck(2)) == 108
    assert len(set(make_deck())) == 53
    with pytest.raises(CardError):
        make_deck(3)


def test_parse_many_and_ranks() -> None:
    assert [str(c) for c in parse_many("5C 6C,7C")] == ["5C", "6C", "7C"]
    assert parse_rank("Q") == 12 and parse_rank(1) == 1 and parse_rank("10") == 10
    with pytest.raises(CardError):
        parse_rank("Z")
    with pytest.raises(CardError):
        parse_rank(True)  # a bool is an int to the type checker, not a rank to parse_rank
