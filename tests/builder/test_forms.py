"""The builder's form model: round trips with every acceptance rule, and validation in words."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from hypothesis import given
from hypothesis import strategies as st

from games.authoring.fields import MAX_NESTING
from games.authoring.forms import (
    apply_row_op,
    apply_tree_op,
    check,
    form_from_data,
    form_to_data,
)
from games.authoring.model import GROUP, CondList, EffectRow, Row, RuleForm, new_form
from games.authoring.spec_form import Unrepresentable, form_to_spec, spec_to_form
from rules.spec import Rule, load_rule, spec_to_json
from tests.builder.helpers import canonical, example_rules, restriction
from tests.examples import share

EXAMPLES = example_rules()


def test_there_are_sixteen_acceptance_files() -> None:
    assert len({name.split("#")[0] for name, _ in EXAMPLES}) == 16


@pytest.mark.parametrize(("name", "rule"), EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_every_example_round_trips_through_the_form(name: str, rule: Rule) -> None:
    spec = canonical(rule)
    form = spec_to_form(spec, rule.jargon)
    assert form_to_spec(form).spec == spec


@pytest.mark.parametrize(("name", "rule"), EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_every_example_round_trips_through_posted_fields(name: str, rule: Rule) -> None:
    posted = QueryDict(mutable=True)
    for key, values in form_to_data(spec_to_form(canonical(rule), rule.jargon)).items():
        posted.setlist(key, values)
    checked = check(form_from_data(posted))
    assert checked.ok, checked.problems
    assert checked.rule is not None
    assert spec_to_json(checked.rule.spec) == canonical(rule)
    assert checked.rule.jargon == rule.jargon


@pytest.mark.parametrize(("name", "rule"), EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_every_example_written_by_hand_in_the_form(name: str, rule: Rule) -> None:
    """The form built field by field (not from the spec) gives the same rule: spot checks."""
    spec = canonical(rule)
    form = spec_to_form(spec)
    rebuilt = RuleForm(kind=form.kind, mode=form.mode, say=form.say, penalty=form.penalty,
                       least=form.least, most=form.most,
                       effects=[EffectRow(e.type, e.who, e.count, e.per_run, e.direction)
                                for e in form.effects],
                       lists={k: CondList(v.join, [Row(**vars(r)) for r in v.rows])
                              for k, v in form.lists.items()})
    assert form_to_spec(rebuilt).spec == spec


def test_sevens_stack_by_hand() -> None:
    form = RuleForm(kind="trigger", effects=[EffectRow("draw", "next", "1", per_run=True)])
    form.lists["when"] = CondList("all", [Row(test="rank", subject="played", ranks=("7",))])
    checked = check(form)
    assert checked.ok
    assert checked.spec == canonical(dict(EXAMPLES)["12_sevens_stack#1"])


def test_four_aces_by_hand() -> None:
    form = RuleForm(kind="instant_win")
    form.lists["hand"] = CondList("all", [Row(test="hand_count", match="rank", ranks=("A",),
                                              count_op=">=", count="4")])
    assert check(form).spec == canonical(dict(EXAMPLES)["07_four_aces_win#1"])


def test_a_negated_row_becomes_a_not() -> None:
    form = restriction(Row(test="face", negate=True))
    assert form_to_spec(form).spec["must"] == {"type": "not", "of": {"type": "face",
                                                                      "of": "played"}}
    assert spec_to_form(form_to_spec(form).spec).lists["must"].rows[0].negate


def test_no_when_rows_means_always() -> None:
    form = restriction(Row(test="face"))
    assert form_to_spec(form).spec["when"] == {"type": "always"}


def test_every_condition_type_has_a_row() -> None:
    rows = [Row(test="joker"), Row(test="value", op="<", value="5"), Row(test="parity"),
            Row(test="relation", rel="differs_by_at_least", n="3", other="pile2"),
            Row(test="follows_active_suit"), Row(test="active_suit", suits=("S",)),
            Row(test="run_length", op=">=", value="2"), Row(test="hand_after", value="1"),
            Row(test="players"), Row(test="turn"), Row(test="round"), Row(test="is_author"),
            Row(test="hand_count", match="suit", suits=("H",), count="2"),
            Row(test="colour", subject="pile3")]
    form = restriction(*rows, join="any")
    checked = check(form)
    assert checked.ok, checked.problems
    assert spec_to_form(checked.spec).lists["must"].rows == rows


def test_nested_groups_load_as_group_rows_and_write_back() -> None:
    spec = {"kind": "restriction", "when": {"type": "always"}, "must": {"type": "all", "of": [
        {"type": "not", "of": {"type": "any", "of": [{"type": "face", "of": "played"},
                                                     {"type": "all", "of": [
                                                         {"type": "number", "of": "top"}]}]}},
        {"type": "not", "of": {"type": "not", "of": {"type": "joker", "of": "played"}}}]}}
    form = spec_to_form(spec)
    group = form.lists["must"].rows[0]
    assert group.test == GROUP and group.negate and group.group.join == "any"
    assert group.group.rows[1].group.join == "all"
    assert form.lists["must"].rows[1].group.join == "not"
    assert form_from_data(form_to_data(form)) == form
    checked = check(form)
    assert checked.ok, checked.problems
    assert checked.spec == spec


def test_a_node_no_row_stands_for_is_refused_when_loading() -> None:
    with pytest.raises(Unrepresentable):
        spec_to_form({"kind": "restriction", "must": {"type": "no_such_test"}})


def test_a_new_form_is_valid() -> None:
    assert check(new_form()).ok


def test_rows_are_read_in_order_whatever_their_numbers() -> None:
    data = form_to_data(restriction(Row(test="face"), Row(test="number"), join="any"))
    renumbered = {k.replace("must-1-", "must-7-"): v for k, v in data.items()}
    assert form_from_data(renumbered).lists["must"].rows[1].test == "number"


def test_adding_and_removing_rows() -> None:
    form = restriction(Row(test="face"))
    apply_row_op(form, "must", "add", None)
    assert len(form.lists["must"].rows) == 2
    apply_row_op(form, "must", "remove", 0)
    assert [r.test for r in form.lists["must"].rows] == ["colour"]
    apply_row_op(form, "effects", "add", None)
    assert len(form.effects) == 1


def test_a_list_has_no_cap_of_its_own() -> None:
    form = restriction(Row(test="face"))
    for _ in range(150):
        apply_row_op(form, "must", "add", None)
    apply_row_op(form, "when", "add", None)
    assert len(form.lists["must"].rows) == 151
    assert len(form.lists["when"].rows) == 1
    again = form_from_data(form_to_data(form))
    assert again.lists == form.lists
    assert check(again).ok


def test_rows_posted_deeper_than_the_nesting_limit_are_not_read() -> None:
    row = Row(test="face")
    for _ in range(MAX_NESTING + 3):
        row = Row(test=GROUP, group=CondList("any", [row]))
    data = form_to_data(restriction(row))
    deepest = max(len(k.split("-")) for k in data if k.endswith("-test"))
    assert deepest - 2 > MAX_NESTING
    again = form_from_data(data)
    depth, rows = 0, again.lists["must"].rows
    while rows:
        depth, rows = depth + 1, rows[0].group.rows
    assert depth == MAX_NESTING


def test_a_group_says_what_it_must_hold_at_its_own_slot() -> None:
    form = restriction(Row(test="colour"), Row(test=GROUP, group=CondList("any", [])))
    emptied = check(form)
    assert emptied.by_slot()["must-1"] == ("This group needs at least one condition: add or "
                                           "remove conditions, or remove the group.")
    form.lists["must"].rows[1].group = CondList("not", [Row(test="face"), Row(test="joker")])
    assert "exactly one condition" in check(form).by_slot()["must-1"]
    form.lists["must"].rows[1].group.rows.pop()
    assert check(form).ok


def test_a_problem_in_a_group_is_shown_at_its_row() -> None:
    inner = Row(test="rank", ranks=())
    form = restriction(Row(test="face"), Row(test=GROUP, group=CondList("any", [
        Row(test="number"), inner])))
    checked = check(form)
    assert checked.by_slot()["must-1-1"] == "Tick at least one rank."
    assert checked.problems[0].field == "ranks"


def test_rows_are_added_grouped_moved_and_removed_at_any_depth() -> None:
    form = restriction(Row(test="face"), Row(test="number"))
    assert apply_tree_op(form, "group", "must") == "add:must-2"
    assert apply_tree_op(form, "add", "must-2") == "add:must-2-2"
    inner = form.lists["must"].rows[2].group.rows
    assert len(inner) == 3
    assert apply_tree_op(form, "up", "must-2-2") == "up:must-2-1"
    assert inner[1].test == "colour" and inner[1].colour == "black"
    assert apply_tree_op(form, "up", "must-2-0") == ""
    assert apply_tree_op(form, "down", "must-0") == "down:must-1"
    assert [r.test for r in form.lists["must"].rows] == ["number", "face", GROUP]
    assert apply_tree_op(form, "remove", "must-2-0") == "remove:must-2"
    assert len(inner) == 2
    assert apply_tree_op(form, "remove", "must-9") == ""
    assert apply_tree_op(form, "add", "nowhere") == ""


# Validation: problems in plain words, at the row and field at fault.


def slots(form: RuleForm) -> dict[str, str]:
    checked = check(form)
    assert not checked.ok
    return checked.by_slot()


def test_an_empty_suit_list() -> None:
    problems = check(restriction(Row(test="suit", suits=()))).problems
    assert [(p.slot, p.field, p.message) for p in problems] == [
        ("must-0", "suits", "Tick at least one suit.")]


def test_an_empty_rank_list_in_the_second_row() -> None:
    form = restriction(Row(test="face"), Row(test="rank", ranks=()), join="any")
    assert slots(form) == {"must-1": "Tick at least one rank."}


def test_several_rows_wrong_at_once() -> None:
    form = restriction(Row(test="rank"), Row(test="value", value="abc"), join="any")
    assert slots(form) == {"must-0": "Tick at least one rank.",
                           "must-1": "Number: enter a whole number."}


def test_a_value_out_of_range() -> None:
    assert slots(restriction(Row(test="value", value="20"))) == {
        "must-0": "Number: must be between 0 and 15, got 20."}


def test_max_below_min() -> None:
    form = spec_to_form(canonical(dict(EXAMPLES)["05_ascending_runs#1"]))
    form.least, form.most = "5", "3"
    assert slots(form) == {"max": "Most cards must not be below fewest cards."}


def test_a_black_heart_is_contradictory() -> None:
    form = restriction(Row(test="colour", colour="black"), Row(test="suit", suits=("H",)))
    checked = check(form)
    assert [(p.slot, p.code) for p in checked.problems] == [("must", "spec/contradictory")]
    assert "can never all be true" in checked.problems[0].message


def test_a_card_compared_with_itself() -> None:
    assert slots(restriction(Row(test="relation", subject="top", other="top"))) == {
        "must-0": "A card cannot be compared with itself: pick another card."}


def test_a_restriction_needs_a_condition() -> None:
    assert slots(restriction()) == {
        "must": "Add at least one condition: what a card must (not) be."}


def test_a_trigger_needs_an_effect() -> None:
    form = RuleForm(kind="trigger", effects=[])
    form.lists["when"] = CondList("all", [Row(test="face")])
    assert slots(form) == {"effects": "Add at least one effect."}


def test_an_effect_count_out_of_range() -> None:
    form = RuleForm(kind="trigger", effects=[EffectRow("skip"), EffectRow("draw", count="11")])
    form.lists["when"] = CondList("all", [Row(test="face")])
    assert slots(form) == {"effects-1": "Number of cards: must be between 1 and 10, got 11."}


def test_a_call_with_an_unknown_placeholder() -> None:
    form = RuleForm(kind="call", say="{rnak} please")
    form.lists["when"] = CondList("all", [])
    message = slots(form)["say"]
    assert message.startswith("Words to say: unknown placeholder {rnak}")


def test_a_jargon_too_long() -> None:
    form = restriction(Row(test="face"), jargon="x" * 41)
    assert slots(form) == {"jargon": "Jargon: at most 40 characters, please."}


def test_an_instant_win_looks_only_at_the_hand() -> None:
    form = RuleForm(kind="instant_win")
    form.lists["hand"] = CondList("all", [])
    assert slots(form) == {"hand": "Add at least one condition: what the hand must hold."}


def test_a_valid_rule_loads_with_its_author() -> None:
    checked = check(restriction(Row(test="is_author")), author=2)
    assert checked.rule == load_rule({"version": 1, "jargon": "Your rule", "author": 2,
                                      "rule": checked.spec})


FIELD_NAMES = ["kind", "mode", "jargon", "say", "penalty", "min", "max", "when-join",
               "must-join", "effects-present", "must-0-test", "must-0-subject", "must-0-value",
               "must-0-ranks", "must-0-suits", "must-0-other", "must-0-rel", "must-0-n",
               "must-0-match", "must-0-count", "must-0-count_op", "must-0-op", "when-3-test",
               "effects-0-type", "effects-0-count", "effects-0-who", "hand-join",
               "hand-0-test", "step-join", "step-0-test", "each-join", "must-0-mod",
               "must-0-window", "must-0-with_played", "must-0-absolute", "when-0-test",
               "when-0-op", "when-0-value"]


@given(st.dictionaries(st.sampled_from(FIELD_NAMES),
                       st.lists(st.one_of(st.text(max_size=12), st.sampled_from(
                           ["trigger", "call", "permission", "instant_win", "relation",
                            "hand_count", "top", "pile2", "-3", "99", "A", "H", "any",
                            "position", "count", "sum", "sum_window", "difference", "in",
                            "5, 10", "no"])),
                                max_size=3)))
@share(15)
def test_any_posted_fields_give_a_rule_or_problems_never_a_crash(data: dict[str, list[str]]
                                                                   ) -> None:
    checked = check(form_from_data(data))
    assert checked.ok or checked.problems
    if checked.ok:
        assert checked.rule is not None
