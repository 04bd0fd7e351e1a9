"""Threads of one process write one game at once through the copy the process keeps
(games/store/owned.py): no version is lost or made twice, every word said is logged once,
and the state replays. On a SQLite file configured as in production and, when it is
reachable, on PostgreSQL (tests/hardening/thread_writers.py runs in a fresh process)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.hardening.processes import python

THREADS = 4
ACTIONS = 10


def race(database_url: str) -> dict[str, Any]:
    """Run the writers on ``database_url``; check what holds on every database."""
    env = dict(os.environ, DEBUG="1", DATABASE_URL=database_url, MAO_BOT_DELAY="0")
    env.pop("REDIS_URL", None)
    result: dict[str, Any] = python(env, "-m", "tests.hardening.thread_writers", str(THREADS),
                                    str(ACTIONS))
    start, version = result["start"], result["version"]
    assert set(result["refused"]) <= {"action/stale_version"}, result["refused"]
    # Every accepted action made its own version, and nothing else made one.
    assert result["made"] == list(range(start + 1, version + 1))
    assert result["log"] == list(range(result["log"][0], version + 1))
    words = [f"t{n}-{step}" for n in range(0, THREADS, 2) for step in range(ACTIONS)]
    assert result["said"] == sorted(words)
    assert result["replayed"] and result["violations"] == []
    assert result["kept"] > 0
    return result


def test_threads_writing_one_game_on_a_sqlite_file(tmp_path: Path) -> None:
    race(f"sqlite:///{tmp_path / 'threads.sqlite3'}")


def test_threads_writing_one_game_on_postgresql(postgres_database: str) -> None:
    result = race(postgres_database)
    # Without a lock before the write, copies taken at once are found behind the row.
    assert result["behind"] > 0
