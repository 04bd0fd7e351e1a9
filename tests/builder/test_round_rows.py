"""The builder's rows for the tests of the round so far (position, count) and of card values
added or subtracted (sum, difference): round trips, English, problems at their fields, the
inputs each row shows and that every one of them has a label."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import LIST_TESTS, TEST_GROUPS, TESTS, CondList, Row, RuleForm
from games.authoring.spec_form import form_to_spec, spec_to_form
from games.builder.context import row_view
from games.models import Game
from rules.english import describe
from rules.spec import load_rule, spec_to_json
from tests.builder.helpers import HX, post_form, restriction, seated_game

HEARTS: dict[str, Any] = {"type": "suit", "of": "played", "in": ["H"]}

#: Conditions of every new shape the builder shows, in canonical JSON.
CONDITIONS: dict[str, dict[str, Any]] = {
    "position": {"type": "position", "op": "==", "value": 5},
    "position_after": {"type": "position", "op": ">", "value": 3},
    "position_mod": {"type": "position", "mod": 4, "op": "==", "value": 0},
    "position_list": {"type": "position", "in": [5, 10]},
    "position_list_mod": {"type": "position", "mod": 3, "in": [0, 1]},
    "count_window": {"type": "count", "where": HEARTS, "last": 6, "with_played": True,
                     "op": "<=", "value": 3},
    "count_round": {"type": "count", "where": {"type": "rank", "of": "played", "in": ["A", "K"]},
                    "op": ">", "value": 1},
    "count_values": {"type": "count", "where": {"type": "value", "of": "played", "op": ">=",
                                                "value": 10}, "last": 4, "op": "==", "value": 0},
    "sum_two": {"type": "sum", "of": ["played", "top"], "op": ">", "value": 15},
    "sum_piles": {"type": "sum", "of": ["top", "pile2"], "mod": 2, "op": "!=", "value": 1},
    "sum_window": {"type": "sum", "last": 3, "with_played": True, "mod": 13, "op": "==",
                   "value": 0},
    "sum_round": {"type": "sum", "op": "<", "value": 40},
    "difference": {"type": "difference", "a": "played", "b": "top", "op": "<=", "value": 2},
    "difference_signed": {"type": "difference", "a": "played", "b": "pile2", "absolute": False,
                          "op": ">=", "value": -2},
    "difference_mod": {"type": "difference", "a": "top", "b": "played", "mod": 3, "op": "==",
                       "value": 0},
    "count_than": {"type": "count", "where": HEARTS, "last": 5, "op": "<",
                   "than": {"where": HEARTS}},
    "count_than_colour": {"type": "count", "where": {"type": "face", "of": "played"},
                          "op": ">=", "than": {"where": {"type": "colour", "of": "played",
                                                         "is": "black"}, "last": 8,
                                               "with_played": True}},
    "count_than_ranks": {"type": "count", "where": HEARTS, "last": 12, "op": ">",
                         "than": {"where": {"type": "rank", "of": "played", "in": ["A", "K"]},
                                  "last": 11}},
    "sum_three": {"type": "sum", "of": ["played", "top", "pile2"], "op": "==", "value": 21},
    "sum_four": {"type": "sum", "of": ["top", "played", "pile3", "pile9"], "mod": 5,
                 "op": "!=", "value": 0},
}


def spec_with(condition: dict[str, Any], key: str = "must") -> dict[str, Any]:
    return {"kind": "restriction", "when": {"type": "always"}, key: condition}


def canonical(spec: dict[str, Any]) -> dict[str, Any]:
    return spec_to_json(load_rule({"version": 1, "jargon": "X", "rule": spec}).spec)


def only_row(form: RuleForm, name: str = "must") -> Row:
    rows = form.lists[name].rows
    assert len(rows) == 1
    return rows[0]


def must_form(row: Row) -> RuleForm:
    return restriction(row)


# Round trips.


@pytest.mark.parametrize("name", CONDITIONS)
def test_each_new_condition_round_trips_through_the_form(name: str) -> None:
    spec = canonical(spec_with(CONDITIONS[name]))
    assert spec["must"] == CONDITIONS[name]  # the table above is canonical JSON
    assert form_to_spec(spec_to_form(spec)).spec == spec


@pytest.mark.parametrize("name", CONDITIONS)
def test_each_new_condition_round_trips_through_posted_fields(name: str) -> None:
    spec = canonical(spec_with(CONDITIONS[name], "must_not"))
    posted = QueryDict(mutable=True)
    for key, values in form_to_data(spec_to_form(spec)).items():
        posted.setlist(key, values)
    checked = check(form_from_data(posted))
    assert checked.ok, checked.problems
    assert checked.rule is not None and spec_to_json(checked.rule.spec) == spec


def test_a_negated_new_row_round_trips() -> None:
    spec = canonical({"kind": "trigger", "when": {"type": "not", "of": CONDITIONS["position"]},
                      "effects": [{"type": "skip"}]})
    form = spec_to_form(spec)
    assert only_row(form, "when").negate
    assert form_to_spec(form).spec == spec


def test_rows_read_from_specs_hold_the_inputs_a_writer_would_fill() -> None:
    rows = {name: only_row(spec_to_form(spec_with(c))) for name, c in CONDITIONS.items()}
    assert rows["count_window"] == Row(test="count", match="suit", suits=("H",), window="6",
                                       with_played=True, count_op="<=", count="3")
    assert rows["count_round"].window == "" and not rows["count_round"].with_played
    assert rows["position_list_mod"] == Row(test="position", mod="3", op="in", value="0, 1")
    assert rows["sum_two"] == Row(test="sum", subject="played", other="top", op=">",
                                  value="15")
    assert rows["sum_window"] == Row(test="sum_window", window="3", with_played=True,
                                     mod="13", op="==", value="0")
    assert rows["difference_signed"] == Row(test="difference", subject="played",
                                            other="pile2", absolute=False, op=">=",
                                            value="-2")
    assert rows["count_than"] == Row(test="count", match="suit", suits=("H",), window="5",
                                     count_op="<", match2="suit", suits2=("H",))
    assert rows["count_than_colour"] == Row(test="count", match="face", count_op=">=",
                                            match2="colour", colour2="black", window2="8",
                                            with_played2=True)
    assert rows["sum_three"] == Row(test="sum", subject="played", other="top",
                                    plus=("pile2",), op="==", value="21")


@pytest.mark.parametrize(("row", "sentence"), [
    (Row(test="position", op="in", value="5, 10"),
     "A play is legal only if the play is the fifth or tenth card of the round."),
    (Row(test="position", mod="4", op="==", value="0"),
     "A play is legal only if the play is card 4, 8, 12 and so on of the round."),
    (Row(test="count", match="suit", suits=("H",), window="6", with_played=True,
         count_op="<=", count="3"),
     "A play is legal only if there are at most three hearts among the last six cards "
     "including this one."),
    (Row(test="sum", op=">", value="15"),
     "A play is legal only if the played card and the top card add up to "
     "more than 15."),
    (Row(test="sum_window", window="3", with_played=True, mod="13", value="0"),
     "A play is legal only if the values of the last three cards including this one add up "
     "to a multiple of 13."),
    (Row(test="difference", op="<=", value="2"),
     "A play is legal only if the played card and the top card differ by at "
     "most two."),
])
def test_rows_written_by_hand_say_what_they_mean(row: Row, sentence: str) -> None:
    checked = check(must_form(row))
    assert checked.ok, checked.problems
    assert checked.rule is not None and describe(checked.rule) == sentence


def test_the_position_list_accepts_spaces_or_commas() -> None:
    checked = check(must_form(Row(test="position", op="in", value=" 10 5,15 ")))
    assert checked.ok
    assert checked.spec["must"] == {"type": "position", "in": [10, 5, 15]}


@pytest.mark.parametrize(("row", "sentence"), [
    (Row(test="count", match="suit", suits=("H",), window="5", count_op="<",
         match2="suit", suits2=("H",)),
     "A play is legal only if there are fewer hearts among the last five cards before it than "
     "hearts among the cards laid this round before it."),
    (Row(test="count", match="face", count_op=">=", match2="parity", parity2="odd",
         window2="4", with_played2=True),
     "A play is legal only if there are at least as many face cards among the cards laid this "
     "round before it as odd cards among the last four cards including this one."),
    (Row(test="sum", subject="played", other="top", plus=("pile2", "pile3"), op="<",
         value="20"),
     "A play is legal only if the played card, the top card, the card under "
     "the top card and the card 2 below the top card add up to less than 20."),
])
def test_counts_of_counts_and_sums_of_more_cards_say_what_they_mean(row: Row,
                                                                    sentence: str) -> None:
    checked = check(must_form(row))
    assert checked.ok, checked.problems
    assert checked.rule is not None and describe(checked.rule) == sentence


def _written_back(spec: dict[str, Any]) -> RuleForm:
    """The form showing ``spec``, after checking it posts back as ``spec`` unchanged."""
    form = spec_to_form(spec)
    again = form_from_data(form_to_data(form))
    assert again == form
    checked = check(again)
    assert checked.ok, checked.problems
    assert checked.spec == spec
    return form


def test_a_second_count_of_grouped_card_tests_is_rows_of_tests() -> None:
    condition = {"type": "count", "where": HEARTS, "op": ">", "than": {"where": {
        "type": "not", "of": {"type": "suit", "of": "played", "in": ["S"]}}}}
    row = _written_back(canonical(spec_with(condition))).lists["must"].rows[0]
    assert (row.match, row.match2) == ("suit", TESTS)
    assert row.where2.rows[0].negate and row.where2.rows[0].suits == ("S",)


def test_a_count_of_jokers_is_not_offered() -> None:
    count = row_view("must", 0, Row(test="count"))
    held = row_view("must", 0, Row(test="hand_count"))
    assert "joker" not in {o.value for o in count.matches}
    assert "joker" in {o.value for o in held.matches}


def test_a_count_of_cards_passing_two_tests_is_rows_of_tests() -> None:
    condition = {"type": "count", "where": {"type": "all", "of": [HEARTS, {
        "type": "face", "of": "played"}]}, "op": ">", "value": 1}
    row = _written_back(canonical(spec_with(condition))).lists["must"].rows[0]
    assert row.match == TESTS
    assert [r.test for r in row.where.rows] == ["suit", "face"]


def test_a_difference_in_a_permissions_step_is_shown() -> None:
    spec = canonical({"kind": "permission", "each": {"type": "always"},
                      "step": CONDITIONS["difference"], "min": 2, "max": 4})
    assert _written_back(spec).lists["step"].rows[0].test == "difference"


# Problems at their fields.


@pytest.mark.parametrize(("row", "field", "message"), [
    (Row(test="count", match="suit", suits=("H",), window="0"), "window",
     "Last cards: must be between 1 and 60, got 0."),
    (Row(test="count", match="suit", suits=("H",), window="six"), "window",
     "Last cards: enter a whole number."),
    (Row(test="sum_window", window="61"), "window",
     "Last cards: must be between 1 and 60, got 61."),
    (Row(test="count", match="suit", suits=("H",), window="1", with_played=True), "window",
     "The last card including this one is just the played card: count more cards, or test "
     "the played card itself."),
    (Row(test="count", match="suit", suits=()), "suits", "Tick at least one suit."),
    (Row(test="count", match="value", op=">", value="20"), "value",
     "Number: must be between 0 and 15, got 20."),
    (Row(test="count", match="face", count="121"), "count",
     "Number of cards: must be between 0 and 120, got 121."),
    (Row(test="position", value="0"), "value", "Number: must be between 1 and 1000, got 0."),
    (Row(test="position", op="in", value=""), "value", "Enter at least one number."),
    (Row(test="position", op="in", value="5, x"), "value",
     "Number: must be whole numbers from 1 to 1000."),
    (Row(test="position", mod="4", op="in", value="4"), "value",
     "Number: must be whole numbers from 0 to 3."),
    (Row(test="position", mod="1", value="0"), "mod",
     "Modulo: must be between 2 and 52, got 1."),
    (Row(test="position", mod="4", op="<", value="2"), "op",
     "With a modulo, compare with “is exactly” or “is not” (a remainder is not above or "
     "below another)."),
    (Row(test="sum", subject="top", other="top"), "other", "Pick different cards to add up."),
    (Row(test="sum", subject="played", other="top", plus=("top",)), "other",
     "Pick different cards to add up."),
    (Row(test="count", match="suit", suits=("H",), match2="suit", suits2=("H",)), "match2",
     "A count cannot be compared with itself: count other cards, or over another window, "
     "on one side."),
    (Row(test="count", match="suit", suits=("H",), match2="suit"), "suits2",
     "Tick at least one suit."),
    (Row(test="count", match="suit", suits=("H",), match2="rank"), "ranks2",
     "Tick at least one rank."),
    (Row(test="count", match="face", match2="face", window2="70"), "window2",
     "Last cards: must be between 1 and 60, got 70."),
    (Row(test="sum", mod="13", value="13"), "value",
     "Number: must be between 0 and 12, got 13."),
    (Row(test="difference", subject="pile2", other="pile2"), "other",
     "A card cannot be compared with itself: pick another card."),
    (Row(test="difference", value="-1"), "value", "Number: must be between 0 and 13, got -1."),
    (Row(test="difference", absolute=False, value="-14"), "value",
     "Number: must be between -13 and 13, got -14."),
])
def test_a_problem_is_named_on_the_input_at_fault(row: Row, field: str, message: str) -> None:
    problems = check(must_form(row)).problems
    assert [(p.slot, p.field, p.message) for p in problems] == [("must-0", field, message)]


def test_a_problem_in_the_second_row_of_a_when_list() -> None:
    form = restriction(Row(test="face"), when=(
        Row(test="rank", subject="top", ranks=("Q",)),
        Row(test="sum_window", window="abc")))
    form.lists["when"].join = "any"
    problems = check(form).problems
    assert [(p.slot, p.field) for p in problems] == [("when-1", "window")]


# Menus and inputs.


def test_the_round_s_tests_are_in_the_menus_of_when_and_must_only() -> None:
    groups = dict(TEST_GROUPS)
    assert groups["The round so far"] == ("position", "count", "sum_window")
    assert {"sum", "difference"} <= set(groups["Two cards"])
    new = {"position", "count", "sum", "sum_window", "difference"}
    rounds = {"position", "count", "sum_window"}
    assert new <= set(LIST_TESTS["when"]) and new <= set(LIST_TESTS["must"])
    for name in ("each", "step", "hand"):
        assert not rounds & set(LIST_TESTS[name])
    offered = {o.value for _, opts in row_view("must", 0, Row()).tests for o in opts}
    assert new <= offered
    # A permission's step compares a card with the one before it: by arithmetic too.
    offered_step = {o.value for _, opts in row_view("step", 0, Row()).tests for o in opts}
    assert offered_step & new == {"sum", "difference"}


@pytest.mark.parametrize(("row", "shows"), [
    (Row(test="position"), {"mod", "op_value"}),
    (Row(test="count", match="suit"),
     {"count", "count_value", "match", "same", "window", "suits", "than", "mod"}),
    (Row(test="count", match="value"),
     {"count", "count_value", "match", "same", "window", "op_value", "than", "mod"}),
    (Row(test="count", match="suit", match2="rank"),
     {"count", "match", "window", "suits", "than", "window2", "ranks2"}),
    (Row(test="count", match="face", match2="colour"),
     {"count", "match", "window", "than", "window2", "colour2"}),
    (Row(test="hand_count", match="face"), {"count", "count_value", "match"}),
    (Row(test="sum"), {"subject", "other", "plus", "mod", "op_value", "sum_than"}),
    (Row(test="sum_window"), {"window", "mod", "op_value"}),
    (Row(test="difference"), {"subject", "other", "absolute", "mod", "op_value"}),
])
def test_each_row_shows_its_inputs(row: Row, shows: set[str]) -> None:
    assert row_view("must", 0, row).shows == frozenset(shows)


def test_a_position_offers_a_list_and_a_signed_difference_may_be_negative() -> None:
    position = row_view("must", 0, Row(test="position", op="in", value="5, 10"))
    assert position.value_is_list
    assert [o.value for o in position.ops if o.selected] == ["in"]
    assert "in" not in {o.value for o in row_view("must", 0, Row(test="sum")).ops}
    assert row_view("must", 0, Row(test="difference", absolute=False)).value_min == -13
    assert row_view("must", 0, Row(test="difference")).value_min == 0


def test_a_fresh_difference_is_a_distance_and_a_list_op_does_not_outlive_its_test() -> None:
    # The page posts no "absolute" for a row whose test has just become a difference.
    data = form_to_data(must_form(Row(test="position", op="in", value="5, 10")))
    data["must-0-test"] = ["difference"]
    assert "must-0-absolute" not in data
    row = only_row(form_from_data(data))
    assert row.absolute
    assert (row.op, row.value) == ("==", "5")
    signed = form_to_data(must_form(Row(test="difference", absolute=False)))
    assert not only_row(form_from_data(signed)).absolute


def test_an_unticked_with_played_is_off() -> None:
    data = form_to_data(must_form(Row(test="sum_window", with_played=True)))
    assert data["must-0-with_played"] == ["on"]
    del data["must-0-with_played"]
    assert not only_row(form_from_data(data)).with_played


# The page: every input of the new rows has a label.


class _Inputs(HTMLParser):
    """The visible inputs and selects of a page (by id, or by name when named by an
    ``aria-label`` like the suit chips), and the ids that labels point at."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self.labelled: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("input", "select") and found.get("type") != "hidden":
            key = str(found.get("id") or found.get("aria-label"))
            assert key != "None", f"an input with neither id nor aria-label: {found}"
            self.fields[key] = str(found.get("name"))
            if found.get("aria-label"):
                self.labelled.add(key)
        if tag == "label" and found.get("for"):
            self.labelled.add(str(found["for"]))


