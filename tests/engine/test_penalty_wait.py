"""``penalty_waits``: a penalty card the player to move draws in their turn cannot be played
that turn; one drawn off their turn, or drawn for a rule's effect, can."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import Pass, Play, Say
from games.engine.invariants import violations
from games.engine.penalty_wait import playable
from games.engine.settings import GameSettings
from games.engine.simulate import play_game
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import act, arrange, kinds, refusal, start

#: Talking costs a card here: the penalty a seat can draw in its own turn at will.
SILENCE = {"jargon": "Silence", "rule": {"kind": "talking"}}


def _table(waits: bool) -> GameState:
    state = start([(0, SILENCE)], jokers=False, penalty_waits=waits)
    return arrange(state, [["2C", "3C"], ["5D", "6D"], ["6S"]], [["9H"]],
                   draws=("4H", "KS", "QS"), current=0)


def test_a_penalty_card_drawn_in_ones_turn_waits() -> None:
    state, events = act(_table(True), Say(0, "Hello"))
    assert state.hands[0][-1] == "4H" and state.current == 0
    assert player_view(state, 0).waiting == ("4H",) and player_view(state, 1).waiting == ()
    assert refusal(state, Play(0, ("4H",))) == "action/penalty_waits"
    state, events = act(state, Play(0, ("2C",)))
    assert kinds(events)[0] == "played"


def test_off_the_card_may_be_played_at_once() -> None:
    state, _ = act(_table(False), Say(0, "Hello"))
    _, events = act(state, Play(0, ("4H",)))
    assert kinds(events)[0] == "played"


def test_a_penalty_card_drawn_off_ones_turn_may_be_played_in_it() -> None:
    state, _ = act(_table(True), Say(1, "Hello"))
    assert state.hands[1][-1] == "4H"
    state, _ = act(state, Pass(0))
    _, events = act(state, Play(1, ("4H",)))
    assert kinds(events)[0] == "played"


def test_the_card_waits_no_longer_than_the_turn() -> None:
    state, _ = act(_table(True), Say(0, "Hello"))
    state, _ = act(state, Pass(0))
    state, _ = act(state, Pass(1))
    state, _ = act(state, Pass(2))
    assert player_view(state, 0).waiting == ()
    _, events = act(state, Play(0, ("4H",)))
    assert kinds(events)[0] == "played"


def test_a_stored_state_reads_back_with_its_waiting_cards() -> None:
    state, _ = act(_table(True), Say(0, "Hello"))
    assert state.waiting == (0, state.turn, ("4H",))
    assert GameState.from_json(state.to_json()).waiting == state.waiting


def test_of_two_cards_alike_one_waiting_the_other_may_go() -> None:
    assert playable(["5H", "5H", "KS"], ["5H"]) == ["5H", "KS"]
    assert playable(["5H", "KS"], ["5H", "KS"]) == []


@settings(deadline=None, max_examples=10)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_bot_games_with_it_keep_every_invariant(seed: int, players: int) -> None:
    options = GameSettings(players=players, jokers=False, penalty_waits=True,
                           play_drawn=True, delay_passes=False, turn_seconds=30)
    record = play_game(options, seed, ("oracle", "experimenter"), max_actions=150,
                       max_rounds=3, keep_states=True)
    assert record.problems == []
    assert all(violations(s) == [] for s in record.states)
