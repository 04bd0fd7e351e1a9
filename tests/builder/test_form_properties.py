"""Round-trip properties of the builder's form: any rule it can show comes back unchanged."""

from __future__ import annotations

from random import Random
from typing import Any

from django.http import QueryDict
from hypothesis import assume, given
from hypothesis import strategies as st

from games.authoring.effects import CONTROLS
from games.authoring.fields import ROW_INPUTS, ROW_TESTS, input_at, write_row
from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import TEST_LABELS
from games.authoring.spec_form import (
    KIND_CONTROLS,
    Unrepresentable,
    condition_to_row,
    spec_to_form,
)
from games.presets.registry import preset, presets
from rules.conditions import read_condition
from rules.errors import RuleError
from rules.generate import random_any_condition, random_rule
from rules.language import CONDITIONS, EFFECTS, KINDS, THAN
from rules.spec import FORMAT_VERSION, load_rule, spec_to_json
from tests.examples import share


def _posted(data: dict[str, list[str]]) -> QueryDict:
    posted = QueryDict(mutable=True)
    for key, values in data.items():
        posted.setlist(key, values)
    return posted


def _round_trip(spec: dict[str, Any], jargon: str) -> None:
    """rule -> form -> posted fields -> form -> rule is the identity: the form shows every
    valid rule."""
    form = spec_to_form(spec, jargon)
    again = form_from_data(_posted(form_to_data(form)))
    assert again == form
    checked = check(again)
    assert checked.ok, checked.problems
    assert checked.rule is not None
    assert spec_to_json(checked.rule.spec) == spec
    assert checked.rule.jargon == jargon


@given(st.integers(0, 2**32))
@share(3)
def test_a_random_rule_round_trips_through_posted_fields(seed: int) -> None:
    rule = random_rule(Random(seed))
    _round_trip(spec_to_json(rule.spec), rule.jargon)


@given(st.integers(0, 2**32), st.integers(1, 4), st.sampled_from(("all", "any")),
       st.lists(st.booleans(), min_size=4, max_size=4))
@share(3)
def test_rows_of_every_test_round_trip_through_posted_fields(
        seed: int, size: int, join: str, negated: list[bool]) -> None:
    rng = Random(seed)
    rows = [random_any_condition(rng, depth=0) for _ in range(size)]
    rows = [{"type": "not", "of": row} if no else row
            for row, no in zip(rows, negated, strict=False)]
    must = rows[0] if size == 1 else {"type": join, "of": rows}
    try:
        rule = load_rule({"version": FORMAT_VERSION, "jargon": "Rows", "rule": {
            "kind": "restriction", "when": {"type": "always"}, "must": must}})
    except RuleError:
        assume(False)
        raise
    _round_trip(spec_to_json(rule.spec), "Rows")


def test_every_test_of_the_menus_is_described_once() -> None:
    assert set(ROW_TESTS) == set(TEST_LABELS)


#: Fields one row enters with more than one input, or with its test: a sum's cards (the first,
#: the second, then the others ticked) and the quantity a comparison reads (its test).
_SPLIT = {("sum", "of"), ("compare", "what")}


@given(st.integers(0, 2**32))
def test_a_row_enters_each_field_with_the_control_the_language_names(seed: int) -> None:
    rng = Random(seed)
    try:
        node = read_condition(random_any_condition(rng, depth=0), "x").to_json()
        row = condition_to_row(node)
    except (RuleError, Unrepresentable):
        assume(False)
        raise
    written = write_row(row)
    assert written == node
    described = CONDITIONS[node["type"]]
    for key in node.keys() - {"type"}:
        field = described.field(key)
        if (node["type"], key) not in _SPLIT:
            assert input_at(row, key) == field.control, (row.test, key)


def test_every_control_the_language_names_for_a_condition_is_an_input_of_a_row() -> None:
    controls = {f.control for node in (*CONDITIONS.values(), THAN) for f in node.fields}
    assert controls - {"", "not", "test"} <= set(ROW_INPUTS)


def test_every_control_the_language_names_for_effects_and_kinds_has_an_input() -> None:
    assert {f.control for node in EFFECTS.values() for f in node.fields} == set(CONTROLS)
    assert {f.control for node in KINDS.values() for f in node.fields} <= set(KIND_CONTROLS)


def test_every_call_and_talking_rule_of_the_presets_round_trips_through_posted_fields() -> None:
    """The calls said last, stated early or said within another (Penn State, Lynnfield),
    the counted ones and the selective talking rules: the form shows each of them."""
    shown = 0
    for name in presets():
        for rule in preset(name).house_rules:
            if rule.spec.kind in ("call", "talking"):
                _round_trip(spec_to_json(rule.spec), rule.jargon)
                shown += 1
    assert shown >= 20
