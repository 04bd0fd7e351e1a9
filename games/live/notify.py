"""The doorbell: tell a game's listeners that it has a new version, and nothing more.

This process's sockets are rung directly (:func:`games.live.rooms.ring_here`); the channel
layer is rung only when it reaches other processes (Redis), never when it is in memory.
Ringing never fails the caller (the action is committed; a layer error is logged).
:func:`notify` waits for the layer's send; inside :func:`held` a consumer's rings are
collected and sent afterwards with :func:`ring`, so Django's one thread never waits.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer

from games.live.rooms import ring_here
from games.models import Game
from games.store.subscribers import Change

logger = logging.getLogger(__name__)

UPDATED = "game.updated"

#: A ring held back inside :func:`held`, to be sent with :func:`ring`: the game's id and its
#: new version.
PendingRing = tuple[int, int]

_held = threading.local()


def group_name(game_id: int) -> str:
    """The channel-layer group of a game's listeners: ``game-<id>``."""
    return f"game-{game_id}"


@contextmanager
def held() -> Iterator[list[PendingRing]]:
    """Collect, instead of sending, the rings of this thread until the block ends.

    The caller must send every collected ring (with :func:`ring`).
    """
    rings: list[PendingRing] = []
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
    ring_here(game_id, version)
    try:
        layer = _layer(game_id, version)
        if layer is not None and crosses_processes(layer):
            async_to_sync(layer.group_send)(group_name(game_id),
                                            {"type": UPDATED, "version": version})
    except Exception:
        logger.exception("could not announce game %s version %s", game_id, version)


def ring_doorbell(change: Change) -> None:
    """Subscriber of the write path: announce a committed change (:func:`notify`)."""
    notify(change.game_id, change.version)


async def ring(game_id: int, version: int) -> None:
    """:func:`notify` for asynchronous code: never raises either."""
    ring_here(game_id, version)
    try:
        layer = _layer(game_id, version)
        if layer is not None and crosses_processes(layer):
            await layer.group_send(group_name(game_id), {"type": UPDATED, "version": version})
    except Exception:
        logger.exception("could not announce game %s version %s", game_id, version)


def crosses_processes(layer: BaseChannelLayer | None) -> bool:
    """Whether ``layer`` reaches other processes (an in-memory layer reaches only this one,
    whose sockets are rung directly)."""
    return layer is not None and not isinstance(layer, InMemoryChannelLayer)


def _layer(game_id: int, version: int) -> BaseChannelLayer | None:
    layer = get_channel_layer()
    if layer is None:
        logger.warning("no channel layer: game %s version %s not announced", game_id, version)
    return layer
