"""Where two rules differ: exact searches over groups and hands, and the situations
first_difference gives for triggers and calls that differ in what they do or cost."""

from __future__ import annotations

import itertools
from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.analysis import Allowance, first_difference
from rules.cards import ALL_KINDS, parse
from rules.conditions import Not
from rules.context import Settings
from rules.difference import group_difference, hand_difference
from rules.evaluation import Rulebook
from rules.generate import random_rule
from rules.spec import InstantWin, Permission, Rule, load_rule

HEARTS = {"type": "suit", "of": "played", "in": ["H"]}
REDS = {"type": "colour", "of": "played", "is": "red"}
SAME_SUIT = {"type": "relation", "rel": "same_suit"}


def rule(spec: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": "Pip", "rule": spec})


def permission(each: Any, step: Any = None, least: int = 2, most: int = 13) -> Permission:
    spec = rule({"kind": "permission", "each": each, "step": step or {"type": "always"},
                 "min": least, "max": most}).spec
    assert isinstance(spec, Permission)
    return spec


def win(hand: Any) -> InstantWin:
    spec = rule({"kind": "instant_win", "hand": hand}).spec
    assert isinstance(spec, InstantWin)
    return spec


def hearts(op: str, value: int) -> dict[str, Any]:
    return {"type": "hand_count", "where": HEARTS, "op": op, "value": value}


def test_permissions_written_differently_that_allow_the_same_groups_do_not_differ() -> None:
    every_suit = {"type": "suit", "of": "played", "in": ["C", "D", "H", "S"]}
    assert group_difference(permission({"type": "always"}), permission(every_suit)) is None
    assert first_difference(rule({"kind": "permission", "each": {"type": "always"},
                                  "step": {"type": "always"}}),
                            rule({"kind": "permission", "each": every_suit,
                                  "step": {"type": "always"}})).found is False


def test_the_shortest_group_one_permission_allows_and_the_other_does_not() -> None:
    group = group_difference(permission(HEARTS), permission(REDS))
    assert group is not None and len(group) == 2
    assert any(c.suit == "D" for c in group)
    assert group[0] != group[1]  # different cards where it can: one deck holds each once
    # The same cards, but only three or more at once for one of them.
    longer = group_difference(permission(HEARTS, SAME_SUIT), permission(HEARTS, SAME_SUIT, 3))
    assert longer is not None and len(longer) == 2 and all(c.suit == "H" for c in longer)
    capped = group_difference(permission(HEARTS, most=3), permission(HEARTS, most=4))
    assert capped is not None and len(capped) == 4


def test_instant_wins_written_differently_that_pick_the_same_hands_do_not_differ() -> None:
    at_least_three = win(hearts(">=", 3))
    not_fewer = win({"type": "not", "of": hearts("<", 3)})
    assert hand_difference(at_least_three, not_fewer) == (None, True)


def test_the_smallest_hand_one_instant_win_picks_and_the_other_does_not() -> None:
    hand, exact = hand_difference(win(hearts(">=", 3)), win(hearts(">=", 4)))
    assert exact and hand is not None
    assert len(hand) == 3 and all(c.suit == "H" for c in hand)
    sized, exact = hand_difference(win({"type": "compare", "what": "hand_before", "op": "<=",
                                        "value": 2}),
                                   win({"type": "compare", "what": "hand_before", "op": "<",
                                        "value": 2}))
    assert exact and sized is not None and len(sized) == 2


def test_triggers_with_other_effects_differ_where_either_fires() -> None:
    kings = {"type": "rank", "of": "played", "in": ["K"]}
    skip = rule({"kind": "trigger", "when": kings, "effects": [{"type": "skip"}]})
    draw = rule({"kind": "trigger", "when": kings,
                 "effects": [{"type": "draw", "who": "next", "count": 1}]})
    found = first_difference(skip, draw)
    assert found.found and found.exact and found.example is not None
    assert found.example.played.rank == 13
    quiet = [rule({"kind": "trigger", "when": {"type": "not", "of": {"type": "always"}},
                   "effects": effects}) for effects in ([{"type": "skip"}],
                                                        [{"type": "reverse"}])]
    assert not first_difference(quiet[0], quiet[1]).found  # neither fires: nothing differs


def test_calls_differ_where_some_words_cost_one_and_not_the_other() -> None:
    spades = {"type": "suit", "of": "played", "in": ["S"]}
    base = {"kind": "call", "when": spades, "say": "Spade", "penalty": 1}
    by_penalty = first_difference(rule(base), rule({**base, "penalty": 2}))
    assert by_penalty.found and by_penalty.example is not None
    by_phrase = first_difference(rule(base), rule({**base, "say": "{suit_one}"}))
    # "{suit_one}" is "spade" for a spade: they differ only where the card is no spade, and
    # a player says "spade" needlessly (one penalises it, the other wants "heart"...).
    assert by_phrase.found and by_phrase.example is not None
    assert by_phrase.example.played.suit != "S"


def _groups(cards: list[Any]) -> list[tuple[Any, ...]]:
    return [g for n in (2, 3) for g in itertools.product(cards, repeat=n)]


@settings(deadline=None)
@given(st.integers(0, 10_000))
def test_a_group_difference_is_real_and_none_means_none(seed: int) -> None:
    """Property: the group given is judged differently by the two rulebooks; when none is
    given, no group of two or three of a spread of cards is."""
    rng = Random(seed)
    a, b = random_rule(rng, "permission"), random_rule(rng, "permission")
    books = [Rulebook([r], Settings()) for r in (a, b)]
    assert isinstance(a.spec, Permission) and isinstance(b.spec, Permission)
    group = group_difference(a.spec, b.spec)
    if group is not None:
        verdicts = [book.group_permission(group) is not None for book in books]
        assert verdicts[0] != verdicts[1]
    else:
        spread = [parse(c) for c in ("AH", "2H", "5D", "KD", "5S", "QC", "9C")]
        for g in _groups(spread):
            assert (books[0].group_permission(g) is None) == (books[1].group_permission(g)
                                                              is None)


@settings(deadline=None)
@given(st.integers(0, 10_000))
def test_a_hand_difference_is_real_and_none_means_none(seed: int) -> None:
    """Property: the hand given is judged differently; when none is given (exactly), no
    random hand is."""
    rng = Random(seed)
    a, b = random_rule(rng, "instant_win"), random_rule(rng, "instant_win")
    assert isinstance(a.spec, InstantWin) and isinstance(b.spec, InstantWin)
    hand, exact = hand_difference(a.spec, b.spec)
    books = [Rulebook([r], Settings()) for r in (a, b)]
    if hand is not None:
        assert (books[0].winning_hand(hand) is None) != (books[1].winning_hand(hand) is None)
    elif exact:
        for _ in range(300):
            sample = tuple(rng.choice(ALL_KINDS) for _ in range(rng.randint(1, 12)))
            assert (books[0].winning_hand(sample) is None) == (
                books[1].winning_hand(sample) is None), sample


@settings(deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["permission", "instant_win"]))
def test_a_rule_written_again_with_a_double_negation_never_differs(seed: int,
                                                                   kind: str) -> None:
    """Property: no difference is ever made up between two spellings of one rule."""
    spec = random_rule(Random(seed), kind).spec
    if isinstance(spec, Permission):
        twice = Permission(Not(Not(spec.each)), Not(Not(spec.step)), spec.least, spec.most)
        assert group_difference(spec, twice) is None
    else:
        assert isinstance(spec, InstantWin)
        assert hand_difference(spec, InstantWin(Not(Not(spec.hand)))) == (None, True)


