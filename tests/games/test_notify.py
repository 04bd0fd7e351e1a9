"""The doorbell: exactly a version number to the game's group, and never an error."""

from __future__ import annotations

import logging
from unittest.mock import AsyncMock, MagicMock, patch

import pytest
from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings

from games.engine.actions import Pass
from games.live.notify import group_name, notify
from games.models import Game
from games.store.writes import submit_action
from tests.factories import stored_state
from tests.games.helpers import start_playing

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def listening(settings: Settings, monkeypatch: pytest.MonkeyPatch | None = None
              ) -> tuple[Game, BaseChannelLayer, str]:
    """A game in play, the in-memory layer, and a channel in the game's group; with
    ``monkeypatch``, the layer stands in for one that reaches other processes (Redis)."""
    settings.CHANNEL_LAYERS = IN_MEMORY
    if monkeypatch is not None:
        monkeypatch.setattr("games.live.notify.crosses_processes", lambda layer: True)
    game = start_playing()
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"game-{game.pk}", channel)
    return game, layer, channel


@pytest.mark.django_db
def test_a_group_member_hears_exactly_the_new_version(
        settings: Settings, monkeypatch: pytest.MonkeyPatch,
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game, layer, channel = listening(settings, monkeypatch)

    with django_capture_on_commit_callbacks(execute=True):
        submit_action(game.pk, Pass(stored_state(game).current), game.version)

    assert async_to_sync(layer.receive)(channel) == {"type": "game.updated",
                                                     "version": game.version + 1}


@pytest.mark.django_db
def test_an_in_memory_layer_is_not_rung_this_processs_rooms_are(
        settings: Settings,
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game, layer, channel = listening(settings)
    rung: list[tuple[int, int]] = []

    with patch("games.live.notify.ring_here", lambda *ring: rung.append(ring)), \
            django_capture_on_commit_callbacks(execute=True):
        submit_action(game.pk, Pass(stored_state(game).current), game.version)

    assert rung == [(game.pk, game.version + 1)]
    with pytest.raises(TimeoutError):  # it reaches no other process: not sent
        async_to_sync(_receive_within)(layer, channel, 0.2)


def test_the_group_is_named_after_the_game_id() -> None:
    assert group_name(17) == "game-17"


def test_notify_swallows_channel_layer_errors(caplog: pytest.LogCaptureFixture) -> None:
    layer = MagicMock()  # not an in-memory layer: one that reaches other processes
    layer.group_send = AsyncMock(side_effect=OSError("redis is down"))

    with patch("games.live.notify.get_channel_layer", return_value=layer), \
            caplog.at_level(logging.ERROR, logger="games.live.notify"):
        notify(3, 9)

    assert "could not announce game 3 version 9" in caplog.text


def test_notify_without_a_channel_layer_only_logs(caplog: pytest.LogCaptureFixture) -> None:
    with patch("games.live.notify.get_channel_layer", return_value=None), \
            caplog.at_level(logging.WARNING, logger="games.live.notify"):
        notify(3, 9)

    assert "no channel layer" in caplog.text


@pytest.mark.django_db
def test_held_rings_are_collected_not_sent_and_the_caller_sends_them(
        settings: Settings, monkeypatch: pytest.MonkeyPatch,
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    from games.live.notify import held, ring

    game, layer, channel = listening(settings, monkeypatch)

    with held() as rings, django_capture_on_commit_callbacks(execute=True):
        submit_action(game.pk, Pass(stored_state(game).current), game.version)
    assert rings == [(game.pk, game.version + 1)]
    with pytest.raises(TimeoutError):  # nothing was sent while held
        async_to_sync(_receive_within)(layer, channel, 0.2)
    async_to_sync(ring)(*rings[0])
    assert async_to_sync(layer.receive)(channel) == {"type": "game.updated",
                                                     "version": game.version + 1}


async def _receive_within(layer: object, channel: str, seconds: float) -> object:
    import asyncio

    return await asyncio.wait_for(layer.receive(channel), seconds)  # type: ignore[attr-defined]


def test_held_blocks_nest_and_end_cleanly() -> None:
    from games.live.notify import held

    with patch("games.live.notify.async_to_sync") as send, \
            patch("games.live.notify.crosses_processes", return_value=True):
        with held() as outer:
            notify(1, 1)
            with held() as inner:
                notify(2, 2)
            notify(3, 3)
        notify(4, 4)
    assert outer == [(1, 1), (3, 3)] and inner == [(2, 2)]
    assert send.call_count == 1  # only the ring after the blocks was sent


@pytest.mark.django_db
def test_the_doorbell_rings_even_when_keeping_the_snapshot_fails(
        settings: Settings, monkeypatch: pytest.MonkeyPatch,
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
        caplog: pytest.LogCaptureFixture) -> None:
    game, layer, channel = listening(settings, monkeypatch)

    with patch("games.live.snapshots.remember_change", side_effect=RuntimeError("cache bug")), \
            django_capture_on_commit_callbacks(execute=True), \
            caplog.at_level(logging.ERROR, logger="games.store.subscribers"):
        submit_action(game.pk, Pass(stored_state(game).current), game.version)

    assert "keep_change failed" in caplog.text and "cache bug" in caplog.text
    assert async_to_sync(layer.receive)(channel) == {"type": "game.updated",
                                                     "version": game.version + 1}
