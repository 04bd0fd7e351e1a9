"""Compiled evaluation: determinism, agreement with a slow reference, context details."""

from __future__ import annotations

import itertools
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import JOKER, STANDARD_CARDS, parse
from rules.conditions import Relation, read_condition
from rules.context import PlayContext, Settings, run_of_equal_ranks
from rules.evaluation import Rulebook, compile_condition, relation_holds
from rules.generate import random_rule
from rules.spec import load_rule
from tests.rules.helpers import ctx


def random_context(rng: Random) -> PlayContext:
    pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 5)))
    hand = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 7)))
    physical = JOKER if rng.random() < 0.1 else None
    return PlayContext(rng.choice(STANDARD_CARDS), pile, physical=physical,
                       active_suit=rng.choice([None, "C", "D", "H", "S"]), hand=hand,
                       player=rng.randrange(4), players=4, turn=rng.randint(1, 30),
                       round=rng.randint(1, 4))


@given(st.integers(min_value=0, max_value=2**32))
def test_evaluation_is_deterministic(seed: int) -> None:
    rng = Random(seed)
    rules = [random_rule(rng, author=rng.randrange(4)) for _ in range(5)]
    contexts = [random_context(rng) for _ in range(20)]
    first, second = Rulebook(rules), Rulebook(list(rules))
    for play in contexts:
        assert first.broken(play) == second.broken(play)
        assert first.fired(play) == second.fired(play)
        assert first.calls(play, "Mao") == second.calls(play, "Mao")


@pytest.mark.parametrize("rel", ["same_suit", "same_rank", "same_colour", "higher", "lower",
                                 "one_higher", "one_lower", "adjacent", "adjacent_wrap"])
@pytest.mark.parametrize("aces_high", [False, True])
def test_relation_tables_match_the_definition(rel: str, aces_high: bool) -> None:
    predicate = compile_condition(Relation(rel), Settings(aces_high))
    for top, played in itertools.product(STANDARD_CARDS, STANDARD_CARDS):
        assert predicate(ctx(played, top)) == relation_holds(rel, played, top, aces_high)


def test_adjacent_wraps_king_and_ace_only_when_asked() -> None:
    assert relation_holds("adjacent_wrap", parse("AH"), parse("KS"), False)
    assert not relation_holds("adjacent", parse("AH"), parse("KS"), False)
    assert relation_holds("adjacent", parse("AH"), parse("KS"), True)
    assert relation_holds("differs_by_at_least", parse("9H"), parse("2S"), False, 7)
    assert not relation_holds("differs_by_at_least", parse("8H"), parse("2S"), False, 7)


def test_earlier_pile_cards_are_visible_and_missing_ones_fail() -> None:
    third = compile_condition(read_condition({"type": "suit", "of": "pile3", "in": ["H"]}, "w"))
    assert third(ctx("5C", "2H", "3S", "4D"))
    assert not third(ctx("5C", "3S", "4D"))
    no_suit = read_condition({"type": "not", "of": {
        "type": "suit", "of": "pile3", "in": ["C", "D", "H", "S"]}}, "w")
    assert not compile_condition(no_suit)(ctx("5C", "2H", "3S", "4D"))


def test_run_length_counts_equal_ranks_at_the_top() -> None:
    assert run_of_equal_ranks(tuple(map(parse, ["7H", "5S", "5D", "5C"]))) == 3
    assert run_of_equal_ranks(()) == 0
    assert ctx("5H", "5S", "5D").run_after == 3


def test_active_suit_defaults_to_the_top_card() -> None:
    follows = compile_condition(read_condition({"type": "follows_active_suit"}, "w"))
    assert follows(ctx("5H", "9H"))
    assert not follows(ctx("5H", "JS"))
    assert follows(ctx("5H", "JS", active_suit="H"))


def test_a_joker_is_judged_as_the_card_it_names_but_stays_a_joker() -> None:
    joker = compile_condition(read_condition({"type": "joker"}, "w"))
    hearts = compile_condition(read_condition({"type": "suit", "in": ["H"]}, "w"))
    play = ctx("5H", "9C", physical=JOKER)
    assert joker(play) and hearts(play)
    assert not joker(ctx("5H", "9C"))


def test_author_conditions_depend_on_the_rule_author() -> None:
    rule = load_rule({"version": 1, "jargon": "Boss", "author": 2, "rule": {
        "kind": "restriction", "when": {"type": "is_author"}, "must_not": {"type": "face"}}})
    rulebook = Rulebook([rule])
    assert not rulebook.is_legal(ctx("KH", "2C", player=2))
    assert rulebook.is_legal(ctx("KH", "2C", player=1))


def test_one_play_can_break_several_rules_named_in_rulebook_order() -> None:
    rules = [load_rule({"version": 1, "jargon": j, "rule": r}) for j, r in [
        ("Pip", {"kind": "restriction", "must_not": {"type": "face"}}),
        ("Gronk", {"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}}),
        ("Snark", {"kind": "restriction", "must_not": {"type": "suit", "in": ["S"]}}),
    ]]
    assert [r.jargon for r in Rulebook(rules).broken(ctx("KH", "2C"))] == ["Pip", "Gronk"]


def test_hand_size_conditions() -> None:
    rule = load_rule({"version": 1, "jargon": "Last", "rule": {
        "kind": "restriction", "when": {"type": "compare", "what": "hand_after", "op": "==",
                                        "value": 0}, "must_not": {"type": "face"}}})
    rulebook = Rulebook([rule])
    assert not rulebook.is_legal(ctx("KH", "2C", hand_before=1))
    assert rulebook.is_legal(ctx("KH", "2C", hand_before=2))
