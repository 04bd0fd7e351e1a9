"""Calls (rules/examples/14: "Spade Call" and "Mao", both by Ann): missing or needless words
draw the rule's penalty; a missed final call cancels the win."""

from __future__ import annotations

from games.engine.events import CallBroken, Drew
from games.engine.state import GameState, RoundWin
from tests.engine.helpers import arrange, example, kinds, of_kind, only, play, start

ANN, BOB, CAT = 0, 1, 2


def game(bob: list[str]) -> GameState:
    spade_call, mao = example("14")
    state = start([(ANN, spade_call), (ANN, mao)], jokers=False)
    return arrange(state, [["2C"], bob, ["4D", "6D"]], [["3D"]], draws=["9H", "9D"],
                   current=BOB)


def test_missing_mao_at_one_card_draws_the_penalty() -> None:
    state, events = play(game(["3H", "8C"]), BOB, "3H")
    assert only(events, "call_broken").text == "Ann: that's a Mao! Bob missed a call."
    assert only(events, CallBroken).required is True
    assert state.hands[BOB] == ["8C", "9H"]


def test_saying_mao_at_one_card_costs_nothing() -> None:
    state, events = play(game(["3H", "8C"]), BOB, "3H", say="Mao!")
    assert kinds(events) == ["played"]
    assert state.hands[BOB] == ["8C"]


def test_a_needless_mao_draws_the_penalty() -> None:
    state, events = play(game(["3H", "8C", "7C"]), BOB, "3H", say="Mao")
    assert only(events, "call_broken").text == "Ann: that's a Mao! Bob said something needless."
    assert only(events, CallBroken).required is False
    assert state.hands[BOB] == ["8C", "7C", "9H"]


def test_each_missed_call_draws_its_own_penalty() -> None:
    state, events = play(game(["5S", "8C"]), BOB, "5S")
    assert [e.jargon for e in of_kind(events, CallBroken)] == ["Spade Call", "Mao"]
    assert state.hands[BOB] == ["8C", "9H", "9D"]


def test_calls_are_not_judged_on_a_refused_play() -> None:
    pip = {"jargon": "Pip", "rule": example("10")[0]["rule"]}
    _, mao = example("14")
    state = start([(ANN, pip), (ANN, mao)], jokers=False)
    state = arrange(state, [["2C"], ["2H", "8C"], ["4D"]], [["9D"]], draws=["9H"], current=BOB)
    state, events = play(state, BOB, "2H")
    assert kinds(events) == ["refused", "drew"]
    assert state.hands[BOB] == ["2H", "8C", "9H"]


def test_a_missed_final_call_cancels_the_win() -> None:
    state, events = play(game(["5S"]), BOB, "5S")
    assert only(events, CallBroken).jargon == "Spade Call"
    assert state.hands[BOB] == ["9H"]
    assert (state.phase, state.winners, state.current) == ("playing", [], CAT)


def test_the_final_card_with_its_call_wins() -> None:
    state, events = play(game(["5S"]), BOB, "5S", say="Five of spades")
    assert kinds(events) == ["played", "won_round"]
    assert state.winners == [RoundWin(1, BOB, "emptied")]


def test_a_call_rule_names_its_own_penalty() -> None:
    shout = {"jargon": "Shout", "rule": {"kind": "call", "say": "Hey",
             "when": {"type": "suit", "of": "played", "in": ["H"]}, "penalty": 2}}
    state = start([(ANN, shout)], jokers=False)
    state = arrange(state, [["2C"], ["3H", "8C"], ["4D"]], [["3D"]], draws=["9H", "9D"],
                    current=BOB)
    state, events = play(state, BOB, "3H")
    assert (only(events, Drew).count, only(events, Drew).reason) == (2, "penalty")
    assert state.hands[BOB] == ["8C", "9H", "9D"]
