"""Rule specs: JSON round trips, versioning, and validation errors that name the field."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.generate import random_rule
from rules.spec import (
    FORMAT_VERSION,
    canonical_text,
    dump_rule,
    load_rule,
    load_rules_document,
    read_spec,
)
from tests.rules.helpers import EXAMPLES


@given(st.integers(min_value=0, max_value=2**32))
def test_any_valid_rule_round_trips_through_json(seed: int) -> None:
    rule = random_rule(Random(seed), author=seed % 8)
    text = json.dumps(dump_rule(rule))
    assert load_rule(json.loads(text)) == rule
    assert dump_rule(load_rule(json.loads(text))) == dump_rule(rule)


def test_every_example_file_loads_and_round_trips() -> None:
    files = sorted(EXAMPLES.glob("*.json"))
    assert len(files) == 16
    for path in files:
        for rule in load_rules_document(json.loads(path.read_text())):
            assert load_rule(dump_rule(rule)) == rule


def wrap(rule: Any, **extra: Any) -> dict[str, Any]:
    return {"version": 1, "jargon": "Pip", "rule": rule, **extra}


FACE = {"type": "face"}


@pytest.mark.parametrize(("data", "path", "code"), [
    ({"version": 1, "jargon": "Pip"}, "$.rule", "spec/missing_field"),
    (wrap({"kind": "edict", "must": FACE}), "rule.kind", "spec/bad_choice"),
    (wrap({"kind": "restriction"}), "rule.must", "spec/contradictory"),
    (wrap({"kind": "restriction", "must": FACE, "must_not": FACE}), "rule.must",
     "spec/contradictory"),
    (wrap({"kind": "restriction", "must": {"type": "shiny"}}), "rule.must.type",
     "spec/unknown_type"),
    (wrap({"kind": "restriction", "must": {"type": "rank", "in": ["Q", "Z"]}}),
     "rule.must.in[1]", "spec/bad_rank"),
    (wrap({"kind": "restriction", "must": {"type": "suit", "in": []}}), "rule.must.in",
     "spec/empty"),
    (wrap({"kind": "restriction", "must": {"type": "suit", "in": ["X"]}}), "rule.must.in[0]",
     "spec/bad_suit"),
    (wrap({"kind": "restriction", "must": {"type": "face", "of": "under"}}), "rule.must.of",
     "spec/bad_choice"),
    (wrap({"kind": "restriction", "must": {"type": "face", "colour": "red"}}),
     "rule.must.colour", "spec/unknown_field"),
    (wrap({"kind": "restriction", "must": {"type": "all", "of": [
        {"type": "suit", "in": ["H"]}, {"type": "colour", "is": "black"}]}}), "rule.must",
     "spec/contradictory"),
    (wrap({"kind": "restriction", "must": {"type": "relation", "rel": "same_suit",
                                           "a": "top", "b": "top"}}), "rule.must.b",
     "spec/contradictory"),
    (wrap({"kind": "restriction", "must": {"type": "compare", "what": "turn", "op": "=~",
                                           "value": 1}}), "rule.must.op", "spec/bad_choice"),
    (wrap({"kind": "restriction", "must": {"type": "compare", "what": "turn", "op": "==",
                                           "value": True}}), "rule.must.value",
     "spec/not_integer"),
    (wrap({"kind": "trigger", "when": FACE, "effects": [{"type": "explode"}]}),
     "rule.effects[0].type", "spec/unknown_effect"),
    (wrap({"kind": "trigger", "when": FACE, "effects": [
        {"type": "draw", "who": "next", "count": 99}]}), "rule.effects[0].count",
     "spec/out_of_range"),
    (wrap({"kind": "permission", "each": FACE, "step": FACE, "min": 4, "max": 3}),
     "rule.max", "spec/contradictory"),
    (wrap({"kind": "permission", "each": {"type": "face", "of": "top"}, "step": FACE}),
     "rule.each", "spec/bad_subject"),
    (wrap({"kind": "call", "when": FACE, "say": "{name} please"}), "rule.say",
     "spec/bad_placeholder"),
    (wrap({"kind": "call", "when": FACE, "say": "  "}), "rule.say", "spec/empty"),
    (wrap({"kind": "instant_win", "hand": FACE}), "rule.hand", "spec/bad_subject"),
    (wrap({"kind": "restriction", "must": FACE}, jargon=""), "jargon", "spec/empty"),
    (wrap({"kind": "restriction", "must": FACE}, version=FORMAT_VERSION + 1), "$.version",
     "spec/out_of_range"),
    (wrap({"kind": "restriction", "must": FACE}, extra=1), "$.extra", "spec/unknown_field"),
    ([1, 2], "$", "spec/not_object"),
])
def test_invalid_specs_name_the_field_and_the_problem(data: Any, path: str, code: str) -> None:
    with pytest.raises(RuleError) as caught:
        load_rule(data)
    assert (caught.value.path, caught.value.code) == (path, code)
    assert str(caught.value).startswith(path + ": ")


def test_rule_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        read_spec({"kind": "restriction"})


def test_errors_inside_a_rule_list_name_the_rule() -> None:
    with pytest.raises(RuleError) as caught:
        load_rules_document({"version": 1, "rules": [
            wrap({"kind": "restriction", "must": FACE}),
            wrap({"kind": "restriction", "must": {"type": "rank", "in": ["X"]}})]})
    assert caught.value.path == "rules[1].rule.must.in[0]"


def test_canonical_text_ignores_key_order_and_defaults() -> None:
    a = read_spec({"kind": "restriction", "must": FACE})
    b = read_spec({"must": {"of": "played", "type": "face"}, "when": {"type": "always"},
                   "kind": "restriction"})
    assert canonical_text(a) == canonical_text(b)
