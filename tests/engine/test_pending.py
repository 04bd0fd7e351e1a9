"""Stacked draws (Penn State's fours): an ``owe`` effect makes the next player owe cards,
debts stack while players answer them, and a pass or a refused play pays the total."""

from __future__ import annotations

from typing import Any

from games.engine.deal import deal
from games.engine.ending import check_lockup
from games.engine.events import Drew, Event, Played, Refused
from games.engine.lockup import anything_playable
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import arrange, example, only, pass_, play, start

ANN, BOB, CAT = 0, 1, 2
MATCH = example("09")[0]
FOURS: dict[str, Any] = {"jargon": "Fours", "rule": {
    "kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["4"]},
    "effects": [{"type": "owe", "count": 4}]}}
ANSWER: dict[str, Any] = {"jargon": "Answer", "rule": {
    "kind": "restriction",
    "when": {"type": "all", "of": [{"type": "compare", "what": "pending", "op": ">",
                                    "value": 0},
                                   {"type": "rank", "of": "top", "in": ["4"]}]},
    "must": {"type": "rank", "of": "played", "in": ["4"]}}}
NO_FOURS: dict[str, Any] = {"jargon": "Fourless", "rule": {
    "kind": "restriction", "must_not": {"type": "rank", "of": "played", "in": ["4"]}}}
DRAWS = ["2H", "3H", "5H", "6H", "7H", "8H", "9H", "10H", "JH"]


def table(*rules: dict[str, Any]) -> GameState:
    state = start([(ANN, rule) for rule in rules], jokers=False)
    hands = [["4C", "KC"], ["4D", "5C", "QC"], ["4S", "6C", "JC"]]
    return arrange(state, hands, [["9C"]], draws=DRAWS, current=ANN)


def drawn(events: list[Event]) -> list[tuple[int, str]]:
    return [(e.count, e.reason) for e in events if isinstance(e, Drew)]


def after_a_four(*rules: dict[str, Any]) -> GameState:
    state, _ = play(table(*rules), ANN, "4C")
    return state


def test_a_four_makes_the_next_player_owe_four_cards() -> None:
    state = after_a_four(MATCH, FOURS, ANSWER)
    assert (state.current, state.pending) == (BOB, 4)
    assert player_view(state, CAT).pending == 4


def test_passing_pays_every_card_owed_instead_of_one() -> None:
    state, events = pass_(after_a_four(MATCH, FOURS, ANSWER), BOB)
    assert drawn(events) == [(4, "effect")]
    assert (state.pending, state.current, len(state.hands[BOB])) == (0, CAT, 7)


def test_answering_a_four_with_a_four_passes_the_total_on() -> None:
    state, events = play(after_a_four(MATCH, FOURS, ANSWER), BOB, "4D")
    seen = only(events, Played).situation
    assert seen is not None and seen.pending == 4
    assert (state.current, state.pending) == (CAT, 8)
    state, events = pass_(state, CAT)
    assert drawn(events) == [(8, "effect")]


def test_a_refused_answer_pays_its_penalty_and_every_card_owed() -> None:
    state, events = play(after_a_four(MATCH, FOURS, ANSWER), BOB, "5C")
    assert only(events, Refused).broken[0].jargon == "Answer"
    assert drawn(events) == [(1, "penalty"), (4, "effect")]
    assert (state.pending, state.current) == (0, CAT)


def test_a_play_the_rules_let_through_leaves_the_debt_to_the_next_player() -> None:
    state, events = play(after_a_four(MATCH, FOURS), BOB, "5C")
    assert drawn(events) == []
    assert (state.current, state.pending) == (CAT, 4)


def test_a_new_round_owes_nothing() -> None:
    state = after_a_four(MATCH, FOURS)
    state = arrange(state, [["KC"], ["9C"], ["JC"]], [["4C"]], current=BOB)
    state.pending = 4
    state, _ = play(state, BOB, "9C")
    assert state.phase == "writing"
    assert state.pending == 4  # until the deal
    deal(state, [])
    assert state.pending == 0


def test_a_debt_nobody_can_answer_is_no_lockup() -> None:
    # Owing on a four, only a four may follow, and no four may ever be played: a pass pays
    # the debt, and then a club follows the four.
    state = table(MATCH, FOURS, ANSWER, NO_FOURS)
    state.piles[0].cards.append(state.hands[ANN].pop(0))
    state.pending, state.current = 4, BOB
    assert anything_playable(state)
    state.pending = 0
    assert anything_playable(state)
    events: list[Event] = []
    check_lockup(state, events)
    assert state.phase == "playing"
