"""Whatever the rule language accepts, it can run: every spec that :func:`load_rule` takes
compiles, judges any play, reads as English and survives the analysis, without an exception.

The generator below is broad on purpose: every registered condition type, with fields from a
palette of good and bad values, nested at random, in every kind of rule. Most drafts are
refused with a :class:`RuleError`; the property is about the rest.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.analysis import never_fires
from rules.cards import JOKER, RANK_TEXT, STANDARD_CARDS, SUITS
from rules.conditions import NODE_TYPES, RELATIONS
from rules.context import PlayContext, Settings
from rules.effects import DRAWERS, EFFECT_KINDS
from rules.english import describe
from rules.errors import RuleError
from rules.evaluation import Rulebook
from rules.fields import OPERATORS, QUANTITIES, SUBJECTS
from rules.spec import KINDS, dump_rule, load_rule

_ODD_SUBJECTS = ("pile10", "deck", "hand", "")


def _subject(rng: Random) -> str:
    return rng.choice(SUBJECTS) if rng.random() < 0.9 else rng.choice(_ODD_SUBJECTS)


def _number(rng: Random, low: int = -3, high: int = 14) -> Any:
    roll = rng.random()
    if roll < 0.85:
        return rng.randint(low, high)
    return rng.choice([-20, 0, 61, 121, 1001, "3", True, 2.5])


def _window(rng: Random) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if rng.random() < 0.6:
        data["last"] = rng.choice([rng.randint(1, 12), rng.randint(13, 61), 0])
    if rng.random() < 0.5:
        data["with_played"] = rng.random() < 0.9
    return data


def _comparison(rng: Random, low: int, high: int) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if rng.random() < 0.3:
        data["mod"] = rng.choice([rng.randint(2, 13), 1, 53])
    data["op"] = rng.choice(OPERATORS) if rng.random() < 0.95 else "in"
    data["value"] = _number(rng, low, high)
    return data


_COUNTING = ("count", "hand_count", "position", "sum", "difference")
_CARD_TAGS = ("rank", "suit", "colour", "face", "number", "joker", "value", "parity")


def cards_counted(rng: Random, depth: int) -> dict[str, Any]:
    """What a count counts with: mostly card tests of the played card, grouped or negated;
    sometimes anything at all."""
    if rng.random() < 0.15:
        return any_condition(rng, depth)
    roll = rng.random()
    if depth > 0 and roll < 0.3:
        if roll < 0.1:
            return {"type": "not", "of": cards_counted(rng, depth - 1)}
        return {"type": rng.choice(("all", "any")),
                "of": [cards_counted(rng, depth - 1) for _ in range(rng.randint(1, 3))]}
    data = any_condition(rng, 0, rng.choice(_CARD_TAGS))
    data["of"] = "played"
    return data


def any_condition(rng: Random, depth: int = 3, tag: str = "") -> dict[str, Any]:
    """A condition of any registered type with fields good or bad, nested ``depth`` deep."""
    # The counting nodes hold the most fields to get wrong: drawn more often than the rest.
    tag = tag or rng.choice(sorted(NODE_TYPES) if rng.random() < 0.6 else _COUNTING)
    if depth <= 0 and tag in ("all", "any", "not", "count", "hand_count"):
        tag = rng.choice(("rank", "suit", "face", "always", "position"))
    data: dict[str, Any] = {"type": tag}
    if tag in ("all", "any"):
        data["of"] = [any_condition(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    elif tag == "not":
        data["of"] = any_condition(rng, depth - 1)
    elif tag in _CARD_TAGS:
        data["of"] = _subject(rng)
        if tag == "rank":
            data["in"] = rng.sample([*RANK_TEXT.values(), 1, 13, "Z"], rng.randint(0, 3))
        elif tag == "suit":
            data["in"] = rng.sample([*SUITS, "X"], rng.randint(0, 2))
        elif tag in ("colour", "parity"):
            good = ("red", "black") if tag == "colour" else ("even", "odd")
            data["is"] = rng.choice(good) if rng.random() < 0.9 else "green"
        elif tag == "value":
            data |= {"op": rng.choice(OPERATORS), "value": _number(rng, 0, 16)}
    elif tag == "relation":
        data |= {"rel": rng.choice(RELATIONS), "a": _subject(rng), "b": _subject(rng)}
        if rng.random() < 0.5:
            data["n"] = _number(rng, 0, 13)
    elif tag == "active_suit":
        data["in"] = rng.sample(SUITS, rng.randint(1, 3))
    elif tag == "compare":
        data |= {"what": rng.choice(QUANTITIES), "op": rng.choice(OPERATORS),
                 "value": _number(rng, 0, 12)}
    elif tag in ("hand_count", "count"):
        data |= {"where": cards_counted(rng, depth - 1), "op": rng.choice(OPERATORS)}
        if tag == "count":
            data |= _window(rng)
            if rng.random() < 0.3:
                data["than"] = {"where": cards_counted(rng, depth - 1), **_window(rng)}
                return data
        data["value"] = _number(rng, 0, 8)
    elif tag == "position":
        if rng.random() < 0.3:
            data["in"] = [_number(rng, 0, 14) for _ in range(rng.randint(0, 3))]
            if rng.random() < 0.5:
                data["mod"] = rng.randint(2, 6)
        else:
            data |= _comparison(rng, 0, 40)
    elif tag == "sum":
        if rng.random() < 0.5:
            data["of"] = [_subject(rng) for _ in range(rng.randint(1, 4))]
        else:
            data |= _window(rng)
        data |= _comparison(rng, 0, 60)
    elif tag == "difference":
        data |= {"a": _subject(rng), "b": _subject(rng)}
        if rng.random() < 0.5:
            data["absolute"] = rng.random() < 0.5
        data |= _comparison(rng, -14, 14)
    return data


def any_spec(rng: Random) -> dict[str, Any]:
    """A rule spec of any kind around random conditions."""
    kind = rng.choice(KINDS)
    if kind == "restriction":
        return {"kind": kind, "when": any_condition(rng),
                rng.choice(("must", "must_not")): any_condition(rng)}
    if kind == "trigger":
        effect: dict[str, Any] = {"type": rng.choice(EFFECT_KINDS)}
        if effect["type"] == "draw":
            effect |= {"who": rng.choice(DRAWERS), "count": rng.randint(1, 3)}
        elif effect["type"] == "pass_hands":
            effect["direction"] = "left"
        return {"kind": kind, "when": any_condition(rng), "effects": [effect]}
    if kind == "call":
        return {"kind": kind, "when": any_condition(rng), "say": "Mao {rank}"}
    if kind == "permission":
        return {"kind": kind, "each": any_condition(rng, 1), "step": any_condition(rng, 1),
                "min": 2, "max": rng.randint(2, 5)}
    if kind == "talking":
        return {"kind": kind, "allow": ["Thank you"]}
    if kind == "reply":
        return {"kind": kind, "say": "Thank you", "after": ["penalty"]}
    return {"kind": kind, "hand": any_condition(rng, 2)}


def _play(rng: Random) -> PlayContext:
    """A play on a pile of 0 to 10 cards, with a joker or two, after a reshuffle or not."""
    pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 10)))
    record = pile if rng.random() < 0.5 else tuple(
        rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 70)))
    played = rng.choice(STANDARD_CARDS)
    hand = tuple(rng.choice([*STANDARD_CARDS, JOKER]) for _ in range(rng.randint(0, 9)))
    return PlayContext(played, pile, physical=JOKER if rng.random() < 0.2 else played,
                       hand=hand, player=rng.randrange(8), players=rng.randint(2, 8),
                       turn=rng.randint(1, 50), active_suit=rng.choice([None, "S"]),
                       record=record)


@settings(deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_rule_the_language_accepts_compiles_judges_and_reads(seed: int) -> None:
    rng = Random(seed)
    data = {"version": 1, "jargon": "Pip", "author": rng.randrange(3), "rule": any_spec(rng)}
    try:
        rule = load_rule(data)
    except RuleError:
        return
    assert load_rule(dump_rule(rule)) == rule
    assert describe(rule)
    for aces_high in (False, True):
        book = Rulebook([rule], Settings(aces_high=aces_high))
        for _ in range(10):
            play = _play(rng)
            book.broken(play)
            book.fired(play)
            book.calls(play, "mao")
        book.winning_hand(list(_play(rng).hand))
        book.group_permission(rng.sample(STANDARD_CARDS, 3))
        never_fires(rule, book, budget=300)


@pytest.mark.parametrize("where", [
    {"type": "always"}, {"type": "not", "of": {"type": "always"}},
    {"type": "all", "of": [{"type": "suit", "in": ["H"]}, {"type": "always"}]},
    {"type": "position", "op": ">", "value": 2},
])
@pytest.mark.parametrize("count", ["count", "hand_count"])
def test_a_count_needs_card_tests_to_count_with(where: dict[str, Any], count: str) -> None:
    with pytest.raises(RuleError) as info:
        load_rule({"version": 1, "jargon": "Pip", "rule": {
            "kind": "restriction", "must": {"type": count, "where": where, "op": ">",
                                            "value": 2}}})
    assert info.value.code == "spec/bad_subject"
    assert info.value.path == "rule.must.where"


def test_the_round_s_record_holds_no_jokers_to_count() -> None:
    with pytest.raises(RuleError) as info:
        load_rule({"version": 1, "jargon": "Pip", "rule": {"kind": "restriction", "must": {
            "type": "count", "where": {"type": "any", "of": [
                {"type": "joker"}, {"type": "suit", "in": ["H"]}]},
            "op": ">", "value": 2}}})
    assert (info.value.code, info.value.path) == ("spec/bad_subject", "rule.must.where")


def test_a_hand_may_hold_jokers_to_count() -> None:
    rule = load_rule({"version": 1, "jargon": "Pip", "rule": {"kind": "instant_win", "hand": {
        "type": "hand_count", "where": {"type": "joker"}, "op": ">=", "value": 2}}})
    assert Rulebook([rule]).winning_hand([JOKER, JOKER]) is rule


def test_counting_cards_no_card_can_be_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        load_rule({"version": 1, "jargon": "Pip", "rule": {"kind": "restriction", "must": {
            "type": "count", "where": {"type": "all", "of": [
                {"type": "suit", "in": ["H"]}, {"type": "colour", "is": "black"}]},
            "op": "==", "value": 0}}})
    assert (info.value.code, info.value.path) == ("spec/contradictory", "rule.must.where")
