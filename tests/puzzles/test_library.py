"""The built-in puzzles: at least sixty, each rule valid, named, readable, fit to play alone
(no lockup, no stall, not far too hard), graded, and grades that the detective still gives."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from games.autoplay.difficulty import LEARNT
from games.engine.vetting import objection
from games.puzzles.grading import measured_grade
from games.puzzles.library import DATA, GRADES, SLUG, Puzzle, builtin_puzzles, find
from games.puzzles.table import solo_settings
from rules.context import Settings
from rules.english import describe
from rules.spec import dump_rule, load_rule

PUZZLES = builtin_puzzles()


def test_there_are_at_least_sixty_with_unique_slugs_in_a_fixed_order() -> None:
    assert len(PUZZLES) >= 60
    assert len({p.slug for p in PUZZLES}) == len(PUZZLES)
    assert [p.slug for p in PUZZLES] == [item["slug"] for item in
                                         json.loads(DATA.read_text())["puzzles"]]


def test_the_library_is_graded_from_easy_to_very_hard_easiest_first() -> None:
    grades = [GRADES.index(p.grade) for p in PUZZLES]
    assert grades == sorted(grades)
    assert {p.grade for p in PUZZLES} == set(GRADES)
    assert {p.source for p in PUZZLES} == {"example", "written"}


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.slug)
def test_each_puzzle_is_fit_to_play_alone(puzzle: Puzzle) -> None:
    settings = solo_settings()
    language = Settings(aces_high=settings.aces_high)
    assert SLUG.match(puzzle.slug) and puzzle.title.strip() and puzzle.blurb.strip()
    for i, rule in enumerate(puzzle.rules):
        assert rule.author is None
        assert rule.jargon.strip()
        assert load_rule(dump_rule(rule)) == rule
        assert describe(rule).endswith(".")
        assert rule.spec.kind in LEARNT
        others = puzzle.rules[:i] + puzzle.rules[i + 1:]
        assert objection(rule, (), language, settings.players) is None
        assert objection(rule, others, language, settings.players) is None


def test_find_looks_in_the_library_and_in_extra_puzzles() -> None:
    first = PUZZLES[0]
    assert find(first.slug) is first
    assert find("no-such-puzzle") is None
    extra = Puzzle("someone-published", "Published", first.rules, "easy", source="published")
    assert find("someone-published", [extra]) is extra


def test_a_puzzle_refuses_a_bad_slug_and_forgets_authors() -> None:
    rule = PUZZLES[0].rules[0]
    with pytest.raises(ValueError, match="slug"):
        Puzzle("Not A Slug", "t", (rule,), "easy")
    assert Puzzle("ok", "t", (replace(rule, author=2),), "easy").rules[0].author is None


# A sample of quick puzzles of every grade; python -m scripts.grade_puzzles checks them all
# (docs/puzzles.md).
SAMPLE = ("checkerboard", "in-a-hurry", "intrigue", "bad-company", "streak-breaker")


@pytest.mark.parametrize("slug", SAMPLE)
def test_the_stored_grade_is_the_one_the_detective_gives(slug: str) -> None:
    puzzle = find(slug)
    assert puzzle is not None
    assert measured_grade(puzzle) == puzzle.grade


# Card words a slug must not carry unless its title already shows them.
CARD_WORDS = frozenset({
    "heart", "hearts", "club", "clubs", "spade", "spades", "diamond", "diamonds", "suit",
    "suits", "red", "black", "colour", "color", "ace", "aces", "king", "kings", "queen",
    "queens", "jack", "jacks", "court", "face", "two", "three", "four", "five", "six",
    "seven", "sevens", "eight", "eights", "nine", "ten", "tens", "even", "odd", "prime",
    "primes", "twin", "twins", "sum", "pip", "number", "rank", "draw", "draws", "skip",
    "skips", "reverse", "reverses", "wild"})


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.casefold()))


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.slug)
def test_a_slug_tells_no_more_of_the_rule_than_the_title(puzzle: Puzzle) -> None:
    """The choice page prints slugs: a slug beyond its title would spoil the rule."""
    beyond = _words(puzzle.slug.replace("-", " ")) - _words(puzzle.title)
    told = CARD_WORDS.union(*(_words(describe(r)) | _words(r.jargon) for r in puzzle.rules))
    assert not beyond & told


def test_the_slug_is_the_title_slugified_and_titles_are_unique() -> None:
    assert [p.slug for p in PUZZLES] == [
        re.sub(r"[^a-z0-9]+", "-", p.title.casefold()).strip("-") for p in PUZZLES]
    assert len({p.title.casefold() for p in PUZZLES}) == len(PUZZLES)
