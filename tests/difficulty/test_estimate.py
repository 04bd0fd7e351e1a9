"""How hard a rule is to guess: the share of plays it speaks on, the detective's plays to
crack it, the verdict's bands, and what the author reads."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.autoplay import difficulty
from games.autoplay.difficulty import (
    BANDS,
    MAX_PLAYS,
    TABLES,
    Difficulty,
    estimate,
    settled,
    speaks,
    typical_situations,
)
from games.deduction import scoring  # its search is replaced, to watch it
from games.engine.settings import GameSettings
from rules import analysis
from rules.analysis import Allowance, first_difference
from rules.errors import RuleError
from rules.generate import random_any_condition
from rules.spec import Rule, load_rule
from tests.examples import share

NO_HEARTS = {"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}}
HEART_ON_CLUB = {"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
                 "must_not": {"type": "suit", "in": ["H"]}}
SETTINGS = GameSettings(players=4)


def rule(spec: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": "Pip", "rule": spec})


def test_it_speaks_on_the_share_of_typical_plays_it_refuses() -> None:
    plays = typical_situations(SETTINGS)
    hearts = sum(1 for ctx in plays if ctx.played.suit == "H") / len(plays)
    assert speaks(rule(NO_HEARTS), SETTINGS) == hearts
    on_clubs = sum(1 for ctx in plays if ctx.played.suit == "H" and ctx.top is not None
                   and ctx.top.suit == "C") / len(plays)
    assert speaks(rule(HEART_ON_CLUB), SETTINGS) == on_clubs
    permission = rule({"kind": "permission", "each": {"type": "number"},
                       "step": {"type": "relation", "rel": "one_higher"}, "min": 2, "max": 13})
    assert speaks(permission, SETTINGS) is None


def test_the_verdict_follows_the_bands() -> None:
    def verdict(*plays: int | None) -> str:
        return Difficulty("restriction", 0.1, plays).verdict

    assert verdict(BANDS[0], BANDS[0] - 1, None) == "easy"
    assert verdict(BANDS[0] + 1, BANDS[0] + 1) == "about right"
    assert verdict(BANDS[1], BANDS[1]) == "about right"
    assert verdict(BANDS[1] + 1, BANDS[1] + 5) == "hard"
    assert verdict(5, None, None) == "very hard"  # cracked at fewer than half the tables
    assert verdict(None, None) == "very hard"
    assert Difficulty("permission", None, ()).verdict == "unknown"


def test_the_author_reads_what_was_measured() -> None:
    found = Difficulty("restriction", 0.125, (10, 20, None, 30))
    assert found.sentences() == (
        "In typical situations your rule refuses about 1 in 8 of plays.",
        "Our detective bot cracked it at 3 of 4 simulated tables, after about 20 plays.",
        "About right: a good rule to guess by playing.")
    never = Difficulty("call", 0.0, (None, None))
    assert never.sentences()[0] == "In typical situations your rule asks for words with none " \
                                   "of plays."
    assert never.sentences()[1] == (f"Our detective bot did not crack it within {MAX_PLAYS} "
                                    "plays at any of 2 simulated tables.")
    assert "does not learn this kind" in Difficulty("instant_win", None, ()).sentences()[0]


def test_the_seeds_opening_rule_is_about_right_and_no_hearts_at_all_is_easier() -> None:
    """"Can't play a heart onto a club" is about right to open a game with (the seed); a
    rule refusing every heart shows itself far more often, so it is cracked sooner."""
    opening = estimate(rule(HEART_ON_CLUB), SETTINGS)
    assert opening.verdict == "about right", opening
    plain = estimate(rule(NO_HEARTS), SETTINGS)
    assert plain.cracked == len(plain.plays_to_crack)
    assert plain.typical is not None and opening.typical is not None
    assert plain.typical < opening.typical


def test_the_same_rule_gets_the_same_estimate() -> None:
    assert estimate(rule(NO_HEARTS), SETTINGS) == estimate(rule(NO_HEARTS), SETTINGS)


class Deadline:
    """A budget that runs out after ``checks`` questions, counting them."""

    def __init__(self, checks: int) -> None:
        self.left = checks
        self.asked = 0

    def __call__(self) -> bool:
        self.asked += 1
        self.left -= 1
        return self.left < 0


def test_an_estimate_out_of_time_stops_with_the_tables_it_finished() -> None:
    whole = estimate(rule(HEART_ON_CLUB), SETTINGS)
    deadline = Deadline(checks=40)
    cut = estimate(rule(HEART_ON_CLUB), SETTINGS, give_up=deadline)
    assert cut.cut_short and not whole.cut_short
    assert 0 < len(cut.plays_to_crack) < len(whole.plays_to_crack)
    assert cut.plays_to_crack == whole.plays_to_crack[:len(cut.plays_to_crack)]
    assert deadline.asked == 41  # it stopped at the first "give up"


def test_an_estimate_with_no_time_at_all_says_it_ran_out_of_time() -> None:
    cut = estimate(rule(HEART_ON_CLUB), SETTINGS, give_up=lambda: True)
    assert cut == Difficulty("restriction", speaks(rule(HEART_ON_CLUB), SETTINGS), (),
                             cut_short=True)
    assert cut.verdict == "unknown"
    assert cut.sentences()[-1] == ("Our detective bot ran out of time before it finished a "
                                   "simulated game, so it cannot say how hard your rule is to "
                                   "guess.")


@given(st.lists(st.one_of(st.none(), st.integers(0, 2 * MAX_PLAYS)), min_size=1, max_size=6),
       st.integers(0, 6))
@share(1.0)
def test_a_settled_verdict_is_the_verdict_of_every_table(
        plays: list[int | None], shown: int) -> None:
    """Stopping once the verdict is settled never changes it, whatever the rest show."""
    first = plays[:shown]
    if settled(first, len(plays)):
        assert Difficulty("restriction", 0.1, tuple(first)).verdict == \
            Difficulty("restriction", 0.1, tuple(plays)).verdict


def test_an_estimate_stops_once_its_verdict_is_settled() -> None:
    easy = estimate(rule(NO_HEARTS), SETTINGS)
    assert len(easy.plays_to_crack) < TABLES
    assert settled(easy.plays_to_crack, TABLES)
    assert not settled(easy.plays_to_crack[:-1], TABLES)
    assert easy.plays_to_crack == estimate(rule(NO_HEARTS), SETTINGS, tables=TABLES * 2
                                           ).plays_to_crack[:len(easy.plays_to_crack)]


def test_an_estimate_whose_guesses_need_more_situations_than_allowed_is_cut_short(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Proving a guess right tries every situation the two rules tell apart (2704 here), but
    # for a guess written as the rule is (nothing to try).
    whole = estimate(rule(HEART_ON_CLUB), SETTINGS)
    monkeypatch.setattr(difficulty, "PROBES", 100)
    cut = estimate(rule(HEART_ON_CLUB), SETTINGS)
    assert cut.cut_short and not whole.cut_short
    assert cut.plays_to_crack == whole.plays_to_crack[:len(cut.plays_to_crack)]
    assert len(cut.plays_to_crack) < len(whole.plays_to_crack)


def test_every_table_of_an_estimate_draws_on_one_allowance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    allowances: list[Allowance] = []
    search = first_difference

    def watched(a: Rule, b: Rule, settings: Any, allowance: Allowance | None = None) -> Any:
        assert allowance is not None
        allowances.append(allowance)
        return search(a, b, settings, allowance=allowance)

    monkeypatch.setattr(scoring, "first_difference", watched)
    found = estimate(rule(HEART_ON_CLUB), SETTINGS)
    assert len(found.plays_to_crack) > 1
    assert len({id(a) for a in allowances}) == 1
    assert 0 <= allowances[0].left < difficulty.PROBES


@given(st.integers(0, 2**32))
@share(0.2, deadline=None)
def test_an_estimate_never_samples_whatever_the_rule(seed: int) -> None:
    """Any rule of the language (sequence tests, case tables...): the scoring of guesses
    tries only exact spaces, within its allowance, never a sample of 200,000 situations."""
    rng = Random(seed)
    try:
        drawn = rule({"kind": "restriction", "when": random_any_condition(rng, 1),
                      "must": random_any_condition(rng, 2)})
    except RuleError:
        assume(False)
        raise

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("sampled")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analysis, "probe_space", refused)
        found = estimate(drawn, SETTINGS, tables=1, max_plays=12)
    assert found.kind == "restriction"
