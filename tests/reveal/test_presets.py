"""The reveal of a preset's game: its house rules listed apart from the secret rules and
laws, and the match (round wins per player, who took it)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.engine.actions import EndGame, SkipRule
from games.presets.registry import preset
from games.store.writes import submit_action
from tests.factories import play_until, stored_state
from tests.web.presets import preset_game

pytestmark = pytest.mark.django_db


def section(page: str, anchor: str) -> str:
    found = re.search(rf'<section class="reveal-section" id="{anchor}".*?</section>', page,
                      re.S)
    assert found is not None, anchor
    return found.group(0)


def test_house_rules_are_listed_apart_from_the_secret_law() -> None:
    game, _ = preset_game(preset("teaching"), law="Wrong Colour")
    game = play_until(game, lambda s: len(s.winners) == 1)
    game = submit_action(game.code, EndGame(0), game.version).game
    page = Client().get(f"/g/{game.code}/reveal/").content.decode()
    house, rules = section(page, "house-rules"), section(page, "rules")
    for rule in preset("teaching").house_rules:
        assert rule.jargon in house and rule.jargon not in rules
    assert "Wrong Colour" in rules and "Wrong Colour" not in house
    assert "A secret law of the game" in rules
    assert "This was a solo puzzle" not in page  # a secret law alone makes no puzzle
    assert "everyone knew it from the start" in house
    winner = stored_state(game).names[stored_state(game).winners[0].seat]
    match = section(page, "match")
    assert f"<strong>{winner}</strong>: 1 of 3" in match
    assert "Nobody reached 3 round wins" in match
    # The deal at the start (logged apart from the actions) is in the log and the count.
    assert "3 players · 1 round ·" in page
    assert "Round 1: Gogol deals 5 cards each" in section(page, "log")


def test_the_reveal_says_who_took_the_match() -> None:
    game, _ = preset_game(preset("teaching"), law="Wrong Colour")
    # Bull and Worms pass whenever they may, and every winner keeps the law in force
    # (skips): Gogol takes round after round.
    while True:
        game = play_until(game, lambda s: s.phase in ("writing", "ended"),
                          holding_back=(1, 2))
        state = stored_state(game)
        if state.phase == "ended":
            break
        game = submit_action(game.code, SkipRule(state.writers[0]), game.version).game
    assert state.end is not None and state.end.reason == "match"
    wins = state.wins()
    champion = state.names[wins.index(3)]
    match = section(Client().get(f"/g/{game.code}/reveal/").content.decode(), "match")
    assert f"<strong>{champion}</strong> took the match, first to 3 round wins." in match
    for name, won in zip(state.names, wins, strict=True):
        assert f"<strong>{name}</strong>: {won} of 3" in match


def test_mini_mao_has_neither_section() -> None:
    game, _ = preset_game(preset("mini-mao"))
    game = submit_action(game.code, EndGame(0), game.version).game
    page = Client().get(f"/g/{game.code}/reveal/").content.decode()
    assert 'id="house-rules"' not in page and 'id="match"' not in page


def test_a_game_dealt_at_its_start_and_ended_mid_round_ends_in_that_round() -> None:
    game, _ = preset_game(preset("five-card"))
    game = play_until(game, lambda s: s.phase == "playing" and s.turn >= 6,
                      holding_back=(0, 1, 2))
    assert not stored_state(game).winners
    game = submit_action(game.code, EndGame(0), game.version).game
    page = Client().get(f"/g/{game.code}/reveal/").content.decode()
    # The header counts the round dealt at the start; the end agrees with it.
    assert "3 players · 1 round ·" in page
    assert "before the first round was dealt" not in page
    assert "The game ended in round 1" in page
