"""Bots write rules a person can read and could guess, graded by bot kind: every rule they
write is valid, passes the author's checks (the engine's and the builder's preview), reads
plainly within its kind's length, and a newcomer's rules are easier to crack than the
harder kinds'."""

from __future__ import annotations

from random import Random
from statistics import mean

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.authoring.grid import Table
from games.authoring.preview_warnings import TOO_EASY as BUILDER_TOO_EASY
from games.authoring.preview_warnings import analyse
from games.autoplay.detective_bot import DetectiveBot
from games.autoplay.difficulty import MAX_PLAYS, estimate
from games.engine.bot_rules import (
    GRADE_OF,
    GRADES,
    MAX_ENGLISH,
    SHAPES,
    TOO_EASY,
    Shape,
    shapes_for,
    unreadable,
)
from games.engine.bots import (
    FALLBACK_RULE,
    Bot,
    Experimenter,
    KnownRules,
    Oracle,
    rule_action,
    write_for,
)
from games.engine.settings import GameSettings
from games.engine.state import GameState
from games.engine.vetting import AuthorKnowledge, author_knowledge, objection
from games.engine.visibility import PlayerView, player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from rules.english import describe
from rules.spec import Rule, load_rule
from tests.examples import share

KINDS = tuple(GRADE_OF)
#: What the newcomer bot wrote before bots drew from shapes: it must read as unfit.
OLD_NEWCOMER = ("When it is not the case that (the values of the played card and the top card "
                "do not differ by one), a play is legal only if any card is played, there is no "
                "even card under the top card and the card under the top card is a card of "
                "value below 12.")


def written(seed: int, kind: str, players: int = 4,
            knowledge: AuthorKnowledge | None = None) -> Rule:
    action = rule_action(0, Random(seed), knowledge, players=players, kind=kind)
    return load_rule({"version": 1, "jargon": "Draft", "author": 0, "rule": action.rule["rule"]})


def plain_english(text: str, kind: str) -> None:
    """The checks of the brief, spelled out here rather than trusted to the module."""
    lowered = text.casefold()
    assert "any card is played" not in lowered and "it is not the case" not in lowered
    assert sum(lowered.split().count(w) for w in ("not", "no", "never", "nor")) <= 1, text
    assert len(text) <= MAX_ENGLISH[GRADE_OF[kind]], text


def test_the_readability_check_refuses_what_bots_used_to_write() -> None:
    assert unreadable(OLD_NEWCOMER, "oracle") == "says 'any card is played'"
    assert unreadable("A card played must not be a card that is not red.", "oracle") == (
        "negates twice")
    assert unreadable("Only a black card may be played on a red card. " * 3, "experimenter") == (
        f"is longer than {MAX_ENGLISH['easy']} characters")
    assert unreadable("Only a black card may be played on a red card.", "experimenter") is None


def test_the_too_easy_threshold_is_the_builder_s() -> None:
    assert TOO_EASY == BUILDER_TOO_EASY


def test_every_grade_has_shapes_and_every_kind_a_grade() -> None:
    assert {s.grade for s in SHAPES} == set(GRADES)
    assert {GRADE_OF[k] for k in KINDS} == set(GRADES)
    assert all(len(shapes_for(k)) >= 5 for k in KINDS)


@share(0.5, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 10**6))
def test_every_shape_reads_plainly_before_any_check(shape: Shape, seed: int) -> None:
    # Shapes themselves are readable: the bot's filter is a guard, not what makes them so.
    rule = load_rule({"version": 1, "jargon": "Draft", "rule": shape.make(Random(seed))})
    kind = next(k for k in KINDS if GRADE_OF[k] == shape.grade)
    plain_english(describe(rule), kind)


@share(0.5, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(KINDS), st.integers(2, 6))
def test_a_bot_writes_a_valid_plain_rule_that_passes_the_author_s_checks(
        seed: int, kind: str, players: int) -> None:
    rule = written(seed, kind, players)
    plain_english(describe(rule), kind)
    assert objection(rule, (), players=players) is None
    # The builder's preview, as a person writing this rule first would see it.
    assert analyse(rule, (), Table(players=players)) == ()


@share(0.3, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(KINDS))
def test_a_bot_s_second_rule_passes_the_checks_beside_its_first(seed: int, kind: str) -> None:
    first = written(seed, kind)
    second = written(seed + 1, kind, knowledge=AuthorKnowledge((first,)))
    plain_english(describe(second), kind)
    assert objection(second, (first,), players=4) is None
    assert analyse(second, (first,), Table()) == ()


def _writing_view(seat: int = 2) -> tuple[GameState, PlayerView]:
    settings = settings_for(preset("teaching"), players=4, first_rule_maker=seat)
    state, _ = open_preset(settings, ["A", "B", "C", "D"], 6)
    return state, player_view(state, seat)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_bot_writes_with_its_own_grade(kind: str) -> None:
    state, view = _writing_view()
    seed = 11

    def knowledge() -> AuthorKnowledge:
        return author_knowledge(state, 2)

    bots: dict[str, Bot] = {
        "experimenter": Experimenter(2, seed, author_knowledge=knowledge),
        "detective": DetectiveBot(2, seed, author_knowledge=knowledge),
        "oracle": Oracle(2, seed, KnownRules(state.rulebook()))}
    # The oracle consults every rule in force; the others what an author may.
    consulted = AuthorKnowledge(state.rulebook().rules) if kind == "oracle" else knowledge()
    expected = write_for(2, view, Random(seed), consulted, kind)
    assert bots[kind].act(view) == expected
    assert expected.rule["rule"] != FALLBACK_RULE


#: The fixed sample the grading is measured on: the first rules each kind writes from these
#: seeds, each estimated at a few simulated tables (seeded: the same figures on every run).
SAMPLE_SEEDS = range(8)
SAMPLE_TABLES = 3


def _plays_to_crack(kind: str) -> float:
    """The mean plays the detective needed over the sample (not cracked: one more than the
    most it is given)."""
    found = []
    for seed in SAMPLE_SEEDS:
        difficulty = estimate(written(seed, kind), GameSettings(), tables=SAMPLE_TABLES)
        found += [MAX_PLAYS + 1 if n is None else n for n in difficulty.plays_to_crack]
    return mean(found)


def test_a_newcomer_s_rules_are_easier_to_crack_than_the_harder_kinds() -> None:
    easy, medium, hard = (_plays_to_crack(k) for k in ("experimenter", "detective", "oracle"))
    # Clear margins, not a coin toss: the newcomer's rules fall within the builder's "easy"
    # band on average, the hardest kind's take several times as long.
    assert easy < medium < hard
    assert 2 * easy < hard
