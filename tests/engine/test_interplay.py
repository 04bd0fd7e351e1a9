"""How the clock, seats that leave and points of order work together: a seat out of the
game wins no timed game and holds up no agreement, a turn that starts while play is
stopped gets its whole length after it, and a move that comes after its turn ran out is
too late, not out of turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.engine.actions import CallOrder, EndOrder, LeaveSeat, Play, RemoveSeat, Tick
from games.engine.clock import TURN, start_clock
from games.engine.events import OrderAgreed, OrderEnded, OutOfTurn, TimedOut, TimeUp
from games.engine.state import GameState
from games.engine.timers import seconds_left
from tests.engine.helpers import act, arrange, of_kind, only, refusal, start

ANN, BOB, CAT, DAN = 0, 1, 2, 3
ANY = {"jargon": "Anything", "rule": {"kind": "restriction", "must": {"type": "always"}}}


def four(**settings: Any) -> GameState:
    """Ann 2C 8C, Bob 9D 3D 5C, Cat 4C 6C, Dan 5D 6D 7D; Bob to play on 7C; clock at 0."""
    state = start([(0, ANY)], names=("Ann", "Bob", "Cat", "Dan"))
    state.settings = replace(state.settings, **settings)
    state = arrange(state, [["2C", "8C"], ["9D", "3D", "5C"], ["4C", "6C"], ["5D", "6D", "7D"]],
                    [["7C"]], draws=["QS", "KS", "JS"], current=BOB)
    start_clock(state, 0)
    return state


def test_a_seat_out_of_the_game_wins_no_timed_game() -> None:
    state = four(game_minutes=1)
    state, _ = act(state, RemoveSeat(ANN, DAN), 1_000)
    state, events = act(state, Tick(), 60_000)
    up = only(events, TimeUp)
    assert up.winners == (ANN, CAT)
    assert up.text == "Time is up. Cards held: Ann 2, Bob 3, Cat 2."


def test_everyone_still_in_the_game_agreeing_ends_a_point_of_order() -> None:
    state = four(order_agree=True)
    state, _ = act(state, RemoveSeat(ANN, DAN), 1_000)
    state, _ = act(state, CallOrder(CAT), 2_000)
    state, events = act(state, EndOrder(ANN), 3_000)
    assert only(events, OrderAgreed).text == "Ann agrees to end the point of order (1 of 2)."
    state, events = act(state, EndOrder(BOB), 3_000)
    assert of_kind(events, OrderEnded)
    assert state.order.current is None


def test_an_open_seat_nobody_sits_in_holds_up_no_agreement() -> None:
    state = four(order_agree=True)
    state, _ = act(state, LeaveSeat(DAN), 1_000)
    state, _ = act(state, CallOrder(CAT), 2_000)
    state, _ = act(state, EndOrder(ANN), 3_000)
    state, events = act(state, EndOrder(BOB), 3_000)
    assert of_kind(events, OrderEnded)


def test_a_seat_leaving_may_leave_everyone_left_agreed() -> None:
    state = four(order_agree=True)
    state, _ = act(state, CallOrder(CAT), 1_000)
    state, _ = act(state, EndOrder(ANN), 2_000)
    state, _ = act(state, EndOrder(BOB), 2_000)
    assert state.order.current is not None  # Dan has not agreed
    state, events = act(state, RemoveSeat(ANN, DAN), 3_000)
    assert of_kind(events, OrderEnded) and state.order.current is None


def test_a_turn_that_starts_while_play_is_stopped_has_its_whole_length_after() -> None:
    state = four(turn_seconds=5)
    state, _ = act(state, CallOrder(CAT), 1_000)
    state, _ = act(state, RemoveSeat(ANN, BOB), 30_000)  # Bob's turn passes to Cat
    assert state.current == CAT
    state, _ = act(state, EndOrder(CAT), 60_000)
    assert seconds_left(state, TURN, 60_000) == 5.0


def test_a_move_after_its_turn_ran_out_is_too_late_not_out_of_turn() -> None:
    state = four(turn_seconds=5, out_of_turn="penalised")
    assert refusal(state, Play(BOB, ("9D",)), at=5_001) == "action/too_late"
    # Cat, whose turn it now is, may play; Bob's late card stays refused as too late.
    state, events = act(state, Tick(), 5_001)
    assert only(events, TimedOut).seat == BOB and not of_kind(events, OutOfTurn)
