"""Starting a game: names, the first rule-maker(s), and the deal."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import WriteRule
from games.engine.errors import EngineError
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from tests.engine.helpers import act, example, kinds, trigger

NAMES = ("Ann", "Bob", "Cat")
ALWAYS_DRAW = trigger("Flood", {"type": "always"}, {"type": "draw", "who": "others",
                                                    "count": 1})


@pytest.mark.parametrize("names", [("Ann", "Bob"), ("Ann", "Bob", " "), ("Ann", "Bob", "x" * 41),
                                   ("Ann", "Bob", "ann")], ids=["count", "blank", "long", "twice"])
def test_bad_names_are_refused(names: Sequence[str]) -> None:
    with pytest.raises(EngineError) as caught:
        new_game(GameSettings(players=3), names, 1)
    assert caught.value.code == "settings/invalid"


def test_names_are_trimmed() -> None:
    assert new_game(GameSettings(players=2), [" Ann ", "Bob"], 1).names == ["Ann", "Bob"]


def test_a_new_game_waits_for_its_volunteer_rule_maker() -> None:
    state = new_game(GameSettings(players=3, first_rule_maker=2), NAMES, 1)
    assert (state.phase, state.rule_maker, state.writers) == ("writing", 2, [2])
    assert state.piles == [] and state.stock == []


def test_a_random_rule_maker_is_drawn_from_the_seed() -> None:
    makers = [new_game(GameSettings(players=3), NAMES, seed).rule_maker for seed in range(30)]
    assert set(makers) == {0, 1, 2}
    assert makers == [new_game(GameSettings(players=3), NAMES, seed).rule_maker
                      for seed in range(30)]


def dealt(seed: int, players: int = 3, hand_size: int = 5, jokers: bool = True) -> GameState:
    options = GameSettings(players=players, hand_size=hand_size, jokers=jokers,
                           first_rule_maker=0)
    state = new_game(options, ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players],
                     seed)
    for seat in list(state.writers):
        state, _ = act(state, WriteRule(seat, ALWAYS_DRAW | {"jargon": f"Flood {seat}"}))
    return state


@settings(deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 8), st.integers(3, 6))
def test_every_seat_is_dealt_its_hand_and_one_starter_is_turned_up(
        seed: int, players: int, hand_size: int) -> None:
    state = dealt(seed, players, hand_size)
    assert [len(h) for h in state.hands] == [hand_size] * players
    assert [len(p.cards) for p in state.piles] == [1]
    assert len(state.stock) == 54 - players * hand_size - 1


@settings(deadline=None)
@given(st.integers(0, 10**6))
def test_the_starter_is_never_a_joker(seed: int) -> None:
    assert dealt(seed, players=8, hand_size=6).piles[0].cards[0] != "JK"


def test_the_starter_triggers_nothing() -> None:
    state = new_game(GameSettings(players=3, first_rule_maker=0), NAMES, 1)
    state, events = act(state, WriteRule(0, ALWAYS_DRAW))
    assert kinds(events) == ["rule_written", "dealt", "hand", "hand", "hand"]
    assert state.stats[1].fired == 0


def test_play_starts_left_of_the_rule_maker() -> None:
    state = new_game(GameSettings(players=4, first_rule_maker=3), [*NAMES, "Dan"], 1)
    state, _ = act(state, WriteRule(3, example("08")[0]))
    assert state.current == 0


def test_the_deal_is_the_same_for_the_same_seed() -> None:
    assert dealt(7).to_json() == dealt(7).to_json()
    assert dealt(7).hands != dealt(8).hands
