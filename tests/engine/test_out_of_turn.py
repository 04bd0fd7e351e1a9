"""Plays off one's turn (games/engine/out_of_turn.py): refused as an error (Mini Mao), or refused
by the chair with a penalty where the game says so; multiples go down out of turn."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.actions import ClaimWin, Pass, Play
from games.engine.errors import EngineError
from games.engine.events import (
    Breach,
    CallBroken,
    Drew,
    OutOfTurn,
    Played,
    Refused,
    Skipped,
)
from games.engine.invariants import violations
from games.engine.state import GameState
from tests.engine.helpers import act, arrange, example, of_kind, only, play, refusal, start, trigger

ANN, BOB, CAT = 0, 1, 2
MATCH, _ = example("09")
SKIP = trigger("Hop", {"type": "rank", "of": "played", "in": ["8"]}, {"type": "skip"})
TWO = {"jargon": "Multiple", "rule": {
    "kind": "call", "say": "two",
    "when": {"type": "all", "of": [{"type": "relation", "rel": "same_suit"},
                                   {"type": "relation", "rel": "same_rank"}]}}}


def table(*rules: dict[str, Any], **settings: Any) -> GameState:
    """A game of three, Bob to play on the 5♥, with ``rules`` written by Ann."""
    state = start([(ANN, rule) for rule in rules or (MATCH,)], **settings)
    return arrange(state, [["5C", "9D", "8H"], ["5S", "7S"], ["5D", "KD", "2C"]],
                   [["3H", "5H"]], current=BOB)


def test_mini_mao_refuses_a_play_out_of_turn_as_an_error() -> None:
    state = table()
    assert refusal(state, Play(CAT, ("5D",))) == "action/not_your_turn"
    assert refusal(state, Pass(ANN)) == "action/not_your_turn"
    with pytest.raises(EngineError) as caught:
        act(state, Play(CAT, ("5D",)))
    assert str(caught.value) == "It is Bob's turn, not yours."


def test_a_penalised_play_out_of_turn_is_refused_by_the_chair_and_costs_a_card() -> None:
    state = table(out_of_turn="penalised")
    after, events = play(state, CAT, "5D")
    refused = only(events, OutOfTurn)
    assert refused.text == "Cat tries 5♦ on 5♥ out of turn. Dealer: that's Out of Turn!"
    assert refused.verdict == "Dealer: that's Out of Turn!"
    assert (refused.seat, refused.current, refused.cards, refused.top) == (CAT, BOB, ("5D",),
                                                                          "5H")
    drew = only(events, Drew)
    assert (drew.seat, drew.count, drew.reason) == (CAT, 1, "penalty")
    assert "5D" in after.hands[CAT] and len(after.hands[CAT]) == 4
    assert after.piles[0].cards == state.piles[0].cards


def test_the_rightful_player_keeps_the_turn_its_number_and_its_debt() -> None:
    state = table(out_of_turn="penalised")
    state.pending = 2
    after, _ = play(state, CAT, "5D")
    assert (after.current, after.turn, after.pending) == (BOB, state.turn, 2)
    after, _ = play(after, BOB, "5S")
    assert after.current == CAT


def test_a_play_out_of_turn_that_breaks_a_rule_names_it_too() -> None:
    state = table(out_of_turn="penalised")
    _, events = play(state, ANN, "9D", say="Hello")
    refused = only(events, OutOfTurn)
    assert refused.text == ("Ann tries 9♦ on 5♥ out of turn, saying “Hello”. Dealer: that's "
                            "Out of Turn! Ann: that's a Match!")
    assert refused.broken == (Breach("Match", ANN, "Ann", 1),)
    assert not of_kind(events, Refused)


def test_each_rule_broken_out_of_turn_costs_a_card_where_the_game_counts_them() -> None:
    # Penn State: "a 7 of clubs on a 6 of diamonds, and it's not his turn, he gets 2 penalty
    # cards and takes his card back, one for playing out of turn and one for misplay".
    state = table(out_of_turn="penalised", penalty="per_rule")
    _, events = play(state, ANN, "9D")
    assert only(events, Drew).count == 2
    _, events = play(state, ANN, "5C")
    assert only(events, Drew).count == 1


def test_a_pass_out_of_turn_draws_the_penalty_and_leaves_the_turn() -> None:
    state = table(out_of_turn="penalised")
    after, events = act(state, Pass(ANN))
    assert only(events, OutOfTurn).text == "Ann draws out of turn. Dealer: that's Out of Turn!"
    assert only(events, Drew).reason == "penalty"
    assert after.current == BOB


def test_a_refused_play_out_of_turn_still_checks_the_cards() -> None:
    state = table(out_of_turn="penalised")
    assert refusal(state, Play(ANN, ("KS",))) == "action/card_not_held"
    assert refusal(state, Play(ANN, ("5C",), pile=3)) == "action/bad_pile"
    assert refusal(state, ClaimWin(ANN)) == "action/not_your_turn"


def test_the_chair_speaks_for_it_in_the_games_words() -> None:
    state = table(out_of_turn="penalised", chair="Chairman")
    _, events = play(state, CAT, "5D")
    assert only(events, OutOfTurn).text.endswith("Chairman: that's Out of Turn!")


def test_a_multiple_goes_down_out_of_turn_and_play_goes_on_after_its_player() -> None:
    state = table(TWO, multiples=True, decks=2)
    state = arrange(state, [["5H", "9D"], ["5S", "7S"], ["KD", "2C"]], [["3H", "5H"]],
                    current=BOB)
    after, events = play(state, ANN, "5H", say="two")
    played = only(events, Played)
    assert played.text == "Ann plays 5♥ on 5♥, out of turn (a multiple), saying “two”."
    assert played.out_of_turn
    assert not of_kind(events, CallBroken)
    assert after.current == BOB  # after Ann, clockwise
    assert after.turn == state.turn + 1
    assert violations(after) == []


def test_a_multiples_triggers_count_from_its_player() -> None:
    state = table(SKIP, multiples=True, decks=2)
    state = arrange(state, [["9D"], ["5S", "7S"], ["8H", "2C"]], [["3H", "8H"]],
                    current=ANN)
    after, events = play(state, CAT, "8H")
    assert only(events, Skipped).seat == ANN
    assert after.current == BOB


def test_a_card_that_is_no_multiple_is_still_out_of_turn() -> None:
    state = table(multiples=True, decks=2)
    # Same rank, other suit: no multiple; a joker is never one.
    state = arrange(state, [["5C"], ["5S"], ["5D", "JK"]], [["3H", "5H"]], current=BOB)
    assert refusal(state, Play(CAT, ("5D",))) == "action/not_your_turn"
    assert refusal(state, Play(CAT, ("JK",), ("5H",))) == "action/not_your_turn"


def test_a_multiple_a_rule_refuses_costs_its_penalty_and_leaves_the_turn() -> None:
    never_five = {"jargon": "No Fives", "rule": {
        "kind": "restriction", "must_not": {"type": "rank", "in": ["5"]}}}
    state = table(never_five, multiples=True, decks=2)
    state = arrange(state, [["5H", "9D"], ["5S", "7S"], ["KD"]], [["3H", "5H"]], current=BOB)
    state.pending = 3
    after, events = play(state, ANN, "5H")
    assert only(events, Refused).seat == ANN
    assert [(d.seat, d.count) for d in of_kind(events, Drew)] == [(ANN, 1)]
    assert (after.current, after.turn, after.pending) == (BOB, state.turn, 3)
