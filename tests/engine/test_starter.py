"""The starter: where it lies (``on_starter`` tells it from a played card), and, with the
``starter_triggers`` setting, trigger rules firing on it as if the seat before the first
player had played it (five-card Mao); never a call, never a restriction."""

from __future__ import annotations

from typing import Any

from games.engine.events import CallBroken, Drew, Event, Fired, Refused, Skipped
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.starter import fire_starter
from games.engine.state import GameState
from games.engine.stock import reshuffle
from rules.spec import load_rule
from tests.engine.helpers import arrange, example, kinds, only, play, rank_played, trigger

ANN, BOB, CAT = 0, 1, 2
NAMES = ("Ann", "Bob", "Cat")
MATCH = example("09")[0]
#: 003's tutorial law: after a *played* queen, the next played card must be black.
AFTER_A_PLAYED_QUEEN: dict[str, Any] = {"jargon": "Mourning", "rule": {
    "kind": "restriction",
    "when": {"type": "all", "of": [{"type": "rank", "of": "top", "in": ["Q"]},
                                   {"type": "not", "of": {"type": "on_starter"}}]},
    "must": {"type": "colour", "is": "black"}}}
EIGHT_SKIPS = trigger("Eights", rank_played("8"), {"type": "skip"})
ACE_REVERSES = trigger("Aces", rank_played("A"), {"type": "reverse"})
TWO_DRAWS = trigger("Twos", rank_played("2"), {"type": "draw", "who": "next", "count": 2})
FOUR_OWES = trigger("Fours", rank_played("4"), {"type": "owe", "count": 4})
SIX_AGAIN = trigger("Sixes", rank_played("6"), {"type": "play_again"})
ALWAYS_CALL: dict[str, Any] = {"jargon": "Hail", "rule": {
    "kind": "call", "when": {"type": "always"}, "say": "hail"}}


def opened(*house: dict[str, Any], **settings: Any) -> GameState:
    rules = [load_rule({"version": 1, **r}) for r in house]
    options: dict[str, Any] = {"players": 3, "first_rule_maker": ANN, "rule_making": "none",
                               "jokers": False} | settings
    state, _ = open_game(GameSettings(**options), NAMES, 5, house=rules)
    return state


def starting_on(state: GameState, starter: str) -> GameState:
    """The round as dealt, but with ``starter`` turned up (Ann deals, Bob plays first)."""
    state = arrange(state, [["3C", "5C"], ["7C", "9C"], ["10C", "JC"]], [[starter]],
                    draws=["2D", "3D", "5D", "6D"], current=BOB)
    state.piles[0].starter_at = 0
    return state


def fired(state: GameState) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    assert not fire_starter(state, events)
    return state, events


# Where the starter lies.


def test_a_deal_knows_its_starter() -> None:
    state = opened()
    assert state.piles[0].starter_at == 0
    assert state.piles[0].on_starter


def test_after_a_queen_starter_the_law_does_not_apply() -> None:
    state = starting_on(opened(MATCH, AFTER_A_PLAYED_QUEEN), "QH")
    state.hands[BOB] = ["9H", "QC"]
    _, events = play(state, BOB, "9H")
    assert kinds(events) == ["played"]


def test_after_a_played_queen_the_law_applies() -> None:
    state = starting_on(opened(MATCH, AFTER_A_PLAYED_QUEEN), "5H")
    state.hands[BOB], state.hands[CAT] = ["QH", "7C"], ["9H", "QC"]
    state, _ = play(state, BOB, "QH")
    _, events = play(state, CAT, "9H")
    assert only(events, Refused).broken[0].jargon == "Mourning"


def test_the_starter_moves_with_a_card_sent_to_the_bottom() -> None:
    to_bottom = trigger("Under", rank_played("7"), {"type": "to_bottom"})
    state = starting_on(opened(to_bottom), "5S")
    state, _ = play(state, BOB, "7C")
    assert state.piles[0].cards == ["7C", "5S"]
    assert (state.piles[0].starter_at, state.piles[0].on_starter) == (1, True)


def test_a_reshuffle_forgets_a_starter_that_is_not_on_top() -> None:
    state = starting_on(opened(), "5S")
    state, _ = play(state, BOB, "7C")
    reshuffle(state, [])
    assert state.piles[0].starter_at is None


def test_a_reshuffle_keeps_a_starter_that_is_on_top() -> None:
    state = starting_on(opened(), "5S")
    state.piles[0].cards.insert(0, "KD")
    state.piles[0].starter_at = 1
    state.stock.remove("KD")
    reshuffle(state, [])
    assert (state.piles[0].cards, state.piles[0].starter_at) == (["5S"], 0)


# Triggers on the starter.


def test_without_the_setting_nothing_fires_on_the_starter() -> None:
    state, events = fired(starting_on(opened(EIGHT_SKIPS), "8D"))
    assert (events, state.current) == ([], BOB)


def test_a_skipping_starter_skips_the_first_player() -> None:
    state, events = fired(starting_on(opened(EIGHT_SKIPS, starter_triggers=True), "8D"))
    assert state.current == CAT
    assert only(events, Fired).text == "Dealer: Eights! (the next player is skipped)"
    assert only(events, Skipped).text == "Bob is skipped by the starter."


def test_a_reversing_starter_lets_the_dealers_other_neighbour_start() -> None:
    state, _ = fired(starting_on(opened(ACE_REVERSES, starter_triggers=True), "AD"))
    assert (state.current, state.direction) == (CAT, -1)


def test_a_drawing_starter_makes_the_first_player_draw() -> None:
    state, events = fired(starting_on(opened(TWO_DRAWS, starter_triggers=True), "2H"))
    assert [(e.seat, e.count) for e in events if isinstance(e, Drew)] == [(BOB, 2)]
    assert state.current == BOB


def test_an_owing_starter_makes_the_first_player_owe() -> None:
    state, _ = fired(starting_on(opened(FOUR_OWES, starter_triggers=True), "4H"))
    assert (state.current, state.pending) == (BOB, 4)


def test_a_play_again_starter_lets_the_seat_before_the_first_player_start() -> None:
    state, _ = fired(starting_on(opened(SIX_AGAIN, starter_triggers=True), "6H"))
    assert state.current == ANN


def test_no_call_is_asked_of_the_starter() -> None:
    state, events = fired(starting_on(opened(ALWAYS_CALL, starter_triggers=True), "8D"))
    assert not any(isinstance(e, CallBroken) for e in events)


def test_a_deal_fires_the_starter_of_the_round() -> None:
    """Through the engine's own deal: find a seed whose starter is an eight."""
    for seed in range(200):
        rules = [load_rule({"version": 1, **EIGHT_SKIPS})]
        settings = GameSettings(players=3, first_rule_maker=ANN, rule_making="none",
                                starter_triggers=True)
        state, events = open_game(settings, NAMES, seed, house=rules)
        if state.piles[0].top.rank == 8:
            break
    else:
        raise AssertionError("no seed turned up an eight")
    assert kinds(events)[-2:] == ["fired", "skipped"]
    assert state.current == CAT