# An allowance bounds what a series of checks tries.

SEQUENCE = {"kind": "restriction", "must_not": {"type": "all", "of": [
    {"type": "count", "where": HEARTS, "last": 5, "op": ">=", "value": 2},
    {"type": "sum", "last": 3, "op": ">", "value": 20}]}}


def test_an_allowance_too_small_for_the_space_runs_out_and_proves_nothing() -> None:
    a = rule({"kind": "restriction", "must_not": HEARTS})
    b = rule({"kind": "restriction", "must_not": REDS})
    allowance = Allowance(10)
    found = first_difference(a, b, allowance=allowance)
    assert (found.found, found.exact, allowance.ran_out, allowance.left) == (False, False,
                                                                             True, 10)


def test_within_its_allowance_a_search_answers_as_without_one_and_takes_what_it_tried() -> None:
    a = rule({"kind": "restriction", "must_not": HEARTS})
    not_the_others = {"type": "not", "of": {"type": "suit", "in": ["C", "D", "S"]}}
    for other in (REDS, not_the_others, {"type": "suit", "in": ["H", "D"]}):
        b = rule({"kind": "restriction", "must_not": other})
        allowance = Allowance(10**6)
        found = first_difference(a, b, allowance=allowance)
        plain = first_difference(a, b)
        assert (found.found, found.exact) == (plain.found, plain.exact)
        assert (found.example and (found.example.played, found.example.pile)) == (
            plain.example and (plain.example.played, plain.example.pile))
        assert not allowance.ran_out and 0 < 10**6 - allowance.left <= 52 * 52


def test_a_space_that_could_only_be_sampled_is_not_tried_and_does_not_run_out() -> None:
    a, b = rule(SEQUENCE), rule({**SEQUENCE, "when": REDS | {"of": "top"}})
    allowance = Allowance(10**9)
    found = first_difference(a, b, allowance=allowance)
    assert not found.exact and found.example is None
    assert (allowance.left, allowance.ran_out) == (10**9, False)
