"""One load-test run: open the tables, play at the pace for the duration, check, report.

:func:`run` drives Mini Mao (the server at each ``--url``) and then, unless told not to, the
baseline broadcast server it starts itself, with the same clients and pacing; the report is
a plain dict (printed by the command, or saved as JSON) whose ratios to the baseline come from
:class:`scripts.loadtest.stats.Comparison`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from scripts.loadtest import pages
from scripts.loadtest.clients import BaselinePlayer, Client, MaoPlayer, Table, Tally, first_of
from scripts.loadtest.http import HttpError, Session
from scripts.loadtest.memory import cpu_seconds, total_rss_kib
from scripts.loadtest.stats import Comparison, Measured, ServerCpu, fan_out, summary

STEP_TIMEOUT = 30.0
SAMPLE_EVERY = 0.5


@dataclass
class Config:
    """What to run: the servers, the load, the pace and the checks."""

    urls: list[str]
    games: int = 10
    players: int = 5
    pace: float = 2.0
    duration: float = 30.0
    server_pids: list[int] = field(default_factory=list)
    seed: int = 1
    setup_concurrency: int = 8
    drain: float = 10.0
    spread: str = "seats"
    baseline: bool = True
    baseline_duration: float | None = None
    warmup: bool = True
    #: Players of each table (the first ones) who keep their notebook open, so that its
    #: evidence is pushed to them with every change.
    notebooks: int = 0
    #: How players play and pass (:data:`scripts.loadtest.clients.TRANSPORTS`): ``socket``
    #: as browsers do while their socket is open, ``post`` their fallback, ``action``.
    transport: str = "socket"


def base_for(config: Config, table: int, seat: int) -> str:
    """The server a seat talks to: seats of one table spread over the URLs (``seats``), or
    each table on one URL (``games``)."""
    urls = config.urls
    if config.spread == "games":
        return urls[table % len(urls)]
    return urls[(table + seat) % len(urls)]


def _started(client: Client) -> bool:
    return pages.LOBBY_STARTED in client.latest


def _has_frame(client: Client) -> bool:
    return client.arrivals.last >= 0


async def _until(client: Client, ready: Callable[[Client], bool], what: str,
                 timeout: float = STEP_TIMEOUT) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not ready(client):
        left = deadline - loop.time()
        if left <= 0 or not client.connected:
            raise SetupError(f"{client.table.code or '?'} seat {client.seat}: {what}")
        client.changed.clear()
        if ready(client):
            return
        await first_of(client.changed.wait(), timeout=left)


class SetupError(RuntimeError):
    """A table that could not be opened, joined or started."""


def _cookies(player: MaoPlayer) -> dict[str, str]:
    return {"Cookie": player.session.cookie_header()}


async def _need(player: MaoPlayer, method: str, path: str, data: Any = None, *,
                htmx: bool = False, expect: tuple[int, ...] = (200,)) -> str:
    response = await player.http(method, path, data, htmx=htmx, expect=expect)
    if response is None:
        raise SetupError(f"{method} {path} failed")
    if expect == (302,):
        return response.headers.get("location", "")
    return response.text


async def open_mao_table(config: Config, index: int, tally: Tally, players: int) -> Table:
    """Open, fill and start one table the way browsers do; every seat ends on the table
    page's socket with a first frame received."""
    table = Table(code="")
    seats = [MaoPlayer(table, s, base_for(config, index, s), config.pace, tally,
                       config.seed * 1_000_003 + index * 11 + s, f"Player {s + 1}",
                       transport=config.transport)
             for s in range(players)]
    table.players = list(seats)
    host = seats[0]
    await _need(host, "GET", "/")
    location = await _need(host, "POST", "/new/", {
        "name": host.name, "players": str(players), "hand_size": "5", "decks": "1",
        "jokers": "on", "first_rule_maker": "random"}, expect=(302,))
    table.code = location.rstrip("/").rsplit("/", 1)[-1]
    lobby = f"/ws/g/{table.code}/?page=lobby"
    await _need(host, "GET", f"/g/{table.code}/")
    await host.open_socket(lobby, _cookies(host))
    for player in seats[1:]:
        await _need(player, "GET", f"/g/{table.code}/")
        answer = await _need(player, "POST", f"/g/{table.code}/join/", {"name": player.name},
                             htmx=True)
        if error := pages.lobby_error(answer):
            tally.error("refused", f"join {table.code}: {error}")
            raise SetupError(f"join {table.code}: {error}")
        await player.open_socket(lobby, _cookies(player))
    await _need(host, "POST", f"/g/{table.code}/start/", {}, htmx=True, expect=(204,))
    for player in seats:
        # The lobby fragment now links to the table; the browser follows it.
        await _until(player, _started,
                     "the lobby never said the game started")
        await player.close()
        await _need(player, "GET", f"/g/{table.code}/")
        await player.open_socket(f"/ws/g/{table.code}/", _cookies(player))
        await _until(player, _has_frame, "no table frame")
        if player.seat < config.notebooks and player.ws is not None:
            await player.ws.send(json.dumps({"type": "notebook", "open": True}))
    return table


