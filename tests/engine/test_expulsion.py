"""Expulsion by rule (games/engine/expulsion.py): a hand too big, or mistakes in a row."""

from __future__ import annotations

from typing import Any

from games.engine.actions import Pass, Play, Say
from games.engine.events import Drew, Expelled, GameOver, WonRound
from games.engine.expulsion import too_many_cards
from games.engine.invariants import violations
from games.engine.state import GameState
from tests.engine.helpers import act, arrange, example, of_kind, only, pass_, play, start

ANN, BOB, CAT = 0, 1, 2
MATCH, _ = example("09")
SAY_MAO = {"jargon": "Mao", "rule": {
    "kind": "call", "say": "Mao",
    "when": {"type": "compare", "what": "hand_after", "op": "==", "value": 1}}}
QUIET = {"jargon": "Hush", "rule": {"kind": "talking", "allow": ["Point of order"]}}


def table(hands: list[list[str]], current: int = BOB, **settings: Any) -> GameState:
    state = start([(ANN, MATCH), (ANN, SAY_MAO), (ANN, QUIET)], **settings)
    return arrange(state, hands, [["3H", "5H"]], current=current)


def test_a_hand_over_twice_the_deal_is_expelled_and_its_cards_go_to_the_stock() -> None:
    hand = ["2C", "3C", "4C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"]
    state = table([["5C"], hand, ["5D", "KD"]], expel_hand=True, chair="Chairman")
    stock = len(state.stock)
    after, events = pass_(state, BOB)
    expelled = only(events, Expelled)
    assert expelled.text == ("Bob holds 11 cards, more than twice the 5 dealt. Chairman: Bob "
                             "has been EXPULSED from the game! Their 11 cards go back into "
                             "the stock.")
    assert (expelled.seat, expelled.cause, expelled.returned) == (BOB, "hand", 11)
    assert after.out == {BOB: "expelled"} and after.hands[BOB] == []
    assert len(after.stock) == stock - 1 + 11  # the card drawn, then the hand
    assert after.current == CAT
    assert violations(after) == []


def test_ten_cards_of_five_dealt_are_not_too_many() -> None:
    hand = ["2C", "3C", "4C", "6C", "7C", "8C", "9C", "10C", "JC"]
    state = table([["5C"], hand, ["5D", "KD"]], expel_hand=True)
    after, events = pass_(state, BOB)
    assert len(after.hands[BOB]) == 10 and not of_kind(events, Expelled)


def test_twenty_cards_are_too_many_whatever_was_dealt() -> None:
    state = table([["5C"], [], ["5D"]], expel_hand=True, hand_size=7)
    state.hands[BOB] = ["2C"] * 14
    assert not too_many_cards(state, BOB)
    state.hands[BOB] = ["2C"] * 15
    assert too_many_cards(state, BOB)


def test_without_the_setting_a_big_hand_plays_on() -> None:
    hand = ["2C", "3C", "4C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    state = table([["5C"], hand, ["5D", "KD"]])
    after, events = pass_(state, BOB)
    assert len(after.hands[BOB]) == 12 and not of_kind(events, Expelled)


def test_three_mistakes_in_a_row_expel() -> None:
    state = table([["5C", "4D"], ["9S", "9C", "QS"], ["5D", "KD"]], current=BOB,
                  expel_mistakes=3)
    state, _ = play(state, BOB, "9S")  # refused: Match
    assert state.mistakes == {BOB: 1}
    state.current = BOB
    state, _ = act(state, Say(BOB, "Oops"))  # talking: a second mistake
    assert state.mistakes == {BOB: 2}
    state, events = play(state, BOB, "9C")  # refused: the third
    expelled = only(events, Expelled)
    assert expelled.text.startswith("Bob made 3 mistakes in a row. Dealer: Bob has been "
                                    "EXPULSED from the game!")
    assert expelled.cause == "mistakes"
    assert BOB in state.out and state.mistakes == {}
    assert violations(state) == []


def test_a_pass_or_a_clean_play_ends_the_run_and_quiet_words_change_nothing() -> None:
    state = table([["5C", "4D"], ["9S", "5S", "QS"], ["5D", "KD"]], current=BOB,
                  expel_mistakes=3)
    state, _ = play(state, BOB, "9S")
    state.current = BOB
    state, _ = act(state, Say(BOB, "Point of order"))
    assert state.mistakes == {BOB: 1}
    state, _ = act(state, Pass(BOB))
    assert state.mistakes == {}
    state.current = BOB
    state, _ = play(state, BOB, "QS")  # refused: a run of one again
    state.current = BOB
    assert state.mistakes == {BOB: 1}
    state, _ = play(state, BOB, "5S")  # a legal play
    assert state.mistakes == {}


def test_a_missed_call_is_a_mistake_though_the_card_went_down() -> None:
    state = table([["5C", "4D"], ["5S", "7S"], ["5D", "KD"]], current=BOB, expel_mistakes=2)
    state, events = play(state, BOB, "5S")
    assert state.mistakes == {BOB: 1}
    assert any(isinstance(e, Drew) and e.reason == "penalty" for e in events)


def test_a_play_out_of_turn_is_a_mistake() -> None:
    state = table([["5C", "4D"], ["5S", "7S"], ["5D", "KD"]], current=BOB, expel_mistakes=2,
                  out_of_turn="penalised")
    state, _ = act(state, Play(CAT, ("5D",)))
    state, events = act(state, Play(CAT, ("KD",)))
    assert only(events, Expelled).seat == CAT
    assert state.current == BOB


def test_expelling_all_but_one_makes_the_last_the_winner() -> None:
    hand = ["2C", "3C", "4C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"]
    state = start([(ANN, MATCH)], ("Ann", "Bob"), expel_hand=True)
    state = arrange(state, [["5C"], hand], [["3H", "5H"]], current=BOB)
    state, events = pass_(state, BOB)
    assert only(events, WonRound).how == "last_player"
    assert only(events, GameOver).text == ("The game is over. Ann is the last player left "
                                           "and wins the game.")
    assert violations(state) == []
