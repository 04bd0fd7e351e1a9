"""The prophet's check agrees with the rule analysis: an equivalent guess written
differently is exact, a guess that differs only on a situation the table never saw is
"every play" (never "exact", and with no hint of where), and a guess a play contradicts is
contradicted by that play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord
from games.puzzles import prophet
from games.puzzles.library import Puzzle, builtin_puzzles
from games.puzzles.prophet import decidable, judge
from rules.analysis import Allowance, first_difference
from rules.cards import STANDARD_CARDS, Card
from rules.context import PlayContext
from rules.evaluation import DEFAULT_SETTINGS, refusal_predicate
from rules.generate import random_rule
from rules.spec import Restriction, Rule, Trigger, load_rule, spec_to_json
from tests.examples import share
from tests.puzzles.records import record_of

PUZZLES = builtin_puzzles()
RESTRICTIONS = [(p, r) for p in PUZZLES for r in p.rules if isinstance(r.spec, Restriction)]


def _rule(rule: Rule, spec: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": rule.jargon, "rule": spec})


def rewritten(rule: Rule, how: int) -> Rule:
    """``rule`` (a restriction) written another way that means the same."""
    spec = spec_to_json(rule.spec)
    when = spec.pop("when", None)
    if "must" in spec:
        core: dict[str, Any] = spec["must"]
        must = {"type": "not", "of": {"type": "not", "of": core}} if how % 2 else core
    else:
        must = {"type": "not", "of": spec["must_not"]}
    if when is not None and how >= 2:
        # "When W, it must be M" is "it must be: not W, or M".
        return _rule(rule, {"kind": "restriction",
                            "must": {"type": "any", "of": [must, {"type": "not", "of": when}]}})
    return _rule(rule, {"kind": "restriction", **({"when": when} if when else {}),
                        "must_not": {"type": "not", "of": must}})


def excepting(rule: Rule, played: Card, top: Card) -> Rule:
    """``rule`` (a restriction) that also lets ``played`` go on ``top``."""
    spec = spec_to_json(rule.spec)
    exception = {"type": "all", "of": [
        {"type": "rank", "of": "played", "in": [played.rank]},
        {"type": "suit", "of": "played", "in": [played.suit]},
        {"type": "rank", "of": "top", "in": [top.rank]},
        {"type": "suit", "of": "top", "in": [top.suit]}]}
    if "must" in spec:
        spec["must"] = {"type": "any", "of": [spec["must"], exception]}
    else:
        spec["must_not"] = {"type": "all", "of": [spec["must_not"],
                                                  {"type": "not", "of": exception}]}
    return _rule(rule, spec)


def unseen_refusals(rule: Rule, record: PublicRecord) -> list[tuple[Card, Card]]:
    """Plays (card, top) the table never tried that ``rule`` refuses on a bare pile (so
    :func:`excepting` them differs from it), or every untried play if there is none."""
    seen = {(a.played, a.top) for a in record.attempts}
    unseen = [(c, t) for c in STANDARD_CARDS for t in STANDARD_CARDS
              if (str(c), str(t)) not in seen]
    assert isinstance(rule.spec, Restriction)
    refuses = refusal_predicate(rule.spec, DEFAULT_SETTINGS, None)
    return [(c, t) for c, t in unseen if refuses(PlayContext(c, (t,)))] or unseen


def _pick(puzzles: list[tuple[Puzzle, Rule]]) -> st.SearchStrategy[tuple[Puzzle, Rule]]:
    return st.sampled_from(puzzles)


@share(1.0)
@given(_pick(RESTRICTIONS), st.integers(0, 3), st.integers(1, 500))
def test_an_equivalent_guess_written_differently_is_exact(
        case: tuple[Puzzle, Rule], how: int, seed: int) -> None:
    puzzle, hidden = case
    guess = rewritten(hidden, how)
    assert guess.spec != hidden.spec
    assert judge(guess, hidden, record_of(puzzle, seed)).verdict == "exact"


@share(1.0)
@given(_pick(RESTRICTIONS), st.integers(1, 500), st.randoms(use_true_random=False))
def test_a_guess_differing_on_an_unseen_situation_is_every_play(
        case: tuple[Puzzle, Rule], seed: int, rng: Any) -> None:
    puzzle, hidden = case
    record = record_of(puzzle, seed)
    played, top = rng.choice(unseen_refusals(hidden, record))
    guess = excepting(hidden, played, top)
    differs = first_difference(guess, hidden)
    answer = judge(guess, hidden, record)
    if differs.found:
        assert answer.verdict == "every_play"
        assert answer.contradiction == ""
    else:  # the hidden rule lets that play through anyway: the same rule
        assert answer.verdict == "exact"


@share(1.0)
@given(st.sampled_from(PUZZLES), st.integers(1, 500), st.randoms(use_true_random=False))
def test_a_guess_is_contradicted_by_a_play_seen_or_judged_by_the_analysis(puzzle: Puzzle, seed: int,
                                                         rng: Any) -> None:
    record = record_of(puzzle, seed)
    hidden = rng.choice(puzzle.rules)
    guess = random_rule(rng, hidden.spec.kind)
    seen = check(guess, hidden.jargon, record)
    answer = judge(guess, hidden, record)
    if seen.contradictions:
        assert answer == prophet.ProphetAnswer("contradicted",
                                               seen.contradictions[0].describe())
    else:
        differs = first_difference(guess, hidden, allowance=Allowance(prophet.PROBES))
        exact = differs.exact and not differs.found
        assert answer == prophet.ProphetAnswer("exact" if exact else "every_play")


def test_every_puzzle_rule_is_decidable_and_exact_however_written() -> None:
    for puzzle in PUZZLES:
        record = record_of(puzzle, 1)
        for hidden in puzzle.rules:
            assert decidable(hidden), puzzle.slug
            guess = rewritten(hidden, 1) if isinstance(hidden.spec, Restriction) else hidden
            assert judge(guess, hidden, record).verdict == "exact", puzzle.slug


def test_a_rule_that_counts_the_round_is_not_decidable() -> None:
    counting = load_rule({"version": 1, "jargon": "Even Reds", "rule": {
        "kind": "restriction", "must": {"type": "count", "where": {"type": "colour",
                                                                   "is": "red"},
                                        "with_played": True, "mod": 2, "op": "==",
                                        "value": 0}}})
    assert not decidable(counting)


def test_a_guess_of_another_kind_the_table_never_saw_wrong_gives_no_hint() -> None:
    puzzle = next(p for p in PUZZLES if p.slug == "price-tag")
    hidden = puzzle.rules[0]
    record = record_of(puzzle, 1, plays=0)
    guess = _rule(hidden, {"kind": "restriction",
                           "must_not": {"type": "rank", "of": "played", "in": ["5"]}})
    assert judge(guess, hidden, record) == prophet.ProphetAnswer("every_play")


def test_a_guess_of_another_kind_once_the_rule_spoke_is_contradicted() -> None:
    puzzle = next(p for p in PUZZLES if p.slug == "price-tag")
    hidden = puzzle.rules[0]
    assert isinstance(hidden.spec, Trigger)
    seed = next(s for s in range(1, 200) if record_of(puzzle, s).sighting(hidden.jargon))
    guess = _rule(hidden, {"kind": "restriction",
                           "must_not": {"type": "rank", "of": "played", "in": ["5"]}})
    answer = judge(guess, hidden, record_of(puzzle, seed))
    assert answer.verdict == "contradicted"
    assert answer.contradiction


def test_beyond_its_allowance_it_is_never_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond the bound the answer is "every play", as for any guess not found exact: an
    answer of its own would tell how many situations the hidden rule reads."""
    puzzle, hidden = RESTRICTIONS[0]
    guess = rewritten(hidden, 1)
    record = record_of(puzzle, 1)
    assert judge(guess, hidden, record).verdict == "exact"
    monkeypatch.setattr(prophet, "PROBES", 1)
    assert judge(guess, hidden, record) == prophet.ProphetAnswer("every_play")


def test_a_guess_is_checkable_by_itself_unless_it_counts_the_round_twice() -> None:
    """One count of the round's cards can be tried exactly beside a puzzle's rule (none
    counts); two cannot (the analysis samples several sequence tests)."""
    puzzle, hidden = RESTRICTIONS[0]
    assert prophet.checkable(hidden) and prophet.checkable(rewritten(hidden, 1))

    def reds(value: int) -> dict[str, Any]:
        return {"type": "count", "where": {"type": "colour", "is": "red"},
                "with_played": True, "mod": 2, "op": "==", "value": value}

    assert prophet.checkable(_rule(hidden, {"kind": "restriction", "must_not": reds(0)}))
    assert not prophet.checkable(_rule(hidden, {"kind": "restriction", "must_not": {
        "type": "any", "of": [reds(0), reds(1)]}}))
