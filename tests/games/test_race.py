"""Racing submissions at the same version: exactly one is applied, on a real SQLite file.

The test database is an in-memory, shared-cache SQLite, whose table locks fail at once
instead of waiting, so the race runs in a fresh process on a file database configured as
in production (WAL, transaction_mode IMMEDIATE); see tests/games/race.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_racing_submissions_apply_once(tmp_path: Path) -> None:
    env = dict(os.environ, DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}")
    env.pop("REDIS_URL", None)

    run = subprocess.run([sys.executable, "-m", "tests.games.race", "4"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60, check=True)

    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result == {"outcomes": ["accepted", *["action/stale_version"] * 3],
                      "advanced": 1, "log": 2}
