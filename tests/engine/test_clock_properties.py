"""Properties of the clock over random games played at random moments: no action is ever
accepted in a turn whose time has run out, every timer left is due after the game's own
time, each deadline costs one delay penalty at most, time never runs backwards, and the
same actions at the same times always give the same game."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import Action, Pass, Play, Say, Tick
from games.engine.apply import apply
from games.engine.clock import TURN, start_clock, turn_key
from games.engine.errors import EngineError
from games.engine.events import TimedOut
from games.engine.invariants import violations
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from rules.spec import load_rule

MATCH = load_rule({"version": 1, "jargon": "Match", "rule": {
    "kind": "restriction", "must": {"type": "any", "of": [
        {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"}]}}})
#: A step: how long after the last one it comes (ms) and what is tried.
STEP = st.tuples(st.integers(0, 9_000), st.sampled_from(["play", "pass", "say", "hold",
                                                         "tick", "other"]))


def opening(seed: int, players: int, turn: int, hold: bool, minutes: bool) -> GameState:
    settings = GameSettings(players=players, jokers=False, rule_making="none",
                            turn_seconds=turn, hold_on_seconds=20 if hold else None,
                            hold_on_cards=5, game_minutes=1 if minutes else None)
    state, _ = open_game(settings, ["Ann", "Bob", "Cat", "Dan"][:players], seed,
                         house=[MATCH])
    start_clock(state, 0)
    return state


def attempt(state: GameState, kind: str, rng: Random) -> Action:
    seat = state.current
    if kind == "play":
        return Play(seat, (rng.choice(state.hands[seat]),))
    if kind == "pass":
        return Pass(seat)
    if kind == "say":
        return Say(rng.randrange(state.players), "Nice weather")
    if kind == "hold":
        return Say(seat, "Hold on")
    if kind == "other":
        return Pass((seat + 1) % state.players)
    return Tick()


@settings(deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(1, 8), st.booleans(),
       st.booleans(), st.lists(STEP, min_size=1, max_size=40))
def test_the_clock_keeps_its_promises(seed: int, players: int, turn: int, hold: bool,
                                      minutes: bool, steps: list[tuple[int, str]]) -> None:
    state = opening(seed, players, turn, hold, minutes)
    rng = Random(seed)
    began = {turn_key(state): 0}
    now = 0
    played: list[tuple[Action, int]] = []
    for delay, kind in steps:
        if state.phase == "ended":
            break
        now += delay
        action = attempt(state, kind, rng)
        try:
            new, events = apply(state, action, now)
        except EngineError as exc:
            assert exc.code in {"action/not_due", "action/not_your_turn", "action/wrong_phase",
                                "action/too_late"}
            continue
        played.append((action, now))
        assert new.clock == max(state.clock, now)
        assert violations(new) == []
        if new.phase == "playing" and new.frozen_at is None:
            # Every deadline still set lies ahead: anything due was fired first.
            assert all(due > new.clock for due in new.timers.values())
            assert (TURN in new.timers) == (new.settings.turn_seconds is not None)
        timed_out = [e for e in events if isinstance(e, TimedOut)]
        assert len(timed_out) <= 1
        for event in timed_out:
            # The seat called for delay is the one whose turn ran out, and its turn had run.
            assert event.seat == state.current
            assert now - began[turn_key(state)] >= turn * 1000
        key = turn_key(new)
        if key == turn_key(state):
            # An action inside a turn came before its time ran out (or "Hold on" gave more).
            limit = (20 if new.held else turn) * 1000
            assert new.clock - began[key] < limit + (turn * 1000 if new.held else 0)
        else:
            began[key] = new.clock
        state = new
    # The same actions at the same times make the same game.
    again = opening(seed, players, turn, hold, minutes)
    for action, at in played:
        again, _ = apply(again, action, at)
    assert again.to_json() == state.to_json()
