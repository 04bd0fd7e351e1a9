"""One daphne on a free loopback port, for the browser tests and the screenshots command."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STARTUP_TIMEOUT = 30.0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path,
                  timeout: float = STARTUP_TIMEOUT) -> None:
    """Wait until ``url`` answers 200; ``RuntimeError`` with the log if daphne dies or is slow."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"daphne did not answer {url} within {timeout} s:\n{log.read_text()}")


@contextmanager
def running(env: dict[str, str], log: Path, timeout: float = STARTUP_TIMEOUT) -> Iterator[str]:
    """Run daphne with ``env`` (its output in ``log``) until the block ends; yield its base
    URL once ``/`` answers 200."""
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "maosite.asgi:application"], cwd=ROOT, env=env, stdout=out,
            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url + "/", process, log, timeout)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
