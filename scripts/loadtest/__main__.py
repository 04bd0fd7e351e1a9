"""``python -m scripts.loadtest``: play G games of P players against Mini Mao, then report.

Each player is an HTTP session plus a WebSocket acting as the browser does, at ``--pace``;
then the same clients drive a minimal broadcast server (the baseline). Servers are running
ones (``--url``) or N fresh daphnes (``--serve N``). See docs/testing.md, "The load test",
for examples, e.g. ``python -m scripts.loadtest --serve 1 --games 20 --players 5``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import resource
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import Any
from urllib.parse import urlsplit

from scripts.loadtest.clients import TRANSPORTS
from scripts.loadtest.memory import pid_listening_on
from scripts.loadtest.runner import Config, run
from scripts.loadtest.serve import MAX_SERVERS, Plan, ServeError, Serving, serving

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
MAX_CLIENTS = 4000
MAX_DURATION = 3600.0


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m scripts.loadtest``."""
    parser = argparse.ArgumentParser(
        prog="python -m scripts.loadtest",
        # No abbreviations: `manage.py loadtest --ur X` must be refused, not read as --url.
        allow_abbrev=False,
        description="Drive Mini Mao with G games of P WebSocket players and report actions/s, "
                    "fan-out latency, errors, lost updates, memory and server CPU, and the "
                    "same for a bare broadcast server (the baseline) with Mini Mao's p95 and "
                    "CPU per action as multiples of its. The servers are running ones "
                    "(--url) or fresh ones started for the run (--serve). `manage.py "
                    "loadtest` takes the same options and starts its own server (--serve 1) "
                    "when given neither --url nor --serve.")
    parser.add_argument("--url", action="append", default=[],
                        help="base URL of a running server (repeat, or separate with commas, "
                             "to spread players over several processes); default "
                             "http://127.0.0.1:8000 unless --serve")
    parser.add_argument("--serve", type=int, default=None, metavar="N",
                        help=f"start N (1 to {MAX_SERVERS}) fresh daphne processes for this "
                             "run instead of --url, as docs/testing.md describes (DEBUG=0 "
                             "MAO_HTTPS=0 MAO_RATE_LIMITS=0, a generated SECRET_KEY, a fresh "
                             "migrated database), and stop them at the end")
    parser.add_argument("--database", default=None, metavar="URL",
                        help="with --serve: a PostgreSQL server (postgres://user@host:port/db, "
                             "on this machine) where a fresh database is created for the run "
                             "and dropped after it; default a fresh SQLite file")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="with --serve: the channel layer on this Redis "
                             "(redis://127.0.0.1:6379/0) under a key prefix of the run's own, "
                             "its keys deleted after; needed for --serve above 1 (without "
                             "--database those processes then share one SQLite file, "
                             "which is allowed)")
    parser.add_argument("--server-logs", type=Path, default=None, metavar="DIR",
                        help="with --serve: keep the servers' logs in this folder")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--pace", type=float, default=2.0,
                        help="seconds between one player's actions (default 2)")
    parser.add_argument("--duration", type=float, default=30.0,
                        help="seconds of play (the run ends sooner if every game ends)")
    parser.add_argument("--server-pid", type=int, action="append", default=[],
                        help="with --url: pid of a server process, for its memory and CPU "
                             "(repeat); found from the port when omitted")
    parser.add_argument("--spread", choices=("seats", "games"), default="seats",
                        help="with several URLs: spread the seats of each game over them "
                             "(default) or put each game on one")
    parser.add_argument("--setup-concurrency", type=int, default=8,
                        help="tables opened at once before the play starts")
    parser.add_argument("--drain", type=float, default=10.0,
                        help="seconds the clients get to catch up after the play stops")
    parser.add_argument("--no-baseline", action="store_true",
                        help="skip the baseline broadcast server")
    parser.add_argument("--baseline-duration", type=float, default=None,
                        help="seconds of baseline play (default: --duration)")
    parser.add_argument("--no-warmup", action="store_true")
    parser.add_argument("--notebooks", type=int, default=0,
                        help="players of each table who keep their notebook open (its "
                             "evidence is then pushed to them with every change)")
    parser.add_argument("--transport", choices=TRANSPORTS, default="socket",
                        help="how players play and pass: socket (the table form's fields "
                             "as the socket's act frame, as browsers do while their socket "
                             "is open; the default), post (the form's htmx POST to /act/, "
                             "the browsers' fallback) or action (the engine action's JSON "
                             "as the socket's act frame)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None,
                        help="also write the whole report to this file")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test; print the report (and write it as JSON with ``--json``).

    Exit status 2 for options that cannot be used (nothing is started), 1 when the servers
    of ``--serve`` could not be started, 130 (143) when interrupted by Ctrl-C (SIGTERM)."""
    options = parser().parse_args(argv)
    plan = (Plan(options.serve, options.database, options.redis)
            if options.serve is not None else None)
    urls = [] if plan else [u.strip().rstrip("/")
                            for raw in options.url or ["http://127.0.0.1:8000"]
                            for u in raw.split(",") if u.strip()]
    config = Config(urls=urls, games=options.games, players=options.players,
                    pace=options.pace, duration=options.duration,
                    server_pids=options.server_pid, seed=options.seed,
                    setup_concurrency=options.setup_concurrency, drain=options.drain,
                    spread=options.spread, baseline=not options.no_baseline,
                    baseline_duration=options.baseline_duration,
                    warmup=not options.no_warmup, notebooks=options.notebooks,
                    transport=options.transport)
    problem = serve_problem(options) or check(config)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    _raise_file_limit(config.games * config.players * 2 + 200)
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        report = measure(config, plan, options.server_logs)
    except ServeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:
        print("loadtest: interrupted" + (", its servers stopped" if plan else ""),
              file=sys.stderr)
        return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)
    finally:
        signal.signal(signal.SIGTERM, previous)
    if options.json is not None:
        options.json.write_text(json.dumps(report, indent=2) + "\n")
    print(render(report), end="")
    return 0


def measure(config: Config, plan: Plan | None, server_logs: Path | None) -> dict[str, Any]:
    """One run on the servers of ``plan`` (started here, stopped after) or at
    ``config.urls``; the report."""
    with contextlib.ExitStack() as stack:
        served: Serving | None = None
        if plan:
            served = stack.enter_context(serving(plan, _say, server_logs))
            config.urls, config.server_pids = served.urls, served.pids
            _say("serving " + ", ".join(f"{s.url} (daphne pid {s.pid})"
                                        for s in served.servers))
        elif not config.server_pids:
            config.server_pids = [pid for u in config.urls
                                  if (pid := pid_listening_on(urlsplit(u).port or 80))]
        report = asyncio.run(run(config))
        if served:
            report["served"] = served.figures()
        return report


class Terminated(KeyboardInterrupt):
    """SIGTERM, which ends the run as Ctrl-C does: the baseline and the servers stopped."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated


