"""Game settings: the allowed ranges, strict JSON reading, and deals the deck can supply."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.errors import EngineError
from games.engine.settings import GameSettings


def test_the_defaults_are_four_players_of_five_cards_with_jokers() -> None:
    assert GameSettings().to_json() == {"players": 4, "hand_size": 5, "decks": 1,
                                        "jokers": True, "aces_high": False,
                                        "first_rule_maker": None}


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 9}, {"hand_size": 2}, {"hand_size": 8}, {"decks": 0},
    {"decks": 3}, {"first_rule_maker": 4}, {"first_rule_maker": -1}, {"jokers": 1},
    {"aces_high": "yes"},
], ids=str)
def test_settings_out_of_range_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(EngineError) as caught:
        GameSettings(**options)
    assert caught.value.code == "settings/invalid"


def test_eight_hands_of_seven_need_two_decks() -> None:
    with pytest.raises(EngineError) as caught:
        GameSettings(players=8, hand_size=7)
    assert str(caught.value) == "8 hands of 7 need two decks"
    assert GameSettings(players=8, hand_size=7, decks=2).decks == 2


def test_settings_round_trip_through_json() -> None:
    options = GameSettings(players=3, hand_size=7, decks=2, jokers=False, aces_high=True,
                           first_rule_maker=2)
    assert GameSettings.from_json(options.to_json()) == options


@pytest.mark.parametrize("data", [
    [4], {"players": 4, "colour": "red"}, {"players": "4"}, {"players": True},
    {"hand_size": 5.0}, {"decks": None}, {"first_rule_maker": "1"},
    {"first_rule_maker": True}, {"jokers": "no"},
], ids=str)
def test_bad_settings_json_is_refused(data: Any) -> None:
    with pytest.raises(EngineError) as caught:
        GameSettings.from_json(data)
    assert caught.value.code == "settings/invalid"


@given(st.dictionaries(st.sampled_from(["players", "hand_size", "decks", "jokers", "aces_high",
                                        "first_rule_maker"]),
                       st.none() | st.booleans() | st.integers(-2, 10) | st.text(max_size=2)))
def test_any_settings_json_is_read_or_refused_with_its_code(data: dict[str, Any]) -> None:
    try:
        GameSettings.from_json(data)
    except EngineError as exc:
        assert exc.code == "settings/invalid"


def test_no_first_rule_maker_means_one_drawn_at_random() -> None:
    assert GameSettings.from_json({"first_rule_maker": None}).first_rule_maker is None
