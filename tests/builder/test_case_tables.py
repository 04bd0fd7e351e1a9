"""The builder's controls for the rule language's further forms: "exactly when" and case tables
as kinds of group, a named set of values, a count's remainder and what its cards share with
the played card, a sum compared with a card's value or the position."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template.loader import render_to_string

from games.authoring.forms import apply_tree_op, check, form_from_data, form_to_data
from games.authoring.groups import KINDS, arity_words, case_role
from games.authoring.model import GROUP, CondList, Row, RuleForm
from games.authoring.spec_form import spec_to_form
from games.builder.context import Panel, form_view
from rules.conditions import MAX_CASES
from rules.english import describe
from rules.spec import spec_to_json
from tests.builder.helpers import HX, restriction, seated_game

HEARTS_ON_TOP: dict[str, Any] = {"type": "suit", "of": "top", "in": ["H"]}
RED: dict[str, Any] = {"type": "colour", "of": "played", "is": "red"}
FACE: dict[str, Any] = {"type": "face", "of": "played"}
CASES = {"type": "cases", "cases": [{"if": HEARTS_ON_TOP, "then": RED}], "otherwise": FACE}


def _written(spec: dict[str, Any]) -> dict[str, Any]:
    """The rule the builder writes from the form showing ``spec``, through posted fields."""
    checked = check(form_from_data(form_to_data(spec_to_form(spec))))
    assert checked.ok, checked.problems
    assert checked.rule is not None
    return spec_to_json(checked.rule.spec)


def _table(*rows: Row) -> Row:
    return Row(test=GROUP, group=CondList("cases", list(rows)))


def _page(form: RuleForm) -> str:
    checked = check(form)
    panel = Panel("ROUND", 1, 0, "writing", ["Gogol"], True,
                  form=form_view(form, checked.problems), checked=checked)
    return render_to_string("games/builder/panel.html", {"builder": panel})


# The group kinds.


def test_a_case_tables_rows_pair_up_as_when_and_then_and_an_odd_last_is_the_otherwise() -> None:
    rows: list[dict[str, Any]] = [HEARTS_ON_TOP, RED, FACE]
    assert KINDS["cases"].write(rows) == CASES
    assert KINDS["cases"].write(rows[:2]) == {"type": "cases", "cases": [
        {"if": HEARTS_ON_TOP, "then": RED}]}
    assert KINDS["cases"].read(CASES) == rows
    assert KINDS["cases"].paths(3) == [".cases[0].if", ".cases[0].then", ".otherwise"]
    assert [case_role(i, 4) for i in range(4)] == ["when", "then", "when", "then"]


def test_exactly_when_holds_two_rows_and_a_case_table_a_when_and_a_then_at_least() -> None:
    assert [n for n in range(6) if KINDS["iff"].fits(n)] == [2]
    assert not KINDS["cases"].fits(1) and KINDS["cases"].fits(2) and KINDS["cases"].fits(3)
    assert not KINDS["cases"].fits(2 * MAX_CASES + 2)
    assert arity_words("iff") == "exactly 2 conditions"
    assert "“when” and a “then”" in arity_words("cases")


@pytest.mark.parametrize("spec", [
    CASES,
    {"type": "cases", "cases": [{"if": HEARTS_ON_TOP, "then": RED},
                                {"if": FACE, "then": {"type": "not", "of": RED}}]},
    {"type": "iff", "of": [HEARTS_ON_TOP, RED]},
    {"type": "not", "of": {"type": "iff", "of": [HEARTS_ON_TOP, CASES]}},
    {"type": "any", "of": [FACE, {"type": "iff", "of": [HEARTS_ON_TOP, RED]}]},
])
def test_a_rule_with_groups_of_the_new_kinds_comes_back_as_it_was(spec: dict[str, Any]) -> None:
    rule = {"kind": "restriction", "when": {"type": "always"}, "must": spec}
    assert _written(rule) == rule


def test_a_case_table_is_a_group_row_whose_join_names_it() -> None:
    form = spec_to_form({"kind": "restriction", "when": HEARTS_ON_TOP,
                         "must": {"type": "iff", "of": [CASES, RED]}})
    (row,) = form.lists["must"].rows
    assert (row.test, row.group.join) == (GROUP, "iff")
    table = row.group.rows[0]
    assert (table.test, table.group.join, len(table.group.rows)) == (GROUP, "cases", 3)


# Adding a case.


def test_a_case_is_added_before_the_otherwise_with_the_focus_on_its_when() -> None:
    form = restriction(_table(Row(test="face"), Row(test="number"), Row(test="joker")))
    assert apply_tree_op(form, "case", "must-0") == "add:must-0-2"
    rows = form.lists["must"].rows[0].group.rows
    assert [r.test for r in rows] == ["face", "number", "colour", "colour", "joker"]
    even = restriction(_table(Row(test="face"), Row(test="number")))
    assert apply_tree_op(even, "case", "must-0") == "add:must-0-2"
    assert len(even.lists["must"].rows[0].group.rows) == 4


def test_a_case_is_added_only_to_a_case_table_with_room_for_one() -> None:
    group = restriction(Row(test=GROUP, group=CondList("any", [Row(test="face")] * 2)))
    assert apply_tree_op(group, "case", "must-0") == ""
    full = restriction(_table(*[Row(test="face")] * (2 * MAX_CASES)))
    assert apply_tree_op(full, "case", "must-0") == ""
    assert len(full.lists["must"].rows[0].group.rows) == 2 * MAX_CASES


# Checking.


def test_a_case_table_of_one_row_says_what_it_needs() -> None:
    checked = check(restriction(_table(Row(test="face"))))
    assert not checked.ok
    assert checked.by_slot()["must-0"].startswith("This group needs a “when” and a “then”")


def test_a_problem_in_a_then_is_shown_at_that_row() -> None:
    checked = check(restriction(_table(Row(test="face"), Row(test="rank", ranks=()))))
    assert checked.by_slot() == {"must-0-1": "Tick at least one rank."}


# The new controls of a row.


@pytest.mark.parametrize("node", [
    {"type": "value_set", "of": "top", "is": "fibonacci"},
    {"type": "count", "where": RED, "same": "suit", "last": 6, "mod": 3, "op": "!=",
     "value": 1},
    {"type": "count", "same": "rank", "with_played": True, "op": ">=", "value": 2},
    {"type": "count", "where": FACE, "mod": 2, "op": "==", "value": 0},
    {"type": "sum", "of": ["played"], "than": "position", "op": "=="},
    {"type": "sum", "of": ["played", "pile2"], "mod": 5, "than": "top", "op": "!="},
])
def test_each_new_form_of_a_row_comes_back_as_it_was(node: dict[str, Any]) -> None:
    rule = {"kind": "restriction", "when": {"type": "always"}, "must": node}
    assert _written(rule) == rule


def test_the_page_labels_the_new_controls_and_names_the_sets_members() -> None:
    html = _page(spec_to_form({"kind": "restriction", "must": {"type": "all", "of": [
        {"type": "value_set", "of": "played", "is": "square"},
        {"type": "count", "same": "colour", "last": 4, "mod": 2, "op": "==", "value": 1},
        {"type": "sum", "of": ["played"], "than": "top", "op": ">"}]}}))
    assert re.search(r'<label class="vh" for="f-must-0-value_set">Condition 1: which values'
                     r'</label>', html)
    assert '<option value="square" selected>square (A, 4, 9)</option>' in html
    assert '<label class="vh" for="f-must-1-same">Condition 2: sharing with the played card' \
        in html
    assert '<option value="every" selected>are any cards</option>' in html
    assert 'id="f-must-1-mod"' in html and 'value="2"' in html
    assert '<label class="vh" for="f-must-2-sum_than">Condition 3: compared with</label>' in html
    assert '<option value="top" selected>the value of the top card</option>' in html
    assert '<option value="" selected>no other card</option>' in html
    # A sum compared with a card's value has no number to type.
    assert 'id="f-must-2-value"' not in html


def test_a_count_of_any_cards_sharing_nothing_says_what_it_needs() -> None:
    checked = check(restriction(Row(test="count", match="every")))
    assert checked.by_slot() == {"must-0": "Counting any cards: pick what they share with the "
                                           "played card, or which cards to count."}


def test_only_a_count_may_count_every_card() -> None:
    html = _page(spec_to_form({"kind": "instant_win", "hand": {
        "type": "hand_count", "where": FACE, "op": ">=", "value": 3}}))
    assert 'value="every"' not in html


def test_a_case_tables_rows_are_drawn_with_their_parts_and_an_add_a_case_button() -> None:
    html = _page(spec_to_form({"kind": "restriction", "must": CASES}))
    assert re.findall(r'<span class="cond-role" aria-hidden="true">(\w+)</span>',
                      html) == ["When", "Then", "Otherwise"]
    assert '<legend class="vh">Condition 3 (otherwise)</legend>' in html
    assert 'value="case must"' in html and "+ Add a case" in html
    plain = _page(spec_to_form({"kind": "restriction", "must": {"type": "any", "of": [
        FACE, RED]}}))
    assert "cond-role" not in plain and "+ Add a case" not in plain


def test_the_join_menu_offers_exactly_when_for_two_rows_only() -> None:
    two = _page(restriction(Row(test="face"), Row(test="number")))
    three = _page(restriction(Row(test="face"), Row(test="number"), Row(test="joker")))
    assert '<option value="iff">exactly when: both or neither</option>' in two
    assert 'value="iff"' not in three
    assert '<option value="cases">a case table: when… then…</option>' in three


def test_the_english_of_a_written_case_table() -> None:
    checked = check(spec_to_form({"kind": "restriction", "must": CASES}))
    assert checked.rule is not None
    assert describe(checked.rule) == "After a heart, a red card; otherwise a face card."


# Over HTTP.


@pytest.mark.django_db
def test_a_case_added_with_htmx_redraws_the_list_with_the_focus_on_its_when() -> None:
    game, clients = seated_game()
    form = restriction(_table(Row(test="face"), Row(test="number"), Row(test="joker")))
    data = form_to_data(form) | {"area": ["must"], "op": ["case"], "at": ["must-0"]}
    response = clients[0].post(f"/g/{game.code}/builder/rows/", data, headers=HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'<select id="f-must-0-2-test" name="must-0-2-test" '
                     r'class="cond-test structural"[^>]* autofocus>', html)
    assert 'name="must-0-4-test"' in html and 'name="must-0-5-test"' not in html
