"""The seed's example game: Gogol's rule "Pip" (a number card may not go on a lower one).

Gogol (seat 0) writes the rule; de Worms (seat 1, on his left) starts; Bull is seat 2. The
starter is 3♦. Two decks, because de Worms plays the eight of hearts twice in the story.
"""

from __future__ import annotations

import pytest

from games.engine.events import Breach, Event, Refused
from games.engine.state import GameState
from games.engine.visibility import KnownRule, player_view
from tests.engine.helpers import arrange, example, kinds, only, pass_, play, start

GOGOL, DE_WORMS, BULL = 0, 1, 2
PIP = {"jargon": "Pip", "rule": example("10")[0]["rule"]}
HANDS = [["5C", "9S", "KH", "4C", "6D"], ["8H", "2D", "3H", "8H", "JC"],
         ["KS", "2C", "10H", "9C", "QD"]]
PENALTIES = ["7S", "4D", "6H"]
STORY = [(DE_WORMS, "8H"), (BULL, "KS"), (GOGOL, "5C"), (DE_WORMS, "2D"), (BULL, "2C"),
         (GOGOL, "9S"), (DE_WORMS, "3H"), (BULL, "10H"), (GOGOL, "KH"), (DE_WORMS, "8H"),
         (BULL, "9C")]
REFUSED = {3, 4, 6}


def dealt() -> GameState:
    state = start([(GOGOL, PIP)], names=("Gogol", "de Worms", "Bull"), decks=2, jokers=False)
    return arrange(state, HANDS, [["3D"]], draws=PENALTIES)


@pytest.fixture(scope="module")
def steps() -> list[tuple[GameState, list[Event]]]:
    """The state and events after each play of the story, then Gogol's pass."""
    state = dealt()
    out = []
    for seat, card in STORY:
        state, events = play(state, seat, card)
        out.append((state, events))
    out.append(pass_(state, GOGOL))
    return out


def test_de_worms_on_the_rule_makers_left_plays_first() -> None:
    state = start([(GOGOL, PIP)], names=("Gogol", "de Worms", "Bull"), decks=2, jokers=False)
    assert state.current == DE_WORMS


def test_legal_plays_go_down_and_pass_the_turn(steps: list[tuple[GameState, list[Event]]]) -> None:
    for i, ((seat, card), (state, events)) in enumerate(zip(STORY, steps, strict=False)):
        if i in REFUSED:
            continue
        assert kinds(events) == ["played"]
        assert state.piles[0].cards[-1] == card
        assert state.current == (seat + 1) % 3


def test_two_of_diamonds_is_a_pip(steps: list[tuple[GameState, list[Event]]]) -> None:
    refused = only(steps[3][1], Refused)
    assert refused.text == "de Worms tries 2♦ on 5♣. Gogol: that's a Pip!"
    assert refused.broken == (Breach("Pip", GOGOL, "Gogol", 1),)


def test_a_refused_card_goes_back_with_one_penalty_card(
        steps: list[tuple[GameState, list[Event]]]) -> None:
    before, (after, events) = steps[2][0], steps[3]
    assert after.hands[DE_WORMS] == [*before.hands[DE_WORMS], "7S"]
    assert kinds(events) == ["refused", "drew"]
    assert only(events, "drew").private == "You draw 7♠ as a penalty."
    assert only(events, "drew").text == "de Worms draws a card as a penalty."


def test_after_a_refusal_the_top_card_stays_and_it_is_bulls_go(
        steps: list[tuple[GameState, list[Event]]]) -> None:
    state = steps[3][0]
    assert state.piles[0].cards[-1] == "5C"
    assert state.current == BULL


def test_bulls_two_of_clubs_is_refused_too(steps: list[tuple[GameState, list[Event]]]) -> None:
    state, events = steps[4]
    assert only(events, "refused").text == "Bull tries 2♣ on 5♣. Gogol: that's a Pip!"
    assert state.hands[BULL] == ["2C", "10H", "9C", "QD", "4D"]
    assert state.current == GOGOL


def test_de_worms_is_pipping_again_with_three_of_hearts(
        steps: list[tuple[GameState, list[Event]]]) -> None:
    state, events = steps[6]
    assert only(events, "refused").text == "de Worms tries 3♥ on 9♠. Gogol: that's a Pip!"
    assert "6H" in state.hands[DE_WORMS]
    assert state.current == BULL


def test_the_story_ends_with_gogol_passing(steps: list[tuple[GameState, list[Event]]]) -> None:
    state, events = steps[-1]
    assert kinds(events) == ["drew"]
    assert state.piles[0].cards == ["3D", "8H", "KS", "5C", "9S", "10H", "KH", "8H", "9C"]
    assert [len(h) for h in state.hands] == [3, 5, 3]
    assert state.current == DE_WORMS


def test_pip_was_broken_three_times_and_is_now_known(
        steps: list[tuple[GameState, list[Event]]]) -> None:
    state = steps[-1][0]
    assert state.stats[1].broken == 3
    assert state.stats[1].first_broken == "Round 1, turn 4: de Worms played 2♦ on 5♣"
    view = player_view(state, BULL)
    assert view.known_rules == (KnownRule(1, "Pip", GOGOL, "Gogol"),)
    assert view.my_rules == ()


def test_pip_is_unknown_before_anyone_breaks_it(
        steps: list[tuple[GameState, list[Event]]]) -> None:
    assert player_view(steps[2][0], BULL).known_rules == ()