def _say(message: str) -> None:
    print(f"loadtest: {message}", file=sys.stderr, flush=True)


def serve_problem(options: argparse.Namespace) -> str:
    """What is wrong with the serving options ("" when nothing): ``--serve`` goes without
    ``--url`` and ``--server-pid``, its options only with it, and its :class:`Plan` must be
    sound."""
    if options.serve is None:
        alone = [flag for flag, value in (("--database", options.database),
                                          ("--redis", options.redis),
                                          ("--server-logs", options.server_logs))
                 if value is not None]
        return f"{alone[0]} goes with --serve (the servers this run starts)" if alone else ""
    if options.url:
        return "give --url (running servers) or --serve (servers started for the run), not both"
    if options.server_pid:
        return "--server-pid goes with --url: --serve knows the pids of its servers"
    return Plan(options.serve, options.database, options.redis).problem()


def check(config: Config) -> str:
    """What is wrong with the options ("" when nothing: the load test only talks to this
    machine and stays within bounds)."""
    problems = [
        (all(urlsplit(u).scheme == "http" and urlsplit(u).hostname in LOOPBACK
             for u in config.urls), "--url must be http:// on 127.0.0.1, localhost or ::1"),
        (config.games >= 1, "--games must be at least 1"),
        (2 <= config.players <= 8, "--players must be 2 to 8"),
        (config.games * config.players <= MAX_CLIENTS,
         f"at most {MAX_CLIENTS} players in all (--games x --players)"),
        (0.05 <= config.pace <= 60, "--pace must be 0.05 to 60 seconds"),
        (0 < config.duration <= MAX_DURATION, f"--duration must be 0 to {MAX_DURATION:.0f} s"),
        (config.setup_concurrency >= 1, "--setup-concurrency must be at least 1"),
        (0 <= config.notebooks <= config.players, "--notebooks must be 0 to --players"),
        (config.baseline_duration is None or 0 < config.baseline_duration <= MAX_DURATION,
         "--baseline-duration must be positive"),
    ]
    return next((message for ok, message in problems if not ok), "")


