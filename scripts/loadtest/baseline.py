"""The baseline: a minimal WebSocket broadcast server with no game logic.

A client at ``/ws/g/<code>/`` sends ``{"type": "act", "version": v}``; at the current
version it bumps it and every socket of the game gets the new ``#version``, padded to
``--pad`` bytes. Run as ``python -m scripts.loadtest.baseline --port 0 --pad N``; prints
``PORT <n>`` once it listens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
from collections import defaultdict
from collections.abc import Awaitable, Callable
from http import HTTPStatus

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.http11 import Request, Response

MAX_FRAME = 4096

members: defaultdict[str, set[ServerConnection]] = defaultdict(set)
versions: defaultdict[str, int] = defaultdict(int)


def frame(version: int, pad: int) -> str:
    """A frame announcing ``version``, shaped like Mini Mao's ``#status``, padded."""
    text = (f'<header id="status"><input type="hidden" id="version" name="version" '
            f'value="{version}"></header>')
    return text + " " * max(0, pad - len(text))


def feedback(message: str) -> str:
    """The answer to the sender, shaped like Mini Mao's ``#feedback`` fragment."""
    inner = f'<p class="feedback__text feedback__text--error">{message}</p>' if message else ""
    return f'<div id="feedback" class="feedback" role="alert">{inner}</div>'


def game_of(path: str) -> str | None:
    """The game code of ``/ws/g/<code>/`` or ``/version/<code>/``."""
    parts = [p for p in path.split("?", 1)[0].split("/") if p]
    if len(parts) == 3 and parts[:2] == ["ws", "g"]:
        return parts[2]
    if len(parts) == 2 and parts[0] == "version":
        return parts[1]
    return None


def answer_http(connection: ServerConnection, request: Request) -> Response | None:
    """``GET /version/<code>/`` answers the version; WebSocket upgrades go on."""
    if request.path.startswith("/version/"):
        code = game_of(request.path)
        return connection.respond(HTTPStatus.OK, f"{versions[code] if code else -1}\n")
    return None


def make_handler(pad: int) -> Callable[[ServerConnection], Awaitable[None]]:
    """The connection handler for frames padded to ``pad`` bytes."""

    async def handle(ws: ServerConnection) -> None:
        code = game_of(ws.request.path if ws.request else "")
        if code is None:
            await ws.close(4404)
            return
        members[code].add(ws)
        try:
            await ws.send(frame(versions[code], pad))
            async for message in ws:
                if len(message) > MAX_FRAME:
                    await ws.close(1009)
                    return
                try:
                    data = json.loads(message)
                except ValueError:
                    data = None
                if not isinstance(data, dict) or data.get("version") != versions[code]:
                    await ws.send(feedback("Your screen is out of date."))
                    continue
                versions[code] += 1
                await ws.send(feedback(""))
                broadcast(members[code], frame(versions[code], pad))
        finally:
            members[code].discard(ws)

    return handle


async def main(port: int, pad: int) -> None:
    """Serve on 127.0.0.1:``port`` (0: any free port) until SIGTERM or SIGINT."""
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    async with serve(make_handler(pad), "127.0.0.1", port, process_request=answer_http,
                     compression=None, ping_interval=None, max_size=MAX_FRAME * 2,
                     backlog=2048) as server:
        bound = next(iter(server.sockets)).getsockname()[1]
        print(f"PORT {bound}", flush=True)
        await stop


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--pad", type=int, default=0, help="bytes per broadcast frame")
    args = parser.parse_args()
    asyncio.run(main(args.port, args.pad))
