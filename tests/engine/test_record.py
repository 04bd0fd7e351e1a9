"""The round's record: every card laid this round, kept through a reshuffle, read by rules
about the round's sequence."""

from __future__ import annotations

from games.engine.actions import Pass, Play, WriteRule
from games.engine.apply import apply
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from tests.engine.helpers import arrange, kinds, pass_, play, start

ANN, BOB, CAT = 0, 1, 2
ANYTHING = {"jargon": "Pip", "rule": {"kind": "restriction", "must": {"type": "always"}}}
FIFTH_IS_A_HEART = {"jargon": "Fifth", "rule": {
    "kind": "restriction", "when": {"type": "position", "op": "==", "value": 5},
    "must": {"type": "suit", "in": ["H"]}}}


def test_a_deal_starts_the_record_with_the_starter() -> None:
    state = start([(ANN, ANYTHING)])
    assert state.record == [state.piles[0].cards[0]]


def test_every_card_laid_joins_the_record_refused_ones_do_not() -> None:
    state = start([(ANN, FIFTH_IS_A_HEART)])
    state = arrange(state, [["4C", "5D"], ["6C", "7S"], ["8C", "9S", "5H", "5S"]],
                    [["2C", "3C"]], current=BOB)
    state, _ = play(state, BOB, "6C")  # the second card played (2C the starter, 3C laid)
    state, _ = play(state, CAT, "8C")
    state, _ = play(state, ANN, "4C")
    assert state.record == ["2C", "3C", "6C", "8C", "4C"]
    state, events = play(state, BOB, "7S")  # the fifth play must be a heart: refused
    assert kinds(events)[0] == "refused" and state.record[-1] == "4C"
    state, events = play(state, CAT, "5H")
    assert kinds(events)[0] == "played" and state.record[-1] == "5H"


def test_a_joker_is_recorded_as_the_card_it_stood_for() -> None:
    state = start([(ANN, ANYTHING)])
    state = arrange(state, [["4C"], ["JK", "7S"], ["8C"]], [["2C"]], current=BOB)
    state, _ = play(state, BOB, "JK", named=("QH",))
    assert state.record[-1] == "QH" and state.piles[0].cards[-1] == "JK=QH"


def test_a_reshuffle_leaves_the_record_whole() -> None:
    state = start([(ANN, ANYTHING)])
    state = arrange(state, [["4C"], None, ["4D"]], [["3D", "8H", "JK=5C", "KS"]],
                    current=ANN)
    before = list(state.record)
    state, events = pass_(state, ANN)
    assert kinds(events)[0] == "reshuffled"
    assert state.piles[0].cards == ["KS"] and state.record == before == ["3D", "8H", "5C", "KS"]


def test_the_record_round_trips_and_old_states_get_their_piles() -> None:
    state = start([(ANN, ANYTHING)])
    data = state.to_json()
    assert GameState.from_json(data).record == state.record
    del data["record"]  # a state stored before the record existed
    assert GameState.from_json(data).record == [c for p in state.piles for c in p.cards]


def test_a_new_round_starts_a_new_record() -> None:
    state = new_game(GameSettings(players=2, hand_size=3), ["Ann", "Bob"], 4)
    state, _ = apply(state, WriteRule(0, ANYTHING))
    state, _ = apply(state, WriteRule(1, {"jargon": "Gronk", "rule": ANYTHING["rule"]}))
    assert len(state.record) == 1
    state, _ = apply(state, Pass(state.current))
    assert len(state.record) == 1  # a pass lays nothing


def test_a_rule_about_the_round_locks_the_game_when_its_moment_comes() -> None:
    """After the second card of a round only a joker may follow, and there are none: the
    game goes on until then (someone could go out early), then ends with "no card"."""
    only_two = {"jargon": "Twice", "rule": {
        "kind": "restriction", "when": {"type": "position", "op": ">", "value": 2},
        "must": {"type": "joker"}}}
    state = new_game(GameSettings(players=3, first_rule_maker=0, jokers=False),
                     ["Ann", "Bob", "Cat"], 3)
    state, _ = apply(state, WriteRule(0, only_two))
    assert state.phase == "playing" and state.way_out
    first = state.current
    state, _ = apply(state, Play(first, (state.hands[first][0],)))
    assert state.phase == "playing"
    second = state.current
    state, events = apply(state, Play(second, (state.hands[second][0],)))
    assert state.phase == "ended" and state.end is not None
    assert state.end.reason == "no_card" and kinds(events)[-1] == "game_over"
