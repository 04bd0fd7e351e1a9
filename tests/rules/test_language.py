"""The rule language's one description (rules/language.py) agrees with validation, with the
JSON the language writes, and with docs/rules.md's tables."""

from __future__ import annotations

import re
from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.conditions import NODE_TYPES, read_condition
from rules.effects import EFFECT_KINDS, read_effect
from rules.errors import RuleError
from rules.generate import random_any_condition, random_rule
from rules.language import CONDITIONS, EFFECTS, KINDS, THAN, Field, Node, every_field
from rules.spec import KINDS as SPEC_KINDS
from rules.spec import read_spec, spec_to_json
from tests.rules.docs import RULES_MD

_COLOUR = {"type": "colour", "of": "played", "is": "red"}
#: What a node needs beyond its required fields to be valid (the field that makes an
#: optional one mean something, or one of several alternatives).
_EXTRA: dict[str, dict[str, Any]] = {
    "relation": {"rel": "differs_by_at_least", "n": 2},
    "difference": {"absolute": False},
    "count": {"where": _COLOUR},
    "sum": {"of": ["top", "pile2"]},
    "race": {"say": "Mao"},
    "restriction": {"must": _COLOUR},
    "instant_win": {"hand": {"type": "hand_count", "where": _COLOUR, "op": ">=", "value": 2}},
}


def _sample(field: Field) -> Any:
    """A valid value of ``field``, on its own."""
    shape = field.shape
    if shape in ("subject", "choice"):
        return field.default if field.default in field.choices else field.choices[0]
    if shape == "subjects":
        return list(field.choices[:2])
    if shape == "integer":
        assert field.low is not None and field.high is not None
        return 0 if field.low <= 0 <= field.high else field.low
    if shape == "integers":
        return [field.low]
    if shape in ("condition", "object"):
        return {"where": {"type": "face"}} if field.of is not None else _COLOUR
    if shape == "conditions":
        return [_COLOUR] * (field.low or 1)
    if shape == "objects":
        return [{"if": _COLOUR | {"of": "top"}, "then": _COLOUR}]
    if shape == "choices":
        return [field.choices[0]]
    samples = {"ranks": ["Q"], "suits": ["H"], "boolean": not field.default, "phrase": "Mao",
               "text": "Hands up", "word": "mao", "phrases": ["Thank you"],
               "effects": [{"type": "skip"}]}
    return samples[shape]


def _example(node: Node, tag_key: str) -> dict[str, Any]:
    data: dict[str, Any] = {tag_key: node.tag}
    data |= {f.name: _sample(f) for f in node.fields if f.required}
    return data | _EXTRA.get(node.tag, {})


_READERS: dict[str, tuple[dict[str, Node], str, Callable[[Any, str], Any]]] = {
    "condition": (CONDITIONS, "type", read_condition),
    "effect": (EFFECTS, "type", read_effect),
    "kind": (KINDS, "kind", read_spec),
}
_CASES = [(group, tag) for group, (nodes, _, _) in _READERS.items() for tag in nodes]


def test_every_node_of_the_language_is_described() -> None:
    assert set(CONDITIONS) == set(NODE_TYPES)
    assert set(EFFECTS) == set(EFFECT_KINDS)
    assert set(KINDS) == set(SPEC_KINDS)


@pytest.mark.parametrize(("group", "tag"), _CASES)
def test_validation_follows_the_description(group: str, tag: str) -> None:
    """Each node's example loads; each field refuses what its description refuses, and
    accepts what it allows; a required field may not be left out."""
    nodes, key, read = _READERS[group]
    node = nodes[tag]
    example = _example(node, key)
    read(example, "x")
    for field in node.fields:
        with_field = {k: v for k, v in example.items() if k not in field.without and not (
            k in node.names and field.name in node.field(k).without)}
        with_field.setdefault(field.name, _sample(field))
        read(with_field, "x")
        if field.required:
            without = {k: v for k, v in example.items() if k != field.name}
            _refused(read, without, f"x.{field.name}", "spec/missing_field")
        if field.shape == "integer":
            assert field.low is not None and field.high is not None
            for good in (field.low, field.high):
                read(with_field | {field.name: good}, "x")
            for bad in (field.low - 1, field.high + 1):
                _refused(read, with_field | {field.name: bad}, f"x.{field.name}",
                         "spec/out_of_range")
        if field.shape in ("subject", "choice"):
            _refused(read, with_field | {field.name: "nowhere"}, f"x.{field.name}",
                     "spec/bad_choice")
            for choice in field.choices:
                try:
                    read(with_field | {field.name: choice}, "x")
                except RuleError as exc:  # a choice the other fields make contradictory
                    assert exc.code != "spec/bad_choice", (field.name, choice)
    _refused(read, example | {"stray": 1}, "x.stray", "spec/unknown_field")


