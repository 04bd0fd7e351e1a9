"""Sealed guesses at the reveal: scored, placed in time, "cracked by", the detective."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from games.deduction.scoring import Score
from games.engine.apply import apply
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.models import Game
from games.reveal.context import reveal_context
from games.reveal.guesses import ScoredGuess, detective, moment_at, timeline
from games.store.reads import game_entries, load_state
from rules.english import describe
from rules.spec import read_spec
from tests.reveal.helpers import (
    FIVER_EXACT,
    TANGLE_EXACT,
    TANGLE_NARROW,
    TANGLE_WIDE,
    seal,
)

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)


def first_version(game: Game) -> int:
    """The game's version before its first action (the lobby's changes count)."""
    return game.log.order_by("seq").values_list("seq", flat=True)[0] - 1


def test_the_moment_of_every_version_is_the_round_and_turn_the_engine_had(hosted: Game) -> None:
    entries = game_entries(hosted)
    moments = timeline(entries)
    state = new_game(GameSettings.from_json(hosted.settings), load_state(hosted).names,
                     hosted.seed)

    for entry, moment in zip(entries, moments, strict=True):
        state, _ = apply(state, entry.action)
        assert moment_at(moments, entry.seq) == moment
        if state.phase == "playing":
            assert (moment.stage, moment.round, moment.turn) == ("playing", state.round,
                                                                 state.turn)
        elif state.phase == "writing":
            # A round was won: the engine counts the next one, the reveal the one just over.
            assert (moment.stage, moment.round) == ("between", state.round - 1)


def test_when_a_guess_was_sealed_is_told_in_rounds_and_turns(hosted: Game) -> None:
    start = first_version(hosted)
    moments = timeline(game_entries(hosted))
    won = next(m for m in moments if m.stage == "between")

    assert moment_at(moments, start).words == "before the first play"
    assert moment_at(moments, start + 1).words == "before the first play"  # the deal
    assert moment_at(moments, start + 3).words == "in round 1, turn 2"
    assert moment_at(moments, won.seq).words == "after round 1"
    assert moment_at(moments, won.seq + 1).words == "at the start of round 2"


def test_every_guess_is_scored_against_the_real_rule(hosted: Game) -> None:
    start = first_version(hosted)  # Ann wrote Tangle, Cy wrote Fiver
    seal(hosted, 1, "Tangle", TANGLE_NARROW, start + 2)
    seal(hosted, 2, "Tangle", TANGLE_WIDE, start + 1)
    seal(hosted, 1, "Fiver", FIVER_EXACT, hosted.version - 2)
    seal(hosted, 0, "Fiver", TANGLE_EXACT, hosted.version - 3)

    rules = {r.summary.jargon: r for r in reveal_context(hosted.code)["rules"]}

    wide, narrow = rules["Tangle"].guesses
    assert [(g.name, g.score.verdict, g.when) for g in (wide, narrow)] == [
        ("Cy", "every_play", "before the first play"),
        ("Bob", "wrong", "in round 1, turn 1")]
    assert wide.score.words == "right on every play seen"
    assert wide.example.startswith("they differ on K")  # kings: where the guess goes wider
    assert narrow.example.endswith("was accepted; the guess would refuse it")
    assert narrow.text == describe(read_spec(TANGLE_NARROW)) != describe(read_spec(TANGLE_EXACT))
    wrong, exact = rules["Fiver"].guesses
    assert [(g.name, g.score.verdict) for g in (wrong, exact)] == [("Ann", "wrong"),
                                                                   ("Bob", "exact")]
    assert exact.example == "" and exact.score.words == "exact" and wrong.example != ""


def test_a_guess_on_ones_own_rule_is_left_out(hosted: Game) -> None:
    seal(hosted, 0, "Tangle", TANGLE_EXACT, first_version(hosted) + 3)  # Ann wrote Tangle

    context = reveal_context(hosted.code)

    assert [r.guesses for r in context["rules"]] == [(), ()]
    assert context["detective"] is None


def test_a_guess_by_whoever_took_the_authors_seat_over_is_scored(hosted: Game) -> None:
    """Seat 0's second player (stint 1) never knew Tangle, which Ann (stint 0) wrote: their
    exact guess cracks it; Ann's own, sealed beside it, is still left out."""
    guess = seal(hosted, 0, "Tangle", TANGLE_EXACT, first_version(hosted) + 3)
    guess.stint = 1
    guess.save()

    tangle = {r.summary.jargon: r for r in reveal_context(hosted.code)["rules"]}["Tangle"]

    assert [g.score.verdict for g in tangle.guesses] == ["exact"]


