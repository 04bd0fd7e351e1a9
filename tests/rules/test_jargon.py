"""Jargon suggestions: deterministic by seed, never a name already taken."""

from __future__ import annotations

from random import Random

from hypothesis import given
from hypothesis import strategies as st

from rules.jargon import JARGON_WORDS, suggest_jargon


@given(st.integers(), st.lists(st.sampled_from(JARGON_WORDS), max_size=len(JARGON_WORDS)))
def test_suggestion_avoids_taken_names(seed: int, taken: list[str]) -> None:
    name = suggest_jargon(Random(seed), taken)
    assert name.casefold() not in {t.casefold() for t in taken}
    assert name == suggest_jargon(Random(seed), taken)


def test_suggestions_are_short_words() -> None:
    for seed in range(50):
        name = suggest_jargon(Random(seed), JARGON_WORDS)
        assert name.isalnum() and name[0].isupper() and len(name) <= 12
