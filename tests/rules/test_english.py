"""English rendering: golden sentences for the acceptance rules, and it never fails."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.english import describe
from rules.generate import random_rule
from rules.spec import read_spec
from tests.rules.helpers import example

GOLDEN = {
    "01": ["A face card may not be played on a face card."],
    "02": ["Every card played must have the same suit or rank as the card below it."],
    "03": ["When a five is played, its player draws a card."],
    "04": ["When an eight is played, every player passes their hand to the right."],
    "05": ["A player may play two or more number cards at once when each is one rank higher "
           "than the card before it."],
    "06": ["When a ten is played, it starts an additional discard pile."],
    "07": ["A player who holds at least four aces may reveal them and win the round."],
    "08": ["A heart may not be played on a club."],
    "09": ["Every card played must have the same suit or rank as the card below it.",
           "Only a black card may be played on a queen."],
    "10": ["A number card played on a number card must not be lower than the card below it."],
    "11": ["When an ace is played, the next player is skipped.",
           "When a two is played, the direction of play reverses."],
    "12": ["When a seven is played, the next player draws a card for each card in the run of "
           "equal ranks it completes."],
    "13": ["When a jack is played, its player names the suit that must be followed next.",
           "A card played on a jack must follow the active suit.",
           "A jack may not be played on a jack."],
    "14": ["When a spade is played, its player must say “[rank] of [suit]” (for example "
           "“ace of spades”).",
           "When the play leaves its player with exactly one card, they must say “Mao”."],
    "15": ["When a four is played, it moves to the bottom of the discard pile."],
    "16": ["When a two is played, the next player draws two cards."],
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_acceptance_rules_read_as_golden_sentences(name: str) -> None:
    assert [describe(rule) for rule in example(name)] == GOLDEN[name]


@pytest.mark.parametrize(("spec", "sentence"), [
    ({"kind": "restriction", "must_not": {"type": "rank", "in": ["7", "8"]}},
     "A seven or eight may never be played."),
    ({"kind": "restriction", "when": {"type": "compare", "what": "hand_before", "op": "==",
                                      "value": 1},
      "must_not": {"type": "face"}},
     "When the player holds exactly one card before the play, a card played must not be a "
     "face card."),
    ({"kind": "restriction", "when": {"type": "is_author"},
      "must": {"type": "colour", "is": "red"}},
     "When the player is this rule's author, a card played must be a red card."),
    ({"kind": "restriction", "must": {"type": "relation", "rel": "same_colour", "a": "top",
                                      "b": "pile2"}},
     "A play is legal only if the top card has the same colour as the card under the top card."),
    ({"kind": "trigger", "when": {"type": "all", "of": [
        {"type": "suit", "in": ["H"]}, {"type": "face"}]},
      "effects": [{"type": "draw", "who": "others", "count": 1}, {"type": "play_again"}]},
     "When a face card of hearts is played, every other player draws a card and its player "
     "plays again."),
    ({"kind": "call", "when": {"type": "rank", "in": ["7"]}, "say": "Have a {very} nice day",
      "penalty": 2},
     "When a seven is played, its player must say “Have a [very] nice day” (for example "
     "“have a very nice day”) (missing or needless words cost two cards)."),
    ({"kind": "restriction", "when": {"type": "all", "of": [
        {"type": "colour", "is": "black", "of": "top"}, {"type": "parity", "is": "even",
                                                        "of": "top"}]},
      "must": {"type": "value", "op": ">", "value": 6}},
     "Only a card of value above 6 may be played on a black even card."),
])
def test_other_shapes_read_naturally(spec: dict[str, Any], sentence: str) -> None:
    assert describe(read_spec(spec)) == sentence


@settings(max_examples=400)
@given(st.integers(min_value=0, max_value=2**32))
def test_rendering_never_fails_and_is_one_sentence(seed: int) -> None:
    text = describe(random_rule(Random(seed)))
    assert text[0].isupper() and text.endswith(".")
    assert "\n" not in text and "{" not in text and "None" not in text
