"""Fan-out in one process: the open sockets of a game are rendered together, in order.

A :class:`Room` holds this process's sockets of one game and a single *pump* that renders
every socket's frame from one snapshot in one call, then sends them; doorbells meanwhile
fold into its next round. Only the pump sends, so frames leave in order. A failed round
closes the room's sockets with 1011, and browsers reconnect and resync. A change committed
in this process rings its game's rooms directly (:func:`ring_here`, from any thread); the
channel layer carries only other processes' changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
from typing import Protocol

from channels.db import database_sync_to_async

from games.live.snapshots import TableSnapshot, read_snapshot, table_snapshot

logger = logging.getLogger(__name__)

CLOSE_NOT_FOUND = 4404
CLOSE_SERVER_ERROR = 1011


class Viewer(Protocol):
    """A socket showing one viewer's view of a game (``games.live.consumers.GameConsumer``)."""

    def render_frame(self, snapshot: TableSnapshot, fresh: bool) -> str:
        """This viewer's frame for ``snapshot``; ``fresh``: the whole view, log included."""

    async def send(self, text_data: str) -> None:
        """Send a text frame."""

    async def close(self, code: int) -> None:
        """Close the socket with ``code``."""


Frames = list[tuple[Viewer, str | None]]


class Room:
    """This process's sockets of one game, and the pump that renders and sends their frames."""

    def __init__(self, game_id: int, code: str) -> None:
        self.game_id, self.code = game_id, code
        # Each socket, with the version of the last frame it was sent (-1: none yet).
        self.viewers: dict[Viewer, int] = {}
        self.fresh: set[Viewer] = set()
        # Sockets that want a frame from the current snapshot, not a fresh read.
        self.due: set[Viewer] = set()
        self.wanted = 0  # the newest version announced
        self.shown = -1  # the version of the last round rendered
        self.task: asyncio.Task[None] | None = None

    def request(self, version: int = 0, fresh: Viewer | None = None) -> None:
        """Ask for a round: every socket at ``version`` or later, and ``fresh`` afresh."""
        self.wanted = max(self.wanted, version)
        if fresh is not None:
            self.fresh.add(fresh)
        if self.task is None and self._due():
            self.task = asyncio.get_running_loop().create_task(self._pump())

    def refresh(self, viewer: Viewer) -> None:
        """Ask for a frame for ``viewer`` alone from the latest snapshot (what it shows
        changed on its side: its notebook opened), without reading the game afresh."""
        self.due.add(viewer)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._pump())

    def _due(self) -> bool:
        return (bool(self.fresh) or bool(self.due)
                or (self.wanted > self.shown and bool(self.viewers)))

    async def _pump(self) -> None:
        try:
            while self._due():
                fresh, self.fresh = self.fresh, set()
                due, self.due = self.due, set()
                target = self.wanted
                viewers = tuple(self.viewers.items())
                try:
                    version, frames = await database_sync_to_async(self._render)(
                        viewers, fresh, target, due)
                except Exception:
                    logger.exception("game %s: could not render its sockets' frames",
                                     self.game_id)
                    await self._close_all(tuple(self.viewers), CLOSE_SERVER_ERROR)
                    return
                if not fresh:
                    # A doorbell may announce more than the database has (a stale process,
                    # a test): the round still answers it, or the pump would spin.
                    self.shown = max(self.shown, version, target)
                for viewer, frame in frames:
                    await self._deliver(viewer, frame, version)
        finally:
            self.task = None

    def _render(self, viewers: tuple[tuple[Viewer, int], ...], fresh: set[Viewer],
                target: int, due: frozenset[Viewer] | set[Viewer] = frozenset()
                ) -> tuple[int, Frames]:
        """Runs in the synchronous thread: one snapshot, then the frames of the sockets that
        asked afresh, asked for a frame (``due``) or are behind it (each socket with the
        version it was last sent)."""
        # A fresh read serves everyone: it is at least as new as any doorbell heard.
        snapshot = (read_snapshot(self.game_id, self.code) if fresh
                    else table_snapshot(self.game_id, self.code, target))
        if snapshot is None:
            return target, [(viewer, None) for viewer, _ in viewers]
        frames: Frames = []
        try:
            for viewer, sent in viewers:
                if viewer not in fresh and viewer not in due and sent >= snapshot.version:
                    continue
                try:
                    frames.append((viewer, viewer.render_frame(snapshot, viewer in fresh)))
                except Exception:
                    # One socket's failure must not keep its table from everyone else.
                    logger.exception("game %s: could not render a socket's frame",
                                     self.game_id)
                    frames.append((viewer, ""))
        finally:
            # Shared by this round's viewers only; kept, they would stay in memory with the
            # snapshot until the game's next change.
            snapshot.drop_renders()
        return snapshot.version, frames

    async def _deliver(self, viewer: Viewer, frame: str | None, version: int) -> None:
        if viewer not in self.viewers:
            return  # it left while its frame was being rendered
        self.viewers[viewer] = version
        try:
            if frame is None:
                await viewer.close(code=CLOSE_NOT_FOUND)  # the game is gone
            elif frame:
                await viewer.send(text_data=frame)
            else:
                await viewer.close(code=CLOSE_SERVER_ERROR)
        except Exception:
            logger.exception("game %s: could not send a frame", self.game_id)

    async def _close_all(self, viewers: tuple[Viewer, ...], code: int) -> None:
        for viewer in viewers:
            try:
                await viewer.close(code=code)
            except Exception:
                logger.exception("game %s: could not close a socket", self.game_id)


