"""scripts/builder_reach: which rules the builder can enter, and why not."""

from __future__ import annotations

from rules.spec import spec_to_json
from scripts.builder_reach import corpus, why_not

_RED = {"type": "colour", "of": "played", "is": "red"}
_FACE = {"type": "face", "of": "top"}


def test_a_list_of_rows_and_a_nested_group_are_entered_and_an_unknown_node_is_not() -> None:
    flat = {"kind": "restriction", "when": _FACE, "must": {"type": "any", "of": [_RED, _FACE]}}
    assert why_not(flat, "Flat") is None
    nested = {"kind": "restriction", "when": {"type": "always"},
              "must": {"type": "any", "of": [_RED, {"type": "all", "of": [_RED, _FACE]}]}}
    assert why_not(nested, "Nested") is None
    unknown = {"kind": "restriction", "when": {"type": "always"},
               "must": {"type": "any", "of": [_RED, {"type": "no_such_test"}]}}
    assert why_not(unknown, "Unknown") == "unknown condition type 'no_such_test'"


def test_every_example_rule_is_entered() -> None:
    rules = corpus(0)
    assert rules["examples"] and not rules["random rules"]
    assert [r.jargon for r in rules["examples"]
            if why_not(spec_to_json(r.spec), r.jargon) is not None] == []
