"""Benchmark of the difficulty runner under a flood: ``python -m scripts.bench estimates``.

``writers`` writers send ``drafts`` distinct drafts each through the real worker process;
then a fresh writer polls once a second. Prints the drafts taken and refused, the worker's
CPU until the fresh writer was answered, and its wait. No database.
"""

from __future__ import annotations

import os
import time
from typing import Any

SUITS = ("H", "D", "C", "S")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def draft(n: int) -> dict[str, Any]:
    """The ``n``-th of many distinct drafts: "a <suit> may not be played on a <rank>"."""
    return {"kind": "restriction",
            "when": {"type": "rank", "of": "top", "in": [RANKS[n % len(RANKS)]]},
            "must_not": {"type": "suit", "in": [SUITS[n // len(RANKS) % len(SUITS)]]}}


def _worker_cpu(runner: Any) -> float:
    """The worker process's CPU seconds so far (Linux: /proc)."""
    total = 0.0
    pool = runner._pool
    for pid in getattr(pool, "_processes", {}) or {}:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def run(writers: int = 40, drafts: int = 5) -> list[str]:
    """The flood, then the fresh writer: lines of figures."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    os.environ.setdefault("MAO_OFFLINE", "1")
    import django

    django.setup()
    from django.conf import settings

    from games.difficulty import runner
    from games.engine.settings import GameSettings

    table = GameSettings(players=4)
    _wait(runner, "warm:0", draft(0), table)  # the worker process is spawned on first use
    cpu_before = _worker_cpu(runner)
    taken = busy = 0
    started = time.perf_counter()
    for round_ in range(drafts):
        for w in range(writers):
            answer = runner.request(f"flood{w}:0", draft(round_ * writers + w + 1), table)
            taken += answer.running
            busy += answer.busy
    flooded = time.perf_counter() - started
    waited = _wait(runner, "fresh:0", draft(0) | {"when": {"type": "rank", "of": "top",
                                                           "in": ["Q"]}}, table)
    return [f"estimate budget {settings.MAO_ESTIMATE_SECONDS} s of CPU, queue cap "
            f"{settings.MAO_ESTIMATE_QUEUE}",
            f"flood: {writers} writers x {drafts} drafts in {flooded * 1000:.1f} ms: "
            f"{taken} taken, {busy} answered busy",
            f"a fresh writer's estimate answered after {waited:.2f} s (asking each second)",
            f"worker CPU from the flood's start to that answer: "
            f"{_worker_cpu(runner) - cpu_before:.2f} s"]


def _wait(runner: Any, writer: str, rule: dict[str, Any], table: Any) -> float:
    """Ask once a second (as the builder's page does) until answered: the seconds it took."""
    started = time.perf_counter()
    while True:
        answer = runner.request(writer, rule, table)
        if not answer.running and not answer.busy:
            return time.perf_counter() - started
        time.sleep(1.0 if answer.running else 3.0)
