"""The game clock at a live table: the write path stores each game's next deadline, a tick
fires it once through the one write path (never early, never twice), the sweep finds every
game due (after a restart too), a replay applies each action at its logged time, and words
said are heard whatever version the speaker's screen showed."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.test import override_settings

from games.engine.actions import Pass, Tick, WriteRule
from games.engine.clock import TURN
from games.engine.events import TimedOut, event_from_json
from games.engine.settings import GameSettings
from games.models import Game, LogEntry
from games.store.acting import ActionRequest, perform
from games.store.errors import ServiceError
from games.store.reads import replay
from games.store.writes import submit_action
from games.timers import service, sweeper
from tests.factories import create_game, stored_state

pytestmark = pytest.mark.django_db
ANYTHING = {"jargon": "Anything", "rule": {"kind": "restriction", "must": {"type": "always"}}}
#: When the first rule is written (ms of a made-up clock).
T0 = 1_800_000_000_000


def clocked(**settings: object) -> Game:
    """A three-seat game with a 30-second turn clock, its first rule written at T0 (so the
    round is dealt then and the first turn's clock runs)."""
    holders = ["host-holder", "bob-holder", "cat-holder"]
    game = create_game(GameSettings(players=3, turn_seconds=30, first_rule_maker=0,
                                    **settings),  # type: ignore[arg-type]
                       ["Ann", "Bob", "Cat"], holders=holders)
    return submit_action(game.pk, WriteRule(0, ANYTHING), game.version, T0).game


def test_the_write_path_stores_the_next_deadline() -> None:
    game = clocked()
    game.refresh_from_db()
    assert game.due == T0 + 30_000
    assert stored_state(game).timers == {TURN: T0 + 30_000}


def test_a_game_without_a_clock_is_never_due() -> None:
    game = create_game(GameSettings(players=2, first_rule_maker=0), ["Ann", "Bob"])
    game = submit_action(game.pk, WriteRule(0, ANYTHING), game.version, T0).game
    game.refresh_from_db()
    assert game.due is None


def test_a_tick_before_the_deadline_changes_nothing() -> None:
    game = clocked()
    version = game.version
    assert service.fire(game.pk, at=T0 + 29_999) == T0 + 30_000
    game.refresh_from_db()
    assert game.version == version


def test_a_tick_at_the_deadline_fires_once_through_the_write_path() -> None:
    game = clocked()
    version = game.version
    current = stored_state(game).current
    assert service.fire(game.pk, at=T0 + 30_000) == T0 + 60_000
    game.refresh_from_db()
    assert game.version == version + 1
    entry = LogEntry.objects.get(game=game, seq=game.version)
    assert entry.action == {"type": "tick"} and entry.at == T0 + 30_000
    timed_out = [e for e in map(event_from_json, entry.events) if isinstance(e, TimedOut)]
    assert [e.seat for e in timed_out] == [current]
    # A second tick for the same deadline (another process's, say) finds nothing due.
    assert service.fire(game.pk, at=T0 + 30_001) == T0 + 60_000
    game.refresh_from_db()
    assert game.version == version + 1


def test_a_tick_beaten_by_another_change_reads_the_game_again() -> None:
    game = clocked()
    current = stored_state(game).current
    real = submit_action
    calls = []

    def beaten(ref: object, action: object, version: int | None, at: int | None = None) -> object:
        calls.append(version)
        if len(calls) == 1:
            # The player passes just before this tick is written: its version is stale.
            real(game.pk, Pass(current), version, T0 + 24_000)
        return real(ref, action, version, at)  # type: ignore[arg-type]

    with mock.patch.object(service, "submit_action", beaten):
        # At 40 s the passer's clock has not run out (it runs from 24 s to 54 s).
        assert service.fire(game.pk, at=T0 + 40_000) == T0 + 54_000
    game.refresh_from_db()
    assert calls[0] is not None and len(calls) == 1
    assert stored_state(game).timers == {TURN: T0 + 54_000}


def test_a_stale_tick_is_refused_by_the_write_path() -> None:
    game = clocked()
    with pytest.raises(ServiceError) as info:
        submit_action(game.pk, Tick(), game.version - 1, T0 + 30_000)
    assert info.value.code == "action/stale_version"


def test_the_replay_applies_every_action_at_its_time() -> None:
    game = clocked(game_minutes=15)
    service.fire(game.pk, at=T0 + 30_000)
    game.refresh_from_db()
    state = stored_state(game)
    game = submit_action(game.pk, Pass(state.current), game.version, T0 + 35_000).game
    service.fire(game.pk, at=T0 + 900_000)
    game.refresh_from_db()
    assert game.phase == "ended"
    assert game.due is None
    assert replay(game).to_json() == game.state


def test_the_sweep_finds_every_game_due_soon() -> None:
    game = clocked()
    later = clocked()
    scheduled: list[tuple[int, int]] = []
    with mock.patch.object(sweeper, "now_ms", return_value=T0 + 26_000), \
            mock.patch.object(sweeper, "schedule", lambda g, d: scheduled.append((g, d))):
        assert sweeper.sweep(5.0) == 2
    assert sorted(scheduled) == sorted([(game.pk, T0 + 30_000), (later.pk, T0 + 30_000)])
    scheduled.clear()
    with mock.patch.object(sweeper, "now_ms", return_value=T0 - 10_000), \
            mock.patch.object(sweeper, "schedule", lambda g, d: scheduled.append((g, d))):
        assert sweeper.sweep(5.0) == 0


def test_a_change_with_a_deadline_is_scheduled_in_its_process(
        django_capture_on_commit_callbacks: Any) -> None:
    with mock.patch.object(service, "schedule") as schedule, \
            django_capture_on_commit_callbacks(execute=True):
        game = clocked()
    schedule.assert_called_with(game.pk, T0 + 30_000)


@override_settings(MAO_TIMERS=False)
def test_timers_off_schedule_nothing() -> None:
    before = service.pending()
    service.schedule(1, T0)
    assert service.pending() == before
    assert not sweeper.start_sweeper()


def test_words_are_heard_whatever_version_the_screen_showed() -> None:
    game = clocked()
    old = game.version - 3
    outcome = perform(game, "bob-holder", ActionRequest({"type": "say", "words": "Hello"}, old))
    assert outcome.accepted, outcome.message
    # A play still needs the version the screen showed.
    outcome = perform(game, "bob-holder", ActionRequest({"type": "pass"}, old))
    assert (outcome.accepted, outcome.code) == (False, "action/stale_version")
