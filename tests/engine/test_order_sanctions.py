"""The host's sanctions for excessive or needless points of order (``order_sanctions``): a
penalty card, or the loss of the right to call one for the rest of the game."""

from __future__ import annotations

import pytest

from games.engine.actions import CallOrder, SanctionOrder, action_to_json, parse_action
from games.engine.errors import EngineError
from games.engine.events import Drew, OrderSanctioned
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import act, kinds, only, refusal
from tests.engine.test_point_of_order import ANN, BOB, CAT, table


def game() -> GameState:
    """Ann (the host), Bob (to play) and Cat, two cards; sanctions allowed, no turn clock."""
    return table(turn_seconds=None, order_sanctions=True)


def test_a_penalty_card_for_excessive_points_of_order() -> None:
    state, events = act(game(), SanctionOrder(ANN, CAT, "card"))
    assert kinds(events) == ["order_sanctioned", "drew"]
    assert only(events, OrderSanctioned).text == (
        "Ann gives Cat a penalty card for excessive points of order.")
    assert only(events, Drew).reason == "penalty" and len(state.hands[CAT]) == 3


def test_the_loss_of_the_right_to_call_one() -> None:
    state, events = act(game(), SanctionOrder(ANN, CAT, "bar"))
    assert only(events, OrderSanctioned).text == (
        "Ann takes away Cat's right to call a point of order, for excessive points of order.")
    assert refusal(state, CallOrder(CAT)) == "order/barred"
    assert player_view(state, BOB).order_barred == (CAT,)
    assert refusal(state, SanctionOrder(ANN, CAT, "bar")) == "order/barred_already"
    state, _ = act(state, CallOrder(BOB))  # the others keep theirs
    assert state.order.current is not None
    assert GameState.from_json(state.to_json()).order.barred == [CAT]


def test_no_sanctions_in_a_game_without_them() -> None:
    assert refusal(table(), SanctionOrder(ANN, CAT, "card")) == "order/no_sanctions"


def test_a_sanction_round_trips_and_an_unknown_one_is_refused() -> None:
    action = SanctionOrder(ANN, CAT, "bar")
    assert parse_action(action_to_json(action)) == action
    with pytest.raises(EngineError) as caught:
        parse_action({"type": "sanction_order", "seat": 0, "target": 2, "sanction": "jail"})
    assert caught.value.code == "action/malformed"
