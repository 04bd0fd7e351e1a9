"""The third person: a speech rule that judges words said during a point of order (or the
rest of the round), its JSON (validated, round-tripped), its English, how it judges words
at each moment beside talking and reply rules, and what the analysis says of it."""

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
from rules.spec import Rule, ThirdPerson, conditions_of, dump_rule, load_rule
from rules.speech import PRONOUNS, Moment, judge_speech


def rule(spec: dict[str, Any], jargon: str = "Third Person") -> Rule:
    return load_rule({"version": 1, "jargon": jargon, "rule": spec})


THIRD = rule({"kind": "third_person", "allow": ["Thank you"]})
TALKING = rule({"kind": "talking", "allow": ["Point of order"]}, "Talking")
THANKS = rule({"kind": "reply", "say": "Thank you very much"}, "Thanks")


def verdicts(said: str | None, moment: Moment = "order", owed: tuple[Rule, ...] = (),
             rules: tuple[Rule, ...] = (THIRD, TALKING, THANKS)) -> list[tuple[str, bool]]:
    return [(v.kind, v.broken) for v in judge_speech(rules, owed, said, moment)]


def test_it_loads_in_canonical_form_and_round_trips() -> None:
    assert THIRD.spec == ThirdPerson("order", ("Thank you",), 1)
    assert rule({"kind": "third_person"}).spec == ThirdPerson()
    assert dump_rule(THIRD)["rule"] == {"kind": "third_person", "during": "order",
                                        "allow": ["Thank you"], "penalty": 1}
    assert load_rule(json.loads(json.dumps(dump_rule(THIRD)))) == THIRD
    assert conditions_of(THIRD.spec) == ()


@settings(deadline=None)
@given(st.integers(0, 10_000))
def test_random_third_person_rules_round_trip_and_read_in_english(seed: int) -> None:
    drawn = random_rule(Random(seed), "third_person")
    assert load_rule(dump_rule(drawn)) == drawn
    assert describe(drawn).startswith("Words that use the first or second person")


@pytest.mark.parametrize(("spec", "path", "code"), [
    ({"kind": "third_person", "during": "play"}, "rule.during", "spec/bad_choice"),
    ({"kind": "third_person", "during": None}, "rule.during", "spec/bad_choice"),
    ({"kind": "third_person", "allow": "Thank you"}, "rule.allow", "spec/not_list"),
    ({"kind": "third_person", "allow": ["{card}"]}, "rule.allow[0]", "spec/bad_placeholder"),
    ({"kind": "third_person", "allow": ["ok"] * 13}, "rule.allow", "spec/too_long"),
    ({"kind": "third_person", "penalty": 0}, "rule.penalty", "spec/out_of_range"),
    ({"kind": "third_person", "say": "I"}, "rule.say", "spec/unknown_field"),
])
def test_a_bad_third_person_rule_names_its_field(spec: dict[str, Any], path: str,
                                                  code: str) -> None:
    with pytest.raises(RuleError) as caught:
        rule(spec)
    assert (caught.value.path, caught.value.code) == (path, code)


@pytest.mark.parametrize("said", [
    "I think it is Bob's turn", "Whose turn is it, you ask?", "We lost count", "Me neither",
    "Is that your card?", "I’m lost", "Let's go on", "u first", "Y'all, stop", "Thank you, I see",
    "You", "Point of order: my turn?"])
def test_a_first_or_second_person_pronoun_breaks_it(said: str) -> None:
    assert verdicts(said) == [("third_person", True)], said


@pytest.mark.parametrize("said", [
    "Thank you", "Bob thinks it is Ann's turn", "Cat asks whose turn it is", "Youth wins",
    "Minecraft is fun", "Thank-you!", "The chair may decide"])
def test_the_third_person_and_the_allowed_phrases_do_not(said: str) -> None:
    assert verdicts(said) == [("third_person", False)], said


def test_during_a_point_of_order_talking_judges_nothing_and_a_reply_is_not_broken() -> None:
    assert verdicts("Cat wonders", owed=(THANKS,)) == [("third_person", False)]
    assert verdicts("Thank you very much", owed=(THANKS,)) == [
        ("reply", False), ("third_person", False)]
    # Words of a reply owed are exempt, as for talking: "you" belongs to the thanks.
    bare = rule({"kind": "third_person"})
    assert verdicts("Thank you very much", owed=(THANKS,), rules=(bare, THANKS)) == [
        ("reply", False), ("third_person", False)]
    assert verdicts("Thank you very much", rules=(bare, THANKS)) == [("third_person", True)]


def test_each_rule_judges_only_the_moments_it_names() -> None:
    rules = {during: rule({"kind": "third_person", "during": during})
             for during in ("order", "round", "always")}
    hears: tuple[tuple[Moment, set[str]], ...] = (("order", {"order", "always"}),
                                                  ("round", {"round", "always"}))
    for moment, judged in hears:
        for during, one in rules.items():
            found = verdicts("I see", moment, rules=(one,))
            assert found == ([("third_person", True)] if during in judged else []), (
                moment, during)


def test_outside_a_point_of_order_talking_and_the_third_person_judge_together() -> None:
    always = rule({"kind": "third_person", "during": "always"})
    assert verdicts("I see", "round", rules=(always, TALKING)) == [
        ("third_person", True), ("talking", True)]
    assert verdicts("Point of order", "round", rules=(always, TALKING)) == [
        ("third_person", False), ("talking", False)]


def test_not_speech_breaks_no_third_person_rule() -> None:
    assert verdicts(None, "round", rules=(rule({"kind": "third_person", "during": "always"}),
                                          )) == []


def test_the_pronouns_are_lower_case_words() -> None:
    assert {"i", "you", "we", "me", "my", "your", "our", "us", "yours"} <= PRONOUNS
    assert all(p == p.lower() and " " not in p for p in PRONOUNS)


def test_the_analysis_reads_it_by_what_it_hears() -> None:
    assert not never_fires(THIRD).found
    same = rule({"kind": "third_person", "during": "order", "allow": ["THANK YOU!"]}, "Ta")
    assert duplicate_of(same, Rulebook([THIRD, same])) == THIRD
    assert not first_difference(same, THIRD).found
    assert first_difference(rule({"kind": "third_person", "during": "always",
                                  "allow": ["Thank you"]}), THIRD).found
    assert first_difference(rule({"kind": "third_person", "allow": ["Thank you"],
                                  "penalty": 2}), THIRD).found
    assert first_difference(THIRD, TALKING).found
    assert Rulebook([THIRD]).has_speech
