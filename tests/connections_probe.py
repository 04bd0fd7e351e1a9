"""Run by test_connections.py in a fresh process on a fresh SQLite file (``DATABASE_URL``):
prints one line of JSON about which database connections stay open.

Three calls through Channels' ``database_sync_to_async`` (what every socket's work goes
through), then two HTTP requests through Django's ASGI handler that read the database (a
game that does not exist: a 404): how many connections each opened, and whether each is
still open afterwards.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import django


async def _get(app: Any, path: str) -> int:
    """One GET through the ASGI application; its status."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": [(b"host", b"localhost")],
             "client": ("127.0.0.1", 1), "server": ("localhost", 80)}
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    inbox.put_nowait({"type": "http.request", "body": b"", "more_body": False})
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return await inbox.get()

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if message["type"] == "http.response.body" and not message.get("more_body"):
            inbox.put_nowait({"type": "http.disconnect"})

    await app(scope, receive, send)
    return int(next(m["status"] for m in sent if m["type"] == "http.response.start"))


def main() -> dict[str, Any]:
    """The report."""
    django.setup()
    from channels.db import database_sync_to_async
    from django.core.asgi import get_asgi_application
    from django.core.management import call_command
    from django.db import close_old_connections, connection
    from django.db.backends.signals import connection_created

    from games.models import Game

    call_command("migrate", verbosity=0)
    connection.close()  # the migration's connection, on this thread: not counted
    opened: list[tuple[str, Any]] = []

    def created(sender: Any, connection: Any, **kwargs: Any) -> None:
        opened.append((threading.current_thread().name, connection))

    connection_created.connect(created)
    app = get_asgi_application()

    async def scenario() -> list[int]:
        for _ in range(3):
            await database_sync_to_async(Game.objects.count)()
        return [await _get(app, "/g/NOSUCH/") for _ in range(2)]

    statuses = asyncio.run(scenario())
    close_old_connections()  # what Channels runs around every call: must keep the worker's
    worker = [wrapper for name, wrapper in opened[:1]]
    return {"statuses": statuses,
            "threads": [name for name, _ in opened],
            "open": [wrapper.connection is not None for _, wrapper in opened],
            "worker_open": [wrapper.connection is not None for wrapper in worker]}


if __name__ == "__main__":
    print(json.dumps(main()))
