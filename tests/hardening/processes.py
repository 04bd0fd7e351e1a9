"""Real processes for the fault tests: daphne, redis-server, and a browser-like socket client.

Run as a module it also prepares a database for them:
``python -m tests.hardening.processes table`` migrates the database named by DATABASE_URL,
starts a three-seat game whose seats are held by three stored browser sessions, plays its
first rule, and prints ``{"game", "code", "keys"}``; ``... check GAME`` prints the game's
version, log, card census and whether a replay of its log gives its stored state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VERSION = re.compile(r'id="version" name="version" value="(\d+)"')


def free_port() -> int:
    """A TCP port nobody listens on (just now) on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(condition: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} within {timeout} s")
        time.sleep(0.05)


@dataclass
class Daphne:
    """A daphne process serving Mini Mao on a fixed port, restartable on the same port."""

    port: int
    env: dict[str, str]
    log: Path
    process: subprocess.Popen[bytes] | None = None
    extra_args: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start it and return once it answers HTTP."""
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                 *self.extra_args, "maosite.asgi:application"],
                cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        _wait(self._serves, f"daphne did not serve on port {self.port}")

    def _serves(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise RuntimeError(f"daphne exited ({self.process.returncode}):\n"
                               f"{self.log.read_text()}")
        try:
            with urllib.request.urlopen(self.url + "/", timeout=1) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    def stop(self, how: signal.Signals = signal.SIGTERM, timeout: float = 15.0) -> int:
        """Send ``how`` and wait for the process to end; return its exit status."""
        assert self.process is not None
        self.process.send_signal(how)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise

    def kill_quietly(self) -> None:
        """Make sure the process is gone (test teardown)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def redis_server_binary() -> str | None:
    """The redis-server executable, if installed."""
    return shutil.which("redis-server")


