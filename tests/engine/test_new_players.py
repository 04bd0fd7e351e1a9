"""Mistakes in a row that expel only the players the host names new (``expel_new_only``)."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.actions import NameNew, OpenSeat, TakeSeat, action_to_json, parse_action
from games.engine.events import Expelled, NamedNew
from games.engine.invariants import violations
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import act, only, play, refusal
from tests.engine.test_point_of_order import ANN, BOB, CAT, table


def game(**settings: Any) -> GameState:
    """Ann (the host) 2C 8C, Bob 9D 3D 5C, Cat 4C 6C; Bob to play on 7C. Every card is
    legal here, so the mistake made is a play off one's turn; two in a row expel."""
    return table(turn_seconds=None, out_of_turn="penalised", expel_mistakes=2,
                 expel_new_only=True, **settings)


def two_slips(state: GameState, seat: int) -> tuple[GameState, list[Any]]:
    """``seat`` plays out of turn twice (each a mistake)."""
    card = state.hands[seat][0]
    state, _ = play(state, seat, card)
    return play(state, seat, card)


def test_a_player_not_named_new_is_never_expelled_for_mistakes() -> None:
    state, events = two_slips(game(), CAT)
    assert not [e for e in events if isinstance(e, Expelled)]
    assert state.mistakes == {} and violations(state) == []


def test_a_player_named_new_is_expelled_for_mistakes_in_a_row() -> None:
    state, events = act(game(), NameNew(ANN, CAT))
    assert only(events, NamedNew).text == (
        "Ann names Cat a new player: 2 mistakes in a row expel Cat from the game.")
    assert player_view(state, BOB).new_players == (CAT,)
    state, events = two_slips(state, CAT)
    assert only(events, Expelled).seat == CAT and CAT in state.out


def test_whoever_takes_a_new_players_seat_over_starts_afresh() -> None:
    state, _ = act(game(), NameNew(ANN, CAT))
    state, _ = act(state, OpenSeat(ANN, CAT))
    state, _ = act(state, TakeSeat(CAT, "Dot"))
    assert state.new_players == []


@pytest.mark.parametrize(("settings", "action", "code"), [
    ({"expel_new_only": False}, NameNew(ANN, CAT), "seat/no_new_players"),
    ({}, NameNew(ANN, 7), "action/bad_seat"),
])
def test_naming_is_checked(settings: dict[str, Any], action: NameNew, code: str) -> None:
    state = game()
    state.settings = state.settings.__class__(**{**state.settings.to_json(), **settings})
    assert refusal(state, action) == code


def test_a_player_is_named_once() -> None:
    state, _ = act(game(), NameNew(ANN, CAT))
    assert refusal(state, NameNew(ANN, CAT)) == "seat/already_new"


def test_the_action_and_the_state_round_trip() -> None:
    assert parse_action(action_to_json(NameNew(ANN, BOB))) == NameNew(ANN, BOB)
    state, _ = act(game(), NameNew(ANN, BOB))
    assert GameState.from_json(state.to_json()).new_players == [BOB]
