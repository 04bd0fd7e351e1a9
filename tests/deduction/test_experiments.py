"""Experiments beyond one card on one pile: every discard pile, the groups a permission
lets go down, and the hand an instant win would make a winner."""

from __future__ import annotations

from games.deduction.experiments import Table, experiments
from rules.spec import Rule
from tests.deduction.test_hypotheses import GRONK, rule

HEARTS = {"type": "suit", "of": "played", "in": ["H"]}


def table(hand: tuple[str, ...], under: tuple[str, ...] = ("KC",)) -> Table:
    return Table(seat=2, hand=hand, under=under, record=under, turn=3, round=1, players=3)


def test_every_pile_is_tried_and_named() -> None:
    """On a club (pile 1) Gronk refuses the heart, on a diamond (pile 2) it does not: the
    diamond pile tells it from a rule against every heart, the club pile from one against
    hearts on red."""
    piles = [table(("5H", "4S"), ("KC",)), table(("5H", "4S"), ("9D",))]
    hearts = rule({"kind": "restriction", "must_not": HEARTS})
    found = experiments([("H1", rule(GRONK))], piles, rivals=[hearts], jargon="Gronk")
    assert [(e.card, e.pile, e.note) for e in found] == [
        ("5H", 1, "Play 5♥ on pile 2: if Gronk refuses it, H1 is out; if it lets it through, "
                  "the other rule that fits (“A heart may never be played.”) is out.")]
    reds = rule({"kind": "restriction", "when": {"type": "colour", "of": "top", "is": "red"},
                 "must_not": HEARTS})
    split = experiments([("H1", rule(GRONK)), ("H2", reds)], piles, jargon="Gronk")
    assert [e.note for e in split] == [
        "Play 5♥ on pile 1: if Gronk refuses it, H2 is out; if it lets it through, H1 is out."]


def test_a_permission_suggests_the_groups_of_the_hand_it_allows() -> None:
    pairs = rule({"kind": "permission", "each": {"type": "always"},
                  "step": {"type": "relation", "rel": "same_rank"}})
    found = experiments([("H1", pairs)], table(("5H", "9C", "5S")))
    assert [e.cards for e in found] == [("5H", "5S"), ("5S", "5H")]
    assert found[0].note == "H1 lets 5♥ 5♠ go down together: play them at once to test it."
    hearts = rule({"kind": "permission", "each": HEARTS, "step": {"type": "always"}})
    split = experiments([("H1", pairs), ("H2", hearts)], table(("5H", "9H", "5S")))
    assert split[0].cards == ("5H", "5S")
    assert split[0].note == ("5♥ 5♠ splits them: H1 lets it go down together; H2 does not "
                             "let it go down together.")
    assert ("5H", "9H") in [e.cards for e in split]  # hearts together, but no pair


def test_an_instant_win_says_whether_the_hand_would_win_now() -> None:
    def at_least(n: int) -> Rule:
        return rule({"kind": "instant_win", "hand": {"type": "hand_count", "where": HEARTS,
                                                      "op": ">=", "value": n}})

    hand = table(("5H", "9H", "5S"))
    assert [e.note for e in experiments([("H1", at_least(2))], hand)] == [
        "H1 makes your hand a winner now: reveal it to test it."]
    assert experiments([("H1", at_least(3))], hand) == ()
    assert [e.note for e in experiments([("H1", at_least(2)), ("H2", at_least(3))], hand)] == [
        "Your hand splits them: H1 makes it a winner; H2 does not make it a winner."]
    assert experiments([("H1", at_least(2))], hand)[0].card == ""
