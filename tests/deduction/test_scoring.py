"""Properties of scoring a sealed guess against the real rule, over played games and random
guesses: a rule is exactly itself, "exact" is never contradicted by the table, a guess the
table contradicts is wrong, and the verdict names the kind of difference it found."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from hypothesis import given
from hypothesis import strategies as st

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord, public_record
from games.deduction.scoring import score
from rules.generate import random_rule
from rules.spec import Rule, load_rule
from tests.deduction.test_record import EXAMPLES, GAMES, game


def _real_rules(seed: int, players: int) -> tuple[PublicRecord, list[Rule]]:
    played = game(seed, players)
    final = played.final
    record = public_record(played.events, None, final.names)
    rules = [load_rule({"version": 1, "jargon": e.jargon, "author": e.author,
                        "rule": e.data["rule"]})
             for e in final.rules if record.sighting(e.jargon) is not None]
    return record, rules


@EXAMPLES
@given(GAMES)
def test_every_real_rule_is_an_exact_guess_of_itself(case: tuple[int, int]) -> None:
    record, rules = _real_rules(*case)
    for real in rules:
        # Sealed without an author (a guesser writes no author): scored as the real one's.
        guess = replace(real, author=None)
        assert score(guess, real, record).verdict == "exact", real


@EXAMPLES
@given(GAMES, st.integers(0, 10_000))
def test_a_verdict_agrees_with_the_check_against_the_table(case: tuple[int, int],
                                                          seed: int) -> None:
    record, rules = _real_rules(*case)
    rng = Random(seed)
    for real in rules:
        guess = random_rule(rng, real.spec.kind)
        verdict = score(guess, real, record)
        seen = check(guess, real.jargon, record)
        if seen.contradictions:
            assert verdict.verdict == "wrong"
            assert verdict.example == seen.contradictions[0].describe()
        if verdict.verdict in ("exact", "every_play"):
            assert seen.consistent
        if verdict.verdict == "every_play":
            # Why it is not exact: a situation where they differ, or why none is known.
            assert verdict.example.startswith(("they differ on ", "no situation was found"))
        if verdict.verdict == "exact":
            assert verdict.example == ""
