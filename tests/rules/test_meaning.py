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

from rules.analysis import always_refuses, legality_grid, never_fires
from rules.cards import JOKER, STANDARD_CARDS, Card, parse_many
from rules.conditions import NODE_TYPES, Condition, read_condition, walk
from rules.context import PlayContext, Settings
from rules.errors import RuleError
from rules.evaluation import Rulebook, compile_condition
from rules.generate import random_any_condition, random_condition
from rules.interpret import holds
from rules.spec import load_rule


def random_play(rng: Random) -> PlayContext:
    """A play on a pile of 1 to 12 cards (deeper than any card a rule names); half the time
    after a reshuffle, with a record of the round longer than the pile. The card played is
    a joker standing for it one time in five; hands hold jokers too."""
    pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 12)))
    record: tuple[Card, ...] = pile
    if rng.random() < 0.5:
        earlier = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 70)))
        record = (*earlier, *pile)
        pile = pile[-1:]  # a reshuffle keeps only the top card
    hand = tuple(rng.choice((*STANDARD_CARDS, JOKER)) for _ in range(rng.randint(0, 7)))
    played = rng.choice(STANDARD_CARDS)
    return PlayContext(played, pile, physical=JOKER if rng.random() < 0.2 else played,
                       hand=hand, hand_before=max(1, len(hand)), player=rng.randrange(5),
                       players=rng.randint(2, 8), turn=rng.randint(1, 40),
                       round=rng.randint(1, 5),
                       active_suit=rng.choice([None, "C", "D", "H", "S"]), record=record,
                       pending=rng.choice([0, 0, rng.randint(1, 12)]),
                       on_starter=rng.random() < 0.3)


def random_tree(rng: Random) -> Condition:
    """A condition tree of every node type (or, one time in three, one like the rules people
    write), drawn again until the language accepts it."""
    while True:
        data = (random_condition(rng, 3, ("played", "top", "pile2", "pile3"))
                if rng.random() < 0.3 else random_any_condition(rng, 3))
        try:
            return read_condition(data, "$")
        except RuleError:
            continue


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), aces_high=st.booleans())
def test_compiled_and_interpreted_evaluation_agree(seed: int, aces_high: bool) -> None:
    rng = Random(seed)
    cond = random_tree(rng)
    game = Settings(aces_high=aces_high)
    author = rng.choice([None, 0, 1])
    compiled = compile_condition(cond, game, author)
    for _ in range(30):
        play = random_play(rng)
        assert compiled(play) == holds(cond, play, game, author), (cond.to_json(), play.pile,
                                                                   play.record)


def test_the_trees_drawn_hold_every_node_type() -> None:
    rng = Random(7)
    seen = {type(n).__name__ for _ in range(400) for n in walk(random_tree(rng))}
    assert seen >= {cls.__name__ for cls in NODE_TYPES.values()}


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


def test_the_analysis_reads_a_negated_missing_card_as_the_judge_does() -> None:
    # "There is no red card under the top card": on a one-card pile every play passes, so
    # the rule neither refuses everything nor nothing; a red card under the top refuses all.
    book = _rule("must", NOT_RED_UNDER)
    (rule,) = book.rules
    changes = never_fires(rule)
    assert not changes.found and changes.exact
    assert changes.example is not None and changes.example.card("pile2") is not None
    assert changes.example.card("pile2").colour == "red"  # type: ignore[union-attr]
    assert not always_refuses(book).found
    one_card = PlayContext(parse_many("9S")[0], parse_many("QH"))
    assert legality_grid(book, one_card).fraction_legal == 1.0
    red_under = PlayContext(parse_many("9S")[0], parse_many("3D QH"))
    assert legality_grid(book, red_under).fraction_legal == 0.0
