"""``python -m scripts.hostile``: run a hostile player's attacks against fresh daphnes and print
what each learned or cost, one line each (examples: docs/security.md, "The hostile player").

The server runs with the production defaults (``--url``: a running server on this machine
instead); every attack talks to the loopback only and is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit

from scripts.hostile import admin, flood, notebook, oracles, sockets
from scripts.hostile.report import Finding, failed
from scripts.hostile.target import Target
from scripts.loadtest.memory import pid_listening_on
from scripts.loadtest.serve import NOT_INHERITED, SETTINGS, Plan, ServeError, serving

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
#: What the hostile run's server gets whatever the caller's environment says: the load
#: test's production-like settings with the per-client limits back on, and the admin served
#: (it is off by default; the admin attack measures its login throttle).
HOSTILE_SETTINGS = SETTINGS | {"MAO_RATE_LIMITS": "1", "MAO_ADMIN": "1"}
#: Variables of the caller's environment that would change what the attacks meet (a test
#: run's ``MAO_RATE_LIMITS=0``, ``MAO_BOT_DELAY=0``, ``DEBUG=1``, other rates): the server
#: gets the defaults instead. ``MAO_DB_POOL`` and ``MAO_MALLOC_ARENAS`` only tune.
TUNING = ("MAO_DB_POOL", "MAO_MALLOC_ARENAS")

Attack = Callable[[Target, bool], Awaitable[Finding]]
#: The attacks, by the name ``--attacks`` takes, in the order they run.
ATTACKS: dict[str, Attack] = {
    "lock": oracles.lock_oracle,
    "jargon": oracles.jargon_oracle,
    "notebook": notebook.notebook_storage,
    "admin": admin.admin_login,
    "sockets": sockets.socket_attacks,
    # Last: the estimates it queues keep the server's worker busy after it ends.
    "flood": flood.cpu_flood,
}


def not_inherited() -> tuple[str, ...]:
    """The caller's variables the hostile run's server must not see."""
    ours = [name for name in os.environ
            if (name.startswith("MAO_") and name not in TUNING) or name == "DEBUG"]
    return (*NOT_INHERITED, *ours)


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m scripts.hostile``."""
    parser = argparse.ArgumentParser(
        prog="python -m scripts.hostile", allow_abbrev=False,
        description="Play Mini Mao as a hostile player: run each attack (the builder's lock "
                    "and jargon oracles, a CPU flood, notebook storage, admin logins, "
                    "sockets) against fresh daphne processes with the production defaults "
                    "(rate limits on, DEBUG off) and print what each learned or cost, one "
                    "line each. Loopback only; every loop is bounded; the servers are "
                    "stopped at the end.")
    parser.add_argument("--serve", type=int, default=1, metavar="N",
                        help="start N fresh daphne processes for the run (only 1: the "
                             "attacks count on one process's in-memory limits)")
    parser.add_argument("--url", default=None,
                        help="attack a running server on this machine instead of --serve "
                             "(its settings decide; run it with the rate limits on)")
    parser.add_argument("--attacks", default=",".join(ATTACKS),
                        help=f"comma-separated, of: {', '.join(ATTACKS)} (default: all)")
    parser.add_argument("--quick", action="store_true",
                        help="smaller attacks: the whole run in about a minute")
    parser.add_argument("--json", type=Path, default=None,
                        help="also write every attack's figures to this file")
    return parser


def problem(options: argparse.Namespace, names: list[str]) -> str:
    """What is wrong with the options ("" when nothing)."""
    unknown = [n for n in names if n not in ATTACKS]
    if unknown:
        return f"unknown attack {unknown[0]!r}: choose from {', '.join(ATTACKS)}"
    if not names:
        return "--attacks names no attack"
    if options.url is not None:
        parts = urlsplit(options.url)
        if parts.scheme != "http" or parts.hostname not in LOOPBACK:
            return "--url must be http:// on 127.0.0.1, localhost or ::1"
    elif options.serve != 1:
        return "--serve must be 1"
    return ""


async def run(target: Target, names: Sequence[str], quick: bool,
              say: Callable[[str], None]) -> list[Finding]:
    """Run the named attacks one after another; each finding is said as it comes."""
    findings = []
    for name in names:
        started = time.monotonic()
        try:
            finding = await ATTACKS[name](target, quick)
        except Exception as exc:  # noqa: BLE001 (an attack that fails is reported, not raised)
            finding = failed(name, exc)
        say(f"{finding.text()} ({time.monotonic() - started:.0f} s)")
        findings.append(finding)
    return findings


def main(argv: Sequence[str] | None = None) -> int:
    """Run the attacks; exit status 2 for unusable options, 1 when the server could not be
    started, 130 (143) when interrupted."""
    options = parser().parse_args(argv)
    names = [n.strip() for n in options.attacks.split(",") if n.strip()]
    if message := problem(options, names):
        print(f"error: {message}", file=sys.stderr)
        return 2
    previous = signal.signal(signal.SIGTERM, _terminate)
    began = time.monotonic()
    try:
        with contextlib.ExitStack() as stack:
            if options.url is not None:
                base = options.url.rstrip("/")
                pid = pid_listening_on(urlsplit(base).port or 80)
                target = Target(base, [pid] if pid else [], None, "a running server")
            else:
                served = stack.enter_context(serving(
                    Plan(1), _say, settings=HOSTILE_SETTINGS, not_inherited=not_inherited()))
                target = Target(served.urls[0], served.pids, served.database_file,
                                served.figures()["settings"], served.servers[0].log)
            _say(f"attacking {target.base} ({target.settings})")
            findings = asyncio.run(run(target, names, options.quick, _out))
    except ServeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:
        print("hostile: interrupted, its server stopped", file=sys.stderr)
        return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)
    finally:
        signal.signal(signal.SIGTERM, previous)
    _say(f"done in {time.monotonic() - began:.0f} s")
    if options.json is not None:
        options.json.write_text(json.dumps(
            {f.name: {"line": f.line, "ok": f.ok, "bound": f.bound, **f.figures}
             for f in findings}, indent=2) + "\n")
    return 0


class Terminated(KeyboardInterrupt):
    """SIGTERM, which ends the run as Ctrl-C does: the server stopped."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated


def _say(message: str) -> None:
    print(f"hostile: {message}", file=sys.stderr, flush=True)


def _out(line: str) -> None:
    print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
