"""The rulebook analyses cached by content: the same verdicts as computed afresh, shared only
between rulebooks of the same rules (specs, authors, settings), whatever their jargon."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from random import Random

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from games.engine import stall
from games.engine.by_content import by_content, content_of
from games.engine.lockup import has_way_out
from games.engine.stall import stall_of, stalled_tops
from rules.context import Settings
from rules.evaluation import Rulebook
from rules.generate import random_rule
from rules.spec import Rule
from tests.examples import share

#: Table sizes asked about: any (a seat has left), or a fixed one.
PLAYERS = (None, 3, 5)


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    """Each test starts with, and leaves, empty caches (others' results would hide a miss)."""
    _clear()
    yield
    _clear()


def _clear() -> None:
    stall.clear_caches()
    has_way_out.cache_clear()


def _rules(seed: int) -> list[Rule]:
    rng = Random(seed)
    kinds = ("restriction", "trigger", "restriction", "permission")
    return [random_rule(rng, rng.choice(kinds), author=rng.choice((None, 0, 1, 2)))
            for _ in range(rng.randint(1, 4))]


def _verdicts(book: Rulebook, players: int | None) -> tuple[object, ...]:
    return (stalled_tops(book, players), stall_of(book, players),
            has_way_out(book, players), has_way_out(book, players, follow_triggers=False))


def _renamed(rules: list[Rule], aces_high: bool) -> Rulebook:
    """The same rules compiled again under other jargon names (as the game names them)."""
    return Rulebook([replace(r, jargon=f"Other {i}") for i, r in enumerate(rules)],
                    Settings(aces_high=aces_high))


@share(0.3, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(PLAYERS), st.booleans())
def test_a_cached_verdict_is_the_verdict_computed_afresh(seed: int, players: int | None,
                                                         aces_high: bool) -> None:
    rules = _rules(seed)
    fresh = _verdicts(_renamed(rules, aces_high), players)  # empty caches: computed here
    assert fresh[0] == stalled_tops.uncached(_renamed(rules, aces_high), players)
    assert fresh[2] == has_way_out.uncached(_renamed(rules, aces_high), players)
    _clear()
    _verdicts(Rulebook(rules, Settings(aces_high=aces_high)), players)  # fills the caches

    assert _verdicts(_renamed(rules, aces_high), players) == fresh  # read from them


def test_a_rulebook_compiled_again_is_analysed_once() -> None:
    analysed: list[Rulebook] = []

    @by_content(maxsize=8)
    def count(book: Rulebook) -> int:
        analysed.append(book)
        return len(book.rules)

    rules = _rules(7)
    count(Rulebook(rules))
    count(_renamed(rules, False))

    assert len(analysed) == 1


def test_an_argument_passed_by_name_by_position_or_by_default_is_one_key() -> None:
    analysed: list[tuple[int | None, bool]] = []

    @by_content(maxsize=8)
    def count(book: Rulebook, players: int | None = None, *, deep: bool = True) -> int:
        analysed.append((players, deep))
        return len(book.rules)

    book = Rulebook(_rules(5))
    count(book, 4)
    count(_renamed(_rules(5), False), players=4)
    count(book, 4, deep=True)
    count(book)
    count(book, None)
    count(book, 4, deep=False)

    assert analysed == [(4, True), (None, True), (4, False)]


def test_the_content_is_each_rule_s_spec_and_author_and_the_settings() -> None:
    rules = _rules(11)
    moved = [replace(rules[0], author=5), *rules[1:]]

    assert content_of(Rulebook(rules)) == content_of(_renamed(rules, False))
    assert content_of(Rulebook(rules)) != content_of(Rulebook(moved))
    assert content_of(Rulebook(rules)) != content_of(_renamed(rules, True))
    assert content_of(Rulebook(rules)) != content_of(Rulebook(rules[::-1] + rules[:1]))


def test_the_cache_is_bounded() -> None:
    analysed: list[int] = []

    @by_content(maxsize=2)
    def count(book: Rulebook) -> int:
        analysed.append(len(book.rules))
        return len(book.rules)

    books = [Rulebook(_rules(seed)) for seed in range(3)]
    for book in (*books, books[0]):
        count(book)

    assert len(analysed) == 4  # the first was forgotten for the third, and analysed again
