"""What the presets brought to the rule language: the ``owe`` effect, the cards owed as a
quantity (``pending``), and the ``on_starter`` condition; read and written as JSON, in
English, probed by the analysis (with nothing owed and something owed, on the starter and
not), and meaning the same compiled and interpreted."""

from __future__ import annotations

from typing import Any

import pytest

from rules.analysis import never_fires, probe_space
from rules.conditions import read_condition
from rules.effects import Effect, read_effect
from rules.english import describe, describe_effect
from rules.errors import RuleError
from rules.evaluation import Rulebook, compile_condition
from rules.interpret import holds
from rules.spec import Rule, load_rule
from tests.rules.helpers import ctx

OWING: dict[str, Any] = {"type": "compare", "what": "pending", "op": ">", "value": 0}


def rule(spec: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": "X", "rule": spec})


def test_owe_reads_and_writes_its_count() -> None:
    effect = read_effect({"type": "owe", "count": 4}, "effects[0]")
    assert effect == Effect("owe", count=4)
    assert effect.to_json() == {"type": "owe", "count": 4}


@pytest.mark.parametrize(("data", "code"), [
    ({"type": "owe"}, "spec/missing_field"),
    ({"type": "owe", "count": 0}, "spec/out_of_range"),
    ({"type": "owe", "count": 11}, "spec/out_of_range"),
    ({"type": "owe", "count": 2, "who": "next"}, "spec/unknown_field"),
])
def test_a_bad_owe_is_refused_naming_its_field(data: dict[str, Any], code: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_effect(data, "effects[0]")
    assert caught.value.code == code
    assert caught.value.path.startswith("effects[0]")


def test_owing_one_card_reads_in_the_singular() -> None:
    assert describe_effect(Effect("owe", count=1)).startswith("the next player owes one more "
                                                              "card (")


@pytest.mark.parametrize(("pending", "expected"), [(0, False), (3, True)])
def test_the_cards_owed_are_compared_compiled_and_interpreted(pending: int,
                                                              expected: bool) -> None:
    play = ctx("4D", "4C", pending=pending)
    cond = read_condition(OWING, "$")
    assert compile_condition(cond)(play) is expected
    assert holds(cond, play) is expected


def test_the_probes_owe_nothing_and_something() -> None:
    contexts, exact = probe_space([read_condition(OWING, "$")])
    assert exact
    assert {c.pending for c in contexts} == {0, 1}


def test_a_rule_about_cards_owed_can_fire() -> None:
    answer = rule({"kind": "restriction", "when": OWING,
                   "must": {"type": "rank", "of": "played", "in": ["4"]}})
    finding = never_fires(answer, Rulebook([answer]))
    assert not finding.found
    assert finding.example is not None and finding.example.pending > 0


def test_a_rule_owing_nothing_never_fires() -> None:
    never = rule({"kind": "restriction",
                  "when": {"type": "compare", "what": "pending", "op": "<", "value": 0},
                  "must": {"type": "colour", "is": "red"}})
    assert never_fires(never).found


STARTER: dict[str, Any] = {"type": "on_starter"}


def test_on_starter_reads_and_writes_itself() -> None:
    cond = read_condition(STARTER, "$")
    assert cond.to_json() == STARTER
    assert cond.reads() == {"on_starter"}


def test_on_starter_takes_no_fields() -> None:
    with pytest.raises(RuleError) as caught:
        read_condition({"type": "on_starter", "of": "top"}, "rule.when")
    assert (caught.value.code, caught.value.path) == ("spec/unknown_field", "rule.when.of")


@pytest.mark.parametrize("on", [False, True])
def test_on_starter_means_the_same_compiled_and_interpreted(on: bool) -> None:
    play = ctx("9H", "QH", on_starter=on)
    cond = read_condition({"type": "not", "of": STARTER}, "$")
    assert compile_condition(cond)(play) is (not on)
    assert holds(cond, play) is (not on)


def test_the_probes_lie_on_the_starter_and_on_a_played_card() -> None:
    contexts, _ = probe_space([read_condition(STARTER, "$")])
    assert {c.on_starter for c in contexts} == {False, True}
    plain, _ = probe_space([read_condition({"type": "colour", "is": "red"}, "$")])
    assert {c.on_starter for c in plain} == {False}


def test_a_law_after_a_played_queen_reads_plainly() -> None:
    law = rule({"kind": "restriction",
                "when": {"type": "all", "of": [{"type": "rank", "of": "top", "in": ["Q"]},
                                               {"type": "not", "of": STARTER}]},
                "must": {"type": "colour", "is": "black"}})
    assert describe(law) == ("When the top card was played (it is not the round's starter), "
                             "a card played on a queen must be black.")
    assert describe(rule({"kind": "trigger", "when": STARTER,
                          "effects": [{"type": "skip"}]})) == (
        "When a card is played while the top card is the round's starter (turned up at the "
        "deal), the next player is skipped.")
