"""``manage.py loadtest``'s child (games/management/processes.py): each Ctrl-C or SIGTERM
reaches it exactly once, its exit status is the command's, and it ends when the command is
killed outright.

A parent process runs :func:`run_forwarding` on a child that records every SIGINT and SIGTERM
it gets. The parent is started in a process group of its own, as a shell starts a command in
the terminal's foreground group, so that a terminal's Ctrl-C is ``killpg(parent, SIGINT)``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.management import processes
from games.management.commands import loadtest

ROOT = Path(__file__).resolve().parents[2]
#: The child: records the signals it gets, a second after the first (time for a second one
#: to arrive), and ends as the load test does, with 128 + the first one.
CHILD = """
import os, signal, sys, time
from pathlib import Path
out = Path(sys.argv[1])
got = []
for sig in (signal.SIGINT, signal.SIGTERM):
    signal.signal(sig, lambda signum, frame: got.append(signum))
(out.parent / "child.pid").write_text(str(os.getpid()))
deadline = time.monotonic() + 120
while not got and time.monotonic() < deadline:
    time.sleep(0.01)
time.sleep(1.0)
out.write_text(" ".join(str(s) for s in got))
sys.exit(128 + got[0] if got else 0)
"""
#: The parent: ``manage.py loadtest``'s way of running the load test, on the child.
PARENT = """
import os, sys
from pathlib import Path
from games.management.processes import run_forwarding
sys.exit(run_forwarding([sys.executable, "-c", sys.argv[1], sys.argv[2]], cwd=Path.cwd(),
                        env=os.environ))
"""
TIMEOUT = 60.0


def _wait_for(path: Path) -> str:
    deadline = time.monotonic() + TIMEOUT
    while not path.exists() or not path.read_text():
        assert time.monotonic() < deadline, f"no {path.name} within {TIMEOUT} s"
        time.sleep(0.05)
    return path.read_text()


@pytest.fixture
def parent(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """The parent, once its child runs (and both stopped at the end, whatever happened)."""
    process = subprocess.Popen([sys.executable, "-c", PARENT, CHILD, str(tmp_path / "got")],
                               cwd=ROOT, start_new_session=True)
    try:
        _wait_for(tmp_path / "child.pid")
        yield process
    finally:
        child = tmp_path / "child.pid"
        if child.exists():
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(child.read_text()), signal.SIGKILL)
        if process.poll() is None:
            process.kill()
        process.wait()


def test_a_terminals_ctrl_c_reaches_the_child_once(parent: subprocess.Popen[bytes],
                                                   tmp_path: Path) -> None:
    os.killpg(parent.pid, signal.SIGINT)  # the whole foreground group, as a terminal does
    assert parent.wait(timeout=TIMEOUT) == 128 + signal.SIGINT
    assert _wait_for(tmp_path / "got") == str(int(signal.SIGINT))


def test_a_sigterm_to_the_command_reaches_the_child_once(parent: subprocess.Popen[bytes],
                                                         tmp_path: Path) -> None:
    parent.terminate()
    assert parent.wait(timeout=TIMEOUT) == 128 + signal.SIGTERM
    assert _wait_for(tmp_path / "got") == str(int(signal.SIGTERM))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_child_gets_sigterm_when_the_command_is_killed(parent: subprocess.Popen[bytes],
                                                           tmp_path: Path) -> None:
    parent.kill()
    parent.wait(timeout=TIMEOUT)
    assert _wait_for(tmp_path / "got") == str(int(signal.SIGTERM))


def test_the_command_runs_the_load_test_that_way(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []

    def run(command: list[str], cwd: Path, env: dict[str, str]) -> int:
        ran.append(command)
        return 0

    monkeypatch.setattr(loadtest, "run_forwarding", run)
    assert loadtest.run_loadtest(["--games", "2"]) == 0
    assert ran == [[sys.executable, "-m", "scripts.loadtest", "--serve", "1", "--games", "2"]]


def test_a_child_ended_by_a_signal_gives_its_shells_status() -> None:
    assert processes.exit_status(-signal.SIGKILL) == 128 + signal.SIGKILL
    assert processes.exit_status(3) == 3