def _refreshed(client: Client, game: Game, row: Row) -> str:
    data = post_form(RuleForm(kind="restriction", lists={
        "when": CondList("all", []), "must": CondList("all", [row])}))
    response = client.post(reverse("builder:rows", kwargs={"code": game.code}),
                           data | {"area": "must", "op": "refresh"}, headers=HX)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("row", "names"), [
    (Row(test="position", op="in", value="5, 10"), {"mod", "op", "value"}),
    (Row(test="count", match="suit", suits=("H",)),
     {"count_op", "count", "match", "window", "with_played", "match2"}),
    (Row(test="count", match="suit", suits=("H",), match2="suit"),
     {"count_op", "match", "window", "with_played", "match2", "suits2", "window2",
      "with_played2"}),
    (Row(test="count", match="face", match2="parity"),
     {"count_op", "match", "window", "match2", "parity2", "window2"}),
    (Row(test="sum"), {"subject", "other", "mod", "op", "value", "plus"}),
    (Row(test="sum_window"), {"window", "with_played", "mod", "op", "value"}),
    (Row(test="difference"), {"subject", "other", "absolute", "mod", "op", "value"}),
])
def test_every_input_of_a_new_row_has_a_label(row: Row, names: set[str]) -> None:
    game, clients = seated_game()
    html = _refreshed(clients[0], game, row)
    page = _Inputs()
    page.feed(html)
    row_fields = {name.removeprefix("must-0-") for name in page.fields.values()
                  if name.startswith("must-0-")}
    assert names <= row_fields
    assert not {"rel", "n", "colour", "parity"} & row_fields
    if row.match2:
        assert "count" not in row_fields  # compared with a count, not a number
    assert set(page.fields) <= page.labelled, set(page.fields) - page.labelled
