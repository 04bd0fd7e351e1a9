"""The rule lifecycle a preset chooses: rule making after a round (add, may add, replace,
none), secret rules disclosed per round, match play, the dealer rotating or naming the start,
and a game that opens with house rules and a law in force."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.actions import Deal, SkipRule, WriteRule
from games.engine.bots import make_bot
from games.engine.events import (
    Dealing,
    Dealt,
    DisclosedRule,
    GameOver,
    RulesDisclosed,
    RuleSkipped,
    RuleWritten,
    WonRound,
)
from games.engine.invariants import violations
from games.engine.settings import GameSettings
from games.engine.setup import new_game, open_game
from games.engine.state import GameState
from games.engine.visibility import player_view
from rules.spec import Rule, load_rule
from tests.engine.helpers import act, arrange, example, kinds, only, play, refusal

ANN, BOB, CAT = 0, 1, 2
NAMES = ("Ann", "Bob", "Cat")
MATCH, MOURNING = example("09")
GRONK, FIVER = example("08")[0], example("03")[0]


def rule(payload: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, **payload})


def opened(house: tuple[dict[str, Any], ...] = (), laws: tuple[dict[str, Any], ...] = (),
           **settings: Any) -> tuple[GameState, list[Any]]:
    options = {"players": 3, "first_rule_maker": ANN} | settings
    return open_game(GameSettings(**options), NAMES, 7, [rule(r) for r in house],
                     [rule(r) for r in laws])


def written(**settings: Any) -> GameState:
    """A game of three whose first rule (Gronk, by Ann) is written and dealt."""
    state, _ = opened(**settings)
    state, _ = act(state, WriteRule(ANN, GRONK))
    return state


def win(state: GameState, seat: int) -> tuple[GameState, list[Any]]:
    """``seat`` plays its last card (a club on a club: no rule here refuses it)."""
    hands = [["2D", "3D"], ["4D", "6D"], ["7D", "8D"]]
    hands[seat] = ["9C"]
    state = arrange(state, hands, [["5C"]], current=seat)
    return play(state, seat, "9C")


# Rule making.


def test_without_rule_making_the_game_is_dealt_at_once() -> None:
    state, events = opened(rule_making="none")
    assert (state.phase, state.writers, state.round) == ("playing", [], 1)
    assert kinds(events) == ["dealt", "hand", "hand", "hand"]
    assert violations(state) == []


def test_without_rule_making_new_game_refuses_and_says_why() -> None:
    with pytest.raises(ValueError) as caught:
        new_game(GameSettings(players=3, rule_making="none"), NAMES, 1)
    assert getattr(caught.value, "code", "") == "settings/invalid"


def test_without_rule_making_a_won_round_goes_straight_to_the_next_deal() -> None:
    state, _ = opened(rule_making="none")
    state, events = win(state, BOB)
    assert kinds(events)[:3] == ["played", "won_round", "dealt"]
    assert only(events, WonRound).text == "Bob empties their hand and wins round 1!"
    assert (state.phase, state.round, state.rules) == ("playing", 2, [])


def test_a_winner_who_may_add_a_rule_may_skip() -> None:
    state, _ = win(written(rule_making="may_add"), CAT)
    assert only(_, WonRound).text.endswith("Cat may write a new secret rule…")
    state, events = act(state, SkipRule(CAT))
    assert only(events, RuleSkipped).text == "Cat writes no new rule."
    assert (state.phase, state.round, len(state.rules)) == ("playing", 2, 1)


def test_a_winner_who_must_add_a_rule_cannot_skip() -> None:
    state, _ = win(written(), CAT)
    assert refusal(state, SkipRule(CAT)) == "action/must_write"


def test_only_the_writer_skips_and_only_while_writing() -> None:
    state, _ = win(written(rule_making="may_add"), CAT)
    assert refusal(state, SkipRule(BOB)) == "action/not_rule_maker"
    assert refusal(written(rule_making="may_add"), SkipRule(BOB)) == "action/wrong_phase"


def test_a_replacing_law_retires_the_laws_of_earlier_rounds() -> None:
    state, _ = win(written(rule_making="replace"), CAT)
    assert only(_, WonRound).text.endswith(
        "Cat may write a new secret law to replace the laws in force…")
    state, events = act(state, WriteRule(CAT, FIVER))
    assert only(events, RuleWritten).text == (
        "Cat has written a new secret law; the law of earlier rounds no longer applies.")
    assert [(e.jargon, e.retired) for e in state.rules] == [("Gronk", 1), ("Fiver", None)]
    assert [r.jargon for r in state.rulebook().rules] == ["Fiver"]


def test_skipping_a_replacement_keeps_the_laws_in_force() -> None:
    state, _ = win(written(rule_making="replace"), CAT)
    state, events = act(state, SkipRule(CAT))
    assert only(events, RuleSkipped).text == "Cat writes no new law: the laws in force stay."
    assert [r.jargon for r in state.rulebook().rules] == ["Gronk"]


def test_a_replacing_law_never_retires_a_house_rule() -> None:
    state, _ = opened(house=(MATCH,), rule_making="replace")
    state, _ = act(state, WriteRule(ANN, GRONK))
    state = arrange(state, [["2D", "3D"], ["4D", "6D"], ["9C"]], [["5C"]], current=CAT)
    state, _ = play(state, CAT, "9C")
    state, _ = act(state, WriteRule(CAT, FIVER))
    assert [r.jargon for r in state.rulebook().rules] == ["Match", "Fiver"]


def test_two_players_writing_the_first_laws_retire_nothing() -> None:
    state, _ = open_game(GameSettings(players=2, rule_making="replace"), ["Ann", "Bob"], 3)
    state, _ = act(state, WriteRule(ANN, GRONK))
    state, _ = act(state, WriteRule(BOB, FIVER))
    assert [r.jargon for r in state.rulebook().rules] == ["Gronk", "Fiver"]


# Disclosure per round.


def test_secret_rules_are_disclosed_at_the_end_of_each_round() -> None:
    state, events = win(written(reveal="round"), CAT)
    disclosed = only(events, RulesDisclosed)
    assert disclosed.to is None
    assert disclosed.rules == (DisclosedRule(1, "Gronk", ANN, "Ann",
                                             "A heart may not be played on a club."),)
    assert disclosed.text == ("The secret rules of round 1 are disclosed. Gronk (Ann): "
                              "A heart may not be played on a club.")
    assert state.disclosed == [1]


def test_a_rule_disclosed_once_is_not_disclosed_again() -> None:
    state, _ = win(written(reveal="round"), CAT)
    state, _ = act(state, WriteRule(CAT, FIVER))
    _, events = win(state, BOB)
    assert [r.jargon for r in only(events, RulesDisclosed).rules] == ["Fiver"]


def test_secret_rules_stay_secret_until_the_end_by_default() -> None:
    state, events = win(written(), CAT)
    assert "rules_disclosed" not in kinds(events)
    assert state.disclosed == []


# Matches.


def test_the_first_seat_to_win_enough_rounds_wins_the_match() -> None:
    state, _ = win(written(match_wins=2, rule_making="may_add"), CAT)
    state, _ = act(state, SkipRule(CAT))
    state, _ = win(state, BOB)
    state, _ = act(state, SkipRule(BOB))
    state, events = win(state, CAT)
    assert state.phase == "ended"
    assert state.end is not None and state.end.reason == "match"
    assert only(events, GameOver).text == (
        "The game is over. Cat wins the match, 2 rounds to 1 to 0 (Bob 1, Ann 0).")
    assert only(events, WonRound).text == "Cat empties their hand and wins round 3!"


def test_a_match_of_one_round_ends_with_the_first_win() -> None:
    state, events = win(written(match_wins=1), BOB)
    assert state.phase == "ended"
    assert only(events, GameOver).text.endswith("Bob wins the match, 1 round to 0 to 0 "
                                                "(Ann 0, Cat 0).")


# Dealers.


def test_by_default_the_winner_deals_and_their_left_hand_neighbour_starts() -> None:
    state, _ = win(written(rule_making="may_add"), CAT)
    state, events = act(state, SkipRule(CAT))
    assert (state.dealer, state.current) == (CAT, ANN)
    assert only(events, Dealt).dealer == CAT


def test_a_rotating_dealer_moves_one_seat_every_round() -> None:
    state, _ = opened(rule_making="none", dealer_rotates=True)
    assert (state.dealer, state.current) == (ANN, BOB)
    state, _ = win(state, CAT)
    assert (state.dealer, state.current) == (BOB, CAT)
    state, events = win(state, CAT)
    assert (state.dealer, state.current) == (CAT, ANN)
    assert only(events, Dealt).text.startswith("Round 3: Cat deals 5 cards each.")


def test_a_naming_dealer_waits_for_their_deal() -> None:
    state, events = opened(rule_making="none", name_start=True)
    assert state.phase == "dealing"
    assert only(events, Dealing).text == ("Round 1: Ann deals, and names who plays first and "
                                          "which way play goes.")
    assert refusal(state, Deal(BOB)) == "action/not_dealer"
    assert refusal(state, Deal(ANN, first=5)) == "action/bad_seat"
    state, events = act(state, Deal(ANN, first=CAT, direction=-1))
    assert (state.phase, state.current, state.direction) == ("playing", CAT, -1)
    assert only(events, Dealt).text.endswith("Cat plays first, and play goes anticlockwise.")
    assert refusal(state, Deal(ANN)) == "action/wrong_phase"
    assert violations(state) == []


def test_a_deal_naming_nobody_starts_left_of_the_dealer_clockwise() -> None:
    state, _ = opened(rule_making="none", name_start=True)
    state, events = act(state, Deal(ANN))
    assert (state.current, state.direction) == (BOB, 1)
    assert only(events, Dealt).text.endswith("Bob plays first.")


def test_a_naming_dealer_names_again_after_every_round() -> None:
    state, _ = opened(rule_making="none", name_start=True, dealer_rotates=True)
    state, _ = act(state, Deal(ANN))
    state, events = win(state, CAT)
    assert (state.phase, state.dealer) == ("dealing", BOB)
    assert only(events, Dealing).seat == BOB


# Opening with house rules and a law.


def test_house_rules_are_public_from_the_start() -> None:
    state, _ = opened(house=(MATCH,))
    (entry,) = state.rules
    assert (entry.author, entry.house, state.disclosed) == (None, True, [1])
    assert (state.phase, state.writers) == ("writing", [ANN])


def test_a_law_in_force_from_the_start_means_no_first_writing() -> None:
    state, events = opened(house=(MATCH,), laws=(MOURNING,))
    assert state.phase == "playing"
    assert [(e.jargon, e.author, e.house) for e in state.rules] == [
        ("Match", None, True), ("Mourning", None, False)]
    assert state.disclosed == [1]
    assert kinds(events)[0] == "dealt"


def test_house_rules_and_laws_need_their_own_jargons() -> None:
    with pytest.raises(ValueError) as caught:
        opened(house=(MATCH,), laws=(MATCH,))
    assert getattr(caught.value, "code", "") == "settings/invalid"


@pytest.mark.parametrize("kind", ["experimenter", "oracle"])
def test_a_bot_dealer_deals_at_once_and_other_bots_wait(kind: str) -> None:
    state, _ = opened(rule_making="none", name_start=True)
    bots = [make_bot(kind, seat, 1, insight=state.rulebook) for seat in range(3)]
    assert [b.act(player_view(state, b.seat)) for b in bots] == [Deal(ANN), None, None]
