"""The doorbell: exactly a version number to the game's group, and never an error."""

from __future__ import annotations

import logging
from unittest.mock import AsyncMock, MagicMock, patch

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings

from games.engine.actions import Pass
from games.notify import group_name, notify
from games.services import submit_action
from tests.games.helpers import start_playing

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.mark.django_db
def test_a_group_member_hears_exactly_the_new_version(
        settings: Settings,
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    settings.CHANNEL_LAYERS = IN_MEMORY
    game = start_playing()
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(f"game-{game.pk}", channel)

    with django_capture_on_commit_callbacks(execute=True):
        submit_action(game.pk, Pass(game.state["current"]), 1)

    assert async_to_sync(layer.receive)(channel) == {"type": "game.updated", "version": 2}


def test_the_group_is_named_after_the_game_id() -> None:
    assert group_name(17) == "game-17"


def test_notify_swallows_channel_layer_errors(caplog: pytest.LogCaptureFixture) -> None:
    layer = MagicMock()
    layer.group_send = AsyncMock(side_effect=OSError("redis is down"))

    with patch("games.notify.get_channel_layer", return_value=layer), \
            caplog.at_level(logging.ERROR, logger="games.notify"):
        notify(3, 9)

    assert "could not announce game 3 version 9" in caplog.text


def test_notify_without_a_channel_layer_only_logs(caplog: pytest.LogCaptureFixture) -> None:
    with patch("games.notify.get_channel_layer", return_value=None), \
            caplog.at_level(logging.WARNING, logger="games.notify"):
        notify(3, 9)

    assert "no channel layer" in caplog.text
