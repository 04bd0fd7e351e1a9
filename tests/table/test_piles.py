"""The discard pile as the table draws it: the cards the rules can see, jokers as jokers."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.engine.visibility import PileView
from games.table.context import pile_row
from rules.fields import MAX_DEPTH


def _pile(laid: list[str]) -> PileView:
    effective = tuple(c[3:] if c.startswith("JK=") else c for c in laid)
    return PileView(effective, None, tuple(laid))


def test_a_pile_shows_the_cards_the_rules_can_see_nearest_first() -> None:
    laid = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC"]
    row = pile_row(_pile(laid), 0)
    assert row.top.face.text == "QC"
    assert [c.face.text for c in row.under] == ["JC", "10C", "9C", "8C", "7C", "6C", "5C",
                                                "4C"]
    assert 1 + len(row.under) == MAX_DEPTH
    assert row.count == len(laid)


def test_a_joker_on_the_pile_is_a_joker_standing_for_its_card() -> None:
    row = pile_row(_pile(["8S", "JK=9S"]), 0)
    assert row.top.face.text == "JK"
    assert row.top.stands_for is not None and row.top.stands_for.text == "9S"
    assert row.face.text == "9S"  # what the rules (and the pile selector) go by
    assert row.top.name == "Joker standing for nine of spades"
    under = pile_row(_pile(["JK=AH", "2H"]), 0).under
    assert under[0].name == "Joker standing for ace of hearts"


def test_the_piles_fragment_draws_the_joker_and_the_cards_under_it() -> None:
    row = pile_row(_pile(["7D", "8S", "JK=9S"]), 0)
    html = render_to_string("games/table.html#piles", {"piles": [row], "view": None})
    assert 'aria-label="Joker standing for nine of spades on top of the discard pile"' in html
    assert "as 9♠" in html
    assert html.index("Eight of spades") < html.index("Seven of diamonds")


def test_a_named_suit_is_shown_in_words() -> None:
    row = pile_row(PileView(("5H", "JH"), "S", ("5H", "JH")), 0)
    html = render_to_string("games/table.html#piles", {"piles": [row], "view": None})
    assert "suit named: ♠ spades" in html
    assert "suit named: S<" not in html
