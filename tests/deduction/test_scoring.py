"""Properties of scoring a sealed guess against the real rule, over played games and random
guesses: a rule is exactly itself, "exact" is never contradicted by the table, a guess the
table contradicts is wrong, and the verdict names the kind of difference it found."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord, jargon_labels, public_record
from games.deduction.scoring import score
from rules.generate import random_rule
from rules.spec import Rule, load_rule
from tests.deduction.test_kinds import SKIPPER, _skipper
from tests.deduction.test_record import EXAMPLES, GAMES, game


def _real_rules(seed: int, players: int) -> tuple[PublicRecord, list[Rule]]:
    played = game(seed, players)
    final = played.final
    record = public_record(played.events, None, final.names)
    # Rules may share a jargon: each is named by its label in the record.
    labels = jargon_labels(record, [(e.id, e.jargon) for e in final.rules])
    rules = [load_rule({"version": 1, "jargon": labels[e.id], "author": e.author,
                        "rule": e.data["rule"]})
             for e in final.rules if record.sighting(labels[e.id]) is not None]
    return record, rules


@EXAMPLES
@given(GAMES)
# Seed 133: "Mao" said on a play that another secret call asked "Mao" of; the real rule,
# judged alone, would have punished the word as needless (calls are judged together).
@example((133, 3))
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
            assert verdict.example.startswith(("they differ on ", "no situation was found",
                                               "no hand was found"))
        if verdict.verdict == "exact":
            assert verdict.example == ""


#: Nothing seen at all: a guess is judged by the analysis alone.
NOTHING = PublicRecord(None, ("Ann", "Bob", "Cat"))
KINGS = {"type": "rank", "of": "played", "in": ["K"]}


def _rule(spec: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": "Pip", "author": 0, "rule": spec})


def test_a_trigger_seen_doing_something_else_is_wrong_with_the_firing_seen() -> None:
    real = _rule(SKIPPER)
    guess = _rule({**SKIPPER, "effects": [{"type": "reverse"}]})
    verdict = score(guess, replace(real, jargon="Skipper"), _skipper())
    assert verdict.verdict == "wrong"
    assert verdict.example == ("K♣ on 2♣ (round 1, turn 1) set Skipper off (the next player "
                               "is skipped); your rule would fire on it, but: the direction "
                               "of play reverses")


def test_a_trigger_never_seen_firing_differs_in_what_it_does() -> None:
    verdict = score(_rule({**SKIPPER, "effects": [{"type": "reverse"}]}), _rule(SKIPPER),
                    NOTHING)
    assert verdict.verdict == "every_play"
    assert verdict.example.startswith("they differ on K♣ played on ")
    assert verdict.example.endswith(": the rule fires: the next player is skipped, the guess "
                                    "fires: the direction of play reverses")


def test_calls_differ_in_their_words_or_their_penalty() -> None:
    hoot = {"kind": "call", "when": {"type": "suit", "of": "played", "in": ["S"]},
            "say": "Spade", "penalty": 2}
    cheaper = score(_rule({**hoot, "penalty": 1}), _rule(hoot), NOTHING)
    assert cheaper.verdict == "every_play"
    assert cheaper.example.endswith(": a wrong call costs two cards under the rule, a card "
                                    "under the guess")
    other = score(_rule({**hoot, "say": "Hoot"}), _rule(hoot), NOTHING)
    assert other.example.startswith("they differ on A♠ played on ")
    assert other.example.endswith(": the rule asks for “spade”, the guess asks for “hoot”")
    # Where neither asks for words, the words said anyway still differ in what they cost.
    clubs = {**hoot, "when": {"type": "suit", "of": "played", "in": ["C"]}}
    needless = score(_rule({**clubs, "say": "Hoot", "when": {"type": "not", "of": {
        "type": "always"}}}), _rule({**clubs, "when": {"type": "not", "of": {"type": "always"}}}),
        NOTHING)
    assert needless.example.endswith(": neither asks for words, but the rule penalises "
                                     "“spade” said anyway, the guess “hoot”")


def test_permissions_and_instant_wins_are_scored_by_what_they_do() -> None:
    every_suit = {"type": "suit", "of": "played", "in": ["C", "D", "H", "S"]}
    same = score(_rule({"kind": "permission", "each": every_suit, "step": {"type": "always"}}),
                 _rule({"kind": "permission", "each": {"type": "always"},
                        "step": {"type": "always"}}), NOTHING)
    assert same.verdict == "exact"
    hearts = {"type": "suit", "of": "played", "in": ["H"]}
    reds = {"type": "colour", "of": "played", "is": "red"}
    groups = score(_rule({"kind": "permission", "each": hearts, "step": {"type": "always"}}),
                   _rule({"kind": "permission", "each": reds, "step": {"type": "always"}}),
                   NOTHING)
    assert groups.verdict == "every_play"
    assert groups.example.startswith("they differ on the group ")
    assert groups.example.endswith(": the rule lets it go down together, the guess does not")

    def count(op: str, value: int) -> dict[str, Any]:
        return {"kind": "instant_win", "hand": {"type": "hand_count", "where": hearts,
                                                "op": op, "value": value}}

    assert score(_rule({"kind": "instant_win", "hand": {"type": "not", "of": count("<", 3)[
        "hand"]}}), _rule(count(">=", 3)), NOTHING).verdict == "exact"
    hands = score(_rule(count(">=", 4)), _rule(count(">=", 3)), NOTHING)
    assert hands.example == ("they differ on the hand A♥ 2♥ 3♥: the rule makes it a winner, "
                             "the guess does not")
