"""Actions: ``parse_action`` / ``action_to_json`` round trip and the refusal of malformed JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.actions import (
    MAX_SAY,
    Action,
    CallOrder,
    ClaimWin,
    Deal,
    EndGame,
    EndOrder,
    HandOver,
    Pass,
    Play,
    Prophesy,
    Say,
    SkipRule,
    WriteRule,
    action_to_json,
    parse_action,
)
from games.engine.errors import EngineError
from rules.cards import ALL_KINDS

CARDS = st.sampled_from([str(c) for c in ALL_KINDS])
SEATS = st.integers(0, 7)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)


@st.composite
def plays(draw: st.DrawFn) -> Play:
    cards = draw(st.lists(CARDS, min_size=1, max_size=13))
    named = draw(st.lists(st.none() | CARDS, min_size=len(cards), max_size=len(cards)))
    return Play(draw(SEATS), tuple(cards), tuple(named), draw(st.text(max_size=200)),
                draw(st.none() | st.sampled_from("CDHS")), draw(st.integers(0, 9)))


ACTIONS: st.SearchStrategy[Action] = st.one_of(
    plays(), st.builds(Pass, SEATS), st.builds(ClaimWin, SEATS), st.builds(EndGame, SEATS),
    st.builds(HandOver, SEATS, SEATS), st.builds(SkipRule, SEATS),
    st.builds(Deal, SEATS, st.none() | SEATS, st.sampled_from([1, -1])),
    st.builds(WriteRule, SEATS, st.dictionaries(st.text(max_size=8), JSON, max_size=3)),
    st.builds(Say, SEATS, st.text(max_size=MAX_SAY)),
    st.builds(CallOrder, SEATS, st.booleans()), st.builds(EndOrder, SEATS, st.booleans()),
    st.builds(Prophesy, SEATS, st.booleans()))


@given(ACTIONS)
def test_actions_round_trip_through_json(action: Action) -> None:
    assert parse_action(json.loads(json.dumps(action_to_json(action)))) == action


@given(JSON)
def test_any_json_is_parsed_or_refused_with_an_engine_error(data: Any) -> None:
    try:
        parse_action(data)
    except EngineError as exc:
        assert exc.code.startswith("action/")


@given(st.dictionaries(st.sampled_from(["type", "seat", "cards", "named", "say", "suit",
                                        "pile", "rule", "first", "direction"]),
                       JSON | CARDS | SEATS | st.sampled_from(["deal", "skip_rule"])))
def test_action_like_json_is_parsed_or_refused_with_an_engine_error(data: Any) -> None:
    try:
        parse_action(data)
    except EngineError as exc:
        assert exc.code.startswith("action/")


def test_a_play_built_without_names_names_nothing_for_each_card() -> None:
    assert Play(0, ("QH", "JK")).named == (None, None)


def test_a_short_list_of_names_is_padded() -> None:
    action = parse_action({"type": "play", "seat": 0, "cards": ["JK", "QH"], "named": ["5D"]})
    assert action == Play(0, ("JK", "QH"), ("5D", None))


def test_cards_are_read_in_canonical_form() -> None:
    action = parse_action({"type": "play", "seat": 2, "cards": ["q♥", " ts"]})
    assert isinstance(action, Play)
    assert action.cards == ("QH", "10S")


PLAY = {"type": "play", "seat": 0, "cards": ["QH"]}


@pytest.mark.parametrize(("data", "code"), [
    ("play", "action/malformed"),
    ([PLAY], "action/malformed"),
    ({"seat": 0}, "action/unknown"),
    ({"type": "jump", "seat": 0}, "action/unknown"),
    ({"type": ["play"], "seat": 0}, "action/unknown"),
    ({"type": {"play": 1}, "seat": 0}, "action/unknown"),
    ({"type": "pass", "seat": 0, "cards": ["QH"]}, "action/malformed"),
    ({"type": "pass"}, "action/bad_seat"),
    ({"type": "pass", "seat": True}, "action/bad_seat"),
    ({"type": "pass", "seat": -1}, "action/bad_seat"),
    ({"type": "pass", "seat": 8}, "action/bad_seat"),
    ({"type": "pass", "seat": "1"}, "action/bad_seat"),
    ({"type": "pass", "seat": 1.0}, "action/bad_seat"),
    ({"type": "play", "seat": 0}, "action/malformed"),
    ({"type": "play", "seat": 0, "cards": "QH"}, "action/malformed"),
    ({"type": "play", "seat": 0, "cards": []}, "action/malformed"),
    ({"type": "play", "seat": 0, "cards": ["2C"] * 14}, "action/malformed"),
    ({"type": "play", "seat": 0, "cards": ["ZH"]}, "action/bad_card"),
    ({"type": "play", "seat": 0, "cards": [12]}, "action/bad_card"),
    (PLAY | {"named": "5D"}, "action/malformed"),
    (PLAY | {"named": [None, None]}, "action/malformed"),
    (PLAY | {"named": ["5X"]}, "action/bad_card"),
    (PLAY | {"say": 5}, "action/malformed"),
    (PLAY | {"say": "x" * (MAX_SAY + 1)}, "action/malformed"),
    (PLAY | {"suit": "s"}, "action/malformed"),
    (PLAY | {"suit": "Spades"}, "action/malformed"),
    (PLAY | {"pile": -1}, "action/malformed"),
    (PLAY | {"pile": True}, "action/malformed"),
    (PLAY | {"pile": "0"}, "action/malformed"),
    ({"type": "write_rule", "seat": 0}, "action/malformed"),
    ({"type": "write_rule", "seat": 0, "rule": "Pip"}, "action/malformed"),
    ({"type": "skip_rule", "seat": 0, "rule": {}}, "action/malformed"),
    ({"type": "skip_rule"}, "action/bad_seat"),
    ({"type": "deal", "seat": 0, "first": 8}, "action/bad_seat"),
    ({"type": "deal", "seat": 0, "first": "1"}, "action/bad_seat"),
    ({"type": "deal", "seat": 0, "first": True}, "action/bad_seat"),
    ({"type": "deal", "seat": 0, "direction": 0}, "action/malformed"),
    ({"type": "deal", "seat": 0, "direction": True}, "action/malformed"),
    ({"type": "deal", "seat": 0, "direction": "left"}, "action/malformed"),
    ({"type": "deal", "seat": 0, "first": 1, "pile": 0}, "action/malformed"),
    ({"type": "call_order", "seat": 0, "host": 1}, "action/malformed"),
    ({"type": "end_order", "seat": 0, "host": "yes"}, "action/malformed"),
    ({"type": "end_order", "seat": 0, "words": "End point of order"}, "action/malformed"),
    ({"type": "call_order"}, "action/bad_seat"),
])
def test_malformed_action_json_is_refused_with_its_code(data: Any, code: str) -> None:
    with pytest.raises(EngineError) as caught:
        parse_action(data)
    assert caught.value.code == code


def test_a_deal_names_nobody_and_goes_clockwise_unless_told() -> None:
    assert parse_action({"type": "deal", "seat": 3}) == Deal(3, None, 1)