def _raise_file_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, target), hard))


def _latency(figures: dict[str, Any]) -> str:
    lat = figures["latency_ms"]
    if not lat.get("count"):
        return "no accepted action"
    return (f"median {lat['median']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms, "
            f"max {lat['max']} ms ({lat['count']} actions)")


def _share(ratio: float | None) -> str:
    return "none attempted" if ratio is None else f"{100 * ratio:.1f} % served"


def _part(title: str, f: dict[str, Any]) -> list[str]:
    memory = f.get("memory", {})
    lines = [
        f"{title}: {f['games']} games, {f['players']} players, {f['window_seconds']} s of play"
        + (f" after {f['setup_seconds']} s of setup" if "setup_seconds" in f else ""),
        f"  actions/s: {f['actions_per_second']} (the pace allows at most "
        f"{f['offered_actions_per_second']}); accepted {f['actions']} of {f['attempted']} "
        f"attempted ({_share(f['served_of_attempted'])}) {f['actions_by_kind']}",
        f"  fan-out latency (send -> every seat has the version): {_latency(f)}",
        "  by kind: " + "; ".join(f"{kind} p95 {lat.get('p95', '-')} ms"
                                  for kind, lat in f["latency_ms_by_kind"].items()),
        f"  errors: {f['error_total']} {f['errors'] or ''}".rstrip()
        + f"; stale retries {f['stale']}; penalties {f['penalties']}",
        f"  lost updates: {f['lost_updates']} of {f['clients_checked']} clients"
        + (f" ({f['final_version_unreadable']} games unreadable)"
           if f["final_version_unreadable"] else "")
        + f"; actions some seat never saw: {f['actions_some_seat_never_saw']}",
        f"  games ended: {f['games_ended']}; frames {f['frames']}, mean "
        f"{f['frame_bytes_mean']} bytes",
        f"  CPU: server {f.get('server_cpu_percent', '?')}% "
        f"({f.get('server_cpu_ms_per_action', '?')} ms per action), load-test client "
        f"{f['client_cpu_percent']}% (of one core)",
    ]
    if "rss_connected_mib" in memory:
        lines.append(f"  server RSS: {memory['rss_before_mib']} MiB before, "
                     f"{memory['rss_connected_mib']} MiB connected, peak "
                     f"{memory['rss_peak_mib']} MiB; {memory['per_player_kib']} KiB per "
                     f"connected player")
    elif memory.get("note"):
        lines.append(f"  server RSS: {memory['note']}")
    lines += [f"    {e}" for e in f["error_examples"][:5]]
    lines += [f"    lost: {e}" for e in f["lost_examples"][:5]]
    return lines


def render(report: dict[str, Any]) -> str:
    """The report as text."""
    c = report["config"]
    lines = [f"loadtest {', '.join(c['urls'])}: {c['games']} games x {c['players']} players, "
             f"pace {c['pace_seconds']} s, {c['duration_seconds']} s, "
             f"acting by {c['transport']}"]
    if served := report.get("served"):
        lines += [
            "  servers started for this run: " + ", ".join(
                f"{s['url']} (daphne pid {s['pid']})" for s in served["servers"]),
            f"  database {served['database']}; channel layer {served['channel_layer']}; "
            f"{served['settings']}",
        ]
    lines += _part("Mini Mao", report["mao"])
    if "baseline" in report:
        lines += _part("Baseline (broadcast only)", report["baseline"])
        lines += _ratios(report)
    return "\n".join(lines) + "\n"


def _ratios(report: dict[str, Any]) -> list[str]:
    """Mini Mao's p95 and CPU per action as multiples of the baseline's, with the figures."""
    mao, base = report["mao"], report["baseline"]
    p95 = report.get("p95_ratio_to_baseline")
    cpu = report.get("cpu_per_action_ratio_to_baseline")
    return [
        "p95 ratio to the baseline: " + (
            f"{p95} ({mao['latency_ms']['p95']} ms against {base['latency_ms']['p95']} ms)"
            if p95 is not None else "not measured (no accepted action on one side)"),
        "server CPU per action ratio to the baseline: " + (
            f"{cpu} ({mao['server_cpu_ms_per_action']} ms against "
            f"{base['server_cpu_ms_per_action']} ms)" if cpu is not None
            else "not measured (a server's CPU was unreadable, or the baseline's too small "
                 "to count: give it a longer --baseline-duration)"),
    ]


if __name__ == "__main__":
    sys.exit(main())