async def open_baseline_table(config: Config, index: int, tally: Tally, base: str) -> Table:
    """A baseline game: its players connected, each with its first frame."""
    table = Table(code=f"b{index}")
    table.players = [BaselinePlayer(table, s, base, config.pace, tally,
                                    config.seed * 1_000_003 + index * 11 + s, config.players)
                     for s in range(config.players)]
    for player in table.players:
        await player.open_socket(f"/ws/g/{table.code}/")
        await _until(player, _has_frame, "no baseline frame")
    return table


async def open_tables(config: Config, opener: Callable[[int], Awaitable[Table]],
                      tally: Tally) -> list[Table]:
    """Open ``config.games`` tables, a few at a time; a table that fails is left out."""
    gate = asyncio.Semaphore(config.setup_concurrency)

    async def one(index: int) -> Table | None:
        async with gate:
            try:
                return await opener(index)
            except (SetupError, HttpError, OSError, TimeoutError) as exc:
                tally.error("setup", str(exc))
                return None
            except Exception as exc:  # noqa: BLE001 (a websockets handshake refusal, say)
                tally.error("setup", f"{type(exc).__name__}: {exc}")
                return None

    opened = await asyncio.gather(*(one(i) for i in range(config.games)))
    return [t for t in opened if t is not None]


async def final_mao_version(table: Table) -> int | None:
    """The game's version as a fresh page load shows it."""
    host = table.players[0]
    assert isinstance(host, MaoPlayer)
    response = await host.http("GET", f"/g/{table.code}/")
    return pages.version_of(response.text) if response is not None else None


def final_baseline_version(base: str) -> Callable[[Table], Awaitable[int | None]]:
    """Reads a baseline game's version from the baseline server."""
    session = Session(base)

    async def read(table: Table) -> int | None:
        try:
            response = await session.get(f"/version/{table.code}/")
        except HttpError:
            return None
        text = response.text.strip()
        return int(text) if text.lstrip("-").isdigit() else None

    return read


