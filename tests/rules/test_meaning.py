"""One meaning for every rule: the compiled evaluation agrees with the plain interpreter.

For random condition trees (every node type, nested any/all/not, tests of cards deep in
the pile) and random plays on piles of every length from one card up, including a round
whose record outlived a reshuffle (one card left on the pile, many in the record), the
compiled predicate and :func:`rules.interpret.holds` give the same verdict. The bitmask
fast path once answered "false" for ``not(pile2 is red)`` on a one-card pile where the
general ``not`` answered "true"; the tests below pin the one meaning down.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import STANDARD_CARDS, Card, parse_many
from rules.conditions import Condition, read_condition
from rules.context import PlayContext, Settings
from rules.evaluation import Rulebook, compile_condition
from rules.generate import random_condition
from rules.interpret import holds
from rules.spec import load_rule

SUBJECTS = ("played", "top", "pile2", "pile3", "pile4")


def random_play(rng: Random) -> PlayContext:
    """A play on a pile of 1 to 8 cards; half the time after a reshuffle, with a record of
    the round longer than the pile."""
    pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 8)))
    record: tuple[Card, ...] = pile
    if rng.random() < 0.5:
        earlier = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 30)))
        record = (*earlier, *pile)
        pile = pile[-1:]  # a reshuffle keeps only the top card
    hand = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 7)))
    return PlayContext(rng.choice(STANDARD_CARDS), pile, hand=hand,
                       hand_before=max(1, len(hand)), player=rng.randrange(5),
                       players=rng.randint(2, 8), turn=rng.randint(1, 40),
                       round=rng.randint(1, 5), active_suit=rng.choice([None, "C", "H"]),
                       record=record)


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32), aces_high=st.booleans())
def test_compiled_and_interpreted_evaluation_agree(seed: int, aces_high: bool) -> None:
    rng = Random(seed)
    cond: Condition = read_condition(random_condition(rng, 3, SUBJECTS), "$")
    game = Settings(aces_high=aces_high)
    author = rng.choice([None, 0, 1])
    compiled = compile_condition(cond, game, author)
    for _ in range(30):
        play = random_play(rng)
        assert compiled(play) == holds(cond, play, game, author), (cond.to_json(), play.pile,
                                                                   play.record)


NOT_RED_UNDER: dict[str, Any] = {"type": "not",
                                 "of": {"type": "colour", "of": "pile2", "is": "red"}}
RED_UNDER: dict[str, Any] = {"type": "colour", "of": "pile2", "is": "red"}


def _rule(key: str, condition: dict[str, Any]) -> Rulebook:
    return Rulebook([load_rule({"version": 1, "jargon": "Pip",
                                "rule": {"kind": "restriction", key: condition}})])


@pytest.mark.parametrize("pile", ["QH", "3D QH", "5C QH"])
def test_must_not_x_and_must_not_of_x_agree_on_every_pile(pile: str) -> None:
    play = PlayContext(parse_many("9S")[0], parse_many(pile))
    must_not = _rule("must_not", RED_UNDER).is_legal(play)
    must_be_not = _rule("must", NOT_RED_UNDER).is_legal(play)
    assert must_not == must_be_not
    assert must_not == (pile != "3D QH")


def test_a_missing_card_fails_a_test_and_passes_its_negation() -> None:
    one_card = PlayContext(parse_many("9S")[0], parse_many("QH"))
    test = read_condition(RED_UNDER, "$")
    negated = read_condition(NOT_RED_UNDER, "$")
    assert compile_condition(test)(one_card) is False
    assert compile_condition(negated)(one_card) is True
    assert holds(test, one_card) is False and holds(negated, one_card) is True
