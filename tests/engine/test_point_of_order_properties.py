"""Properties of points of order over random games played at random moments, with calls,
ends, agreements, words, plays, passes and ticks mixed in: no card moves while one lasts
(a talking rule in force costs nothing then), nothing is refused but with the codes a
pause gives, the same player is to move in the same turn once it ends and every timer has
the time it had left, cards are conserved, and the same actions at the same times always
give the same game."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import Action, CallOrder, EndOrder, Pass, Play, Say, Tick
from games.engine.apply import apply
from games.engine.clock import start_clock
from games.engine.errors import EngineError
from games.engine.invariants import violations
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from rules.spec import load_rule

HOUSE = [load_rule({"version": 1, "jargon": "Match", "rule": {
    "kind": "restriction", "must": {"type": "any", "of": [
        {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"}]}}}),
    load_rule({"version": 1, "jargon": "Talking", "rule": {"kind": "talking"}})]
#: A step: how long after the last one it comes (ms) and what is tried.
STEP = st.tuples(st.integers(0, 9_000), st.sampled_from(
    ["play", "pass", "say", "tick", "call", "call_host", "end", "end_host"]))
#: Why an action may be refused in these games.
REFUSALS = {"action/not_due", "action/not_your_turn", "action/wrong_phase", "order/paused",
            "order/already", "order/none", "order/not_yours", "order/too_many",
            "order/too_soon", "order/not_quiet", "order/agreed", "action/too_late"}


def opening(seed: int, players: int, agree: bool, quiet: int, minutes: bool) -> GameState:
    settings = GameSettings(players=players, jokers=False, rule_making="none", turn_seconds=5,
                            game_minutes=1 if minutes else None, order_agree=agree,
                            order_quiet_seconds=quiet, order_calls=2, order_gap_seconds=3)
    state, _ = open_game(settings, ["Ann", "Bob", "Cat", "Dan"][:players], seed, house=HOUSE)
    start_clock(state, 0)
    return state


def attempt(state: GameState, kind: str, rng: Random) -> Action:
    anyone = rng.randrange(state.players)
    if kind == "play":
        return Play(state.current, (rng.choice(state.hands[state.current]),))
    if kind == "pass":
        return Pass(state.current)
    if kind == "say":
        return Say(anyone, "Whose turn is it?")
    if kind in ("call", "call_host"):
        return CallOrder(anyone, kind == "call_host")
    if kind in ("end", "end_host"):
        return EndOrder(anyone, kind == "end_host")
    return Tick()


@settings(deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.booleans(), st.integers(0, 5),
       st.booleans(), st.lists(STEP, min_size=1, max_size=50))
def test_points_of_order_keep_their_promises(seed: int, players: int, agree: bool, quiet: int,
                                             minutes: bool, steps: list[tuple[int, str]]
                                             ) -> None:
    state = opening(seed, players, agree, quiet, minutes)
    rng = Random(seed)
    now = 0
    played: list[tuple[Action, int]] = []
    # At the call: the turn, and how long each timer had left.
    paused: tuple[tuple[int, int, int], dict[str, int]] | None = None
    for delay, kind in steps:
        if state.phase == "ended":
            break
        now += delay
        action = attempt(state, kind, rng)
        try:
            new, events = apply(state, action, now)
        except EngineError as exc:
            assert exc.code in REFUSALS, exc.code
            continue
        played.append((action, now))
        assert violations(new) == []
        if state.order.current is not None and new.order.current is not None:
            # No card moves while one lasts: talking costs nothing, nothing is played.
            assert (new.hands, new.stock, [p.cards for p in new.piles]) == (
                state.hands, state.stock, [p.cards for p in state.piles])
            assert new.frozen_at == state.frozen_at
        if state.order.current is None and new.order.current is not None:
            assert new.frozen_at is not None
            paused = ((new.round, new.turn, new.current),
                      {name: due - new.frozen_at for name, due in new.timers.items()})
        if state.order.current is not None and new.order.current is None:
            assert paused is not None and new.frozen_at is None
            if new.phase == "playing":
                # The same turn resumes, every timer as far off as it was.
                assert (new.round, new.turn, new.current) == paused[0]
                assert {name: due - new.clock for name, due in new.timers.items()} == paused[1]
            paused = None
        state = new
    # The same actions at the same times make the same game.
    again = opening(seed, players, agree, quiet, minutes)
    for action, at in played:
        again, _ = apply(again, action, at)
    assert again.to_json() == state.to_json()
