"""``python -m scripts.loadtest --serve 2`` on PostgreSQL and Redis: two fresh daphnes, every
game's seats on both, nothing lost, and nothing left behind (the database dropped, the
Redis keys deleted, the processes stopped).

Skipped, with the reason, when PostgreSQL or Redis does not answer (a failure under
``MAO_REQUIRE_SERVICES=1``: tests/scale/conftest.py). About 15 s.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.scale.helpers import ROOT

TABLE_SOCKET = re.compile(r'"WSCONNECT /ws/g/([A-Z0-9]+)/"')


def test_two_served_processes_share_every_game_and_leave_nothing_behind(
        postgres_url: str, redis_url: str, tmp_path: Path) -> None:
    import psycopg
    import redis

    out, logs = tmp_path / "report.json", tmp_path / "logs"
    done = subprocess.run(
        [sys.executable, "-m", "scripts.loadtest", "--serve", "2", "--database", postgres_url,
         "--redis", redis_url, "--games", "2", "--players", "3", "--duration", "3",
         "--pace", "0.5", "--drain", "5", "--no-baseline", "--no-warmup",
         "--server-logs", str(logs), "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(out.read_text())
    mao, served = report["mao"], report["served"]
    assert mao["games"] == 2 and mao["actions"] > 0
    assert mao["error_total"] == 0, mao["error_examples"]
    assert mao["lost_updates"] == 0, mao["lost_examples"]
    assert len(served["servers"]) == 2 and report["config"]["spread"] == "seats"

    # Every game had table sockets on both processes (its fan-out crossed Redis).
    games = [set(TABLE_SOCKET.findall((logs / f"daphne-{n}.log").read_text())) for n in (1, 2)]
    assert len(games[0]) == 2 and games[0] == games[1], games

    for server in served["servers"]:
        assert not Path(f"/proc/{server['pid']}").exists(), f"{server} still runs"
    database = re.search(r"minimao_lt_[0-9a-f]+", served["database"])
    prefix = re.search(r"minimao-lt-[0-9a-f]+", served["channel_layer"])
    assert database and prefix, served
    with psycopg.connect(postgres_url) as conn:
        assert conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            [database.group()]).fetchone() is None
    client = redis.Redis.from_url(redis_url)
    try:
        assert not list(client.scan_iter(match=f"{prefix.group()}*"))
    finally:
        client.close()
