"""Bots race as players do: every bot answers every race it sees (the suit it holds most
of, in a race to name one), after a seeded person's reaction within the window; a bot
says the phrase of a race its own play sets off with that play; simulations run races in
virtual time."""

from __future__ import annotations

from games.engine.actions import Play, Respond
from games.engine.bots import (
    REACTION_FLOOR,
    Experimenter,
    KnownRules,
    Oracle,
    held_most,
    race_for,
    reaction_ms,
)
from games.engine.events import RaceAnswered, RaceClosed
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.simulate import play_on
from games.engine.visibility import player_view
from rules.spec import load_rule
from tests.engine.helpers import act
from tests.engine.test_races import CHAUNCEY, WILD, table


def test_a_bot_answers_each_race_it_has_not_answered_the_oldest_first() -> None:
    state, _ = act(table(CHAUNCEY), Play(0, ("7H",)), at=1_000)
    assert race_for(1, player_view(state, 1)) == Respond(1, 1)
    state, _ = act(state, Respond(1, 1), at=1_500)
    assert race_for(1, player_view(state, 1)) is None
    assert race_for(2, player_view(state, 2)) == Respond(2, 1)


def test_a_bot_names_the_suit_it_holds_most_of() -> None:
    state, _ = act(table(WILD), Play(0, ("JD",)), at=1_000)
    assert race_for(1, player_view(state, 1)) == Respond(1, 1, "D")  # 9D 3D 5C
    assert held_most(["4S", "6C"]) == "S" and held_most(["2H", "3H", "4C"]) == "H"


def test_a_bot_reacts_like_a_person_within_the_window() -> None:
    times = [reaction_ms(7, race, seat, 5_000) for race in range(1, 40) for seat in range(4)]
    assert all(REACTION_FLOOR <= t <= 3_750 for t in times)
    assert len(set(times)) > 100  # not one fixed delay
    assert reaction_ms(7, 3, 1, 5_000) == reaction_ms(7, 3, 1, 5_000)
    assert all(reaction_ms(7, race, 0, 2_000) <= 1_500 for race in range(1, 40))


def test_a_bot_that_answered_waits_for_the_race_to_end_before_playing() -> None:
    state, _ = act(table(CHAUNCEY), Play(0, ("7H",)), at=1_000)
    state, _ = act(state, Respond(1, 1), at=1_500)
    assert state.current == 1
    assert Experimenter(1, 3).act(player_view(state, 1)) is None


def test_an_oracle_says_the_phrase_of_the_race_its_play_sets_off() -> None:
    state = table(CHAUNCEY)
    state.hands[0] = ["7H", "7D"]
    play = Oracle(0, 1, KnownRules(state.rulebook())).act(player_view(state, 0))
    assert isinstance(play, Play)
    assert "chauncey" in play.say.lower()
    _, events = act(state, play, at=1_000)
    assert [e.after for e in events if isinstance(e, RaceAnswered)] == [0]


def test_simulated_races_are_answered_in_virtual_time_and_nobody_is_silent() -> None:
    every_pair = load_rule({"version": 1, "jargon": "Chauncey", "rule": CHAUNCEY["rule"]})
    every_card = load_rule({"version": 1, "jargon": "Hands", "rule": {
        "kind": "trigger", "when": {"type": "always"},
        "effects": [{"type": "race", "press": "Hands up", "seconds": 3}]}})
    state, _ = open_game(GameSettings(players=3, jokers=False, rule_making="none"),
                         ["Ann", "Bob", "Cat"], 4, house=[every_pair, every_card])
    record = play_on(state, ("oracle", "experimenter"), 4, max_actions=300, max_rounds=1)
    assert record.problems == []
    closed = [e for e in record.events if isinstance(e, RaceClosed)]
    answers = [e for e in record.events if isinstance(e, RaceAnswered)]
    assert closed and all(len(e.losers) == 1 for e in closed)  # the last, never the silent
    assert all(0 <= e.after <= 2_250 for e in answers)
    assert len({e.after for e in answers}) > 5