def _refused(read: Callable[[Any, str], Any], data: dict[str, Any], path: str,
             code: str) -> None:
    with pytest.raises(RuleError) as caught:
        read(data, "x")
    assert (caught.value.path, caught.value.code) == (path, code)


def _described(data: Any, node: Node) -> None:
    """Every field of ``data`` (a node's JSON) is a field of ``node``, within its range,
    and so are those of the nodes inside it."""
    assert isinstance(data, dict)
    for name, value in data.items():
        if name in ("type", "kind"):
            continue
        field = node.field(name)
        assert not any(other in data for other in field.without), (node.tag, name)
        if field.shape == "integer" and not (name == "value" and "mod" in data):
            assert field.low is not None and field.high is not None
            assert field.low <= value <= field.high, (node.tag, name, value)
        if field.shape == "condition" or (field.shape == "object" and field.of is None):
            _described(value, CONDITIONS[value["type"]] if "type" in value else THAN)
        elif field.shape == "object":
            assert field.of is not None
            _described(value, field.of)
        elif field.shape == "conditions":
            for item in value:
                _described(item, CONDITIONS[item["type"]])
        elif field.shape == "objects":
            assert field.of is not None and len(value) <= (field.high or len(value))
            for item in value:
                _described(item, field.of)
        elif field.shape == "effects":
            for item in value:
                _described(item, EFFECTS[item["type"]])
        elif field.shape in ("choice", "subject"):
            assert value in field.choices, (node.tag, name, value)


@given(st.integers(0, 2**32))
def test_the_json_the_language_writes_is_described(seed: int) -> None:
    rng = Random(seed)
    rule = random_rule(rng)
    spec = spec_to_json(rule.spec)
    _described(spec, KINDS[spec["kind"]])
    try:
        condition = read_condition(random_any_condition(rng), "x").to_json()
    except RuleError:  # random conditions are not always valid (a count of no card)
        return
    _described(condition, CONDITIONS[condition["type"]])


# docs/rules.md's tables.

def _doc_tables() -> list[tuple[str, dict[str, Node]]]:
    return [("| type | fields | true when |", CONDITIONS),
            ("| type | fields | what happens |", EFFECTS),
            ("| kind | fields | meaning |", KINDS)]


@pytest.mark.parametrize(("heading", "nodes"), _doc_tables())
def test_the_docs_tables_name_every_node_and_its_fields(heading: str,
                                                        nodes: dict[str, Node]) -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    table = text[text.index(heading):].split("\n\n", 1)[0]
    rows = {tag: rest for line in table.splitlines()[2:]
            for first, rest in [line[2:].split(" | ", 1)]
            for tag in re.findall(r"`(\w+)`", first)}
    assert set(rows) == set(nodes)
    for tag, node in nodes.items():
        named = set(re.findall(r"`(\w+)`", rows[tag].split(" | ")[0]))
        # and the fields of the objects they hold (a second count, a case)
        fields = set(node.names) | {n for f in node.fields if f.of is not None
                                    for n in f.of.names}
        values = {c for f in every_field() for c in f.choices} | set(nodes) | set(CONDITIONS)
        assert set(node.names) <= named, (tag, set(node.names) - named)
        assert named <= fields | values, (tag, named - fields - values)
        for field in node.fields:
            if field.shape == "integer":
                span = (f"{field.low}-{field.high}", f"{field.low} to {field.high}")
                assert any(s in rows[tag] for s in span), (tag, field.name, span)