async def play_phase(config: Config, tables: list[Table], duration: float, pids: Sequence[int],
                     final: Callable[[Table], Awaitable[int | None]], tally: Tally
                     ) -> tuple[dict[str, Any], Measured]:
    """Play for ``duration`` seconds (or until every game ended), then check every client;
    the part's figures for the report, and what it is compared by, unrounded."""
    loop = asyncio.get_running_loop()
    players = [p for t in tables for p in t.players]
    stop = asyncio.Event()
    start = loop.time()
    for player in players:
        player.next_allowed = start + player.rng.uniform(0, config.pace)
    tasks = [asyncio.create_task(p.play(stop)) for p in players]
    peak = [total_rss_kib(pids) or 0]

    async def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], total_rss_kib(pids) or 0)
            await first_of(stop.wait(), timeout=SAMPLE_EVERY)

    sampler = asyncio.create_task(sample())
    cpu_before, client_before = cpu_seconds(pids), time.process_time()
    while loop.time() - start < duration and not all(t.ended for t in tables) and not all(
            task.done() for task in tasks):
        await asyncio.sleep(0.2)
    stop.set()
    end = loop.time()
    cpu_after, client_after = cpu_seconds(pids), time.process_time()
    await asyncio.gather(*tasks, sampler, return_exceptions=True)
    window = max(end - start, 1e-9)

    # Nobody acts any more: every client must reach the game's final version.
    for table in tables:
        table.final_version = await final(table)
    deadline = loop.time() + config.drain
    while loop.time() < deadline and any(
            p.arrivals.last != t.final_version for t in tables for p in t.players
            if t.final_version is not None and p.connected):
        await asyncio.sleep(0.1)
    rss_end = total_rss_kib(pids)
    lost = [f"{t.code} seat {p.seat}: saw {p.arrivals.last}, server at {t.final_version}"
            for t in tables for p in t.players if p.arrivals.last != t.final_version]
    unreadable = sum(1 for t in tables if t.final_version is None)

    latencies: list[float] = []
    by_kind: dict[str, list[float]] = {}
    unseen = 0
    kinds: dict[str, int] = {}
    for table in tables:
        for action in table.actions:
            kinds[action.kind] = kinds.get(action.kind, 0) + 1
            found, missing = fan_out([action], table.players_arrivals())
            latencies += found
            by_kind.setdefault(action.kind, []).extend(found)
            unseen += missing
    accepted = sum(len(t.actions) for t in tables)
    figures: dict[str, Any] = {
        "games": len(tables), "players": len(players),
        "window_seconds": round(window, 2),
        "offered_actions_per_second": round(len(players) / config.pace, 1),
        "attempted": tally.attempted,
        "served_of_attempted": round(accepted / tally.attempted, 3) if tally.attempted else None,
        "actions": accepted, "actions_by_kind": kinds,
        "actions_per_second": round(accepted / window, 1),
        "latency_ms": summary(latencies), "actions_some_seat_never_saw": unseen,
        "latency_ms_by_kind": {kind: summary(values) for kind, values in sorted(by_kind.items())},
        "penalties": tally.penalties, "stale": tally.stale, "rule_retries": tally.rule_retries,
        "errors": dict(tally.errors), "error_total": sum(tally.errors.values()),
        "error_examples": tally.examples,
        "lost_updates": len(lost), "lost_examples": lost[:10], "clients_checked": len(players),
        "final_version_unreadable": unreadable,
        "games_ended": sum(1 for t in tables if t.ended),
        "frames": tally.frames,
        "frame_bytes_mean": round(tally.frame_bytes / tally.frames) if tally.frames else 0,
        "client_cpu_percent": round(100 * (client_after - client_before) / window, 1),
        "rss_peak_kib": peak[0] or None, "rss_end_kib": rss_end,
    }
    cpu = (ServerCpu(cpu_after - cpu_before, window, accepted)
           if cpu_before is not None and cpu_after is not None else None)
    if cpu is not None:
        figures |= cpu.figures()
    return figures, Measured.of(latencies, cpu)


async def close_all(tables: list[Table]) -> None:
    """Close every socket on purpose."""
    await asyncio.gather(*(p.close() for t in tables for p in t.players),
                         return_exceptions=True)


async def warm_up(config: Config) -> None:
    """One small table opened and closed first, so the memory baseline is a warm server."""
    tally = Tally()
    with contextlib.suppress(Exception):
        table = await open_mao_table(config, config.games, tally, 2)
        await close_all([table])


