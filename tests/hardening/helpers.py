"""Helpers for the hardening tests: seated games, sockets, snapshots and an acceptance oracle.

The oracle (:func:`would_accept`) says whether the server *should* accept a message, using
the same pure engine the server uses; hostile-input tests keep only what it refuses, then
check that the server refused it too and changed nothing.
"""

from __future__ import annotations

import json
import os
from typing import Any, NoReturn

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.engine.actions import EndGame, WriteRule, parse_action
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.models import Game
from games.store.writes import submit_action
from maosite.asgi import application
from tests.factories import stored_state
from tests.games.helpers import snapshot
from tests.web.helpers import started_game

HTMX = {"HX-Request": "true"}  # the headers of a request htmx sends
ERROR = "feedback__text--error"
# A restriction that refuses face cards: plays can be penalised, so not every play is clean.
RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}


def require_services() -> bool:
    """Whether CI asked that tests needing PostgreSQL or Redis fail instead of skipping."""
    return os.environ.get("MAO_REQUIRE_SERVICES", "") == "1"


def skip_or_fail(reason: str) -> NoReturn:
    """Skip with ``reason``, or fail when MAO_REQUIRE_SERVICES=1."""
    if require_services():
        pytest.fail(f"{reason} (MAO_REQUIRE_SERVICES=1 turns this skip into a failure)")
    pytest.skip(reason)


def playing_game(players: int = 3) -> tuple[Game, list[Client]]:
    """A game in its playing phase (seat 0, the host, wrote :data:`RULE`), seats held by
    fresh test clients."""
    game, clients = started_game(players)
    return submit_action(game.code, WriteRule(0, RULE), game.version).game, clients


def key_of(client: Client) -> str:
    """A test client's session key."""
    return str(client.cookies["sessionid"].value)


def communicator(code: str, session_key: str | None = None, origin: str | None = "http://localhost",
                 host: str = "localhost") -> WebsocketCommunicator:
    """A socket on a game's table, as a browser on ``origin`` holding ``session_key``."""
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    return WebsocketCommunicator(application, f"/ws/g/{code}/", headers=headers)


async def connected(code: str, session_key: str | None) -> WebsocketCommunicator:
    """A connected socket whose first frame (the whole view) has been read."""
    ws = communicator(code, session_key)
    ok, _ = await ws.connect(timeout=5)
    assert ok
    assert 'id="status"' in await ws.receive_from(timeout=5)
    return ws


async def asnapshot(game: Game) -> tuple[Any, ...]:
    """:func:`tests.games.helpers.snapshot` from async code."""
    return await sync_to_async(snapshot)(game)


def _texts(value: Any) -> list[str]:
    """Every string in a JSON value, keys included (iteratively: frames may nest deeply)."""
    found, todo = [], [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
    return found


def _message(frame: str) -> Any:
    """The frame's JSON when the server should read it: not too big, valid JSON, and no
    text PostgreSQL could not store (NUL, lone surrogates); else None."""
    if len(frame.encode(errors="surrogatepass")) > 4096:
        return None
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    for text in _texts(message):
        if "\x00" in text or any("\ud800" <= char <= "\udfff" for char in text):
            return None
    return message


def would_accept(game: Game, seat: int | None, is_host: bool, frame: str) -> bool:
    """Whether the consumer should accept ``frame`` from ``seat`` (None: a spectator) in the
    stored ``game`` as it is now: an ``act`` at the current version that the engine takes."""
    message = _message(frame)
    if seat is None or not isinstance(message, dict) or message.get("type") != "act":
        return False
    action, version = message.get("action"), message.get("version")
    if not isinstance(action, dict) or type(version) is not int or version != game.version:
        return False
    try:
        parsed = parse_action({**action, "seat": seat})
        if isinstance(parsed, WriteRule) or (isinstance(parsed, EndGame) and not is_host):
            return False
        apply(stored_state(game), parsed)
    except EngineError:
        return False
    return True


def act_frame(version: Any, action: Any, **extra: Any) -> str:
    """An ``act`` frame as the page's script would send it (plus any ``extra`` fields)."""
    return json.dumps({"type": "act", "version": version, "action": action, **extra})
