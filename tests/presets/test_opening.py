"""Opening a game from a preset: the host's choices within its ranges, the law chosen, and
the first state (house rules public, the law secret and in force, or a first rule to write);
Mini Mao opens exactly as a game always did."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.visibility import player_view
from games.presets.format import PresetError
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset

TEACHING = preset("teaching")
NAMES = ("Ann", "Bob", "Cat", "Dan")


def refused(**chosen: Any) -> tuple[str, str]:
    with pytest.raises(PresetError) as caught:
        settings_for(TEACHING, **chosen)
    return caught.value.path, caught.value.code


def test_the_teaching_settings() -> None:
    settings = settings_for(TEACHING, players=5, law="Wrong Colour")
    assert settings == GameSettings(
        players=5, hand_size=5, decks=1, jokers=False, rule_making="replace", reveal="round",
        match_wins=3, dealer_rotates=True, chair="Referee", preset="teaching",
        law="Wrong Colour", out_of_turn="penalised", lockup_ends="round",
        rule_kinds=("restriction",))


@pytest.mark.parametrize(("chosen", "path", "code"), [
    ({"players": 7}, "players", "preset/out_of_range"),
    ({"players": 2}, "players", "preset/out_of_range"),
    ({"hand_size": 6}, "hand_size", "preset/not_choosable"),
    ({"jokers": True}, "jokers", "preset/not_choosable"),
    ({"law": "Mourning"}, "law", "preset/unknown_law"),
], ids=str)


def test_what_the_preset_does_not_allow_is_refused(chosen: dict[str, Any], path: str,
                                                   code: str) -> None:
    assert refused(**chosen) == (path, code)


def test_mini_mao_offers_no_law() -> None:
    with pytest.raises(PresetError) as caught:
        settings_for(preset("mini-mao"), law="Wrong Colour")
    assert caught.value.code == "preset/unknown_law"


def test_a_combination_no_deck_can_deal_is_refused() -> None:
    with pytest.raises(PresetError) as caught:
        settings_for(preset("mini-mao"), players=8, hand_size=7)
    assert (caught.value.code, caught.value.detail) == ("preset/bad_settings",
                                                        "8 hands of 7 need two decks")


def test_mini_mao_opens_exactly_as_a_game_always_did() -> None:
    settings = settings_for(preset("mini-mao"), players=4, first_rule_maker=2)
    state, events = open_preset(settings, NAMES, 11)
    assert events == []
    assert state.to_json() == new_game(settings, NAMES, 11).to_json()


def test_teaching_with_its_law_starts_dealt_with_the_law_in_force() -> None:
    settings = settings_for(TEACHING, players=4, first_rule_maker=0, law="Wrong Colour")
    state, events = open_preset(settings, NAMES, 3)
    assert (state.phase, state.writers) == ("playing", [])
    assert [(e.jargon, e.author, e.house) for e in state.rules] == [
        ("Misplay", None, True), ("Spade Call", None, True), ("Mao", None, True),
        ("Silence", None, True), ("Wrong Colour", None, False)]
    assert state.disclosed == [1, 2, 3, 4]
    assert events[0].text.startswith("Round 1: Ann deals 5 cards each.")
    # 003: "With 4 players, 20 are held, 1 exposed and 31 in stock."
    assert (sum(len(h) for h in state.hands), len(state.piles[0].cards), len(state.stock)) == (
        20, 1, 31)


def test_teaching_without_its_law_waits_for_a_written_first_law() -> None:
    state, events = open_preset(settings_for(TEACHING, first_rule_maker=1), NAMES, 3)
    assert (state.phase, state.writers, events) == ("writing", [1], [])
    assert [r.jargon for r in state.rulebook().rules] == ["Misplay", "Spade Call", "Mao", "Silence"]


def test_the_law_stays_secret_and_the_house_rules_public() -> None:
    settings = settings_for(TEACHING, players=4, first_rule_maker=0, law="Wrong Colour")
    state, _ = open_preset(settings, NAMES, 3)
    for seat in (0, 1, None):
        view = player_view(state, seat)
        text = json.dumps(view.to_json(), default=str)
        assert [r.jargon for r in view.house_rules] == ["Misplay", "Spade Call", "Mao", "Silence"]
        assert "Wrong Colour" not in text


def test_settings_the_preset_would_not_give_are_refused() -> None:
    tampered = replace(settings_for(TEACHING), rule_making="add")
    with pytest.raises(PresetError) as caught:
        open_preset(tampered, NAMES, 3)
    assert (caught.value.path, caught.value.code) == ("rule_making", "preset/mismatch")


def test_a_game_opens_the_same_from_the_same_settings() -> None:
    settings = settings_for(TEACHING, players=4, law="Wrong Colour")
    first, _ = open_preset(settings, NAMES, 8)
    again, _ = open_preset(GameSettings.from_json(settings.to_json()), NAMES, 8)
    assert first.to_json() == again.to_json()
