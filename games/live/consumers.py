"""The live table: one WebSocket per open page, pushing that viewer's fragments.

A change rings a doorbell (``{"type": "game.updated", "version": v}``): directly to this
process's rooms, and through the channel layer from other processes (only when the layer
reaches them: an in-memory layer gives a socket no channel at all); each socket renders its
own viewer's fragments from the stored game, so secrets never travel through the layer and
a lost message is repaired by the next one. Browser frames are
``resync``, ``notebook`` and ``act`` (an action or the play form), counted against the
action limit; oversized frames and floods close the socket, and sockets beyond
``MAO_SOCKETS_PER_HOLDER`` / ``MAO_SOCKETS_PER_ADDRESS`` close with :data:`CLOSE_TOO_MANY`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections import Counter
from collections.abc import Iterable
from importlib import import_module
from typing import Any
from urllib.parse import parse_qs

from channels import DEFAULT_CHANNEL_LAYER
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import parse_cookie
from django.template.loader import render_to_string

from games.bots.driver import wake_bots_of
from games.live import rooms
from games.live.fragments import Screen, render_update
from games.live.notify import PendingRing, crosses_processes, group_name, held, ring
from games.live.snapshots import TableSnapshot, table_snapshot
from games.models import LOBBY, Game
from games.store.acting import Outcome, perform, read_frame
from games.store.errors import ServiceError
from games.store.identity import holder_of, seat_in
from games.store.limits import TOO_FAST, action_over_limit, address_of
from games.store.seating import notice_for

logger = logging.getLogger(__name__)

MAX_FRAME = 4096
RATE_WINDOW = 10.0
RATE_LIMIT = 30
CLOSE_NOT_FOUND = rooms.CLOSE_NOT_FOUND
# Application close codes must be 1000 or 3000-4999 (autobahn, under daphne, refuses 1009
# from an application and fails the socket with 1011 and a logged traceback instead).
CLOSE_TOO_BIG = 4413
CLOSE_FLOOD = 4429
#: The close code of a socket over the process's cap per browser or per address.
CLOSE_TOO_MANY = 4430

#: The alias of no channel layer: a socket that takes no channel of it (Channels then
#: neither makes a channel nor waits on one).
NO_LAYER = "none"

#: The sockets open in this process, by ``holder:...`` and ``ip:...`` (a key that falls to
#: 0 is removed). Only touched from the event loop's thread.
_open_sockets: Counter[str] = Counter()


def _claim(keys: dict[str, int]) -> bool:
    """Count one more open socket under each key (a key: its cap) unless one of them is at
    its cap; whether it was counted."""
    if any(_open_sockets[key] >= cap for key, cap in keys.items()):
        return False
    _open_sockets.update(keys.keys())
    return True


def _release(keys: Iterable[str]) -> None:
    """Count one socket fewer under each key."""
    for key in keys:
        _open_sockets[key] -= 1
        if _open_sockets[key] <= 0:
            del _open_sockets[key]


def _decode(text: str | None) -> Any:
    """A frame's JSON, or ``None`` when it is not JSON or holds text that cannot be stored.

    PostgreSQL refuses NUL characters and lone surrogates (``"\\ud800"``) in text and JSON,
    which JSON escapes can smuggle in; such a frame is refused like any malformed one, before
    it could fail a transaction.
    """
    try:
        message = json.loads(text or "")
    except (ValueError, RecursionError):
        return None
    todo = [message]  # iteratively: a 4 KiB frame can nest 2,000 levels deep
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str):
            try:
                item.encode()  # a lone surrogate fails here
            except UnicodeEncodeError:
                return None
            if "\x00" in item:
                return None
    return message


def session_holder(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The holder of the session whose cookie came with the handshake (``None``: none; never
    makes one), read once instead of keeping Channels' session and auth middlewares per socket.
    """
    key = None
    for name, value in headers:
        if name == b"cookie":
            key = parse_cookie(value.decode("latin1")).get(settings.SESSION_COOKIE_NAME)
            break
    if not key:
        return None
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key)
    return holder_of(store)


