"""What players say, said short: the example rules of rules/examples/spoken (case tables,
"exactly when", named sets of values, a count's remainder and cards of the played card's
rank, sums compared with a card or the position) judge every play exactly as the longest
encoding the language had without them, and docs/rules.md's examples read as the page says."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.analysis import never_fires
from rules.conditions import read_condition
from rules.context import Settings
from rules.english import describe
from rules.errors import RuleError
from rules.evaluation import Rulebook
from rules.spec import Rule, load_rule, load_rules_document, read_spec, spec_to_json
from tests.rules.docs import examples
from tests.rules.test_meaning import random_play

SPOKEN = Path(__file__).resolve().parents[2] / "rules" / "examples" / "spoken"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PRIMES = ["2", "3", "5", "7", "J", "K"]


def _top(test: dict[str, Any]) -> dict[str, Any]:
    return test | {"of": "top"}


def _not(test: dict[str, Any]) -> dict[str, Any]:
    return {"type": "not", "of": test}


def _all(*tests: dict[str, Any]) -> dict[str, Any]:
    return {"type": "all", "of": list(tests)}


def _any(*tests: dict[str, Any]) -> dict[str, Any]:
    return {"type": "any", "of": list(tests)}


def _suit(*suits: str) -> dict[str, Any]:
    return {"type": "suit", "in": list(suits)}


FACE, RED = {"type": "face"}, {"type": "colour", "is": "red"}
BLACK = {"type": "colour", "is": "black"}
THIRD = {"type": "position", "mod": 3, "op": "==", "value": 0}
SAME_COLOUR = {"type": "relation", "rel": "same_colour"}

#: Each example's rule as the language had to write it before (the longest encoding, which
#: the new node shortens), by jargon.
BEFORE: dict[str, dict[str, Any]] = {
    "Seasons": {"kind": "restriction", "must": _any(*(
        _all(_top(_suit(a)), _suit(b)) for a, b in zip("HCDS", "CDSH", strict=True)))},
    "Court": {"kind": "restriction", "must": _any(
        _all(_top(FACE), FACE), _all(_not(_top(FACE)), _top(RED), BLACK),
        _all(_not(_top(FACE)), _not(_top(RED)), RED))},
    "Triplets": {"kind": "restriction", "must": _any(
        _all(THIRD, SAME_COLOUR), _all(_not(THIRD), _not(SAME_COLOUR)))},
    "Even Reds": {"kind": "restriction", "must": _any(*(
        {"type": "count", "where": RED, "with_played": True, "op": "==", "value": n}
        for n in range(0, 121, 2)))},
    "Crowd": {"kind": "restriction", "must": _all(*(
        _any(_not({"type": "rank", "in": [r]}),
             {"type": "count", "where": {"type": "rank", "in": [r]}, "with_played": True,
              "op": "<=", "value": 2}) for r in RANKS))},
    "Tally": {"kind": "trigger", "effects": [{"type": "play_again"}], "when": _any(*(
        _all({"type": "value", "op": "==", "value": v},
             {"type": "sum", "of": ["top", "pile2"], "op": "==", "value": v})
        for v in range(1, 15)))},
    "Clock": {"kind": "trigger", "effects": [{"type": "skip"}], "when": _any(*(
        _all({"type": "rank", "in": [r]},
             {"type": "position", "mod": 13, "op": "==", "value": (i + 1) % 13})
        for i, r in enumerate(RANKS)))},
    "Primes": {"kind": "restriction", "when": _top({"type": "rank", "in": PRIMES}),
               "must": {"type": "rank", "in": PRIMES}},
    "Mirror": {"kind": "restriction", "must": _any(_all(_top(FACE), RED),
                                                   _all(_not(_top(FACE)), _not(RED)))},
}


def spoken_rules() -> list[Rule]:
    """Every rule of rules/examples/spoken."""
    return [rule for path in sorted(SPOKEN.glob("*.json"))
            for rule in load_rules_document(json.loads(path.read_text(encoding="utf-8")))]


def _before(rule: Rule) -> Rule:
    return load_rule({"version": 1, "jargon": rule.jargon, "rule": BEFORE[rule.jargon]})


def test_every_example_has_its_longer_encoding() -> None:
    assert {rule.jargon for rule in spoken_rules()} == set(BEFORE)


@pytest.mark.parametrize("rule", spoken_rules(), ids=lambda r: r.jargon)
def test_an_example_is_shorter_than_before(rule: Rule) -> None:
    """The new node earns its place: the rule's English is at least a third shorter than
    the longest encoding's, and its canonical JSON no longer."""
    after = json.dumps(spec_to_json(rule.spec), separators=(",", ":"))
    before = json.dumps(spec_to_json(_before(rule).spec), separators=(",", ":"))
    assert len(after) <= len(before), (rule.jargon, len(after), len(before))
    assert 3 * len(describe(rule)) <= 2 * len(describe(_before(rule))), rule.jargon


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), aces_high=st.booleans())
def test_an_example_judges_every_play_as_its_longer_encoding(seed: int,
                                                             aces_high: bool) -> None:
    rng = Random(seed)
    game = Settings(aces_high=aces_high)
    for rule in spoken_rules():
        short, long = Rulebook([rule], game), Rulebook([_before(rule)], game)
        for _ in range(20):
            play = random_play(rng)
            assert short.is_legal(play) == long.is_legal(play), (rule.jargon, play.pile)
            assert bool(short.fired(play)) == bool(long.fired(play)), (rule.jargon, play.pile)


