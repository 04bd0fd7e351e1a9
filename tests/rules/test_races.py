"""The ``race`` effect: its JSON (validated with errors naming the field, round-tripped), its
English (read from docs/rules.md), what answers it, and how the analysis and random rules
treat it."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from rules.cards import parse
from rules.context import PlayContext
from rules.english import describe
from rules.errors import RuleError
from rules.evaluation import Rulebook
from rules.generate import random_rule
from rules.phrases import said_contains
from rules.races import SUIT_PHRASE, Race, suit_named
from rules.spec import Rule, Trigger, dump_rule, load_rule
from rules.speech import judge_speech
from tests.rules.docs import examples

TWO = {"type": "rank", "in": ["2"]}


def trigger(*effects: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": "Deuces", "rule": {
        "kind": "trigger", "when": TWO, "effects": list(effects)}})


def race_of(rule: Rule) -> Race:
    assert isinstance(rule.spec, Trigger)
    race = rule.spec.effects[0].race
    assert race is not None
    return race


def test_a_race_loads_with_its_defaults_in_canonical_form() -> None:
    rule = trigger({"type": "race", "say": "Chauncey"})
    assert race_of(rule) == Race("say", "Chauncey", 5, 1)
    assert dump_rule(rule)["rule"]["effects"] == [
        {"type": "race", "say": "Chauncey", "seconds": 5, "penalty": 1}]
    assert load_rule(dump_rule(rule)) == rule


@pytest.mark.parametrize("effect", [
    {"type": "race", "say": "(Kool Kids Klub|Dominic Spinella) Konfirmed", "seconds": 30,
     "penalty": 5},
    {"type": "race", "press": "Fingers on the table", "seconds": 2},
    {"type": "race", "name": "suit", "seconds": 8},
])
def test_every_kind_of_race_round_trips(effect: dict[str, Any]) -> None:
    rule = trigger(effect)
    assert load_rule(json.loads(json.dumps(dump_rule(rule)))) == rule


def test_a_buttons_label_is_kept_as_words_with_single_spaces() -> None:
    assert race_of(trigger({"type": "race", "press": "  Hands   up "})).words == "Hands up"


@pytest.mark.parametrize(("effect", "path", "code"), [
    ({"type": "race"}, "rule.effects[0].say", "spec/contradictory"),
    ({"type": "race", "say": "Mao", "press": "Hands up"}, "rule.effects[0].press",
     "spec/contradictory"),
    ({"type": "race", "say": "Mao", "name": "suit"}, "rule.effects[0].name",
     "spec/contradictory"),
    ({"type": "race", "name": "rank"}, "rule.effects[0].name", "spec/bad_choice"),
    ({"type": "race", "name": "suit", "penalty": 1}, "rule.effects[0].penalty",
     "spec/contradictory"),
    ({"type": "race", "say": "{rank}s!"}, "rule.effects[0].say", "spec/bad_placeholder"),
    ({"type": "race", "say": "Hail [Satan"}, "rule.effects[0].say", "spec/bad_phrase"),
    ({"type": "race", "say": 7}, "rule.effects[0].say", "spec/not_text"),
    ({"type": "race", "press": "…"}, "rule.effects[0].press", "spec/empty"),
    ({"type": "race", "press": "x" * 41}, "rule.effects[0].press", "spec/too_long"),
    ({"type": "race", "say": "Mao", "seconds": 1}, "rule.effects[0].seconds",
     "spec/out_of_range"),
    ({"type": "race", "say": "Mao", "seconds": 31}, "rule.effects[0].seconds",
     "spec/out_of_range"),
    ({"type": "race", "say": "Mao", "penalty": 6}, "rule.effects[0].penalty",
     "spec/out_of_range"),
    ({"type": "race", "say": "Mao", "penalty": True}, "rule.effects[0].penalty",
     "spec/not_integer"),
    ({"type": "race", "say": "Mao", "window": 3}, "rule.effects[0].window",
     "spec/unknown_field"),
])
def test_a_bad_race_is_refused_naming_its_field(effect: dict[str, Any], path: str,
                                                code: str) -> None:
    with pytest.raises(RuleError) as caught:
        trigger(effect)
    assert (caught.value.path, caught.value.code) == (path, code)
    assert str(caught.value).startswith(f"{path}: ")


def test_every_example_of_a_race_reads_as_the_docs_say() -> None:
    found = examples("## Races", "## Semantics in one")
    assert len(found) == 3
    for data, words in found:
        rule = load_rule({"version": 1, "jargon": "Race", "rule": json.loads(data)})
        assert describe(rule) == words, data


def test_a_race_with_other_effects_reads_as_one_sentence() -> None:
    rule = trigger({"type": "skip"}, {"type": "race", "press": "Hands up", "penalty": 2})
    assert describe(rule) == (
        "When a two is played, the next player is skipped and everyone races to press “Hands "
        "up” within five seconds: the last, and anyone who does not, draws two "
        "penalty cards.")


def test_the_phrase_answers_in_any_of_its_forms_whatever_the_case() -> None:
    race = race_of(trigger({"type": "race",
                            "say": "(Kool Kids Klub|Dominic Spinella) Konfirmed"}))
    assert race.heard("DOMINIC SPINELLA KONFIRMED!") and race.heard("kool kids klub konfirmed")
    assert not race.heard("Kool Kids Konfirmed")


def test_a_button_is_never_answered_by_words() -> None:
    assert not race_of(trigger({"type": "race", "press": "Hands up"})).heard("Hands up")


def test_a_suit_is_named_by_its_name_in_either_number() -> None:
    assert [suit_named(w) for w in ("Clubs!", "a heart", "SPADE", "diamonds", "hello")] == [
        "C", "H", "S", "D", None]
    assert said_contains("hearts then", SUIT_PHRASE)


def test_a_race_phrase_is_no_talking_while_it_is_racing() -> None:
    talking = load_rule({"version": 1, "jargon": "Talking", "rule": {"kind": "talking"}})
    phrase = race_of(trigger({"type": "race", "say": "Hail Satan"})).phrase
    assert phrase is not None
    assert [v.broken for v in judge_speech([talking], [], "Hail Satan! Hail satan")] == [True]
    assert [v.broken for v in judge_speech([talking], [], "Hail Satan! Hail satan",
                                           racing=[phrase])] == [False]
    assert [v.broken for v in judge_speech([talking], [], "Hail Satan, Bob",
                                           racing=[phrase])] == [True]


def test_races_are_effects_of_triggers_the_rulebook_fires() -> None:
    book = Rulebook([trigger({"type": "race", "press": "Hands up"})])
    ((_, effects),) = book.fired(PlayContext(parse("2H"), (parse("5H"),)))
    assert effects[0].kind == "race" and effects[0].makes_draw
    suit = trigger({"type": "race", "name": "suit"})
    assert isinstance(suit.spec, Trigger) and not suit.spec.effects[0].makes_draw


def test_random_rules_hold_no_race() -> None:
    rng = Random(5)
    for _ in range(400):
        rule = random_rule(rng, kind="trigger")
        assert isinstance(rule.spec, Trigger)
        assert all(e.kind != "race" for e in rule.spec.effects)
