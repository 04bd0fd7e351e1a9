"""The doorbell: tell a game's listeners that it has a new version, and nothing more.

Messages carry no game data (every consumer rebuilds its own viewer's view from the
database), so a lost message costs only a resync. Ringing never fails the caller: by the
time it rings the action is committed, and a channel-layer problem is logged and swallowed.

Synchronous code rings with :func:`notify`, which waits for the event loop to take the
message. A WebSocket consumer acting for its player does better: inside :func:`held` the
rings of the synchronous thread are only collected, and the consumer sends them afterwards
with :func:`ring` on the event loop, so that the one thread of Django work never waits for
the loop (the load test's profile showed that wait on every action).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer

from games.models import Game
from games.store.subscribers import Change

logger = logging.getLogger(__name__)

UPDATED = "game.updated"

#: One ring: the game's id and its new version.
Ring = tuple[int, int]

_held = threading.local()


def group_name(game_id: int) -> str:
    """The channel-layer group of a game's listeners: ``game-<id>``."""
    return f"game-{game_id}"


@contextmanager
def held() -> Iterator[list[Ring]]:
    """Collect, instead of sending, the rings of this thread until the block ends.

    The caller must send every collected ring (with :func:`ring`).
    """
    rings: list[Ring] = []
    outer = getattr(_held, "rings", None)
    _held.rings = rings
    try:
        yield rings
    finally:
        _held.rings = outer


def notify(game: Game | int, version: int) -> None:
    """Send ``{"type": "game.updated", "version": version}`` to the game's group.

    Never raises: errors of the channel layer (none configured, full, unreachable) are
    logged and swallowed. Inside :func:`held` the ring is collected instead.
    """
    game_id = game if isinstance(game, int) else game.pk
    rings = getattr(_held, "rings", None)
    if rings is not None:
        rings.append((game_id, version))
        return
    try:
        layer = _layer(game_id, version)
        if layer is not None:
            async_to_sync(layer.group_send)(group_name(game_id),
                                            {"type": UPDATED, "version": version})
    except Exception:
        logger.exception("could not announce game %s version %s", game_id, version)


def ring_doorbell(change: Change) -> None:
    """Subscriber of the write path: announce a committed change (:func:`notify`)."""
    notify(change.game_id, change.version)


async def ring(game_id: int, version: int) -> None:
    """:func:`notify` for asynchronous code: never raises either."""
    try:
        layer = _layer(game_id, version)
        if layer is not None:
            await layer.group_send(group_name(game_id), {"type": UPDATED, "version": version})
    except Exception:
        logger.exception("could not announce game %s version %s", game_id, version)


def _layer(game_id: int, version: int) -> BaseChannelLayer | None:
    layer = get_channel_layer()
    if layer is None:
        logger.warning("no channel layer: game %s version %s not announced", game_id, version)
    return layer
