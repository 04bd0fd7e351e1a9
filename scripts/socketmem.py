"""Memory per connected player: a fresh daphne, G tables of P players, RSS before and after.

    python -m scripts.socketmem --port 18401 --games 100 --players 5 --repeats 3

Each repeat opens the tables as the load test does and prints, from the server's
``VmRSS``, the KiB per player, per extra idle socket and after closing, and ``setup_s``
(a setup slower than twisted's 60 s idle timeout counts fewer HTTP connections). The median
is printed last. ``--tracemalloc DIR`` saves snapshots (those runs' RSS is inflated).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from scripts.loadtest.clients import MaoPlayer, Table, Tally
from scripts.loadtest.memory import rss_kib
from scripts.loadtest.runner import Config, _cookies, _has_frame, _until, open_mao_table

ROOT = Path(__file__).resolve().parent.parent
SETTLE = 1.0


def server_env(workdir: Path, port: int) -> dict[str, str]:
    """The environment of a production-like server on a fresh SQLite file in ``workdir``."""
    return os.environ | {
        "DEBUG": "0", "MAO_HTTPS": "0", "MAO_RATE_LIMITS": "0",
        "SECRET_KEY": "socketmem-" + "x" * 50, "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": f"sqlite:///{workdir}/db.sqlite3",
        "MAO_STATIC_ROOT": str(workdir / "static"),
        "PYTHONPATH": str(ROOT),
    }


def serve(argv: list[str], snapshot_dir: str | None) -> None:
    """Run daphne in this process; with ``snapshot_dir``, SIGUSR1 saves a tracemalloc
    snapshot there (the name read from ``snapshot_dir/next``). SIGUSR2 runs a full garbage
    collection (``--collect``)."""
    signal.signal(signal.SIGUSR2, lambda *_: gc.collect())
    if snapshot_dir:
        import tracemalloc

        tracemalloc.start(25)

        def save(*_: Any) -> None:
            name = (Path(snapshot_dir) / "next").read_text().strip()
            tracemalloc.take_snapshot().dump(str(Path(snapshot_dir) / name))
            (Path(snapshot_dir) / "done").write_text(name)

        signal.signal(signal.SIGUSR1, save)
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(argv)


async def _snapshot(process: subprocess.Popen[bytes], snapshot_dir: str | None,
                    name: str) -> None:
    if not snapshot_dir:
        return
    done = Path(snapshot_dir) / "done"
    done.unlink(missing_ok=True)
    (Path(snapshot_dir) / "next").write_text(name)
    process.send_signal(signal.SIGUSR1)
    while not done.exists() or done.read_text() != name:
        await asyncio.sleep(0.2)


async def _rss(pid: int, collect: bool = False) -> int:
    await asyncio.sleep(SETTLE)
    if collect:
        os.kill(pid, signal.SIGUSR2)
        await asyncio.sleep(SETTLE)
    return rss_kib(pid) or 0


async def measure(url: str, process: subprocess.Popen[bytes], games: int, players: int,
                  snapshot_dir: str | None, tag: str, collect: bool = False) -> dict[str, float]:
    """One repeat against the server ``process`` at ``url``: KiB per player and socket;
    ``collect``: each reading after a full garbage collection in the server."""
    config = Config(urls=[url], games=games, players=players, baseline=False)
    tally = Tally()
    warm = await open_mao_table(config, games, tally, 2)
    for player in warm.players:
        await player.close()
    pid = process.pid
    await _snapshot(process, snapshot_dir, f"{tag}-before.snap")
    before = await _rss(pid, collect)
    gate = asyncio.Semaphore(config.setup_concurrency)

    async def one(index: int) -> Table:
        async with gate:
            return await open_mao_table(config, index, tally, players)

    began = time.monotonic()
    tables = await asyncio.gather(*(one(i) for i in range(games)))
    setup = time.monotonic() - began
    connected = await _rss(pid, collect)
    await _snapshot(process, snapshot_dir, f"{tag}-connected.snap")
    seated = [p for t in tables for p in t.players if isinstance(p, MaoPlayer)]
    tabs = [MaoPlayer(p.table, p.seat, p.base, 60.0, tally, 0, p.name) for p in seated]
    for tab, player in zip(tabs, seated, strict=True):
        tab.session = player.session
        await tab.open_socket(f"/ws/g/{player.table.code}/", _cookies(player))
        await _until(tab, _has_frame, "no frame on the second tab")
    tabbed = await _rss(pid, collect)
    await _snapshot(process, snapshot_dir, f"{tag}-tabs.snap")
    for client in [*tabs, *seated]:
        await client.close()
    closed = await _rss(pid, collect)
    if tally.errors:
        raise RuntimeError(f"errors: {dict(tally.errors)} {tally.examples[:3]}")
    count = len(seated)
    return {"before_mib": before / 1024, "connected_mib": connected / 1024,
            "per_player_kib": (connected - before) / count,
            "per_socket_kib": (tabbed - connected) / count,
            "after_close_kib": (closed - before) / count, "setup_s": setup}


def start_server(workdir: Path, port: int, snapshot_dir: str | None,
                 extra: list[str]) -> subprocess.Popen[bytes]:
    """A fresh daphne on ``port`` over a fresh database in ``workdir``."""
    env = server_env(workdir, port)
    db = workdir / "db.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
                   cwd=ROOT, env=env, check=True)
    command = [sys.executable, "-m", "scripts.socketmem", "--serve"]
    if snapshot_dir:
        command += ["--tracemalloc", snapshot_dir]
    command += ["--", "--websocket-max-message-size", "65536", "-b", "127.0.0.1",
                "-p", str(port), *extra, "maosite.asgi:application"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=open(workdir / "server.log", "ab"))  # noqa: SIM115


async def wait_listening(port: int, timeout: float = 60.0) -> None:
    """Until something accepts connections on ``port``."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


def main(argv: list[str] | None = None) -> None:
    """The command."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--serve"]:
        rest = argv[1:]
        snapshot_dir = None
        if rest[:1] == ["--tracemalloc"]:
            snapshot_dir, rest = rest[1], rest[2:]
        serve(rest[1:] if rest[:1] == ["--"] else rest, snapshot_dir)
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=18401)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--tracemalloc", metavar="DIR")
    parser.add_argument("--collect", action="store_true",
                        help="read the RSS after a full garbage collection in the server "
                             "(what is held, not what waits to be collected)")
    parser.add_argument("--daphne-arg", action="append", default=[],
                        help="an extra daphne argument (repeatable)")
    options = parser.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="socketmem-"))
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"],
                   cwd=ROOT, env=server_env(workdir, options.port), check=True)
    results = []
    try:
        for repeat in range(options.repeats):
            process = start_server(workdir, options.port, options.tracemalloc,
                                   options.daphne_arg)
            try:
                asyncio.run(wait_listening(options.port))
                result = asyncio.run(measure(f"http://127.0.0.1:{options.port}", process,
                                             options.games, options.players,
                                             options.tracemalloc, str(repeat),
                                             options.collect))
            finally:
                process.terminate()
                process.wait(30)
            results.append(result)
            print(f"repeat {repeat + 1}: " + ", ".join(f"{k} {v:.1f}"
                                                     for k, v in result.items()), flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"median of {len(results)} ({options.games} x {options.players} players): "
          + ", ".join(f"{k} {statistics.median(r[k] for r in results):.1f}"
                      for k in results[0]))


if __name__ == "__main__":
    main()