class GameConsumer(AsyncWebsocketConsumer):  # type: ignore[misc]
    """Pushes one viewer's view of one game after every change.

    Asynchronous so that sending never holds up the one thread where Django's synchronous
    work runs. The socket joins its game's :class:`~games.live.rooms.Room` in this process, whose
    pump renders every socket of the game in one call after each change and sends the frames
    in order; this class says what one viewer's frame is (:meth:`render_frame`).
    """

    #: The keys this socket is counted under in the process's caps (none: not counted).
    claimed: tuple[str, ...] = ()

    @property
    def channel_layer_alias(self) -> str:
        """The channel layer's alias while it reaches other processes, else none: this
        process's changes ring the socket's room directly."""
        shared = crosses_processes(get_channel_layer(DEFAULT_CHANNEL_LAYER))
        return DEFAULT_CHANNEL_LAYER if shared else NO_LAYER

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Run the socket; whatever ends it (a close, an error, a cancellation), leave the room.

        ``disconnect`` is not called when a handler raises or daphne cancels a slow
        application, and a socket left in its room would be rendered for ever. Without a
        channel layer the socket's messages are read and handled in this task, one after
        another as Channels would, without the receiving task and the wait that Channels'
        ``await_many_dispatch`` keeps alive for each socket.
        """
        try:
            if self.channel_layer_alias == NO_LAYER:
                self.scope, self.channel_layer, self.base_send = scope, None, send
                with contextlib.suppress(StopConsumer):
                    while True:
                        await self.dispatch(await receive())
            else:
                await super().__call__(scope, receive, send)
        finally:
            if hasattr(self, "room"):
                rooms.leave(self.room, self)
            _release(self.claimed)
            self.claimed = ()

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without ``aclose_old_connections()``, a hop to the synchronous
        thread per message; ``database_sync_to_async`` closes stale connections itself.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        """Join the game's group and room; the room sends the whole current view."""
        if not await database_sync_to_async(self._open)():
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if not self._claim():
            # Accepted only to be closed with a code the browser can read (a socket
            # refused before it is accepted tells the browser nothing).
            await self.accept()
            await self.close(code=CLOSE_TOO_MANY)
            return
        if self.channel_layer is not None:
            await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        self.room = rooms.join(self.game_id, self.code, self)
        self.room.request(fresh=self)
        # After a server restart nobody else may wake the bots: a returning player does.
        await database_sync_to_async(wake_bots_of)(self.game_id)

    def _claim(self) -> bool:
        """Count this socket against its browser's and its address's caps (none while the
        limits are off); False when it is over one."""
        if not settings.RATELIMIT_ENABLE:
            return True
        keys = {}
        if self.address != "unknown":
            # (Without an address, daphne on a Unix socket without --proxy-headers, every
            # socket would share one count: the whole process's.)
            keys[f"ip:{self.address}"] = settings.MAO_SOCKETS_PER_ADDRESS
        if self.holder:
            keys[f"holder:{self.holder}"] = settings.MAO_SOCKETS_PER_HOLDER
        if not _claim(keys):
            return False
        self.claimed = tuple(keys)
        return True

    def _open(self) -> bool:
        """Find the socket's game and viewer; False when there is no such game."""
        code = str(self.scope["url_route"]["kwargs"]["code"]).upper()
        # PostgreSQL refuses NUL even in a query; no code holds one.
        game = None if "\x00" in code else Game.objects.filter(code=code).first()
        if game is None:
            return False
        self.game_id, self.code = game.pk, game.code
        self.holder = session_holder(self.scope.get("headers", ()))
        client = self.scope.get("client") or ("",)
        self.address = address_of(str(client[0]))
        query = parse_qs(self.scope.get("query_string", b"").decode())
        # What this socket's screen shows (a lobby page stays one until it follows the
        # link to the table), so that pushes carry only what changed.
        self.screen = Screen.blank(lobby=query.get("page") == [LOBBY])
        # Whether the page's notebook is open (its evidence is pushed only then).
        self.notebook = False
        self.recent: list[float] = []
        host = dict(self.scope.get("headers", [])).get(b"host", b"").decode() or "localhost"
        scheme = "https" if self.scope.get("scheme") == "wss" else "http"
        self.link = f"{scheme}://{host}/g/{game.code}/"
        self.group = group_name(game.pk)
        return True

    async def disconnect(self, code: int) -> None:
        """Leave the room and the group."""
        if hasattr(self, "room"):
            rooms.leave(self.room, self)
        if hasattr(self, "group") and self.channel_layer is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None,
                      bytes_data: bytes | None = None) -> None:
        """Handle a control frame; close the socket on oversized frames or floods."""
        size = (len(text_data.encode(errors="surrogatepass")) if text_data is not None
                else len(bytes_data or b""))
        if size > MAX_FRAME:
            await self.close(code=CLOSE_TOO_BIG)
            return
        now = time.monotonic()
        self.recent = [t for t in self.recent if now - t < RATE_WINDOW] + [now]
        if len(self.recent) > RATE_LIMIT:
            await self.close(code=CLOSE_FLOOD)
            return
        message = _decode(text_data)
        if isinstance(message, dict) and message.get("type") == "resync":
            self.room.request(fresh=self)
            return
        if isinstance(message, dict) and message.get("type") == "notebook":
            # Opened: its evidence comes in a frame of its own, then with every change.
            self.notebook = message.get("open") is True
            if self.notebook:
                self.room.refresh(self)
            return
        if isinstance(message, dict) and message.get("type") == "act":
            answer, rings = await database_sync_to_async(self.act_held)(message)
            for game_id, version in rings:
                await ring(game_id, version)
            await self.feedback(answer.message, accepted=answer.accepted)
            return
        await self.feedback("That message was not understood.")

    def act_held(self, message: dict[str, Any]) -> tuple[Outcome, list[PendingRing]]:
        """:meth:`act`, with the doorbell's rings returned to be sent from the event loop."""
        with held() as rings:
            try:
                answer = self.act(message)
            except Exception:
                # A change may have been committed before the failure: its rings must
                # still go out, so the failure is reported here instead of raised.
                logger.exception("game %s: an action over the socket failed", self.game_id)
                answer = Outcome(False, "The server could not handle that action. "
                                 "Reload the page.", "server/error")
        return answer, rings

    def act(self, message: dict[str, Any]) -> Outcome:
        """An action sent over the socket: ``{"type": "act", "version": v, "action": {...}}``,
        through the table's one action path as the socket's own seat (from the session,
        whatever the message says). Returns how it went (its message "" when nothing)."""
        if action_over_limit(self.holder, self.address):
            return Outcome.refused(ServiceError("action/too_fast", TOO_FAST))
        try:
            request = read_frame(message)
        except ServiceError as exc:
            return Outcome.refused(exc)
        snapshot = table_snapshot(self.game_id, self.code, request.version)
        if snapshot is None:
            return Outcome(False, "This game no longer exists.", "game/not_found")
        # The snapshot's game (at least as new as the asker's screen) says whether it is
        # still a lobby; the write path reads the game afresh. Its state lets the pure
        # engine refuse what it would refuse before any write transaction.
        state = snapshot.state() if snapshot.game.phase != LOBBY else None
        return perform(snapshot.game, self.holder, request, snapshot.seats, state=state)

    async def feedback(self, text: str, accepted: bool | None = None) -> None:
        """Tell this socket's player how their last message went (``accepted``: table.js)."""
        await self.send(text_data=render_to_string(
            "games/feedback_oob.html", {"message": text, "accepted": accepted}))

    async def game_updated(self, event: dict[str, Any]) -> None:
        """The doorbell: the game changed, so the room renders its sockets again."""
        version = event.get("version")
        self.room.request(version if isinstance(version, int) else 0)

    def render_frame(self, snapshot: TableSnapshot, fresh: bool) -> str:
        """This viewer's fragments of ``snapshot``; ``fresh``: the whole view, log included.

        Called by the room's pump in the synchronous thread, one socket after another.
        """
        if fresh:
            # The screen may show anything (a reconnect, a resync): send all of it.
            self.screen = Screen.blank(lobby=self.screen.is_lobby)
        seat = seat_in(snapshot.seats, self.holder)
        html, self.screen = render_update(snapshot, seat, self.link, self.screen,
                                          notebook=self.notebook,
                                          notice=notice_for(snapshot.notices, self.holder, seat))
        return html
