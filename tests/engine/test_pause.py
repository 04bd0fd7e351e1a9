"""The host's pause (``host_pause``): play stops as for a point of order, no rule judges
what is said while it lasts (owed replies wait for it to end), and only the host resumes."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.actions import CallOrder, EndOrder, Play, Say, action_to_json, parse_action
from games.engine.events import OrderCalled, OrderEnded, SpeechBroken
from games.engine.invariants import violations
from games.engine.state import GameState
from games.engine.timers import seconds_left
from games.engine.visibility import player_view
from tests.engine.helpers import act, refusal
from tests.engine.test_point_of_order import ANN, BOB, CAT, table

QUIET = {"rule": {"kind": "talking", "allow": ["Point of order"]}}
THIRD = {"rule": {"kind": "third_person", "during": "always"}}
THANKS = {"rule": {"kind": "reply", "say": "Thank you"}}


def paused(**settings: Any) -> GameState:
    """Ann, the host, has paused the game at 2 s of Bob's five-second turn."""
    state = table((QUIET, THIRD, THANKS), host_pause=True, **settings)
    state, _ = act(state, CallOrder(ANN, host=True, pause=True), at=2_000)
    return state


def test_the_host_pauses_the_game() -> None:
    state, events = act(table(host_pause=True), CallOrder(ANN, host=True, pause=True))
    assert only_called(events).text == (
        "Ann: “The game has been paused.” Play stops, every hand is face down, and no rule "
        "judges what is said until the host resumes it.")
    view = player_view(state, BOB)
    assert view.order is not None and view.order.pause and view.hand == ()
    assert violations(state) == []


def only_called(events: list[Any]) -> OrderCalled:
    (called,) = [e for e in events if isinstance(e, OrderCalled)]
    return called


@pytest.mark.parametrize(("settings", "action", "code"), [
    ({}, CallOrder(ANN, host=True, pause=True), "order/no_pause"),
    ({"host_pause": True}, CallOrder(BOB, pause=True), "order/host_only"),
])
def test_only_the_host_of_a_game_with_pauses_may_pause(settings: dict[str, Any],
                                                       action: CallOrder, code: str) -> None:
    assert refusal(table(**settings), action) == code


def test_a_pause_stops_play_and_the_clock() -> None:
    state = paused()
    assert refusal(state, Play(BOB, ("9D",))) == "order/paused"
    later, _ = act(state, Say(CAT, "I'll make tea"), at=60_000)
    assert seconds_left(later, "turn", 60_000) == 3


def test_no_rule_judges_words_in_a_pause() -> None:
    state, events = act(paused(), Say(CAT, "I need to take a call, you carry on"), at=3_000)
    assert not [e for e in events if isinstance(e, SpeechBroken)]
    assert len(state.hands[CAT]) == 2


def test_a_reply_owed_waits_for_the_pause_to_end() -> None:
    state = paused()
    state.unanswered = {CAT: ["penalty"]}
    state, _ = act(state, Say(CAT, "Back in a minute"), at=3_000)
    assert state.unanswered == {CAT: ["penalty"]}


def test_only_the_host_resumes() -> None:
    state = paused(order_enders="anyone")
    assert refusal(state, EndOrder(BOB)) == "order/host_only"
    state, events = act(state, EndOrder(ANN, host=True), at=5_000)
    (ended,) = [e for e in events if isinstance(e, OrderEnded)]
    assert ended.text == ("Ann: “The game has been resumed.” Every rule applies again, and "
                          "play resumes with Bob to play.")
    assert state.order.current is None and seconds_left(state, "turn", 5_000) == 3
    _, talk = act(state, Say(CAT, "I'm back"), at=6_000)
    assert [e.jargon for e in talk if isinstance(e, SpeechBroken)] == ["House 1", "House 2"]


def test_a_pause_is_not_a_point_of_order_the_host_called() -> None:
    state = paused(order_calls=1)
    assert state.order.calls_in(state.round, ANN) == 0


def test_a_pause_round_trips() -> None:
    action = CallOrder(ANN, host=True, pause=True)
    assert parse_action(action_to_json(action)) == action
    assert "pause" not in action_to_json(CallOrder(ANN))
    state = paused()
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()
