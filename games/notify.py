"""The doorbell: tell a game's listeners that it has a new version, and nothing more.

Messages carry no game data (every consumer rebuilds its own viewer's view from the
database), so a lost message costs only a resync. Ringing never fails the caller: by the
time it rings the action is committed, and a channel-layer problem is logged and swallowed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

if TYPE_CHECKING:
    from games.models import Game

logger = logging.getLogger(__name__)

UPDATED = "game.updated"


def group_name(game_id: int) -> str:
    """The channel-layer group of a game's listeners: ``game-<id>``."""
    return f"game-{game_id}"


def notify(game: Game | int, version: int) -> None:
    """Send ``{"type": "game.updated", "version": version}`` to the game's group.

    Never raises: errors of the channel layer (none configured, full, unreachable) are
    logged and swallowed.
    """
    game_id = game if isinstance(game, int) else game.pk
    try:
        layer = get_channel_layer()
        if layer is None:
            logger.warning("no channel layer: game %s version %s not announced", game_id, version)
            return
        async_to_sync(layer.group_send)(group_name(game_id),
                                        {"type": UPDATED, "version": version})
    except Exception:
        logger.exception("could not announce game %s version %s", game_id, version)
