"""Database connections: one that lasts on Channels' worker thread, none left behind by an
HTTP request (each runs on a thread of its own under ASGI); PostgreSQL's pool untouched."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent


def probe(tmp_path: Path) -> dict[str, Any]:
    env = dict(os.environ, DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'c.sqlite3'}",
               DJANGO_SETTINGS_MODULE="maosite.settings")
    env.pop("REDIS_URL", None)
    done = subprocess.run([sys.executable, "-m", "tests.connections_probe"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_sqlite_connections_persist_with_health_checks() -> None:
    database = settings.DATABASES["default"]
    assert database["CONN_MAX_AGE"] is None
    assert database["CONN_HEALTH_CHECKS"] is True


def test_the_worker_thread_keeps_one_connection_and_requests_close_theirs(
        tmp_path: Path) -> None:
    found = probe(tmp_path)

    assert found["statuses"] == [404, 404]  # both requests read the database
    # Three calls on Channels' worker thread opened one connection, still open; each request
    # opened its own on its own thread and closed it when it ended.
    assert len(found["threads"]) == 3
    worker, *requests = found["threads"]
    assert worker not in requests and requests[0] != requests[1]
    assert found["open"] == [True, False, False]