async def run_mao(config: Config, pids: list[int]) -> tuple[dict[str, Any], Measured]:
    """Mini Mao under the configured load (as :func:`play_phase` returns it)."""
    if config.warmup:
        await warm_up(config)
    tally = Tally()
    rss_before = total_rss_kib(pids)
    began = time.monotonic()
    tables = await open_tables(
        config, lambda i: open_mao_table(config, i, tally, config.players), tally)
    setup = time.monotonic() - began
    rss_connected = total_rss_kib(pids)
    figures, measured = await play_phase(config, tables, config.duration, pids,
                                         final_mao_version, tally)
    await close_all(tables)
    figures["setup_seconds"] = round(setup, 1)
    figures["memory"] = _memory(pids, rss_before, rss_connected, figures, len(tables) *
                                config.players)
    return figures, measured


def _memory(pids: list[int], before: int | None, connected: int | None,
            figures: dict[str, Any], players: int) -> dict[str, Any]:
    memory: dict[str, Any] = {"pids": pids}
    if before is None or connected is None:
        memory["note"] = "no readable server process (give --server-pid)"
        return memory
    memory |= {"rss_before_mib": round(before / 1024, 1),
               "rss_connected_mib": round(connected / 1024, 1),
               "rss_peak_mib": round((figures.pop("rss_peak_kib") or 0) / 1024, 1),
               "rss_end_mib": round((figures.pop("rss_end_kib") or 0) / 1024, 1),
               "per_player_kib": round((connected - before) / players, 1) if players else None}
    return memory


async def start_baseline(pad: int) -> tuple[asyncio.subprocess.Process, int]:
    """Start the baseline server on a free port; its process and port."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "scripts.loadtest.baseline", "--port", "0", "--pad", str(pad),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    try:
        line = await asyncio.wait_for(process.stdout.readline(), STEP_TIMEOUT)
    except TimeoutError:
        line = b""
    if not line.startswith(b"PORT "):
        process.kill()
        _, err = await process.communicate()
        raise RuntimeError(f"the baseline server did not start: {err.decode()[-500:]}")
    return process, int(line.split()[1])


async def run_baseline(config: Config, pad: int) -> tuple[dict[str, Any], Measured]:
    """The baseline broadcast server under the same clients, load and pace (as
    :func:`play_phase` returns it)."""
    process, port = await start_baseline(pad)
    base = f"http://127.0.0.1:{port}"
    try:
        tally = Tally()
        pids = [process.pid]
        rss_before = total_rss_kib(pids)
        tables = await open_tables(
            config, lambda i: open_baseline_table(config, i, tally, base), tally)
        rss_connected = total_rss_kib(pids)
        duration = config.baseline_duration or config.duration
        figures, measured = await play_phase(config, tables, duration, pids,
                                             final_baseline_version(base), tally)
        await close_all(tables)
        figures["memory"] = _memory(pids, rss_before, rss_connected, figures,
                                    len(tables) * config.players)
        figures["frame_pad_bytes"] = pad
        return figures, measured
    finally:
        process.terminate()
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            process.kill()
            await process.wait()


async def run(config: Config) -> dict[str, Any]:
    """The whole run: Mini Mao, then the baseline, and Mini Mao's p95 latency and server CPU
    per action as multiples of the baseline's (:class:`~scripts.loadtest.stats.Comparison`)."""
    mao, ours = await run_mao(config, config.server_pids)
    report: dict[str, Any] = {
        "config": {"urls": config.urls, "games": config.games, "players": config.players,
                   "pace_seconds": config.pace, "duration_seconds": config.duration,
                   "transport": config.transport,
                   "spread": config.spread, "seed": config.seed},
        "mao": mao,
    }
    if config.baseline:
        pad = int(mao.get("frame_bytes_mean") or 0)
        report["baseline"], theirs = await run_baseline(config, pad)
        report |= Comparison.between(ours, theirs).figures()
    return report
