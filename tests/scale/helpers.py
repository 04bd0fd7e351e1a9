"""Helpers for the scale-out tests: daphne processes, a browser-like HTTP client, game rows."""

from __future__ import annotations

import http.cookiejar
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The scale-out tests delete their Redis keys as the load test does.
from scripts.loadtest.serve import delete_redis_keys as delete_redis_keys

ROOT = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT = 30.0
VERSION = re.compile(r'id="version" name="version" value="(\d+)"')


@dataclass
class Server:
    """A daphne process serving Mini Mao at ``url``."""

    name: str
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def ws_url(self) -> str:
        """The same server's WebSocket base URL."""
        return "ws" + self.url.removeprefix("http")


def free_port() -> int:
    """A TCP port nobody listens on (just now) on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(name: str, env: dict[str, str], log: Path) -> Server:
    """Start ``daphne maosite.asgi:application`` on a free port; return once it serves pages."""
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "maosite.asgi:application"], cwd=ROOT, env=env, stdout=out,
            stderr=subprocess.STDOUT)
    server = Server(name, f"http://127.0.0.1:{port}", process, log)
    try:
        _wait_until_up(server)
    except BaseException:
        stop_server(server)
        raise
    return server


def _wait_until_up(server: Server) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"daphne {server.name} exited with {server.process.returncode}:"
                               f"\n{server.log.read_text()}")
        try:
            with urllib.request.urlopen(server.url + "/", timeout=1) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"daphne {server.name} did not answer within {STARTUP_TIMEOUT} s:\n"
                       f"{server.log.read_text()}")


def stop_server(server: Server) -> None:
    """SIGTERM, then SIGKILL if it has not stopped within ten seconds."""
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


class Browser:
    """One person's cookies (session, CSRF) over HTTP, like a browser, on any server."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str:
        """The value of a cookie (cookies do not depend on the port: both servers see it)."""
        for cookie in self.jar:
            if cookie.name == name and cookie.value is not None:
                return cookie.value
        raise KeyError(f"no {name} cookie yet")

    def get(self, url: str) -> tuple[str, str]:
        """GET ``url``; returns the final URL (after redirects) and the body."""
        with self.opener.open(url, timeout=10) as response:
            return response.geturl(), response.read().decode()

    def post(self, url: str, data: dict[str, Any], htmx: bool = False
             ) -> tuple[str, str, dict[str, str]]:
        """POST a form with the CSRF token and the headers Django checks (Origin, Referer).

        Returns the final URL, the body and the response headers.
        """
        origin = "{0.scheme}://{0.netloc}".format(urllib.parse.urlsplit(url))
        headers = {"X-CSRFToken": self.cookie("csrftoken"), "Origin": origin,
                   "Referer": origin + "/"}
        if htmx:
            headers["HX-Request"] = "true"
        body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        with self.opener.open(request, timeout=10) as response:
            return response.geturl(), response.read().decode(), dict(response.headers)


def game_row(database_url: str, code: str) -> dict[str, Any]:
    """A game's stored ``version``, ``phase`` and ``state``, read with psycopg."""
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(database_url, row_factory=dict_row) as conn:
        row = conn.execute("SELECT version, phase, state FROM games_game WHERE code = %s",
                           [code]).fetchone()
    assert row is not None, f"no game {code}"
    return dict(row)
