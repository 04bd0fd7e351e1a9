"""A time limit the host sets during play (``host_times``): the game ends that many minutes
on, the fewest cards winning; a limit set again replaces the last."""

from __future__ import annotations

import pytest

from games.engine.actions import CallOrder, Tick, TimeGame, action_to_json, parse_action
from games.engine.clock import END
from games.engine.events import TimeSet, TimeUp
from games.engine.invariants import violations
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import act, only, refusal
from tests.engine.test_point_of_order import ANN, BOB, CAT, table


def timed() -> GameState:
    """Ann 2C 8C, Bob 9D 3D 5C, Cat 4C 6C, Bob to play; no turn clock."""
    return table(host_times=True, turn_seconds=None)


def test_the_host_sets_the_time_the_game_ends() -> None:
    state, events = act(timed(), TimeGame(ANN, 20), at=5_000)
    assert only(events, TimeSet).text == (
        "Ann sets a time limit: the game ends in 20 minutes, and then the fewest cards win.")
    assert state.timers[END] == 5_000 + 20 * 60_000
    assert player_view(state, BOB).clock.game_due == 5_000 + 20 * 60_000
    assert violations(state) == []


def test_when_time_is_up_the_fewest_cards_win() -> None:
    state, _ = act(timed(), TimeGame(ANN, 5), at=0)
    state, events = act(state, Tick(), at=5 * 60_000)
    assert only(events, TimeUp).winners == (ANN, CAT)  # two cards each; Bob holds three
    assert state.phase == "ended" and state.end is not None and state.end.reason == "time"


def test_a_time_set_again_replaces_the_last() -> None:
    state, _ = act(timed(), TimeGame(ANN, 60), at=0)
    state, _ = act(state, TimeGame(ANN, 10), at=1_000)
    assert state.timers[END] == 1_000 + 10 * 60_000


def test_a_time_set_in_a_point_of_order_counts_from_when_play_stopped() -> None:
    state, _ = act(timed(), CallOrder(BOB), at=2_000)
    state, _ = act(state, TimeGame(ANN, 10), at=50_000)
    assert state.timers[END] == 2_000 + 10 * 60_000  # the thaw adds the whole stop


@pytest.mark.parametrize(("state", "action", "code"), [
    (table(), TimeGame(ANN, 10), "clock/not_allowed"),
    (table(host_times=True), TimeGame(ANN, 0), "clock/bad_minutes"),
    (table(host_times=True), TimeGame(ANN, 601), "clock/bad_minutes"),
    (table(host_times=True), TimeGame(9, 10), "action/bad_seat"),
])
def test_a_time_limit_is_checked(state: GameState, action: TimeGame, code: str) -> None:
    assert refusal(state, action) == code


def test_the_action_round_trips() -> None:
    assert parse_action(action_to_json(TimeGame(ANN, 30))) == TimeGame(ANN, 30)
