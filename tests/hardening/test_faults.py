"""Faults on real processes: daphne stopped mid-game (SIGTERM, SIGKILL) and restarted on the
same port, and the Redis channel layer killed and restarted under a running daphne.

Each player is a real WebSocket client that reconnects by itself, as htmx's ws extension
does. After every fault nothing is lost: the state and version from before, shown to every
client on reconnecting, and an action afterwards is accepted and seen by everyone.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from games.live.consumers import CLOSE_FLOOD, CLOSE_TOO_BIG
from tests.hardening.helpers import skip_or_fail
from tests.hardening.processes import (
    Daphne,
    Player,
    Redis,
    free_port,
    http_act,
    peek,
    python,
    redis_server_binary,
    stored,
)

pytest.importorskip("websockets", reason="the fault tests need the websockets client "
                    "(pip install -e '.[dev]')")


def run(scenario: Coroutine[Any, Any, None]) -> None:
    """Run a scenario in a thread of its own, with its own event loop."""
    # Playwright's sync API (the browser tests) may leave a loop behind in the main thread,
    # and asyncio.run refuses to start there.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario).result()


def base_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, DEBUG="1", MAO_BOT_DELAY="0",
               DATABASE_URL=f"sqlite:///{tmp_path / 'faults.sqlite3'}")
    env.pop("REDIS_URL", None)
    return env


@pytest.fixture
def daphne(tmp_path: Path) -> Iterator[Daphne]:
    """A daphne on a free port over a migrated SQLite file (not started yet)."""
    server = Daphne(free_port(), base_env(tmp_path), tmp_path / "daphne.log")
    yield server
    server.kill_quietly()


def consistent(found: dict[str, Any]) -> bool:
    """The stored game is whole: one log row per version since the start (the lobby's
    changes bump the version without a log row), cards conserved, the log replays to it."""
    log = found["log"]
    return (bool(log) and log == list(range(log[0], found["version"] + 1))
            and not found["violations"] and found["cards"] and found["replayed"])


async def players_at(server: Daphne, table: dict[str, Any]) -> list[Player]:
    players = [Player(server, table["code"], key) for key in table["keys"]]
    for player in players:
        await player.connect()
    return players


async def play_turns(players: list[Player], env: dict[str, str], game: int, turns: int) -> None:
    """The player to move passes, ``turns`` times; each time everyone sees the change."""
    for _ in range(turns):
        now = peek(env, game)
        mover = players[now["current"]]
        assert mover.version == now["version"]
        await mover.act({"type": "pass"})
        for player in players:
            await player.sees(now["version"] + 1)


async def restart_scenario(server: Daphne, how: signal.Signals) -> None:
    env = server.env
    table = python(env, "-m", "tests.hardening.processes", "table")
    server.start()
    players = await players_at(server, table)
    await play_turns(players, env, table["game"], 3)
    before = peek(env, table["game"])

    status = server.stop(how)
    for player in players:
        await player.dropped()
    assert status == (-signal.SIGKILL if how == signal.SIGKILL else 0), status
    # daphne sends no close frame even on SIGTERM: clients see 1006, which htmx's ws
    # extension retries by itself (static/js/table.js reloads only after other closes).
    assert all(player.closes == [1006] for player in players), [p.closes for p in players]
    assert peek(env, table["game"]) == before  # nothing lost, nothing half-written

    server.start()  # the same port: the page's socket URL does not change
    for player in players:
        await player.connect()
        assert player.version == before["version"]  # the first frame shows the whole state
    await play_turns(players, env, table["game"], 1)
    after = stored(env, table["game"])
    assert after["version"] == before["version"] + 1 and consistent(after)
    for player in players:
        await player.close()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_daphne_restart_loses_nothing(daphne: Daphne, how: signal.Signals) -> None:
    run(restart_scenario(daphne, how))


async def kill_mid_action_scenario(server: Daphne) -> None:
    """SIGKILL while actions are in flight: each is either wholly applied or not at all."""
    env = server.env
    table = python(env, "-m", "tests.hardening.processes", "table")
    server.start()
    players = await players_at(server, table)
    for round_number in range(3):
        now = peek(env, table["game"])
        await players[now["current"]].act({"type": "pass"})
        await asyncio.sleep(0.002 * round_number)  # kill at a slightly different moment
        server.stop(signal.SIGKILL)
        for player in players:
            await player.dropped()
        found = peek(env, table["game"])
        assert found["version"] in (now["version"], now["version"] + 1)
        assert found["log"][-1] == found["version"]  # an action is whole or absent
        server.start()
        for player in players:
            await player.connect()
            assert player.version == found["version"]
    await play_turns(players, env, table["game"], 1)
    assert consistent(stored(env, table["game"]))
    for player in players:
        await player.close()


def test_a_kill_during_an_action_leaves_it_whole_or_absent(daphne: Daphne) -> None:
    run(kill_mid_action_scenario(daphne))


async def abuse_scenario(server: Daphne) -> None:
    """A real daphne under a hostile client: an oversized message and a flood close that
    client's socket only; the others play on."""
    env = server.env
    table = python(env, "-m", "tests.hardening.processes", "table")
    server.start()
    players = await players_at(server, table)
    now = peek(env, table["game"])
    abuser = Player(server, table["code"], table["keys"][now["current"]])
    await abuser.connect()
    with suppress(ConnectionClosed):  # dropped while it is still being sent: as well
        await abuser.ws.send("x" * (2 * 1024 * 1024))  # over daphne's own 1 MiB limit
    await abuser.dropped()
    await abuser.connect()
    await abuser.ws.send("y" * 100_000)  # under daphne's limit, over the consumer's 4 KiB
    await abuser.dropped()
    await abuser.connect()
    for _ in range(40):
        await abuser.ws.send("{}")
    await abuser.dropped()
    # Over daphne's limit autobahn drops the connection (the client may see 1006 while it
    # is still sending); under it, the consumer closes it politely (no 1011, no traceback).
    assert abuser.closes[0] in (1006, 1009)
    assert abuser.closes[1:] == [CLOSE_TOO_BIG, CLOSE_FLOOD]
    assert "Traceback" not in server.log.read_text()
    assert peek(env, table["game"]) == now
    await play_turns(players, env, table["game"], 2)
    for player in players:
        await player.close()


