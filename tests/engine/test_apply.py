"""Bad input: every refused action raises EngineError with its code and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.actions import Action, ClaimWin, EndGame, HandOver, Pass, Play, WriteRule
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from tests.engine.helpers import act, arrange, example, refusal, start

ANN, BOB, CAT = 0, 1, 2
GRONK, FIVER = example("08")[0], example("03")[0]


def playing() -> GameState:
    state = start([(ANN, GRONK)])
    return arrange(state, [["JK", "3C"], ["5H", "QS"], ["4D"]], [["KC"]], current=BOB)


def writing() -> GameState:
    return new_game(GameSettings(players=3, first_rule_maker=ANN), ["Ann", "Bob", "Cat"], 1)


def ended() -> GameState:
    state, _ = act(playing(), EndGame(ANN))
    return state


@pytest.mark.parametrize(("action", "code"), [
    (Play(ANN, ("3C",)), "action/not_your_turn"),
    (Pass(CAT), "action/not_your_turn"),
    (ClaimWin(ANN), "action/not_your_turn"),
    (Play(BOB, ("4D",)), "action/card_not_held"),
    (Play(BOB, ("5H", "5H")), "action/card_not_held"),
    (Play(BOB, ("5H",), pile=1), "action/bad_pile"),
    (Play(BOB, ()), "action/malformed"),
    (Play(BOB, ("5H",), ("5H", "QS")), "action/malformed"),
    (Play(5, ("5H",)), "action/bad_seat"),
    (Pass(5), "action/bad_seat"),
    (ClaimWin(7), "action/bad_seat"),
    (EndGame(5), "action/bad_seat"),
    (HandOver(ANN, 3), "action/bad_seat"),
    (HandOver(ANN, ANN), "action/own_seat"),
    (WriteRule(BOB, FIVER), "action/wrong_phase"),
])
def test_a_refused_action_while_playing_changes_nothing(action: Action, code: str) -> None:
    assert refusal(playing(), action) == code


def test_an_unnamed_joker_is_refused() -> None:
    state = playing()
    state.current = ANN
    assert refusal(state, Play(ANN, ("JK",))) == "action/name_joker"


def test_a_joker_named_as_a_joker_is_refused() -> None:
    state = playing()
    state.current = ANN
    assert refusal(state, Play(ANN, ("JK",), ("JK",))) == "action/name_joker"


@pytest.mark.parametrize("action", [Play(ANN, ("3C",)), Pass(BOB), ClaimWin(ANN)],
                         ids=["play", "pass", "claim"])
def test_cards_cannot_be_played_while_a_rule_is_written(action: Action) -> None:
    assert refusal(writing(), action) == "action/wrong_phase"


def test_only_the_rule_maker_writes() -> None:
    assert refusal(writing(), WriteRule(BOB, GRONK)) == "action/not_rule_maker"


@pytest.mark.parametrize("payload", [
    {"jargon": "Gronk", "rule": {"kind": "nonsense"}},
    {"jargon": "Gronk"},
    {"jargon": 5, "rule": GRONK["rule"]},
    {"jargon": [], "rule": GRONK["rule"]},
    {"jargon": "x" * 41, "rule": GRONK["rule"]},
    {"jargon": "Gronk", "rule": GRONK["rule"], "author": 2},
    {"jargon": "Gronk", "rule": {"kind": "restriction", "must": {"type": "always"},
                                 "must_not": {"type": "always"}}},
    {"jargon": "Gronk", "rule": {"kind": "restriction",
                                 "must": {"type": "suit", "of": "played", "in": ["X"]}}},
], ids=["unknown_kind", "no_rule", "jargon_not_text", "jargon_empty_list", "jargon_too_long",
        "extra_field", "contradictory", "bad_suit"])
def test_an_invalid_rule_is_refused(payload: dict[str, Any]) -> None:
    assert refusal(writing(), WriteRule(ANN, payload)) == "rule/invalid"


def test_a_jargon_the_writer_knows_is_refused_whatever_its_case() -> None:
    state = new_game(GameSettings(players=2), ["Ann", "Bob"], 1)
    state, _ = act(state, WriteRule(BOB, GRONK))
    state.revealed.append(state.rules[0].id)  # the table has heard Bob's Gronk
    assert refusal(state, WriteRule(ANN, FIVER | {"jargon": "gRONK"})) == "rule/jargon_taken"


def test_a_rule_of_a_kind_the_game_does_not_allow_is_refused() -> None:
    state = new_game(GameSettings(players=3, first_rule_maker=ANN, rule_kinds=("restriction",)),
                     ["Ann", "Bob", "Cat"], 1)
    assert FIVER["rule"]["kind"] == "trigger"
    assert refusal(state, WriteRule(ANN, FIVER)) == "rule/kind_not_allowed"
    state, _ = act(state, WriteRule(ANN, GRONK))
    assert [e.rule.spec.kind for e in state.rules] == ["restriction"]


def test_a_rule_is_not_written_twice_by_one_writer() -> None:
    state = new_game(GameSettings(players=2), ["Ann", "Bob"], 1)
    state, _ = act(state, WriteRule(BOB, GRONK))
    assert refusal(state, WriteRule(BOB, FIVER)) == "action/not_rule_maker"


@pytest.mark.parametrize("action", [Play(BOB, ("5H",)), Pass(BOB), ClaimWin(BOB),
                                    WriteRule(ANN, FIVER), EndGame(ANN)],
                         ids=["play", "pass", "claim", "write", "end"])
def test_nothing_happens_after_the_game_is_over(action: Action) -> None:
    assert refusal(ended(), action) == "action/wrong_phase"


def test_an_accepted_action_leaves_the_old_state_alone() -> None:
    state = playing()
    before = state.to_json()
    act(state, Play(BOB, ("QS",)))
    assert state.to_json() == before


@pytest.mark.parametrize("state", [playing(), writing()], ids=["playing", "writing"])
def test_a_seat_handed_to_a_bot_is_told_to_the_table_and_nothing_else_changes(
        state: GameState) -> None:
    new, events = act(state, HandOver(ANN, CAT))
    assert [(e.kind, e.seat, e.to, e.text) for e in events] == [
        ("handed_over", CAT, None, "Ann handed Cat's seat to a bot.")]
    # The same hands, turn, rules and phase: only who plays the seat changes, outside, and
    # the bot is the seat's next player (a stint of its own: not its player's rules).
    after, before = new.to_json(), state.to_json()
    assert len(after.pop("history")) == len(before.pop("history")) + 1
    assert (after.pop("stints"), after.pop("stint_count")) == ({"2": 1}, {"2": 2})
    before.pop("stints"), before.pop("stint_count")
    assert after == before
