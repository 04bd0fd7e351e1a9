"""A solo player's prophecy: judged outside the engine, a miss costs a penalty card."""

from __future__ import annotations

from games.engine.actions import Prophesy
from games.engine.events import Drew, Prophesied
from games.engine.state import GameState
from tests.engine.helpers import act, kinds, only, refusal
from tests.engine.test_point_of_order import ANN, BOB, table


def game() -> GameState:
    """Ann, Bob (to play) and Cat; no turn clock."""
    return table(turn_seconds=None)


def test_a_missed_prophecy_draws_one_penalty_card_and_keeps_the_turn() -> None:
    state, events = act(game(), Prophesy(BOB, missed=True))
    assert kinds(events) == ["prophesied", "drew"]
    assert only(events, Prophesied).text == (
        "Bob prophesies a hidden rule, wrongly, and draws a penalty card.")
    assert only(events, Drew).reason == "penalty"
    assert len(state.hands[BOB]) == 4 and state.current == BOB


def test_an_exact_prophecy_costs_nothing() -> None:
    state, events = act(game(), Prophesy(BOB, missed=False))
    assert kinds(events) == ["prophesied"]
    assert len(state.hands[BOB]) == 3 and state.current == BOB


def test_a_prophecy_out_of_turn_is_refused() -> None:
    assert refusal(game(), Prophesy(ANN, missed=True)) == "action/not_your_turn"


def test_a_prophecy_from_no_seat_is_refused() -> None:
    assert refusal(game(), Prophesy(6, missed=True)) == "action/bad_seat"
