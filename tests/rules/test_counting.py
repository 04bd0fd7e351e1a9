"""The round's sequence: position in the round, counts over the pile, and arithmetic on
card values, read, judged, described and analysed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.analysis import never_fires
from rules.cards import Card, parse_many
from rules.conditions import read_condition
from rules.context import PlayContext, Settings
from rules.english import describe
from rules.errors import RuleError
from rules.evaluation import Rulebook, compile_condition
from rules.generate import random_sequence_test
from rules.probe_rounds import probe_records
from rules.spec import Rule, load_rule

HEARTS = {"type": "suit", "in": ["H"]}
DIAMONDS = {"type": "suit", "in": ["D"]}


def rule(spec: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": "Pip", "rule": spec})


def play(card: str, pile: str = "2C", record: str | None = None) -> PlayContext:
    """A play of ``card`` on ``pile``; ``record``: the round so far (default: the pile)."""
    return PlayContext(parse_many(card)[0], parse_many(pile),
                       record=None if record is None else parse_many(record))


def legal(spec: dict[str, Any], ctx: PlayContext, aces_high: bool = False) -> bool:
    return Rulebook([rule(spec)], Settings(aces_high=aces_high)).is_legal(ctx)


# -- the examples the issue names --------------------------------------------------------------

FIFTH_IS_A_HEART = {"kind": "restriction", "when": {"type": "position", "op": "==", "value": 5},
                    "must": HEARTS}


def test_the_fifth_card_of_each_round_must_be_a_heart() -> None:
    # The starter and four cards played: the next play is the fifth.
    assert not legal(FIFTH_IS_A_HEART, play("5S", "6S", record="2C 3C 4C 5C 6S"))
    assert legal(FIFTH_IS_A_HEART, play("5H", "6S", record="2C 3C 4C 5C 6S"))
    assert legal(FIFTH_IS_A_HEART, play("5S", "6S", record="2C 3C 4C 6S"))  # the fourth
    assert describe(rule(FIFTH_IS_A_HEART)) == (
        "When the play is the fifth card of the round, a card played must be a heart.")


def test_after_the_twelfth_card_of_a_round_only_spades() -> None:
    spec = {"kind": "restriction", "when": {"type": "position", "op": ">", "value": 12},
            "must": {"type": "suit", "in": ["S"]}}
    twelve = "2C " + " ".join(["3C"] * 12)  # the starter and twelve plays
    assert not legal(spec, play("4H", "3C", record=twelve))
    assert legal(spec, play("4H", "3C", record=twelve.rsplit(" ", 1)[0]))


def test_at_most_three_hearts_among_the_last_six_cards() -> None:
    spec = {"kind": "restriction", "must": {"type": "count", "where": HEARTS, "last": 6,
                                            "with_played": True, "op": "<=", "value": 3}}
    assert legal(spec, play("5H", record="2C 3H 4H 5C 6C 7C"))  # hearts: 2 + this one
    assert not legal(spec, play("5H", record="2C 3H 4H 5H 6C 7C"))
    assert legal(spec, play("5H", record="3H 4H 5H 6C 7C 8C 9C"))  # those fell out of six
    assert describe(rule(spec)) == ("A play is legal only if there are at most three hearts "
                                    "among the last six cards including this one.")


def test_no_diamond_while_more_than_four_diamonds_have_been_played_this_round() -> None:
    spec = {"kind": "restriction",
            "when": {"type": "count", "where": DIAMONDS, "op": ">", "value": 4},
            "must_not": DIAMONDS}
    five = "2C 3D 4D 5D 6D 7D"
    assert not legal(spec, play("8D", "7D", record=five))
    assert legal(spec, play("8C", "7D", record=five))
    assert legal(spec, play("8D", "7D", record="2C 3D 4D 5D 6D"))


def test_played_and_top_may_not_add_up_to_more_than_fifteen() -> None:
    spec = {"kind": "restriction",
            "must_not": {"type": "sum", "of": ["played", "top"], "op": ">", "value": 15}}
    assert legal(spec, play("8C", "7D"))
    assert not legal(spec, play("9C", "7D"))
    assert not legal(spec, play("AC", "2D"), aces_high=True)  # 14 + 2
    assert legal(spec, play("AC", "2D"))
    assert describe(rule(spec)) == ("A play is illegal if the played card and the top card add "
                                    "up to more than 15.")


def test_a_sum_of_the_last_cards_taken_modulo() -> None:
    spec = {"kind": "restriction", "must": {"type": "sum", "last": 3, "with_played": True,
                                            "mod": 13, "op": "==", "value": 0}}
    assert legal(spec, play("3C", "6D", record="2S 4H 6D"))  # 4 + 6 + 3 = 13
    assert not legal(spec, play("4C", "6D", record="2S 4H 6D"))


def test_counts_compared_with_each_other() -> None:
    spec = {"kind": "restriction", "must": {"type": "count", "where": HEARTS, "op": ">=",
                                            "than": {"where": DIAMONDS}}}
    assert legal(spec, play("2C", "5H", record="3H 4D 5H"))
    assert not legal(spec, play("2C", "5D", record="3H 4D 5D"))


def test_a_difference_of_values() -> None:
    near = {"kind": "restriction", "must": {"type": "difference", "op": "<=", "value": 2}}
    up = {"kind": "restriction", "must": {"type": "difference", "absolute": False,
                                          "op": ">", "value": 0}}
    assert legal(near, play("9C", "7D")) and not legal(near, play("10C", "7D"))
    assert legal(up, play("8C", "7D")) and not legal(up, play("6C", "7D"))


def test_the_fourth_eighth_and_every_fourth_card_skips_the_next_player() -> None:
    spec = {"kind": "trigger", "when": {"type": "position", "mod": 4, "op": "==", "value": 0},
            "effects": [{"type": "skip"}]}
    book = Rulebook([rule(spec)])
    fires = [n for n in range(1, 14) if book.fired(play("5H", record=" ".join(["2C"] * n)))]
    assert fires == [4, 8, 12]


def test_the_fifth_tenth_or_fifteenth_card_must_be_a_face_card() -> None:
    spec = {"kind": "restriction", "when": {"type": "position", "in": [5, 10, 15]},
            "must": {"type": "face"}}
    refused = [n for n in range(1, 17) if not legal(spec, play("5H",
                                                               record=" ".join(["2C"] * n)))]
    assert refused == [5, 10, 15]


def test_the_last_three_cards_adding_up_to_more_than_thirty_cost_a_card() -> None:
    spec = {"kind": "trigger", "when": {"type": "sum", "last": 3, "with_played": True,
                                        "op": ">", "value": 30},
            "effects": [{"type": "draw", "who": "player", "count": 1}]}
    book = Rulebook([rule(spec)])
    assert book.fired(play("8C", record="KS QD 2H KH JH"))  # 13 + 11 + 8 = 32
    assert not book.fired(play("6C", record="KS QD 2H KH JH"))  # 30
    assert not book.fired(play("KC", record="KS QD KH 2H 2C"))  # the kings fell out


def test_no_heart_on_the_twelfth_card_back_even_after_a_reshuffle() -> None:
    spec = {"kind": "restriction",
            "when": {"type": "count", "where": HEARTS, "last": 12, "op": ">",
                     "than": {"where": HEARTS, "last": 11}},
            "must_not": HEARTS}
    twelfth_a_heart = "3H " + " ".join(["2C"] * 11)
    assert not legal(spec, play("5H", "2C", record=twelfth_a_heart))
    assert legal(spec, play("5S", "2C", record=twelfth_a_heart))
    thirteenth_a_heart = "3H " + " ".join(["2C"] * 12)
    assert legal(spec, play("5H", "2C", record=thirteenth_a_heart))


ROUND_SO_FAR = re.compile(r"```json\n(.*?)```\n(.*?)\n\n", re.S)


def test_every_example_of_the_round_so_far_reads_as_the_docs_say() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
    section = text[text.index("### The round so far"):text.index("Relations (`rel`)")]
    examples = ROUND_SO_FAR.findall(section)
    assert len(examples) >= 11
    for data, words in examples:
        assert describe(rule(json.loads(data))) == " ".join(words.split()), data


# -- the record survives a reshuffle; the physical pile does not ---------------------------------


def test_counts_read_the_record_while_pile_cards_read_the_pile() -> None:
    after_reshuffle = play("4D", "7D", record="2C 3D 4D 5D 6D 7D")
    counted = compile_condition(read_condition(
        {"type": "count", "where": DIAMONDS, "op": "==", "value": 5}, "$"))
    under = compile_condition(read_condition({"type": "suit", "of": "pile2", "in": ["D"]}, "$"))
    assert counted(after_reshuffle)  # the round remembers five diamonds
    assert not under(after_reshuffle)  # but no card lies under the top any more


def test_position_is_one_for_the_first_card_played() -> None:
    assert play("5H", "2C").position == 1
    assert play("5H", "3C", record="2C 3C").position == 2


# -- reading: clear errors naming the field ------------------------------------------------------


@pytest.mark.parametrize(("data", "where", "code"), [
    ({"type": "position", "mod": 4, "op": "<", "value": 1}, "$.op", "spec/bad_choice"),
    ({"type": "position", "mod": 4, "op": "==", "value": 4}, "$.value", "spec/out_of_range"),
    ({"type": "position", "in": [0]}, "$.in[0]", "spec/out_of_range"),
    ({"type": "count", "where": {"type": "suit", "of": "top", "in": ["H"]}, "op": "<",
      "value": 2}, "$.where", "spec/bad_subject"),
    ({"type": "count", "where": HEARTS, "last": 0, "op": "<", "value": 2}, "$.last",
     "spec/out_of_range"),
    ({"type": "count", "where": HEARTS, "op": "<", "than": {"where": HEARTS}}, "$.than",
     "spec/contradictory"),
    ({"type": "sum", "of": ["played"], "op": "<", "value": 2}, "$.of", "spec/contradictory"),
    ({"type": "sum", "of": ["played", "deck"], "op": "<", "value": 2}, "$.of[1]",
     "spec/bad_choice"),
    ({"type": "difference", "a": "top", "b": "top", "op": "<", "value": 2}, "$.b",
     "spec/contradictory"),
    ({"type": "count", "where": HEARTS, "last": 1, "with_played": True, "op": "<",
      "value": 2}, "$.last", "spec/contradictory"),
])
def test_invalid_sequence_tests_name_the_field(data: dict[str, Any], where: str,
                                               code: str) -> None:
    with pytest.raises(RuleError) as info:
        read_condition(data, "$")
    assert info.value.path == where and info.value.code == code


@settings(deadline=None)
@given(seed=st.integers(0, 2**32))
def test_sequence_tests_round_trip_through_json(seed: int) -> None:
    data = random_sequence_test(Random(seed), ("played", "top", "pile2"))
    try:
        cond = read_condition(data, "$")
    except RuleError:
        return  # a contradictory draw (a count compared with itself): refused, not stored
    assert read_condition(cond.to_json(), "$") == cond
    assert cond.to_json() == read_condition(cond.to_json(), "$").to_json()


# -- analysis ------------------------------------------------------------------------------------


def test_a_position_rule_fires_at_its_position() -> None:
    found = never_fires(rule({"kind": "trigger", "when": {"type": "position", "op": "==",
                                                          "value": 40},
                              "effects": [{"type": "skip"}]}))
    assert not found.found and found.exact
    assert found.example is not None and found.example.position == 40


def test_a_count_that_the_window_cannot_hold_never_fires() -> None:
    found = never_fires(rule({"kind": "trigger", "when": {
        "type": "count", "where": HEARTS, "last": 3, "op": ">", "value": 3},
        "effects": [{"type": "skip"}]}))
    assert found.found and found.exact


def test_a_sum_beyond_two_kings_never_fires_with_aces_low_but_may_with_aces_high() -> None:
    spec = {"kind": "trigger", "when": {"type": "sum", "of": ["played", "top"], "op": ">",
                                        "value": 26}, "effects": [{"type": "skip"}]}
    low = never_fires(rule(spec), Rulebook([], Settings(aces_high=False)))
    high = never_fires(rule(spec), Rulebook([], Settings(aces_high=True)))
    assert low.found and not high.found


def test_probed_rounds_meet_a_counts_constant_on_and_either_side() -> None:
    count = read_condition({"type": "count", "where": HEARTS, "last": 6, "op": "==",
                            "value": 3}, "$")
    records, exact = probe_records([count])
    hearts = {sum(1 for c in r[-6:] if c.suit == "H") for r in records if r is not None}
    assert {2, 3, 4} <= hearts and exact


def test_two_sequence_tests_are_not_claimed_exact() -> None:
    tests = [read_condition({"type": "position", "op": "==", "value": 3}, "$"),
             read_condition({"type": "count", "where": HEARTS, "op": "==", "value": 1}, "$")]
    assert probe_records(tests)[1] is False


def test_windowed_sums_are_probed_at_their_targets() -> None:
    total = read_condition({"type": "sum", "last": 2, "op": "==", "value": 20}, "$")
    records, _ = probe_records([total])
    sums = {sum(c.rank for c in r[-2:]) for r in records if r is not None}
    assert {19, 20, 21} <= sums


def test_cards_are_never_jokers_in_a_record() -> None:
    # Not a heart: the joker kind passes the test's bitmask, yet a record never holds one.
    for record in probe_records([read_condition(
            {"type": "count", "where": {"type": "not", "of": HEARTS}, "op": ">", "value": 0},
            "$")])[0]:
        assert record is None or all(isinstance(c, Card) and not c.is_joker for c in record)
