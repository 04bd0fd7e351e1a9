"""Two processes act on one game at the same instant: exactly one action is applied, the other
is told its version is stale, and every card is still there. On a SQLite file configured as
in production (WAL, IMMEDIATE transactions) and, when it is reachable, on PostgreSQL.

Each worker is a separate Python process with its own Django setup and database connection
(tests/hardening/race_worker.py); they are released together by a moment written into a
file, and spin until it, so their submissions overlap in time (the test checks that they
did in at least some rounds, or it would prove nothing).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tests.hardening.processes import python, stored

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 8


def _env(database_url: str) -> dict[str, str]:
    env = dict(os.environ, DEBUG="1", DATABASE_URL=database_url, MAO_BOT_DELAY="0")
    env.pop("REDIS_URL", None)
    return env


def _wait_all(paths: list[Path], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not all(path.exists() for path in paths):
        assert time.monotonic() < deadline, f"workers stalled waiting for {paths}"
        time.sleep(0.001)


def race_two_processes(database_url: str, folder: Path) -> None:
    """Run the race on ``database_url`` and check everything the issue asks."""
    env = _env(database_url)
    game_id = python(env, "-m", "tests.hardening.race_worker", "setup")["game"]
    start = stored(env, game_id)["version"]  # the lobby's changes and the first rule
    workers = [subprocess.Popen([sys.executable, "-m", "tests.hardening.race_worker", "race",
                                 str(folder), str(worker), str(ROUNDS), str(game_id)],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for worker in (0, 1)]
    try:
        for number in range(ROUNDS):
            _wait_all([folder / f"ready-{number}-{w}" for w in (0, 1)])
            (folder / f"go-{number}").write_text(str(time.time() + 0.05))
            _wait_all([folder / f"done-{number}-{w}" for w in (0, 1)])
        outputs = [worker.communicate(timeout=60) for worker in workers]
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
    for worker, (_, err) in zip(workers, outputs, strict=True):
        assert worker.returncode == 0, err
    results = [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]

    overlapping = 0
    for number, (a, b) in enumerate(zip(*results, strict=True)):
        assert a["version"] == b["version"] == start + number  # both saw the same screen
        assert sorted([a["outcome"], b["outcome"]]) == ["accepted", "action/stale_version"], (
            number, a, b)
        overlapping += a["start"] < b["end"] and b["start"] < a["end"]
    assert overlapping >= 2, f"only {overlapping} of {ROUNDS} rounds overlapped in time"

    final = stored(env, game_id)
    assert final["version"] == start + ROUNDS
    assert final["log"] == list(range(start, start + ROUNDS + 1))
    assert final["violations"] == [] and final["cards"] and final["replayed"]


def test_two_processes_race_on_a_sqlite_file(tmp_path: Path) -> None:
    race_two_processes(f"sqlite:///{tmp_path / 'race.sqlite3'}", tmp_path)


def test_two_processes_race_on_postgresql(postgres_database: str, tmp_path: Path) -> None:
    race_two_processes(postgres_database, tmp_path)
