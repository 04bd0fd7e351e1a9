"""Whole bot games through the write path: the log replays to the stored state, and the
Rule and Round rows mirror it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from games.engine.actions import EndGame, parse_action
from games.engine.apply import apply
from games.engine.events import Dealt, Drew, event_from_json
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.models import Game, LogEntry
from games.store.reads import game_log, replay
from tests.examples import share
from tests.factories import stored_state
from tests.games.helpers import drive, start

KINDS = ("oracle", "experimenter")


def check_replay(game: Game) -> None:
    """The log rebuilds the stored state and the logged events exactly."""
    game.refresh_from_db()
    assert replay(game).to_json() == game.state
    state = new_game(GameSettings.from_json(game.settings), stored_state(game).names, game.seed)
    for entry in LogEntry.objects.filter(game=game).order_by("seq"):
        state, events = apply(state, parse_action(entry.action))
        assert [e.to_json() for e in events] == entry.events


def check_mirrors(game: Game) -> None:
    """Rule and Round rows say what the stored state says."""
    state = stored_state(game)
    rules = list(game.rules.order_by("engine_id").values_list(
        "engine_id", "author", "round_written", "jargon", "spec"))
    assert rules == [(e.id, e.author, e.round, e.jargon, e.data) for e in state.rules]
    rounds = list(game.rounds.order_by("number"))
    assert [(r.number, r.winner, r.how) for r in rounds if r.winner is not None] == [
        (w.round, w.seat, w.how) for w in state.winners]
    winners = {w.round: w.seat for w in state.winners}
    first_maker = new_game(state.settings, state.names, state.seed).rule_maker
    for previous, current in zip([None, *rounds], rounds, strict=False):
        expected = first_maker if previous is None else winners.get(previous.number,
                                                                    previous.rule_maker)
        assert current.rule_maker == expected
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    dealt = [e.round for e in game_log(game) if isinstance(e, Dealt)]
    assert dealt == [r.number for r in rounds]
    if state.phase == "ended":
        assert all(r.ended is not None for r in rounds)
        assert game.ended_at is not None


@pytest.mark.django_db
def test_a_whole_bot_game_replays_to_the_stored_state() -> None:
    game = start(players=3, seed=2024)

    actions = drive(game, KINDS, max_actions=200)

    game.refresh_from_db()
    assert game.phase == "ended"
    first = game.version - len(actions)  # the lobby's changes came before the first action
    assert game.log.count() == len(actions)
    assert list(game.log.values_list("seq", flat=True)) == list(range(first + 1,
                                                                     game.version + 1))
    check_replay(game)
    check_mirrors(game)
    assert game.rules.count() >= 2 and game.rounds.filter(winner__isnull=False).exists()


@pytest.mark.django_db
def test_a_long_game_is_ended_by_the_host_after_the_cap() -> None:
    game = start(players=3, seed=2024)

    actions = drive(game, ("experimenter",), max_actions=40)

    game.refresh_from_db()
    # The game was still going after 40 actions: the 41st is the host ending it.
    assert len(actions) == 41 and actions[-1] == EndGame(0)
    end = stored_state(game).end
    assert game.phase == "ended" and end is not None and end.reason == "host"
    check_replay(game)
    check_mirrors(game)


@pytest.mark.django_db
@share(0.5, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62 - 1), players=st.integers(2, 5),
       jokers=st.booleans(), aces_high=st.booleans())
def test_bot_games_replay_and_mirror_for_any_seed(seed: int, players: int, jokers: bool,
                                                   aces_high: bool) -> None:
    game = start(players=players, seed=seed, jokers=jokers, aces_high=aces_high,
                 first_rule_maker=None)

    drive(game, KINDS, max_actions=200)

    check_replay(game)
    check_mirrors(game)


def test_events_round_trip_through_json() -> None:
    event = Drew(text="Bull draws a card.", seat=0, to=0, private="You draw 5♥.", count=1,
                 reason="pass", cards=("5H",))

    assert event_from_json(event.to_json()) == event