def test_a_real_server_survives_oversized_messages_and_floods(daphne: Daphne) -> None:
    run(abuse_scenario(daphne))


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    """A redis-server of this test's own on a free port (never the shared one)."""
    if redis_server_binary() is None:
        skip_or_fail("redis-server is not installed")
    try:
        import channels_redis  # noqa: F401
    except ImportError:
        skip_or_fail("channels-redis is not installed (pip install -e '.[scale]')")
    server = Redis(free_port(), tmp_path / "redis.log")
    server.start()
    yield server
    server.kill()


async def redis_restart_scenario(server: Daphne, redis: Redis) -> None:
    env = server.env
    table = python(env, "-m", "tests.hardening.processes", "table")
    server.start()
    players = await players_at(server, table)
    await play_turns(players, env, table["game"], 2)
    before = peek(env, table["game"])

    redis.kill()
    # Each socket's consumer listens on the channel layer: without Redis it fails, the
    # socket closes (1011, which htmx's ws extension retries by itself), and reconnecting
    # fails until Redis is back (joining the game's group needs it).
    for player in players:
        await player.dropped()
    assert all(player.closes == [1011] for player in players), [p.closes for p in players]
    reconnecting = [asyncio.create_task(player.connect(timeout=30)) for player in players]
    # The database does not need Redis: a play posted during the outage is committed (its
    # doorbell is lost, which is logged and swallowed).
    mover = before["current"]
    accepted = await asyncio.to_thread(http_act, server, table["code"], table["keys"][mover],
                                       {"type": "pass", "version": str(before["version"])})
    assert accepted == "1"
    during = peek(env, table["game"])
    assert during["version"] == before["version"] + 1
    await asyncio.sleep(1.0)
    assert not any(task.done() for task in reconnecting)  # still retrying

    redis.start()  # the same port, empty: groups are rebuilt as sockets reconnect
    await asyncio.gather(*reconnecting)
    for player in players:
        assert player.version == during["version"]  # the reconnect shows the outage's play
    await play_turns(players, env, table["game"], 2)  # pushes flow through Redis again
    after = stored(env, table["game"])
    assert after["version"] == during["version"] + 2 and consistent(after)
    for player in players:
        assert player.version == after["version"]
        await player.close()


def test_a_redis_restart_loses_nothing(daphne: Daphne, redis: Redis) -> None:
    daphne.env["REDIS_URL"] = redis.url
    run(redis_restart_scenario(daphne, redis))
