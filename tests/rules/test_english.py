"""English rendering: golden sentences for the acceptance rules, and it never fails."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given
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
     "When the player is this rule's author, a card played must be red."),
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
    ({"kind": "call", "when": {"type": "rank", "in": ["K", "Q"]},
      "say": "All hail the [most honorable] (Chairman|Chairwoman), {rank} of {suit}"},
     "When a queen or king is played, its player must say “All hail the most honorable "
     "Chairman, [rank] of [suit]” (for example “all hail the most honorable chairman queen of "
     "clubs”; “most honorable” may be left out; “Chairwoman” may replace “Chairman”)."),
    ({"kind": "call", "when": {"type": "compare", "what": "hand_after", "op": "==", "value": 0},
      "say": "(Mao|Mau) [Mao|Mau]"},
     "When the play leaves its player with no cards, they must say “Mao Mao” (“Mau” may "
     "replace the first “Mao”; “Mau” may replace the second “Mao”, which may also be left "
     "out)."),
    ({"kind": "call", "when": {"type": "compare", "what": "hand_after", "op": "<=", "value": 1},
      "say": "(Last card|Mao)"},
     "When the play leaves its player with at most one card, they must say “Last card” "
     "(“Mao” may replace “Last card”)."),
    ({"kind": "restriction", "when": {"type": "all", "of": [
        {"type": "colour", "is": "black", "of": "top"}, {"type": "parity", "is": "even",
                                                        "of": "top"}]},
      "must": {"type": "value", "op": ">", "value": 6}},
     "Only a card of value above 6 may be played on a black even card."),
])
def test_other_shapes_read_naturally(spec: dict[str, Any], sentence: str) -> None:
    assert describe(read_spec(spec)) == sentence


@given(st.integers(min_value=0, max_value=2**32))
def test_rendering_never_fails_and_is_one_sentence(seed: int) -> None:
    text = describe(random_rule(Random(seed)))
    assert text[0].isupper() and text.endswith(".")
    assert "\n" not in text and "{" not in text and "None" not in text


def _must(condition: dict[str, Any]) -> str:
    return describe(read_spec({"kind": "restriction", "must": condition}))


@pytest.mark.parametrize(("condition", "words"), [
    ({"type": "compare", "what": "players", "op": ">", "value": 3},
     "there are more than three players"),
    ({"type": "compare", "what": "players", "op": "==", "value": 1},
     "there is exactly one player"),
    ({"type": "compare", "what": "turn", "op": "<", "value": 3},
     "the turn number is less than three"),
    ({"type": "compare", "what": "round", "op": "!=", "value": 2}, "the round number is not two"),
    ({"type": "compare", "what": "round", "op": "==", "value": 2}, "the round number is two"),
    ({"type": "sum", "of": ["played", "top"], "op": "<", "value": 10},
     "the played card and the top card add up to less than ten"),
    ({"type": "sum", "of": ["played", "top"], "op": "!=", "value": 10},
     "the played card and the top card do not add up to ten"),
    ({"type": "difference", "absolute": False, "op": "<", "value": -2},
     "the value of the played card minus that of the top card is less than -2"),
    ({"type": "difference", "absolute": False, "mod": 3, "op": "!=", "value": 1},
     "the value of the played card minus that of the top card is not one more than a multiple "
     "of three"),
    ({"type": "difference", "op": "!=", "value": 2},
     "the played card and the top card do not differ by two"),
])
def test_numbers_compare_as_numbers(condition: dict[str, Any], words: str) -> None:
    assert _must(condition) == f"A play is legal only if {words}."


HEART_OR_FACE = {"type": "any", "of": [{"type": "suit", "in": ["H"]}, {"type": "face"}]}


def test_a_count_of_a_group_says_its_window_before_what_its_cards_pass() -> None:
    assert _must({"type": "count", "where": HEART_OR_FACE, "last": 5, "op": "<=",
                  "value": 2}) == (
        "A play is legal only if there are at most two cards among the last five cards before "
        "it for which (the card is either a heart or a face card).")


def test_a_count_of_cards_no_noun_names_is_bracketed_inside_a_group() -> None:
    not_heart = {"type": "not", "of": {"type": "suit", "in": ["H"]}}
    assert _must({"type": "all", "of": [
        {"type": "count", "where": not_heart, "op": "==", "value": 1},
        {"type": "colour", "of": "top", "is": "red"}]}) == (
        "A play is legal only if both (there is exactly one card among the cards laid this "
        "round before it for which the card is not a heart) and the top card is red.")


def test_two_counts_bracket_the_first_test_that_more_words_follow() -> None:
    not_heart = {"type": "not", "of": {"type": "suit", "in": ["H"]}}
    assert _must({"type": "count", "where": not_heart, "last": 4, "op": ">",
                  "than": {"where": HEART_OR_FACE}}) == (
        "A play is legal only if there are more cards among the last four cards before it for "
        "which (the card is not a heart) than cards among the cards laid this round before it "
        "for which (the card is either a heart or a face card).")


def test_a_hand_count_of_a_group_tests_each_card_of_the_hand() -> None:
    assert _must({"type": "hand_count", "where": HEART_OR_FACE, "op": ">=", "value": 2}) == (
        "A play is legal only if the player holds at least two cards for which (the card is "
        "either a heart or a face card).")
