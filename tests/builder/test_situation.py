"""The preview's situation: reading the author's choice, the auto situation, honest notes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.authoring.focus import auto_situation
from games.authoring.grid import Table
from games.authoring.preview import preview
from games.authoring.situation import (
    AUTO,
    NO_CARD,
    UNDER_DEPTHS,
    Choice,
    Situation,
    blind_spots,
    depth_read,
    read_choice,
)
from rules.cards import parse
from rules.spec import Rule, conditions_of, load_rule

TABLE = Table(players=3, player=1, hand_size=5)
MORE_THAN_3 = {"kind": "restriction",
               "must": {"type": "compare", "what": "hand_before", "op": ">", "value": 3}}
KING_UNDER = {"kind": "restriction", "when": {"type": "rank", "of": "pile2", "in": ["K"]},
              "must": {"type": "colour", "is": "red"}}


def rule(spec: dict[str, Any], author: int = 0) -> Rule:
    return load_rule({"version": 1, "jargon": "New", "author": author, "rule": spec})


def auto(spec: dict[str, Any], top: str = "7D") -> Situation:
    return auto_situation(rule(spec), (), parse(top), 5, 3, 1, False)


def test_a_hand_size_rule_is_shown_with_a_hand_on_the_side_it_refuses() -> None:
    assert auto(MORE_THAN_3).hand == 3
    shown = preview(rule(MORE_THAN_3), [], TABLE, parse("7D"))
    assert shown.by_this_count == 53 and shown.notes == ()
    assert "holding 3 cards" in shown.caption


def test_a_hand_size_rule_the_other_way_round() -> None:
    at_most_8 = {"kind": "restriction", "must": {"type": "compare", "what": "hand_after",
                                                 "op": "<=", "value": 7}}
    assert auto(at_most_8).hand == 9


def test_a_rule_about_the_card_under_the_top_gets_that_card() -> None:
    under = auto(KING_UNDER).under
    assert len(under) == 1 and under[0].rank == 13
    assert preview(rule(KING_UNDER), [], TABLE, parse("7D")).by_this_count == 26


def test_a_run_of_equal_ranks_is_laid_under_the_top() -> None:
    runs = {"kind": "restriction", "when": {"type": "compare", "what": "run_length",
                                            "op": ">=", "value": 3},
            "must": {"type": "colour", "is": "red"}}
    under = auto(runs).under
    assert len(under) >= 2 and all(c.rank == 7 for c in under[:2])


def test_a_rule_for_its_author_is_shown_with_the_author_playing() -> None:
    mine = {"kind": "restriction", "when": {"type": "is_author"}, "must": {"type": "face"}}
    assert auto(mine).by_author
    assert preview(rule(mine), [], TABLE, parse("7D")).by_this_count == 40


def test_two_conditions_together_are_both_met() -> None:
    both = {"kind": "restriction", "when": {"type": "all", "of": [
        {"type": "rank", "of": "pile2", "in": ["K"]},
        {"type": "compare", "what": "hand_before", "op": "<", "value": 3}]},
        "must": {"type": "colour", "is": "black"}}
    found = auto(both)
    assert found.hand < 3 and found.under[0].rank == 13


def test_a_rule_that_reads_nothing_else_keeps_the_dealt_hand() -> None:
    black = {"kind": "restriction", "must": {"type": "colour", "is": "black"}}
    assert auto(black) == Situation(hand=5)


def test_the_authors_choice_overrides_auto() -> None:
    shown = preview(rule(MORE_THAN_3), [], TABLE, parse("7D"), Choice(hand=6))
    assert shown.situation.hand == 6 and shown.by_this_count == 0
    assert [n.code for n in shown.notes] == ["not_here"]
    assert shown.auto.hand == 3


SEVENTH = {"kind": "trigger", "when": {"type": "position", "op": "==", "value": 7},
           "effects": [{"type": "skip"}]}


def test_a_rule_about_the_position_in_the_round_is_shown_at_that_position() -> None:
    shown = preview(rule(SEVENTH), [], TABLE, parse("7D"))
    assert shown.situation.position() == 7 and shown.fires_count == 52
    assert shown.notes == ()
    assert "as card 7 of the round" in shown.caption


def test_the_author_may_choose_which_card_of_the_round_the_play_is() -> None:
    shown = preview(rule(SEVENTH), [], TABLE, parse("7D"), Choice(position=3))
    assert shown.situation.position() == 3 and shown.fires_count == 0
    assert [n.code for n in shown.notes] == ["not_here"]
    later = preview(rule(SEVENTH), [], TABLE, parse("7D"), Choice(position=7))
    assert later.fires_count == 52 and later.situation.record(parse("7D"))[-1] == parse("7D")


FEW_HEARTS = {"kind": "restriction", "must": {"type": "count", "where": {
    "type": "suit", "in": ["H"]}, "last": 5, "op": "<", "value": 2}}


def test_a_count_over_the_round_is_shown_on_cards_that_make_it_matter() -> None:
    shown = preview(rule(FEW_HEARTS), [], TABLE, parse("7D"))
    hearts = sum(c.suit == "H" for c in shown.situation.record(parse("7D"))[-5:])
    assert hearts >= 2 and shown.by_this_count == 53
    assert shown.notes == ()
    assert "laid so far, oldest first: " in shown.caption and "♥" in shown.caption


def test_the_author_may_type_the_cards_laid_earlier_in_the_round() -> None:
    no_hearts = preview(rule(FEW_HEARTS), [], TABLE, parse("7D"),
                        Choice(earlier=("2C", "3C", "4S")))
    assert no_hearts.situation.earlier == (parse("2C"), parse("3C"), parse("4S"))
    assert no_hearts.by_this_count == 0
    assert "2♣ 3♣ 4♠ 7♦" in no_hearts.caption
    hearts = preview(rule(FEW_HEARTS), [], TABLE, parse("7D"), Choice(earlier=("2H", "3H")))
    assert hearts.by_this_count == 53


def test_a_position_past_the_cards_typed_repeats_the_oldest_of_them() -> None:
    shown = Choice(position=6, earlier=("5H", "6S")).resolve(Situation(), parse("7D"))
    assert shown.record(parse("7D")) == tuple(map(parse, ("5H", "5H", "5H", "5H", "6S", "7D")))
    cut = Choice(position=2, earlier=("5H", "6S")).resolve(Situation(), parse("7D"))
    assert cut.earlier == (parse("6S"),)
    alone = Choice(position=3).resolve(Situation(), parse("7D"))
    assert alone.record(parse("7D")) == (parse("7D"),) * 3


def test_a_whole_round_sum_is_shown_on_a_round_long_enough() -> None:
    big = {"kind": "restriction", "must_not": {"type": "sum", "op": ">", "value": 100}}
    shown = preview(rule(big), [], TABLE, parse("7D"))
    assert shown.by_this_count == 53 and shown.notes == ()
    assert sum(c.rank for c in shown.situation.record(parse("7D"))) > 100


def test_an_instant_win_says_what_it_depends_on() -> None:
    hearts = {"kind": "instant_win", "hand": {"type": "hand_count", "where": {
        "type": "suit", "in": ["H"]}, "op": ">=", "value": 6}}
    (note,) = preview(rule(hearts), [], TABLE, parse("7D")).notes
    assert "which cards the player holds" in note.text


def test_blind_spots_and_depth() -> None:
    spec = rule(KING_UNDER).spec
    assert depth_read(conditions_of(spec)) == 2
    assert blind_spots(conditions_of(spec), spec.kind) == []


def test_reading_the_choice_from_form_fields() -> None:
    fields = {"sit-pile2": "KS", "sit-pile3": "none", "sit-hand": "4", "sit-player": "you",
              "sit-suit": "H", "sit-turn": "12", "sit-position": "9",
              "sit-earlier": "5h, 10S q♦"}
    choice = read_choice(fields.get)
    assert choice.under[:2] == ("KS", NO_CARD) and choice.hand == 4
    assert choice.by_author is True and choice.suit == "H" and not choice.suit_auto
    assert choice.turn == 12 and choice.position == 9
    assert choice.earlier == ("5H", "10S", "QD")
    shown = choice.resolve(Situation(under=(parse("2C"), parse("3C"))))
    assert shown.under == (parse("KS"),)


def test_the_top_cards_suit_is_a_choice_apart_from_auto() -> None:
    choice = read_choice({"sit-suit": "top"}.get)
    assert choice.suit is None and not choice.suit_auto
    assert choice.resolve(Situation(suit="H")).suit is None
    nothing: dict[str, str] = {}
    assert read_choice(nothing.get).resolve(Situation(suit="H")).suit == "H"


@pytest.mark.parametrize("typed", ["", "5H JK", "ZZ", "5H " * 121, "  "])
def test_earlier_cards_that_cannot_be_read_are_left_on_auto(typed: str) -> None:
    assert read_choice({"sit-earlier": typed}.get).earlier is None


@given(st.dictionaries(st.sampled_from(["sit-pile2", "sit-pile9", "sit-hand", "sit-player",
                                        "sit-suit", "sit-turn", "sit-position",
                                        "sit-earlier"]),
                       st.text(max_size=12) | st.sampled_from(["5H 6C", "40", "QS,QS"])))
def test_any_form_fields_give_a_valid_choice(fields: dict[str, str]) -> None:
    choice = read_choice(fields.get)
    shown = choice.resolve(Situation(), parse("7D"))
    assert 1 <= shown.hand <= 108 and 1 <= shown.turn <= 10_000
    assert 1 <= shown.position() <= 1001 and not any(c.is_joker for c in shown.earlier)
    assert shown.suit in (None, "C", "D", "H", "S")
    assert all(entry in (AUTO, NO_CARD) or len(entry) in (2, 3) for entry in choice.under)
    assert len(choice.under) == len(UNDER_DEPTHS)
    # What the form carries reads back as the same choice.
    assert read_choice(dict(choice.fields()).get) == choice