def test_cracked_by_names_the_exact_guesses_earliest_seal_first(hosted: Game) -> None:
    start = first_version(hosted)
    seal(hosted, 1, "Tangle", TANGLE_EXACT, start + 9, sealed=T0 + timedelta(minutes=5))
    seal(hosted, 2, "Tangle", TANGLE_EXACT, start + 9, sealed=T0)
    seal(hosted, 1, "Fiver", FIVER_EXACT, start + 90)
    seal(hosted, 0, "Fiver", FIVER_EXACT, start + 40)

    rules = {r.summary.jargon: r for r in reveal_context(hosted.code)["rules"]}

    # Bob and Cy sealed at the same version: Cy a few minutes before Bob.
    assert rules["Tangle"].cracked_by == ("Cy", "Bob")
    assert rules["Fiver"].cracked_by == ("Ann", "Bob")
    assert rules["Fiver"].cracked_words == "Ann and Bob"
    # When: the earliest exact seal (Ann's, 40 actions in), as the guesses' own moments say.
    ann = next(g for g in rules["Fiver"].guesses if g.name == "Ann")
    assert rules["Fiver"].cracked_when == ann.when
    assert ann.when.startswith(("in round", "after round", "at the start of round"))
    assert rules["Fiver"].cracked_when != next(
        g for g in rules["Fiver"].guesses if g.name == "Bob").when


def test_the_detective_has_the_most_exact_guesses(hosted: Game) -> None:
    start = first_version(hosted)
    seal(hosted, 2, "Tangle", TANGLE_EXACT, start + 5)
    seal(hosted, 1, "Tangle", TANGLE_EXACT, start + 30)
    seal(hosted, 1, "Fiver", FIVER_EXACT, hosted.version - 3)
    seal(hosted, 0, "Fiver", TANGLE_WIDE, start + 60)

    found = reveal_context(hosted.code)["detective"]

    # Cy cracked a rule first, but Bob cracked two.
    assert found is not None
    assert (found.name, found.cracked, found.tied_with) == ("Bob", ("Tangle", "Fiver"), ())


def test_a_tie_for_detective_goes_to_the_earliest_exact_seal(hosted: Game) -> None:
    start = first_version(hosted)
    seal(hosted, 2, "Tangle", TANGLE_EXACT, start + 30)
    seal(hosted, 1, "Fiver", FIVER_EXACT, start + 70)
    seal(hosted, 1, "Tangle", TANGLE_NARROW, start + 2)  # sealed first, but wrong

    found = reveal_context(hosted.code)["detective"]

    assert found is not None
    assert (found.name, found.count, found.tied_with) == ("Cy", 1, ("Bob",))


def test_without_an_exact_guess_there_is_no_detective(hosted: Game) -> None:
    seal(hosted, 1, "Tangle", TANGLE_WIDE, first_version(hosted) + 5)

    assert reveal_context(hosted.code)["detective"] is None
    assert reveal_context(hosted.code)["guess_count"] == 1


def guess(seat: int, name: str, jargon: str, verdict: str, version: int,
          sealed: datetime = T0) -> ScoredGuess:
    return ScoredGuess(seat, name, jargon, "", "", version, sealed,
                       Score(verdict))  # type: ignore[arg-type]


def test_the_detective_among_three_tied_is_the_one_who_sealed_first() -> None:
    guesses = [guess(0, "Ann", "Pip", "exact", 9), guess(1, "Bob", "Pip", "exact", 7),
               guess(2, "Cy", "Pip", "exact", 7, T0 - timedelta(seconds=1)),
               guess(3, "Di", "Pip", "every_play", 1)]

    found = detective(guesses)

    assert found is not None
    assert (found.name, found.tied_with, found.tied_words) == ("Cy", ("Bob", "Ann"),
                                                               "Bob and Ann")
    assert detective([guesses[3]]) is None
