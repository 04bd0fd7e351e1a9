"""Tests stage the moments they need through the documented hooks of tests/factories.py
(play on, a stacked deck, a counterfactual rulebook), never by writing a stored game's
state or creating a game row themselves; and the hooks do what they say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engine.actions import Pass, WriteRule
from games.engine.events import Hand
from games.engine.settings import GameSettings
from games.engine.state import GameState
from games.models import Game
from games.store.reads import game_log
from games.store.writes import submit_action
from tests.factories import create_game, play_until, stacked_deck, stored_state

TESTS = Path(__file__).resolve().parent
#: Writing a stored game's state, or making a game row, outside the lobby and write path.
BYPASSES = re.compile(r"\bgame\.state\s*=(?!=)|\.update\([^)]*\bstate=|Game\.objects\.create\("
                      r"|update_fields=\[\"state\"\]")
#: The one place allowed to (its hooks are documented there), and this test.
ALLOWED = {TESTS / "factories.py", Path(__file__).resolve()}
RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
#: A rule that never stops a play, so that a round is soon won.
SKIP = {"jargon": "Skip", "rule": {"kind": "trigger", "when": {"type": "rank", "in": ["7"]},
                                   "effects": [{"type": "skip"}]}}
HANDS = [["2C", "7D", "8D"], ["5H", "6D", "9S"], ["9H", "4S", "3D"]]


def bypasses(source: str) -> list[str]:
    return [m.group(0) for m in BYPASSES.finditer(source)]


def test_no_test_writes_a_stored_state_or_makes_a_game_row_itself() -> None:
    found = {path.relative_to(TESTS).as_posix(): bypasses(path.read_text(encoding="utf-8"))
             for path in sorted(TESTS.rglob("*.py")) if path not in ALLOWED}
    assert {path: hits for path, hits in found.items() if hits} == {}


@pytest.mark.parametrize("source", [
    'game.state = state.to_json()', 'game.save(update_fields=["state"])',
    "Game.objects.filter(pk=1).update(state=data)", "Game.objects.create(seed=1)"])
def test_a_bypass_is_caught(source: str) -> None:
    assert bypasses(source) != []


def test_reading_a_state_is_no_bypass() -> None:
    assert bypasses("assert game.state == before\nstate = stored_state(game)") == []


def dealt(stacked: bool, draws: tuple[str, ...] = ()) -> tuple[Game, GameState]:
    game = create_game(GameSettings(players=3, hand_size=3, first_rule_maker=0),
                       ["Ann", "Bob", "Cat"], seed=5)
    if stacked:
        with stacked_deck(HANDS, "KC", draws):
            game = submit_action(game, WriteRule(0, RULE), game.version).game
    else:
        game = submit_action(game, WriteRule(0, RULE), game.version).game
    return game, stored_state(game)


@pytest.mark.django_db
def test_a_stacked_deck_is_dealt_by_the_engine_through_the_write_path() -> None:
    game, state = dealt(True, draws=("AS", "QH"))
    assert state.hands == HANDS and str(state.piles[0].top) == "KC"
    # The engine dealt it: its events show the same hands, to each seat alone.
    hands = [e for e in game_log(game) if isinstance(e, Hand)]
    assert [list(e.cards) for e in hands] == HANDS and [e.to for e in hands] == [0, 1, 2]
    # The whole deck is still there; the first draws come as staged.
    assert sum(map(len, state.hands)) + len(state.stock) + 1 == 54
    game = submit_action(game, Pass(1), game.version).game
    assert stored_state(game).hands[1] == [*HANDS[1], "AS"]


@pytest.mark.django_db
def test_outside_a_stacked_deck_the_seed_deals() -> None:
    _, before = dealt(False)
    dealt(True)
    _, after = dealt(False)
    assert after.hands == before.hands != HANDS


@pytest.mark.django_db
def test_play_until_reaches_the_moment_through_the_write_path() -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), ["Ann", "Bob", "Cat"],
                       seed=2)
    game = submit_action(game, WriteRule(0, SKIP), game.version).game
    version = game.version
    game = play_until(game, lambda state: state.phase == "writing")
    state = stored_state(game)
    assert state.winners[-1].how == "emptied" and game.version > version
    assert game.log.count() == game.version - 3  # every move logged (three lobby changes)


@pytest.mark.django_db
def test_play_until_fails_when_the_moment_never_comes() -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), ["Ann", "Bob", "Cat"],
                       seed=2)
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    with pytest.raises(AssertionError, match="no such moment within 5 actions"):
        play_until(game, lambda state: False, limit=5)