@dataclass
class Redis:
    """A private redis-server on its own port, keeping nothing on disk."""

    port: int
    log: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = redis_server_binary()
        assert binary is not None
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--daemonize", "no"], stdout=out,
                stderr=subprocess.STDOUT)
        _wait(self._pongs, f"redis-server did not answer on port {self.port}")

    def _pongs(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """SIGKILL: Redis vanishes without a goodbye."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Player:
    """A browser tab's WebSocket, as htmx's ws extension keeps it: it reconnects by itself
    after the connection drops, and remembers the last version it was shown."""

    def __init__(self, server: Daphne, code: str, key: str) -> None:
        self.server, self.code, self.key = server, code, key
        self.ws: Any = None
        self.version = -1
        self.closes: list[int | None] = []

    async def connect(self, timeout: float = 30.0) -> None:
        """(Re)connect, retrying until the server accepts; read the first frame (the whole
        view, with the current version)."""
        from websockets.asyncio.client import connect
        from websockets.typing import Origin

        deadline = time.monotonic() + timeout
        while True:
            try:
                self.ws = await connect(
                    f"ws://127.0.0.1:{self.server.port}/ws/g/{self.code}/",
                    origin=Origin(f"http://127.0.0.1:{self.server.port}"),
                    additional_headers={"Cookie": f"sessionid={self.key}"}, open_timeout=5)
                await self.until(lambda: True, timeout=10)
                return
            except Exception as exc:  # refused, reset, or a handshake the server failed
                if time.monotonic() > deadline:
                    raise TimeoutError(f"could not reconnect: {exc!r}") from exc
            await asyncio.sleep(0.2)

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def act(self, action: dict[str, Any]) -> None:
        """Send an action at the version this tab shows."""
        await self.send({"type": "act", "version": self.version, "action": action})

    async def until(self, done: Any, timeout: float = 10.0) -> None:
        """Read frames until ``done()`` holds after a frame that carries a version."""
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.ws.recv()
                found = VERSION.search(frame)
                if found:
                    self.version = int(found.group(1))
                    if done():
                        return

    async def sees(self, version: int, timeout: float = 10.0) -> None:
        """Wait until this tab shows ``version`` (or later)."""
        if self.version < version:
            await self.until(lambda: self.version >= version, timeout)

    async def dropped(self, timeout: float = 15.0) -> None:
        """Wait until the server's side of the connection is gone."""
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            async with asyncio.timeout(timeout):
                while True:
                    await self.ws.recv()
        self.closes.append(self.ws.close_code)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def http_act(server: Daphne, code: str, key: str, data: dict[str, str]) -> str:
    """POST an action as the table page's form does (session cookie, CSRF token from the
    page, htmx header); return the X-Mao-Accepted header ("1" when accepted)."""
    import urllib.parse
    from http.cookies import SimpleCookie

    page = urllib.request.Request(f"{server.url}/g/{code}/",
                                  headers={"Cookie": f"sessionid={key}"})
    with urllib.request.urlopen(page, timeout=10) as response:
        cookies: SimpleCookie = SimpleCookie()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookies.load(header)
    token = cookies["csrftoken"].value
    post = urllib.request.Request(
        f"{server.url}/g/{code}/act/", data=urllib.parse.urlencode(data).encode(),
        headers={"Cookie": f"sessionid={key}; csrftoken={token}", "X-CSRFToken": token,
                 "HX-Request": "true"})
    with urllib.request.urlopen(post, timeout=10) as response:
        return str(response.headers.get("X-Mao-Accepted", ""))


def python(env: dict[str, str], *args: str) -> Any:
    """Run ``python args`` in the project; return the JSON of its last line of output."""
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def stored(env: dict[str, str], game: int) -> dict[str, Any]:
    """The stored game as :func:`check` reports it, read by a separate process."""
    return dict(python(env, "-m", "tests.hardening.processes", "check", str(game)))


def peek(env: dict[str, str], game: int) -> dict[str, Any]:
    """The stored game's version, state, player to move and log, read straight from the
    SQLite file (quick: no Django start-up; in WAL mode this never blocks the server)."""
    import sqlite3

    path = env["DATABASE_URL"].removeprefix("sqlite:///")
    with contextlib.closing(sqlite3.connect(path, timeout=10)) as db:
        version, state = db.execute("SELECT version, state FROM games_game WHERE id = ?",
                                    (game,)).fetchone()
        log = [seq for (seq,) in db.execute(
            "SELECT seq FROM games_logentry WHERE game_id = ? ORDER BY seq", (game,))]
    state = json.loads(state)
    return {"version": version, "current": state["current"], "state": state, "log": log}


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    import django

    django.setup()


def table() -> None:
    """Migrate; start a three-seat game held by three browser sessions; print it with the
    sessions' cookie values."""
    _setup_django()
    import secrets
    from importlib import import_module

    from django.conf import settings
    from django.core.management import call_command

    from games.engine.actions import WriteRule
    from games.engine.settings import GameSettings
    from games.lobby.services import join_game, open_game, start_game
    from games.store.identity import SESSION_KEY, hash_token
    from games.store.writes import submit_action

    call_command("migrate", verbosity=0)
    keys, holders = [], []
    for _ in range(3):
        session = import_module(settings.SESSION_ENGINE).SessionStore()
        token = secrets.token_urlsafe(32)
        session[SESSION_KEY] = token
        session.save()
        keys.append(session.session_key)
        holders.append(hash_token(token))
    # A fixed seed: the same deal on every run (the lobby would draw a random one).
    game = open_game(GameSettings(players=3, first_rule_maker=0), "Gogol", holders[0], seed=1)
    join_game(game, "Bull", holders[1])
    join_game(game, "de Worms", holders[2])
    game = start_game(game, holders[0])
    rule = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
    game = submit_action(game.code, WriteRule(0, rule), game.version).game
    print(json.dumps({"game": game.pk, "code": game.code, "keys": keys}))


def check(game_id: int) -> None:
    """Print the stored game's version, state, log and consistency."""
    _setup_django()
    from collections import Counter

    from games.engine.invariants import card_census, violations
    from games.models import Game
    from games.store.reads import load_state, replay
    from rules.cards import make_deck
    from tests.factories import stored_state

    game = Game.objects.get(pk=game_id)
    state = load_state(game)
    deck = Counter(str(c) for c in make_deck(state.settings.decks, state.settings.jokers))
    print(json.dumps({"version": game.version, "state": game.state,
                      "current": stored_state(game).current,
                      "log": sorted(game.log.values_list("seq", flat=True)),
                      "violations": violations(state), "cards": card_census(state) == deck,
                      "replayed": replay(game).to_json() == game.state}))


if __name__ == "__main__":
    if sys.argv[1] == "table":
        table()
    else:
        check(int(sys.argv[2]))
