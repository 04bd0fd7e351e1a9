"""Vetting: a bot never writes a rule that locks the game at once, stalls play or is far too
hard; the checks blame a rule only for what it adds."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.authoring.preview_warnings import TOO_HARD as BUILDER_TOO_HARD
from games.engine.bots import FALLBACK_RULE, rule_action
from games.engine.lockup import has_way_out
from games.engine.stall import stall_of
from games.engine.vetting import (
    TOO_HARD,
    AuthorKnowledge,
    Objection,
    ends_game,
    ends_play,
    objection,
)
from rules.analysis import always_refuses, legality_grid
from rules.evaluation import Rulebook
from rules.generate import random_spec
from rules.spec import Rule, load_rule
from tests.engine.test_lockup import ALWAYS, card_test, draw, restriction, trigger

FACE_TOP = card_test("face", "top")


def rule(spec: dict[str, object], author: int = 0) -> Rule:
    return load_rule({"version": 1, "jargon": "Draft", "author": author, "rule": spec})


def code(spec: dict[str, object], others: tuple[Rule, ...] = ()) -> str | None:
    found = objection(rule(spec), others)
    return None if found is None else found.code


def test_the_threshold_is_the_builder_s() -> None:
    assert TOO_HARD == BUILDER_TOO_HARD


def test_each_check_objects() -> None:
    assert code(restriction(ALWAYS, must_not=ALWAYS)) == "locks_at_once"
    assert code(restriction(FACE_TOP, must_not=ALWAYS)) == "locks_at_once"
    assert code(trigger(ALWAYS, draw("player", 1))) == "no_way_out"
    assert code(trigger(FACE_TOP, {"type": "to_bottom"}, draw("next", 1))) == "stalls"
    assert code(restriction(ALWAYS, card_test("rank", **{"in": ["K"]}))) == "too_hard"
    assert code(trigger(card_test("rank", **{"in": ["7"]}), {"type": "skip"})) is None
    assert code(restriction(ALWAYS, {"type": "relation", "rel": "same_suit"})) is None


def test_a_rule_is_blamed_only_for_what_it_adds() -> None:
    stuck = (rule(trigger(ALWAYS, draw("player", 1)), author=1),)
    assert code(trigger(card_test("rank", **{"in": ["7"]}), {"type": "skip"}), stuck) is None


@settings(deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 6))
def test_a_bot_never_writes_a_rule_the_checks_refuse(seed: int, players: int) -> None:
    written = rule(rule_action(0, Random(seed), players=players).rule["rule"])
    book = Rulebook([written])
    # The checks themselves, not the vetting's verdict on them.
    assert not always_refuses(book).found and not legality_grid(book).dead_tops()
    assert has_way_out(book, players) and stall_of(book, players) is None
    assert legality_grid(book).fraction_legal >= TOO_HARD


def test_random_drafts_do_meet_objections() -> None:
    # The property above means something only if bots do draw rules to refuse.
    rng = Random(7)
    codes = set()
    for _ in range(300):
        try:
            # Restrictions: the kind of rule that can lock a game or be too hard to guess.
            draft = rule(random_spec(rng, "restriction"))
        except ValueError:
            continue
        found = objection(draft)
        if found is not None:
            codes.add(found.code)
    assert {"locks_at_once", "too_hard"} <= codes


ONE_CARD = {"type": "compare", "what": "hand_before", "op": "==", "value": 1}
HEART = card_test("suit", **{"in": ["H"]})


def test_the_bit_is_set_by_each_lockup_the_draft_brings() -> None:
    must_heart = rule(restriction(ONE_CARD, HEART), author=1)
    keeper = rule(trigger(FACE_TOP, {"type": "to_bottom"}), author=1)
    black = rule(restriction(ALWAYS, card_test("colour", **{"is": "black"})), author=1)
    no_heart = rule(restriction(ONE_CARD, must_not=HEART))
    drawer = rule(trigger(FACE_TOP, draw("player", 1)))
    # Red on a black top, and only black: nothing may follow a black card.
    red = rule(restriction(card_test("colour", "top", **{"is": "black"}),
                           card_test("colour", **{"is": "red"})))
    assert ends_play(no_heart, [must_heart]) and ends_game(no_heart, [must_heart], players=3)
    assert ends_play(drawer, [keeper], players=3) and ends_game(drawer, [keeper], players=3)
    assert not ends_play(red, [black]) and ends_game(red, [black], players=3)
    # Alone, none of the drafts ends anything; nor is it blamed for a lockup already there.
    for draft in (no_heart, drawer, red):
        assert not ends_game(draft, [], players=3)
    stuck = rule(trigger(ALWAYS, draw("player", 1)), author=1)
    assert not ends_game(drawer, [stuck], players=3)


def test_a_bot_consults_the_bit_in_its_author_knowledge() -> None:
    # A bit that refuses every draft leaves the bot its plain fallback rule.
    refused = AuthorKnowledge(ends_game=lambda draft: True)
    assert rule_action(0, Random(1), refused, players=3).rule["rule"] == FALLBACK_RULE
    assert AuthorKnowledge(ends_game=lambda draft: True).objection(
        rule(trigger(card_test("rank", **{"in": ["7"]}), {"type": "skip"}))) == Objection(
        "ends_game", "With the rules in force, this rule would end the game.")


@settings(deadline=None)
@given(st.integers(0, 10**6))
def test_a_bot_writes_no_rule_its_own_rules_or_the_bit_refuse(seed: int) -> None:
    # Its own rule leaves a quarter of plays: many drafts would make the rulebook too hard.
    hearts = rule(restriction(ALWAYS, HEART))
    theirs = rule(restriction(ONE_CARD, card_test("suit", **{"in": ["S"]})), author=1)
    knowledge = AuthorKnowledge((hearts,), lambda draft: ends_game(draft, (hearts, theirs),
                                                                   players=3))
    written = rule(rule_action(0, Random(seed), knowledge, players=3).rule["rule"])
    assert objection(written, (hearts,), players=3) is None
    assert not ends_game(written, (hearts, theirs), players=3)
