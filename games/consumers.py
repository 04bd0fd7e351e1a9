"""The live table: one WebSocket per open page, pushing that viewer's fragments.

The channel layer only rings a doorbell (``{"type": "game.updated", "version": v}``);
on every ring, and on connect, the consumer re-reads the game and renders its own
viewer's fragments, so secrets never travel through the layer and a lost message
is repaired by the next one. Frames from the browser are small control messages
(``{"type": "resync"}``); oversized frames and floods close the socket.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.db import close_old_connections

from games.botdriver import kick
from games.fragments import render_update
from games.identity import seat_of
from games.models import LOBBY, Game
from games.notify import group_name

MAX_FRAME = 4096
RATE_WINDOW = 10.0
RATE_LIMIT = 30
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_BIG = 1009
CLOSE_FLOOD = 4429


class GameConsumer(WebsocketConsumer):  # type: ignore[misc]
    """Pushes one viewer's view of one game, fresh from the database, after every change."""

    def connect(self) -> None:
        """Join the game's group and send the whole current view."""
        close_old_connections()
        code = str(self.scope["url_route"]["kwargs"]["code"]).upper()
        game = Game.objects.filter(code=code).first()
        if game is None:
            self.close(code=CLOSE_NOT_FOUND)
            return
        self.game_id = game.pk
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
        kick(game.pk)

    def disconnect(self, code: int) -> None:
        """Leave the group."""
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Handle a control frame; close the socket on oversized frames or floods."""
        size = len(text_data.encode()) if text_data is not None else len(bytes_data or b"")
        if size > MAX_FRAME:
            self.close(code=CLOSE_TOO_BIG)
            return
        now = time.monotonic()
        self.recent = [t for t in self.recent if now - t < RATE_WINDOW] + [now]
        if len(self.recent) > RATE_LIMIT:
            self.close(code=CLOSE_FLOOD)
            return
        try:
            message: Any = json.loads(text_data or "")
        except ValueError:
            message = None
        if isinstance(message, dict) and message.get("type") == "resync":
            self.stage = None if self.stage != LOBBY else LOBBY
            self.push()
            return
        self.send(text_data='<div id="feedback" role="alert"><p class="feedback__text '
                  'feedback__text--error">That message was not understood.</p></div>')

    def game_updated(self, event: dict[str, Any]) -> None:
        """The doorbell: the game changed, so render this viewer's view again."""
        self.push()

    def push(self) -> None:
        """Render and send this viewer's fragments."""
        close_old_connections()
        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            self.close(code=CLOSE_NOT_FOUND)
            return
        seat = seat_of(game, self.session_key)
        host = dict(self.scope.get("headers", [])).get(b"host", b"").decode() or "localhost"
        scheme = "https" if self.scope.get("scheme") == "wss" else "http"
        html, self.stage = render_update(game, seat, f"{scheme}://{host}/g/{game.code}/",
                                         self.stage)
        self.send(text_data=html)
