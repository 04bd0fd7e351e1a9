"""Speech rules: talking penalties and owed replies, their JSON (validated, round-tripped),
their English (read from docs/rules.md), how they judge words, and what the analysis says."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.analysis import duplicate_of, first_difference, never_fires
from rules.english import describe
from rules.errors import RuleError
from rules.evaluation import Rulebook
from rules.generate import random_rule
from rules.spec import Reply, Rule, Talking, conditions_of, dump_rule, load_rule
from rules.speech import judge_speech, owed_replies, perfect_reply
from tests.rules.docs import examples


def rule(spec: dict[str, Any], jargon: str = "Talking") -> Rule:
    return load_rule({"version": 1, "jargon": jargon, "rule": spec})


HAIL = "All hail the [most honorable] (Chairman|Chairwoman)"
TALKING = rule({"kind": "talking", "allow": ["Point of order", HAIL]})
THANKS = rule({"kind": "reply", "say": "Thank you", "after": ["effect", "penalty"]}, "Thanks")
MUCH = rule({"kind": "reply", "say": "Thank you very much", "after": ["pass"]}, "Much")


def broken(owed: list[Rule], said: str | None, rules: tuple[Rule, ...] = (TALKING, THANKS, MUCH)
           ) -> list[tuple[str, str, bool]]:
    return [(v.rule.jargon, v.kind, v.broken) for v in judge_speech(rules, owed, said)]


def test_speech_rules_load_in_canonical_form_and_round_trip() -> None:
    assert THANKS.spec == Reply("Thank you", ("penalty", "effect"), 1)
    assert TALKING.spec == Talking(("Point of order", HAIL), 1)
    assert rule({"kind": "talking"}).spec == Talking((), 1)
    assert rule({"kind": "reply", "say": "Thanks"}).spec.after == ("penalty",)  # type: ignore[union-attr]
    assert dump_rule(THANKS)["rule"] == {"kind": "reply", "say": "Thank you",
                                         "after": ["penalty", "effect"], "penalty": 1}
    for one in (TALKING, THANKS, MUCH):
        assert load_rule(json.loads(json.dumps(dump_rule(one)))) == one
    assert conditions_of(TALKING.spec) == ()


@settings(deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["talking", "reply"]))
def test_random_speech_rules_round_trip_and_read_in_english(seed: int, kind: str) -> None:
    drawn = random_rule(Random(seed), kind)
    assert drawn.spec.kind == kind
    assert load_rule(dump_rule(drawn)) == drawn
    assert describe(drawn).endswith(".")


@pytest.mark.parametrize(("spec", "path", "code"), [
    ({"kind": "talking", "allow": "Thank you"}, "rule.allow", "spec/not_list"),
    ({"kind": "talking", "allow": [3]}, "rule.allow[0]", "spec/not_text"),
    ({"kind": "talking", "allow": ["ok", "{rank}"]}, "rule.allow[1]", "spec/bad_placeholder"),
    ({"kind": "talking", "allow": ["x" * 81]}, "rule.allow[0]", "spec/too_long"),
    ({"kind": "talking", "allow": ["ok"] * 13}, "rule.allow", "spec/too_long"),
    ({"kind": "talking", "allow": ["(a|b"]}, "rule.allow[0]", "spec/bad_phrase"),
    ({"kind": "talking", "penalty": 6}, "rule.penalty", "spec/out_of_range"),
    ({"kind": "talking", "say": "x"}, "rule.say", "spec/unknown_field"),
    ({"kind": "reply"}, "rule.say", "spec/missing_field"),
    ({"kind": "reply", "say": "  "}, "rule.say", "spec/empty"),
    ({"kind": "reply", "say": "Thank you, {card}"}, "rule.say", "spec/bad_placeholder"),
    ({"kind": "talking", "allow": ["{very} well"]}, "rule.allow[0]", "spec/bad_placeholder"),
    ({"kind": "talking", "allow": ["(Happy {holiday}|Mao)"]}, "rule.allow[0]", "spec/bad_phrase"),
    ({"kind": "reply", "say": "Thanks", "after": []}, "rule.after", "spec/empty"),
    ({"kind": "reply", "say": "Thanks", "after": "penalty"}, "rule.after", "spec/not_list"),
    ({"kind": "reply", "say": "Thanks", "after": ["fine"]}, "rule.after[0]", "spec/bad_choice"),
    ({"kind": "reply", "say": "Thanks", "after": ["pass", "pass"]}, "rule.after[1]",
     "spec/contradictory"),
])
def test_bad_speech_rules_name_their_field(spec: dict[str, Any], path: str, code: str) -> None:
    with pytest.raises(RuleError) as caught:
        rule(spec)
    assert (caught.value.path, caught.value.code) == (path, code)
    assert str(caught.value).startswith(f"{path}: ")


def test_every_example_of_speech_reads_as_the_docs_say() -> None:
    found = examples("## Speech outside a play", "## Races")
    assert len(found) == 8  # talking, reply, and the third person (test_third_person.py)
    for data, words in found:
        assert describe(rule(json.loads(data))) == words, data


def test_allowed_phrases_are_never_talking_and_anything_else_is() -> None:
    assert broken([], "Point of order! All hail the most honorable chairwoman.") == [
        ("Talking", "talking", False)]
    assert broken([], "point of order point of order") == [("Talking", "talking", False)]
    assert broken([], "Point of order, who played that?") == [("Talking", "talking", True)]
    assert broken([], "Thank you") == [("Talking", "talking", True)]


def test_an_owed_reply_is_answered_by_its_words_and_is_no_talking() -> None:
    assert broken([THANKS], "Thank you!") == [("Thanks", "reply", False),
                                              ("Talking", "talking", False)]
    assert broken([THANKS], "Thank you. Thank you") == [("Thanks", "reply", False),
                                                        ("Talking", "talking", True)]
    assert broken([THANKS], "Cheers") == [("Thanks", "reply", True),
                                          ("Talking", "talking", True)]


def test_the_longest_reply_takes_its_words_first() -> None:
    # "thank you" inside "thank you very much" would leave the longer reply unsaid.
    assert broken([THANKS, MUCH], "Thank you very much. Thank you") == [
        ("Thanks", "reply", False), ("Much", "reply", False), ("Talking", "talking", False)]
    assert broken([THANKS, MUCH], "Thank you very much") == [
        ("Thanks", "reply", True), ("Much", "reply", False), ("Talking", "talking", False)]
    assert perfect_reply([THANKS, MUCH]) == "thank you very much. thank you"


def test_an_action_that_is_not_speech_breaks_every_owed_reply_and_no_talking() -> None:
    assert broken([THANKS, MUCH], None) == [("Thanks", "reply", True), ("Much", "reply", True)]
    assert broken([], None) == []


def test_who_owes_which_reply() -> None:
    rules = [TALKING, THANKS, MUCH]
    assert owed_replies(rules, ["penalty"]) == [THANKS]
    assert owed_replies(rules, ["pass", "effect"]) == [THANKS, MUCH]
    assert owed_replies(rules, []) == []
    book = Rulebook(rules)
    assert book.owed_replies(["pass"]) == [MUCH]
    assert book.has_speech and not Rulebook([]).has_speech


def test_the_analysis_reads_speech_rules_by_what_they_hear() -> None:
    assert not never_fires(TALKING).found
    assert not never_fires(THANKS).found
    same = rule({"kind": "reply", "say": "THANK YOU!", "after": ["penalty", "effect"]}, "Ta")
    assert duplicate_of(same, Rulebook([TALKING, THANKS, same])) == THANKS
    assert not first_difference(same, THANKS).found
    reordered = rule({"kind": "talking", "allow": [HAIL, "point of order"]}, "Hush")
    assert not first_difference(reordered, TALKING).found
    assert first_difference(MUCH, THANKS).found
    dearer = rule({"kind": "talking", "allow": ["Point of order"], "penalty": 2}, "Hush")
    assert first_difference(dearer, rule({"kind": "talking", "allow": ["Point of order"]})).found
    assert duplicate_of(dearer, Rulebook([TALKING, dearer])) is None


GO_FISH = rule({"kind": "talking", "allow": ["Point of order", "End point of order"],
                "allow_stuck": ["Go fish"], "in_order": ["Point of order"]}, "No Speaking")


def test_stuck_phrases_are_allowed_only_to_a_player_stuck_with_the_card_drawn() -> None:
    assert load_rule(dump_rule(GO_FISH)) == GO_FISH
    assert [v.broken for v in judge_speech([GO_FISH], [], "Go fish!", stuck=True)] == [False]
    assert [v.broken for v in judge_speech([GO_FISH], [], "Go fish!")] == [True]


def test_in_order_phrases_cost_the_penalty_in_a_point_of_order_unless_another_allows_them(
        ) -> None:
    def verdicts(said: str) -> list[tuple[bool, str]]:
        return [(v.broken, v.phrase) for v in judge_speech([GO_FISH], [], said, "order")]
    assert verdicts("Bob wants a point of order") == [(True, "point of order")]
    assert verdicts("End point of order!") == [(False, "")]
    assert verdicts("Bob thinks so") == [(False, "")]
    assert [v.broken for v in judge_speech([TALKING], [], "Point of order", "order")] == []


def test_a_reply_counting_cards_asks_a_very_per_card_beyond_the_first() -> None:
    much = rule({"kind": "reply", "say": "Thank you ({very} much)", "after": ["effect"]},
                "Very Much")
    for drawn, said, missed in ((1, "Thank you", False), (2, "Thank you very much", False),
                                (3, "thank you very very much", False),
                                (2, "Thank you", True), (1, "Thank you very much", True)):
        verdicts = judge_speech([TALKING, much], [much], said, reasons=["effect"] * drawn)
        assert [(v.kind, v.broken) for v in verdicts] == [("reply", missed),
                                                          ("talking", False)], said
    assert perfect_reply([much], ["effect", "effect", "pass"]) == "thank you very much"


@given(st.integers(2, 14), st.booleans())
def test_replies_counting_cards_are_heard_in_any_order_and_at_any_count(drawn: int,
                                                                        first: bool) -> None:
    """Owing "Thank you" for a penalty card and "Thank you very ... much" for ``drawn``
    cards a rule gave, both said right, in either order, break nothing. (For one card both
    are "Thank you", which one saying answers.)"""
    thanks = rule({"kind": "reply", "say": "Thank you", "after": ["penalty"]}, "Thank You")
    much = rule({"kind": "reply", "say": "Thank you ({very} much)", "after": ["effect"]},
                "Very Much")
    counted = "Thank you" + " very" * (drawn - 1) + " much"
    said = f"Thank you. {counted}." if first else f"{counted}. Thank you."
    verdicts = judge_speech([TALKING, thanks, much], [thanks, much], said,
                            reasons=["penalty"] + ["effect"] * drawn)
    assert not [v for v in verdicts if v.broken], (said, verdicts)


def test_a_reply_counting_cards_is_no_duplicate_of_a_plain_one() -> None:
    plain = rule({"kind": "reply", "say": "Thank you", "after": ["effect"]}, "Thanks")
    much = rule({"kind": "reply", "say": "Thank you ({very} much)", "after": ["effect"]},
                "Very Much")
    assert first_difference(plain, much).found
    assert not first_difference(much, much).found
