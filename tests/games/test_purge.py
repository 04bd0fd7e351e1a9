"""``manage.py purge_games``: old lobbies, long-ended games and games abandoned in play go;
games in play that still move never do."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone
from pytest_django import Settings

from games.engine.actions import EndGame, Pass
from games.engine.settings import GameSettings
from games.lobby.services import open_game
from games.models import Game, LogEntry, Round, Rule, Seat
from games.store.writes import submit_action
from tests.factories import new_holder, stored_state
from tests.games.helpers import start, start_playing

pytestmark = pytest.mark.django_db


def purge(*args: str) -> str:
    out = StringIO()
    call_command("purge_games", *args, stdout=out)
    return out.getvalue()


def lobby(idle: timedelta) -> Game:
    """A lobby never started, last changed ``idle`` ago."""
    game = open_game(GameSettings(players=3), "Gogol", new_holder())
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - idle)
    return game


def ended(ago: timedelta) -> Game:
    """A game with a log, rules and rounds that ended ``ago``."""
    game = start_playing()
    game = submit_action(game, Pass(stored_state(game).current), game.version).game
    game = submit_action(game, EndGame(0), game.version).game
    then = timezone.now() - ago
    Game.objects.filter(pk=game.pk).update(ended_at=then, updated=then, created=then)
    return game


def exists(game: Game) -> bool:
    return Game.objects.filter(pk=game.pk).exists()


def test_a_lobby_idle_longer_than_the_limit_is_purged() -> None:
    game = lobby(timedelta(hours=49))
    out = purge()
    assert not exists(game)
    assert "Deleted 1 lobby never started (idle over 48 h)" in out


def test_a_lobby_idle_less_than_the_limit_is_kept() -> None:
    game = lobby(timedelta(hours=47))
    out = purge()
    assert exists(game)
    assert "Deleted 0 lobbies" in out


def in_play(phase: str, idle: timedelta) -> Game:
    """A game in ``phase`` (``writing`` or ``playing``) opened long ago, last moved ``idle``
    ago."""
    game = start() if phase == "writing" else start_playing()
    Game.objects.filter(pk=game.pk).update(created=timezone.now() - timedelta(days=3650),
                                           updated=timezone.now() - idle)
    return game


@pytest.mark.parametrize("phase", ["writing", "playing"])
def test_a_game_in_play_is_kept_while_it_moves_however_old(phase: str) -> None:
    game = in_play(phase, timedelta(days=29))
    out = purge("--lobby-hours", "1", "--ended-days", "1")
    assert Game.objects.get(pk=game.pk).phase == phase
    assert "and 0 games abandoned in play (no move for over 30 days)" in out


@pytest.mark.parametrize("phase", ["writing", "playing"])
def test_a_game_in_play_nobody_moved_for_the_idle_period_is_purged(phase: str) -> None:
    game = in_play(phase, timedelta(days=31))
    out = purge()
    assert not exists(game)
    assert "and 1 game abandoned in play (no move for over 30 days)" in out
    assert "games.LogEntry " in out if phase == "playing" else "games.Seat " in out


def test_a_move_keeps_a_game_in_play() -> None:
    game = in_play("playing", timedelta(days=31))
    game.refresh_from_db()
    submit_action(game, Pass(stored_state(game).current), game.version)  # sets `updated`
    purge()
    assert exists(game)


def test_the_idle_setting_and_option_are_honoured(settings: Settings) -> None:
    settings.MAO_PURGE_IDLE_DAYS = 5
    kept, gone = in_play("playing", timedelta(days=6)), in_play("writing", timedelta(days=8))
    purge("--idle-days", "7")
    assert (exists(kept), exists(gone)) == (True, False)
    purge()
    assert not exists(kept)


def test_an_ended_game_is_purged_after_the_limit() -> None:
    game = ended(timedelta(days=181))
    out = purge()
    assert not exists(game)
    assert "1 ended game (ended over 180 days ago)" in out


def test_an_ended_game_is_kept_before_the_limit() -> None:
    game = ended(timedelta(days=179))
    purge()
    assert exists(game)


def test_purging_a_game_deletes_its_append_only_log_and_everything_else_it_owns() -> None:
    game = ended(timedelta(days=181))
    assert LogEntry.objects.filter(game_id=game.pk).exists()
    out = purge()
    owned = [model.objects.filter(game_id=game.pk).exists()
             for model in (Seat, Round, Rule, LogEntry)]
    assert owned == [False, False, False, False]
    assert "games.LogEntry " in out


def test_a_dry_run_deletes_nothing_and_says_what_it_would_delete() -> None:
    games = [lobby(timedelta(hours=49)), ended(timedelta(days=181)),
             in_play("playing", timedelta(days=31))]
    out = purge("--dry-run")
    assert all(exists(game) for game in games)
    assert "Would delete 1 lobby never started" in out and "1 ended game" in out
    assert "1 game abandoned in play" in out
    assert "Dry run: nothing was deleted." in out


def test_the_lobby_setting_is_honoured(settings: Settings) -> None:
    settings.MAO_PURGE_LOBBY_HOURS = 2
    game = lobby(timedelta(hours=3))
    purge()
    assert not exists(game)


def test_the_ended_setting_is_honoured(settings: Settings) -> None:
    settings.MAO_PURGE_ENDED_DAYS = 10
    game = ended(timedelta(days=11))
    purge()
    assert not exists(game)


def test_options_override_the_settings(settings: Settings) -> None:
    settings.MAO_PURGE_LOBBY_HOURS = 2
    game = lobby(timedelta(hours=3))
    purge("--lobby-hours", "4")
    assert exists(game)


@pytest.mark.parametrize("args", [["--lobby-hours", "0"], ["--ended-days", "-1"],
                                  ["--idle-days", "0"]])
def test_a_period_below_one_is_refused(args: list[str]) -> None:
    game = lobby(timedelta(hours=49))
    with pytest.raises(CommandError, match="must be at least 1") as caught:
        purge(*args)
    assert caught.value.returncode == 2 and exists(game)
