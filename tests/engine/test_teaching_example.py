"""The teaching profile's worked example: Q♥ on top under the queen-then-black law.

Referee (seat 0) wrote both laws of rules/examples/09: "Match" (follow suit or rank) and
"Mourning" (only a black card on a queen). Seat 1 holds 9♥, Q♣, 4♠: only Q♣ is legal.
"""

from __future__ import annotations

from games.engine.events import Refused
from games.engine.state import GameState
from tests.engine.helpers import arrange, example, kinds, only, play, start

REFEREE, YOU, NEXT = 0, 1, 2
NAMES = ("Referee", "Yan", "Nia", "Lou")


def on_queen_of_hearts() -> GameState:
    match, mourning = example("09")
    state = start([(REFEREE, match), (REFEREE, mourning)], names=NAMES, jokers=False)
    hands = [["2C", "3C", "4C"], ["9H", "QC", "4S"], ["QD", "5C", "8H"], ["6C", "7C", "8C"]]
    return arrange(state, hands, [["5H", "QH"]], draws=["10D"], current=YOU)


def test_nine_of_hearts_matches_suit_but_is_red() -> None:
    state, events = play(on_queen_of_hearts(), YOU, "9H")
    assert only(events, "refused").text == "Yan tries 9♥ on Q♥. Referee: that's a Mourning!"
    assert state.hands[YOU] == ["9H", "QC", "4S", "10D"]


def test_four_of_spades_is_black_but_matches_nothing() -> None:
    state, events = play(on_queen_of_hearts(), YOU, "4S")
    assert only(events, "refused").text == "Yan tries 4♠ on Q♥. Referee: that's a Match!"
    assert len(state.hands[YOU]) == 4


def test_only_the_queen_of_clubs_is_legal() -> None:
    state, events = play(on_queen_of_hearts(), YOU, "QC")
    assert kinds(events) == ["played"]
    assert state.piles[0].cards[-1] == "QC"
    assert state.hands[YOU] == ["9H", "4S"]
    assert state.current == NEXT


def test_after_the_queen_of_clubs_the_law_applies_again() -> None:
    state, _ = play(on_queen_of_hearts(), YOU, "QC")
    _, events = play(state, NEXT, "QD")
    assert only(events, Refused).broken[0].jargon == "Mourning"


def test_after_the_queen_of_clubs_a_black_matching_card_is_fine() -> None:
    state, _ = play(on_queen_of_hearts(), YOU, "QC")
    state, events = play(state, NEXT, "5C")
    assert kinds(events) == ["played"]
    assert state.piles[0].cards[-1] == "5C"


def test_two_cards_left_is_no_win() -> None:
    state, _ = play(on_queen_of_hearts(), YOU, "QC")
    assert state.phase == "playing"
    assert len(state.hands[YOU]) == 2
