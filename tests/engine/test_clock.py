"""The engine's clock: the turn clock and its delay-of-game penalty, "Hold on", the timed
game, ticks that come early or twice, and time that never runs backwards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.engine.actions import Pass, Say, Tick, action_to_json, parse_action
from games.engine.clock import END, TURN, start_clock
from games.engine.events import Drew, GameOver, HeldOn, Said, TimedOut, TimeUp
from games.engine.invariants import violations
from games.engine.state import GameState
from games.engine.timers import freeze, next_due, seconds_left, thaw
from tests.engine.helpers import act, arrange, kinds, of_kind, only, refusal, start

ANY = {"jargon": "Anything", "rule": {"kind": "restriction", "must": {"type": "always"}}}


def table(**clock: Any) -> GameState:
    """A dealt three-seat game (Ann, Bob, Cat) with the clock settings ``clock``, its clock
    started at 0 s: Ann 2C 8C, Bob 9D 3D 5C, Cat 4C 6C, with Bob to play on 7C; the stock
    gives QS, then KS, then JS."""
    state = start([(0, ANY)])
    state.settings = replace(state.settings, **clock)
    state = arrange(state, [["2C", "8C"], ["9D", "3D", "5C"], ["4C", "6C"]], [["7C"]],
                    draws=["QS", "KS", "JS"], current=1)
    start_clock(state, 0)
    return state


def test_the_first_turn_gets_its_time_when_the_clock_starts() -> None:
    state = table(turn_seconds=5)
    assert state.timers == {TURN: 5_000}
    assert next_due(state) == 5_000


def test_no_turn_clock_sets_no_timer() -> None:
    state = table()
    assert state.timers == {}
    assert next_due(state) is None


def test_a_tick_before_the_deadline_is_refused_and_changes_nothing() -> None:
    state = table(turn_seconds=5)
    assert refusal(state, Tick(), at=4_999) == "action/not_due"


def test_a_turn_that_runs_out_costs_the_penalty_and_passes_the_turn() -> None:
    state = table(turn_seconds=5)
    state, events = act(state, Tick(), at=5_000)
    out = only(events, TimedOut)
    assert out.text == "Dealer: that's a Delay of Game! Bob took longer than 5 seconds."
    assert (out.seat, out.count, out.jargon) == (1, 1, "Delay of Game")
    drew = only(events, Drew)
    assert (drew.seat, drew.reason, drew.cards) == (1, "penalty", ("QS",))
    assert state.current == 2
    assert state.hands[1] == ["9D", "3D", "5C", "QS"]
    # Cat's turn has its own five seconds, from the moment Bob's ran out.
    assert state.timers == {TURN: 10_000}
    assert violations(state) == []


def test_the_delay_penalty_and_its_jargon_are_settings() -> None:
    state = table(turn_seconds=60, delay_penalty=2, delay_jargon="Time Limit Exceeded")
    state, events = act(state, Tick(), at=60_000)
    assert only(events, TimedOut).text == ("Dealer: that's a Time Limit Exceeded! Bob took "
                                           "longer than a minute.")
    assert state.hands[1][-2:] == ["QS", "KS"]


def test_a_late_tick_still_passes_one_turn_only() -> None:
    state = table(turn_seconds=5)
    state, events = act(state, Tick(), at=12_000)
    assert len(of_kind(events, TimedOut)) == 1
    assert state.current == 2
    assert state.timers == {TURN: 17_000}


def test_a_play_in_time_starts_the_next_players_clock() -> None:
    state = table(turn_seconds=5)
    state, _ = act(state, Pass(1), at=3_000)
    assert state.current == 2
    assert state.timers == {TURN: 8_000}


def test_speech_does_not_restart_the_clock() -> None:
    state = table(turn_seconds=5)
    state, _ = act(state, Say(2, "Nice weather"), at=3_000)
    assert state.timers == {TURN: 5_000}


def test_an_action_after_the_deadline_finds_the_turn_over() -> None:
    # Bob's pass comes after his five seconds, before the tick: the server's clock
    # decides, so his turn is over and the pass is too late; Ann's is not her turn.
    state = table(turn_seconds=5)
    assert refusal(state, Pass(1), at=5_500) == "action/too_late"
    assert refusal(state, Pass(0), at=5_500) == "action/not_your_turn"


def test_speech_after_the_deadline_is_heard_after_the_turn_runs_out() -> None:
    state = table(turn_seconds=5)
    state, events = act(state, Say(0, "Hurry up"), at=6_000)
    assert kinds(events)[:2] == ["timed_out", "drew"]
    assert isinstance(events[-1], Said)
    assert state.current == 2


def test_hold_on_gives_a_player_with_many_cards_more_time_once_a_turn() -> None:
    state = table(turn_seconds=5, hold_on_seconds=60, hold_on_cards=3)
    state, events = act(state, Say(1, "Hold on!"), at=2_000)
    held = only(events, HeldOn)
    assert held.text == "Bob holds on: a minute to play or draw."
    assert state.timers == {TURN: 62_000}
    state, events = act(state, Say(1, "Hold on"), at=3_000)
    assert of_kind(events, HeldOn) == []
    assert state.timers == {TURN: 62_000}


def test_hold_on_needs_enough_cards_and_the_turn() -> None:
    state = table(turn_seconds=5, hold_on_seconds=60, hold_on_cards=4)
    state, events = act(state, Say(1, "Hold on"), at=1_000)  # Bob holds three cards
    assert of_kind(events, HeldOn) == []
    state.settings = replace(state.settings, hold_on_cards=2)
    state, events = act(state, Say(2, "Hold on"), at=1_500)  # Cat is not to play
    assert of_kind(events, HeldOn) == []
    assert state.timers == {TURN: 5_000}


def test_a_new_turn_may_hold_on_again() -> None:
    state = table(turn_seconds=5, hold_on_seconds=30, hold_on_cards=2)
    state, _ = act(state, Say(1, "hold on"), at=1_000)
    state, _ = act(state, Pass(1), at=2_000)
    assert not state.held
    state, events = act(state, Say(2, "Hold on, please"), at=2_500)
    assert only(events, HeldOn).seconds == 30
    assert state.timers == {TURN: 32_500}


def test_a_timed_game_ends_with_the_fewest_cards_winning() -> None:
    state = table(game_minutes=2)
    assert state.timers == {END: 120_000}
    state, events = act(state, Tick(), at=120_000)
    up = only(events, TimeUp)
    assert up.text == "Time is up. Cards held: Ann 2, Bob 3, Cat 2."
    assert (up.scores, up.winners) == ((2, 3, 2), (0, 2))
    over = only(events, GameOver)
    assert over.reason == "time"
    assert over.text == ("The game is over. Time is up: Ann and Cat tie with the fewest cards "
                         "(2 cards).")
    assert state.phase == "ended"
    assert state.timers == {}
    assert next_due(state) is None


def test_one_leader_wins_a_timed_game() -> None:
    state = table(game_minutes=1)
    state, _ = act(state, Pass(1), at=1_000)  # Bob draws: 4 cards
    state, _ = act(state, Pass(2), at=2_000)  # Cat draws: 3 cards
    state, events = act(state, Tick(), at=60_000)
    assert only(events, GameOver).text == ("The game is over. Time is up: Ann holds the "
                                           "fewest cards (2) and wins the game.")


def test_a_frozen_clock_resumes_with_the_time_it_had_left() -> None:
    state = table(turn_seconds=5)
    freeze(state, 2_000)
    assert next_due(state) is None
    assert seconds_left(state, TURN, 50_000) == 3.0
    thaw(state, 50_000)
    assert state.timers == {TURN: 53_000}
    assert refusal(state, Tick(), at=52_999) == "action/not_due"


def test_time_never_runs_backwards_in_a_game() -> None:
    state = table(turn_seconds=5)
    state, _ = act(state, Say(0, "First"), at=4_000)
    state, _ = act(state, Say(2, "Second"), at=1_000)
    assert state.clock == 4_000
    # No time given: none passes.
    state, _ = act(state, Say(2, "Third"))
    assert state.clock == 4_000


def test_a_second_tick_for_the_same_deadline_is_refused() -> None:
    state = table(turn_seconds=5)
    after, _ = act(state, Tick(), at=5_000)
    assert refusal(after, Tick(), at=5_001) == "action/not_due"


def test_ticks_round_trip_through_json() -> None:
    assert action_to_json(Tick()) == {"type": "tick"}
    assert parse_action({"type": "tick"}) == Tick()


@pytest.mark.parametrize("data", [{"type": "tick", "seat": 1}, {"type": "tick", "at": 5}])
def test_a_tick_carries_nothing(data: dict[str, Any]) -> None:
    from games.engine.errors import EngineError

    with pytest.raises(EngineError) as info:
        parse_action(data)
    assert info.value.code == "action/malformed"


def test_the_clock_survives_json() -> None:
    state = table(turn_seconds=5, game_minutes=3)
    state, _ = act(state, Say(1, "Hold on"), at=1_000)
    freeze(state, 1_500)
    again = GameState.from_json(state.to_json())
    assert (again.clock, again.timers, again.frozen_at, again.held) == (
        1_000, {TURN: 5_000, END: 180_000}, 1_500, False)


def test_the_clock_stops_outside_a_rounds_play() -> None:
    state = table(turn_seconds=5)
    state = arrange(state, [["2C"], ["9D", "3D", "5C"], ["4C", "6C"]], [["7C"]], current=0)
    state, _ = act(state, parse_action({"type": "play", "seat": 0, "cards": ["2C"]}),
                   at=1_000)
    assert state.phase == "writing"
    assert state.timers == {}
