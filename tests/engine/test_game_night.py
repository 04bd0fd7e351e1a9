"""Words a first game night found wrong: a count of one card, a call quoted as written, the
deal naming who plays first when the starter reverses play."""

from __future__ import annotations

from typing import Any

from games.engine.events import Dealt, Reshuffled
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.stock import reshuffle
from rules.spec import load_rule
from tests.engine.helpers import only, play
from tests.engine.test_starter import ACE_REVERSES, BOB, opened, starting_on

SPADE_CALL: dict[str, Any] = {"jargon": "Spade", "rule": {
    "kind": "call", "when": {"type": "suit", "in": ["S"]}, "say": "Spade"}}


def test_one_card_shuffled_back_is_said_in_the_singular() -> None:
    state = starting_on(opened(), "5S")
    state, _ = play(state, BOB, "7C")
    events: list[Any] = []
    assert reshuffle(state, events)
    assert only(events, Reshuffled).text == (
        "The stock ran out: 1 card from the discard pile was shuffled into a new stock.")


def test_a_missed_call_is_quoted_as_the_rule_writes_it() -> None:
    state = opened(SPADE_CALL)
    state = starting_on(state, "4C")
    state.hands[BOB] = ["7S", "9C"]
    state.stock.remove("7S")
    state.stock.append("7C")
    state, _ = play(state, BOB, "7S")
    moments = [s.first_broken for s in state.stats.values() if s.first_broken]
    assert moments == ["Round 1, turn 1: Bob did not say “Spade”"], moments


def test_the_deal_names_who_plays_first_after_the_starter_reverses_play() -> None:
    rules = [load_rule({"version": 1, **ACE_REVERSES})]
    settings = GameSettings(players=4, first_rule_maker=0, rule_making="none", jokers=False,
                            starter_triggers=True)
    names = ("Ann", "Bob", "Cat", "Dan")
    for seed in range(300):
        state, events = open_game(settings, names, seed, house=rules)
        dealt = only(events, Dealt)
        if dealt.starter.startswith("A"):
            break
    else:
        raise AssertionError("no seed turns up an ace")
    first = state.names[state.current]
    assert dealt.first == state.current and dealt.direction == state.direction == -1
    assert dealt.text.endswith(f"{first} plays first, and play goes anticlockwise."), dealt.text
