"""Winning a round: the winner writes a rule, the next deal starts on their left, rules add up."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.actions import EndGame, WriteRule
from games.engine.errors import EngineError
from games.engine.events import Dealt, Refused
from games.engine.invariants import violations
from games.engine.state import GameEnd, GameState, RoundWin
from tests.engine.helpers import act, arrange, example, kinds, only, play, start

ANN, BOB, CAT, DAN = 0, 1, 2, 3
FOUR = ("Ann", "Bob", "Cat", "Dan")
GRONK, FIVER = example("08")[0], example("03")[0]


def won_by_bob() -> GameState:
    state = start([(ANN, GRONK)], names=FOUR)
    state = arrange(state, [["2C", "3C"], ["9S"], ["4D"], ["5D"]], [["3D"]], current=BOB)
    state, _ = play(state, BOB, "9S")
    return state


def second_round() -> tuple[GameState, list[Any]]:
    return act(won_by_bob(), WriteRule(BOB, FIVER))


def test_emptying_the_hand_wins_the_round() -> None:
    state = start([(ANN, GRONK)], names=FOUR)
    state = arrange(state, [["2C", "3C"], ["9S"], ["4D"], ["5D"]], [["3D"]], current=BOB)
    _, events = play(state, BOB, "9S")
    assert kinds(events) == ["played", "won_round"]
    assert only(events, "won_round").text == (
        "Bob empties their hand and wins round 1! Bob is writing a new secret rule…")


def test_the_winner_is_the_only_writer() -> None:
    state = won_by_bob()
    assert (state.phase, state.writers, state.rule_maker) == ("writing", [BOB], BOB)
    assert state.winners == [RoundWin(1, BOB, "emptied")]


def test_the_round_counter_moves_on_when_the_round_is_won() -> None:
    assert won_by_bob().round == 2


def test_nobody_plays_while_the_winner_writes() -> None:
    with pytest.raises(EngineError) as caught:
        play(won_by_bob(), CAT, "4D")
    assert caught.value.code == "action/wrong_phase"


def test_only_the_winner_writes_the_next_rule() -> None:
    with pytest.raises(EngineError) as caught:
        act(won_by_bob(), WriteRule(ANN, FIVER))
    assert caught.value.code == "action/not_rule_maker"


def test_the_new_rule_is_added_to_the_old_ones() -> None:
    state, _ = second_round()
    assert [(e.id, e.author, e.round, e.jargon) for e in state.rules] == [
        (1, ANN, 1, "Gronk"), (2, BOB, 2, "Fiver")]


def test_the_next_deal_starts_left_of_the_winner() -> None:
    state, events = second_round()
    assert state.current == CAT
    assert only(events, Dealt).first == CAT
    assert only(events, "dealt").text.startswith("Round 2: 5 cards each.")


def test_the_next_round_is_dealt_afresh() -> None:
    state, _ = second_round()
    assert (state.phase, state.round, state.direction) == ("playing", 2, 1)
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert [len(p.cards) for p in state.piles] == [1]
    assert violations(state) == []


def test_both_rules_are_enforced_in_the_next_round() -> None:
    state, _ = second_round()
    state = arrange(state, [["2C"], ["3C"], ["5H", "5D"], ["4C"]], [["KC"]], draws=["9D"],
                    current=CAT)
    refused, events = play(state, CAT, "5H")
    assert only(events, Refused).broken[0].jargon == "Gronk"
    _, events = play(state, CAT, "5D")
    assert only(events, "fired").text == "Bob: Fiver! (its player draws a card)"


def test_a_two_player_round_is_won_and_only_the_winner_writes() -> None:
    state = start([(ANN, GRONK), (BOB, FIVER)], names=("Ann", "Bob"))
    state = arrange(state, [["9S"], ["2C", "3C"]], [["3D"]], current=ANN)
    state, _ = play(state, ANN, "9S")
    assert (state.writers, state.round) == ([ANN], 2)


def test_the_jargon_may_be_left_for_the_engine_to_suggest() -> None:
    state, _ = act(won_by_bob(), WriteRule(BOB, {"jargon": "", "rule": FIVER["rule"]}))
    assert state.rules[1].jargon not in ("", "Gronk")


def test_the_host_may_end_the_game() -> None:
    state, events = act(won_by_bob(), EndGame(ANN))
    assert (state.phase, state.end) == ("ended", GameEnd("host", "Ann ended the game.", 2))
    assert only(events, "game_over").text == "The game is over. Ann ended the game."
