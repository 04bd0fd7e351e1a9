"""The live table: one WebSocket per open page, pushing that viewer's fragments.

The channel layer only rings a doorbell (``{"type": "game.updated", "version": v}``);
on every ring, and on connect, the consumer renders its own viewer's fragments from
the stored game at that version or later, so secrets never travel through the layer and
a lost message is repaired by the next one. The sockets of one game in one process share
one read per version (:mod:`games.snapshots`); connecting and resyncing read afresh.
Frames from the browser are small control messages (``{"type": "resync"}``) or actions
(``{"type": "act", "version": v, "action": {...}}``, played as the socket's own seat);
oversized frames and floods close the socket.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.db import close_old_connections
from django.template.loader import render_to_string

from games.botdriver import kick
from games.engine.actions import EndGame, WriteRule, parse_action
from games.engine.errors import EngineError
from games.fragments import render_update
from games.models import LOBBY, Game
from games.notify import group_name
from games.services import ServiceError, submit_action
from games.snapshots import read_snapshot, table_snapshot

MAX_FRAME = 4096
RATE_WINDOW = 10.0
RATE_LIMIT = 30
CLOSE_NOT_FOUND = 4404
# Application close codes must be 1000 or 3000-4999 (autobahn, under daphne, refuses 1009
# from an application and fails the socket with 1011 and a logged traceback instead).
CLOSE_TOO_BIG = 4413
CLOSE_FLOOD = 4429


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


class GameConsumer(WebsocketConsumer):  # type: ignore[misc]
    """Pushes one viewer's view of one game, fresh from the database, after every change."""

    def connect(self) -> None:
        """Join the game's group and send the whole current view."""
        close_old_connections()
        code = str(self.scope["url_route"]["kwargs"]["code"]).upper()
        # PostgreSQL refuses NUL even in a query; no code holds one.
        game = None if "\x00" in code else Game.objects.filter(code=code).first()
        if game is None:
            self.close(code=CLOSE_NOT_FOUND)
            return
        self.game_id, self.code = game.pk, game.code
        session = self.scope.get("session")
        self.session_key = getattr(session, "session_key", None)
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.stage: str | None = LOBBY if query.get("page") == [LOBBY] else None
        self.recent: list[float] = []
        self.group = group_name(game.pk)
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        self.push()
        # After a server restart nobody else may wake the bots: a returning player does.
        kick(game.pk, game.code)

    def disconnect(self, code: int) -> None:
        """Leave the group."""
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Handle a control frame; close the socket on oversized frames or floods."""
        size = (len(text_data.encode(errors="surrogatepass")) if text_data is not None
                else len(bytes_data or b""))
        if size > MAX_FRAME:
            self.close(code=CLOSE_TOO_BIG)
            return
        now = time.monotonic()
        self.recent = [t for t in self.recent if now - t < RATE_WINDOW] + [now]
        if len(self.recent) > RATE_LIMIT:
            self.close(code=CLOSE_FLOOD)
            return
        message = _decode(text_data)
        if isinstance(message, dict) and message.get("type") == "resync":
            self.stage = LOBBY if (self.stage or "").startswith(LOBBY) else None
            self.push()
            return
        if isinstance(message, dict) and message.get("type") == "act":
            self.feedback(self.act(message))
            return
        self.feedback("That message was not understood.")

    def act(self, message: dict[str, Any]) -> str:
        """An action sent over the socket: ``{"type": "act", "version": v, "action": {...}}``.

        The seat is the socket's own (from the session), whatever the message says.
        Returns what to tell the player ("" when it was accepted without comment).
        """
        close_old_connections()
        action, version = message.get("action"), message.get("version")
        if not isinstance(action, dict) or isinstance(version, bool) or not isinstance(
                version, int):
            return "An action needs an \"action\" object and the \"version\" you saw."
        # Seats never change without a new version, so any snapshot at least as new as the
        # player's screen knows their seat (usually the one the last push rendered from).
        snapshot = table_snapshot(self.game_id, self.code, version)
        seat = snapshot.seat_for(self.session_key) if snapshot is not None else None
        if seat is None:
            return "You are watching this game: only players can act."
        try:
            parsed = parse_action({**action, "seat": seat.index})
            if isinstance(parsed, EndGame) and not seat.is_host:
                return "Only the host can end the game."
            if isinstance(parsed, WriteRule):
                return "Write rules with the rule builder."
            result = submit_action(self.game_id, parsed, version)
        except (EngineError, ServiceError) as exc:
            return str(exc)
        refused = next((e for e in result.events if e.kind == "refused"), None)
        return refused.text_for(seat.index) if refused is not None else ""

    def feedback(self, text: str) -> None:
        """Tell this socket's player how their last message went (the #feedback area)."""
        self.send(text_data=render_to_string("games/feedback_oob.html", {"message": text}))

    def game_updated(self, event: dict[str, Any]) -> None:
        """The doorbell: the game changed, so render this viewer's view again."""
        version = event.get("version")
        self.push(version if isinstance(version, int) else 0)

    def push(self, at_least: int | None = None) -> None:
        """Render and send this viewer's fragments of the game at ``at_least`` or later.

        ``None`` reads the game afresh (on connect and resync: whatever the socket missed).
        """
        close_old_connections()
        snapshot = (read_snapshot(self.game_id, self.code) if at_least is None
                    else table_snapshot(self.game_id, self.code, at_least))
        if snapshot is None:
            self.close(code=CLOSE_NOT_FOUND)
            return
        seat = snapshot.seat_for(self.session_key)
        host = dict(self.scope.get("headers", [])).get(b"host", b"").decode() or "localhost"
        scheme = "https" if self.scope.get("scheme") == "wss" else "http"
        html, self.stage = render_update(snapshot, seat, f"{scheme}://{host}/g/{self.code}/",
                                         self.stage)
        self.send(text_data=html)
