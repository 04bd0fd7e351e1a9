"""``--serve``'s undoing, without starting anything: the servers stopped before their logs
are copied, the database's drop and each process's stop registered before they exist, and
the servers asked for their home page past any ``http_proxy``.

The steps that start or reach something (``_create_database``, ``_start_daphne``'s
``Popen``...) are replaced by ones that record what happened; a whole run is in
test_command.py and tests/scale/test_loadtest_serve.py.
"""

from __future__ import annotations

import http.server
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.loadtest import serve
from scripts.loadtest.serve import Plan, Server, serving


class FakeProcess:
    """A started daphne that never exits by itself."""

    pid = 4242
    returncode: int | None = None

    def poll(self) -> int | None:
        return self.returncode


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """What serving did, in order: nothing is started, the servers' logs are written."""
    done: list[str] = []

    def start(env: dict[str, str], log: Path, processes: list[object]) -> str:
        log.write_text("started\n")
        processes.append(FakeProcess())
        done.append(f"start {log.name}")
        return f"http://127.0.0.1:{8000 + len(processes)}"

    def stop_all(processes: list[FakeProcess]) -> None:
        done.append(f"stop {len(processes)}")
        for log in sorted(tmp_path.glob("minimao-loadtest-*/daphne-*.log")):
            with log.open("a") as out:
                out.write("shutdown\n")

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the folder goes
    monkeypatch.setattr(serve, "collected_static", lambda *args: tmp_path / "static")
    monkeypatch.setattr(serve, "_manage", lambda env, folder, *command: done.append(command[0]))
    monkeypatch.setattr(serve, "_start_daphne", start)
    monkeypatch.setattr(serve, "_wait_until_up", lambda server, process: None)
    monkeypatch.setattr(serve, "_stop_all", stop_all)
    monkeypatch.setattr(serve, "_create_database",
                        lambda url, name: done.append(f"create {name}"))
    monkeypatch.setattr(serve, "_drop_database", lambda url, name: done.append(f"drop {name}"))
    return done


def test_the_servers_stop_before_their_logs_are_copied(steps: list[str], tmp_path: Path
                                                       ) -> None:
    kept = tmp_path / "kept"
    with serving(Plan(2, redis=None), steps.append, keep_logs=kept) as served:
        assert served.pids == [FakeProcess.pid] * 2
    assert steps[-1] == "stop 2"
    for number in (1, 2):  # the copies hold what the servers wrote while stopping
        assert (kept / f"daphne-{number}.log").read_text() == "started\nshutdown\n"


def test_a_database_is_dropped_even_when_interrupted_while_it_is_created(
        steps: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(url: str, name: str) -> None:
        steps.append(f"create {name}")
        raise KeyboardInterrupt

    monkeypatch.setattr(serve, "_create_database", interrupted)
    with pytest.raises(KeyboardInterrupt), \
            serving(Plan(1, database="postgres://postgres@127.0.0.1/postgres"), steps.append):
        pass
    created = next(step for step in steps if step.startswith("create "))
    assert steps[-1] == created.replace("create", "drop")


def test_the_started_servers_are_stopped_when_interrupted_while_waiting(
        steps: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(server: Server, process: FakeProcess) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(serve, "_wait_until_up", interrupted)
    with pytest.raises(KeyboardInterrupt), serving(Plan(2, redis=None), steps.append):
        pass
    assert steps[-1] == "stop 2"


def test_a_daphne_is_to_be_stopped_as_soon_as_it_is_started(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    process = FakeProcess()
    monkeypatch.setattr(subprocess, "Popen", lambda *args, **kwargs: process)
    processes: list[Any] = []
    url = serve._start_daphne({}, tmp_path / "daphne-1.log", processes)
    assert processes == [process] and url.startswith("http://127.0.0.1:")


class Answer(http.server.BaseHTTPRequestHandler):
    """200 for the home page; a proxy answering with it would give 502."""

    status = 200

    def do_GET(self) -> None:
        self.send_response(self.status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class BadProxy(Answer):
    status = 502


def _listening(handler: type[Answer]) -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def home() -> Iterator[str]:
    yield from _listening(Answer)


@pytest.fixture
def proxy() -> Iterator[str]:
    yield from _listening(BadProxy)


def test_the_servers_are_asked_directly_whatever_http_proxy_says(
        home: str, proxy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("http_proxy", proxy)
    monkeypatch.setattr(urllib.request, "_opener", None)  # urlopen's, built from the env
    monkeypatch.setattr(serve, "STARTUP_TIMEOUT", 5.0)
    log = tmp_path / "daphne.log"
    log.write_text("")
    server = Server(home, FakeProcess.pid, log)
    serve._wait_until_up(server, FakeProcess())  # type: ignore[arg-type]
    # The proxy is in effect for an ordinary request: the one above went past it.
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(home + "/", timeout=5)
    assert refused.value.code == 502


def test_stopping_a_server_stops_the_processes_it_started(tmp_path: Path) -> None:
    """A daphne's estimate worker outlives it unless stopped too: here a process that
    starts a child of its own (which ignores nothing) and waits."""
    pid_file = tmp_path / "child.pid"
    parent = subprocess.Popen(
        [sys.executable, "-c", "import subprocess, sys, time\n"
         "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
         f"open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
         "time.sleep(60)\n"])
    try:
        for _ in range(200):
            if pid_file.exists() and pid_file.read_text():
                break
            time.sleep(0.05)
        child = int(pid_file.read_text())
        assert serve._running(child)
        serve._stop_all([parent])
        assert parent.poll() is not None
        assert not serve._running(child)
    finally:
        parent.kill()
        parent.wait()
