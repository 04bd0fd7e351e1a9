"""``python -m scripts.loadtest`` against a live daphne: the report's figures, and nothing lost.

The server is a separate daphne process on a free port with its own SQLite file (no
pytest-django database). The test is skipped, with the reason, when it cannot start.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.loadtest.__main__ import main

ROOT = Path(__file__).resolve().parents[3]
STARTUP_TIMEOUT = 30.0
FIGURES = ("actions_per_second", "latency_ms", "errors", "error_total", "lost_updates",
           "clients_checked", "memory", "window_seconds", "frames")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A live daphne serving Mini Mao on a fresh SQLite file: its URL and pid."""
    folder = tmp_path_factory.mktemp("loadtest")
    # Hundreds of players from one address: the per-client HTTP limits are off, as the load
    # test's documentation says to run the server.
    env = os.environ | {"DEBUG": "1", "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
                        "PYTHONUNBUFFERED": "1", "MAO_RATE_LIMITS": "0"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    migrated = subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
                              cwd=ROOT, env=env, capture_output=True, text=True)
    if migrated.returncode != 0:
        pytest.skip(f"cannot prepare the server's database: {migrated.stderr[-300:]}")
    port = _free_port()
    log = (folder / "daphne.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                                str(port), "maosite.asgi:application"], cwd=ROOT, env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.skip(f"daphne exited with {process.returncode}: "
                            f"{(folder / 'daphne.log').read_text()[-300:]}")
            try:
                with urllib.request.urlopen(url + "/", timeout=1):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    pytest.skip(f"daphne did not answer {url} within {STARTUP_TIMEOUT} s")
                time.sleep(0.1)
        yield url, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.mark.parametrize("transport", [None, "post", "action"])
def test_a_short_run_reports_every_figure_and_loses_nothing(
        server: tuple[str, int], tmp_path: Path, transport: str | None) -> None:
    url, pid = server
    out = tmp_path / "report.json"
    chosen = ["--transport", transport] if transport else []
    done = subprocess.run(
        [sys.executable, "-m", "scripts.loadtest", "--url", url, "--games", "2", "--players",
         "3", "--duration", "5", "--pace", "0.5", "--baseline-duration", "2", "--drain", "5",
         "--server-pid", str(pid), "--json", str(out), *chosen],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(out.read_text())
    for part in ("mao", "baseline"):
        figures = report[part]
        assert all(name in figures for name in FIGURES), sorted(figures)
        assert figures["games"] == 2 and figures["clients_checked"] == 6
        assert figures["lost_updates"] == 0, figures["lost_examples"]
        assert figures["error_total"] == 0, figures["error_examples"]
        assert figures["actions"] > 0
        assert {"median", "p95", "p99"} <= set(figures["latency_ms"])
    mao = report["mao"]
    assert mao["actions_by_kind"].get("rule", 0) >= 2  # every game began with a rule
    # Plays and passes went the browser's way (the form over its socket) unless told otherwise.
    assert report["config"]["transport"] == (transport or "socket")
    assert mao["actions_by_kind"].get("play", 0) + mao["actions_by_kind"].get("pass", 0) > 0
    assert mao["memory"]["per_player_kib"] is not None
    assert report["p95_ratio_to_baseline"] > 0
    assert "p95 ratio to the baseline" in done.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--url", "http://example.com:8000"], "127.0.0.1"),
    (["--players", "9"], "players must be 2 to 8"),
    (["--pace", "0"], "--pace"),
    (["--games", "1000", "--players", "8"], "at most"),
])
def test_bad_options_are_refused(args: list[str], message: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err