def test_the_docs_examples_read_as_the_page_says() -> None:
    found = examples("### What players say", "## Effects")
    assert len(found) >= 6
    for data, words in found:
        assert describe(read_spec(json.loads(data), "rule")) == words, data


_RED = {"type": "colour", "is": "red"}
_CASE = {"if": _top(_RED), "then": BLACK}


@pytest.mark.parametrize(("node", "path", "code"), [
    ({"type": "iff", "of": [_RED, BLACK, FACE]}, "$.of", "spec/out_of_range"),
    ({"type": "iff", "of": [_RED]}, "$.of", "spec/out_of_range"),
    ({"type": "cases", "cases": [_CASE] * 14}, "$.cases", "spec/out_of_range"),
    ({"type": "cases", "cases": []}, "$.cases", "spec/empty"),
    ({"type": "cases", "cases": [{"if": _RED}]}, "$.cases[0].then", "spec/missing_field"),
    ({"type": "cases", "cases": [_CASE | {"else": _RED}]}, "$.cases[0].else",
     "spec/unknown_field"),
    ({"type": "value_set", "is": "perfect"}, "$.is", "spec/bad_choice"),
    ({"type": "count", "op": "==", "value": 1}, "$.where", "spec/missing_field"),
    ({"type": "count", "same": "value", "op": "==", "value": 1}, "$.same", "spec/bad_choice"),
    ({"type": "count", "where": _RED, "mod": 2, "op": "<", "value": 1}, "$.op",
     "spec/bad_choice"),
    ({"type": "count", "where": _RED, "mod": 2, "op": "==", "value": 2}, "$.value",
     "spec/out_of_range"),
    ({"type": "count", "where": _RED, "mod": 2, "op": "==", "than": {"where": BLACK}},
     "$.mod", "spec/contradictory"),
    ({"type": "sum", "of": ["top"], "op": "==", "value": 3}, "$.of", "spec/contradictory"),
    ({"type": "sum", "of": ["top", "played"], "op": "==", "than": "top"}, "$.than",
     "spec/contradictory"),
    ({"type": "sum", "last": 3, "op": "==", "than": "played"}, "$.than",
     "spec/contradictory"),
    ({"type": "sum", "of": ["top"], "op": "==", "than": "pile10"}, "$.than",
     "spec/bad_choice"),
])
def test_a_bad_node_is_refused_naming_its_field(node: dict[str, Any], path: str,
                                                code: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_condition(node, "$")
    assert (caught.value.path, caught.value.code) == (path, code), caught.value


def test_the_analysis_finds_where_the_new_nodes_change_a_play() -> None:
    for rule in spoken_rules():
        finding = never_fires(rule)
        assert not finding.found, rule.jargon
    clock = next(r for r in spoken_rules() if r.jargon == "Clock")
    example = never_fires(clock).example
    assert example is not None and example.position % 13 == example.played.rank % 13