# Both only touched from the event loop's thread (the rooms' loop, :data:`_loop`).
_rooms: dict[tuple[int, str], Room] = {}
#: The rooms of each game id (normally one: a game's code is part of a room's key only so
#: that a game given an old id by a rebuilt database never shares its room).
_by_id: dict[int, list[Room]] = {}
#: The loop the rooms run on: the one the latest socket joined from.
_loop: asyncio.AbstractEventLoop | None = None


def join(game_id: int, code: str, viewer: Viewer) -> Room:
    """Add ``viewer`` to its game's room in this process (made on first use); called on the
    event loop."""
    global _loop
    _loop = asyncio.get_running_loop()
    room = _rooms.get((game_id, code))
    if room is None:
        room = _rooms[(game_id, code)] = Room(game_id, code)
        _by_id.setdefault(game_id, []).append(room)
    room.viewers[viewer] = -1
    return room


def leave(room: Room, viewer: Viewer) -> None:
    """Take ``viewer`` out of ``room``; a room left empty is forgotten."""
    room.viewers.pop(viewer, None)
    room.fresh.discard(viewer)
    room.due.discard(viewer)
    if not room.viewers and _rooms.get((room.game_id, room.code)) is room:
        del _rooms[(room.game_id, room.code)]
        same = _by_id.get(room.game_id, [])
        with contextlib.suppress(ValueError):
            same.remove(room)
        if not same:
            _by_id.pop(room.game_id, None)


def ring_here(game_id: int, version: int) -> None:
    """Tell this process's rooms of game ``game_id`` that it is at ``version``, from any
    thread: at once on the rooms' loop, else through a threadsafe call that wakes it (a
    result merely set from another thread would wait for the loop's next timer)."""
    loop = _loop
    if loop is None:
        return  # no socket ever joined in this process
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        _ring(game_id, version)
        return
    with contextlib.suppress(RuntimeError):  # that loop has closed (tests: each its own)
        # In a context of its own: the caller's (a worker thread of asgiref's, say) would
        # pass its marks on to the pump's task, and asgiref would refuse its thread hop.
        loop.call_soon_threadsafe(_ring, game_id, version, context=contextvars.Context())


def _ring(game_id: int, version: int) -> None:
    for room in tuple(_by_id.get(game_id, ())):
        room.request(version)
