"""The builder's menus offer what presets brought to the rule language: the ``owe`` effect
(stacked draws) and the cards owed as a quantity; each round-trips through the form and its
posted fields, and the English says what the rule does."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import QueryDict

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import EFFECT_LABELS, LIST_TESTS, CondList, EffectRow, Row, RuleForm
from games.authoring.spec_form import form_to_spec, spec_to_form
from rules.english import describe
from rules.spec import load_rule, spec_to_json

FOURS_STACK: dict[str, Any] = {
    "kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["4"]},
    "effects": [{"type": "owe", "count": 4}]}
ANSWER_A_FOUR: dict[str, Any] = {
    "kind": "restriction",
    "when": {"type": "all", "of": [{"type": "compare", "what": "pending", "op": ">",
                                    "value": 0},
                                   {"type": "rank", "of": "top", "in": ["4"]}]},
    "must": {"type": "rank", "of": "played", "in": ["4"]}}
AFTER_A_PLAYED_QUEEN: dict[str, Any] = {
    "kind": "restriction",
    "when": {"type": "all", "of": [{"type": "rank", "of": "top", "in": ["Q"]},
                                   {"type": "not", "of": {"type": "on_starter"}}]},
    "must": {"type": "colour", "of": "played", "is": "black"}}
SPECS = {"owe": FOURS_STACK, "pending": ANSWER_A_FOUR, "on_starter": AFTER_A_PLAYED_QUEEN}


def canonical(spec: dict[str, Any]) -> dict[str, Any]:
    return spec_to_json(load_rule({"version": 1, "jargon": "X", "rule": spec}).spec)


@pytest.mark.parametrize("name", SPECS)
def test_each_round_trips_through_the_form(name: str) -> None:
    spec = canonical(SPECS[name])
    assert spec == SPECS[name]
    assert form_to_spec(spec_to_form(spec)).spec == spec


@pytest.mark.parametrize("name", SPECS)
def test_each_round_trips_through_posted_fields(name: str) -> None:
    posted = QueryDict(mutable=True)
    for key, values in form_to_data(spec_to_form(canonical(SPECS[name]), "Four")).items():
        posted.setlist(key, values)
    checked = check(form_from_data(posted))
    assert checked.rule is not None, checked.problems
    assert spec_to_json(checked.rule.spec) == SPECS[name]


def test_the_menus_offer_the_effect_and_the_quantity() -> None:
    assert "owe" in EFFECT_LABELS
    assert "pending" in LIST_TESTS["when"]
    assert "on_starter" in LIST_TESTS["when"]


def test_a_count_owed_out_of_range_is_a_problem_at_its_effect() -> None:
    form = RuleForm(kind="trigger", effects=[EffectRow("owe", count="11")])
    form.lists["when"] = CondList("all", [Row(test="rank", subject="played", ranks=("4",))])
    checked = check(form)
    assert not checked.ok
    assert checked.rule is None


def test_the_english_of_stacked_fours() -> None:
    assert describe(load_rule({"version": 1, "jargon": "X", "rule": FOURS_STACK})) == (
        "When a four is played, the next player owes four more cards (they draw every card "
        "owed when they pass or are refused).")
    assert describe(load_rule({"version": 1, "jargon": "X", "rule": ANSWER_A_FOUR})) == (
        "When the player owes at least one card from earlier plays, a card played on a four "
        "must be a four.")


def test_the_english_of_a_law_after_a_played_queen() -> None:
    assert describe(load_rule({"version": 1, "jargon": "X", "rule": AFTER_A_PLAYED_QUEEN})) == (
        "When the top card was played (it is not the round's starter), a card played on a "
        "queen must be black.")
