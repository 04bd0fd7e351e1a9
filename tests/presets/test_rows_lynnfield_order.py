"""Rows 80 and 82 of docs/presets/lynnfield.md: "Mao" combined with another call's words,
and the winner's statement made before the other calls. The seed's words are quoted in each
docstring and played through the engine under the ``lynnfield`` preset."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from games.engine.actions import Play
from games.engine.events import CallBroken, Drew, Event, WonRound
from tests.engine.helpers import act, kinds, only, play
from tests.examples import share
from tests.presets.test_call_properties import Scene, _required, penalised, sayings, scenes
from tests.presets.test_lynnfield_example import AVA, calls, table

ENDED = "The game of Mao has ended"


def penalties(events: Sequence[Event]) -> list[int]:
    return [e.count for e in events if isinstance(e, Drew) and e.reason == "penalty"]


def test_row_80() -> None:
    """"Saying 'Mao' can be combined with other rules, as long as 'Mao' is only said once.
    (For example, 'Happy Mao Day' for the Holiday rule is allowed.)\""""
    hands = [["2C"], ["6H", "3C"], ["4D"], ["8C"]]
    _, combined = play(table(hands, ["9H"]), AVA, "6H", say="Happy Mao Day!")
    assert kinds(combined) == ["played"] and calls(combined) == []
    _, apart = play(table(hands, ["9H"]), AVA, "6H", say="Happy Holidays. Mao")
    assert kinds(apart) == ["played"] and calls(apart) == []
    # "You cannot say the word 'Mao' ... unless you have one card left": the greeting
    # still wishes a happy holiday, but its "Mao" is one too early.
    early = [["2C"], ["6H", "3C", "3D"], ["4D"], ["8C"]]
    _, needless = play(table(early, ["9H"]), AVA, "6H", say="Happy Mao Day")
    assert calls(needless) == ["Chairman: that's a Mao! Ava said something needless."]
    assert penalties(needless) == [1]
    _, greeted = play(table(early, ["9H"]), AVA, "6H", say="Merry Christmas")
    assert kinds(greeted) == ["played"]


def test_row_80_the_winners_statement_holds_a_mao_that_is_no_needless_one() -> None:
    """The winner's "The Game of Mao Has Ended" says "Mao" with no card left, and is no
    needless "Mao": it cannot be said without it."""
    _, events = play(table([["2C"], ["5H"], ["4D"], ["8C"]], ["9H"]), AVA, "5H", say=ENDED)
    assert only(events, WonRound).seat == AVA and calls(events) == []


def test_row_82() -> None:
    """"The player must perform all required rules before stating 'The Game of Mao Has
    Ended'. If the player states 'The Game of Mao Has Ended' before executing all the
    required rules, the player will be dealt 3 penalty cards ... Only 3 penalty cards are
    dealt, even if multiple rules were not executed.\""""
    six = [["2C"], ["6H"], ["4D"], ["8C"]]
    _, done = play(table(six, ["9H"]), AVA, "6H", say=f"Happy Holidays. {ENDED}")
    assert only(done, WonRound).seat == AVA
    state, early = play(table(six, ["9H"], draws=("3D", "5D", "7D")), AVA, "6H",
                        say=f"{ENDED}. Happy Holidays")
    assert calls(early) == ["Chairman: that's a Holidays! Ava said a call after "
                            "“The game of Mao has ended”.",
                            "Chairman: that's a Game Ended! Ava said “The game of Mao has "
                            "ended” before every call it asks first."]
    assert sum(penalties(early)) == 3 and len(state.hands[AVA]) == 3
    assert not [e for e in early if isinstance(e, WonRound)]
    # The queen of diamonds asks two calls (the hail and the diamond's): both missed, still
    # three cards in all.
    queen = [["2C"], ["QD"], ["4D"], ["8C"]]
    _, both = play(table(queen, ["9D"], draws=("3D", "5D", "6D", "7D")), AVA, "QD", say=ENDED)
    assert sorted(e.jargon for e in both if isinstance(e, CallBroken)) == [
        "Game Ended", "Royalty", "Shine On"]
    assert sum(penalties(both)) == 3
    # Not stating it at all is no early statement: each missed call costs its own card.
    _, silent = play(table(six, ["9H"], draws=("3D", "5D")), AVA, "6H")
    assert sorted(e.jargon for e in silent if isinstance(e, CallBroken)) == [
        "Game Ended", "Holidays"]
    assert penalties(silent) == [1, 1]


ENDINGS = [s for s in scenes("lynnfield", "Game Ended") if s.card[:-1] in ("6", "7", "Q", "K")
           or s.card[-1] in ("S", "D")]


@given(st.sampled_from(ENDINGS), st.data())
@share(0.5)
def test_the_winners_statement_before_any_other_call_costs_three_cards_in_all(
        scene: Scene, data: st.DataObject) -> None:
    card, run, due, state = _required(scene)
    others = [j for j in due if j != "Game Ended"]
    assert others
    said = data.draw(sayings(others, card, run), label="others")
    _, events = act(state, Play(AVA, (scene.card,), say=f"{ENDED}. {said}"))  # type: ignore[arg-type]
    assert "Game Ended" in penalised(events)
    assert sum(penalties(events)) == 3
    _, events = act(state, Play(AVA, (scene.card,), say=f"{said}. {ENDED}"))  # type: ignore[arg-type]
    assert penalised(events) == [] and only(events, WonRound).seat == AVA
