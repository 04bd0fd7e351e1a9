"""A writer's time-to-estimate while other tables write rules:
``python -m scripts.bench estimates-under-load``.

The site's builder path on this one process, as the views run it (no HTTP, no database):
each request metered on its writer's CPU budget (``games.store.budgets``), previews in the
preview workers (``games.builder.preview_pool``), estimates in the difficulty runner
(``games.difficulty.runner``), every worker process real. ``--writers`` writers at other
tables edit a draft every ``--pace`` seconds (a preview, then the estimate the page asks
for and asks again for, on the page's schedule), while a fresh writer (their first estimate
this turn) previews each rule of ``rules/examples`` in turn and asks for its estimate as the
page does. Prints median and p95 of the fresh writer's preview, and of its time-to-estimate
from its first request: *ready* when the runner holds the answer, *shown* when the page's
next request would show it. Run alone first (``--writers 0``), then under load.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any

from scripts.bench.figures import Figure, format_figures, median, percentile

#: How often the fresh writer looks whether the runner holds its answer (not a request).
PEEK = 0.01


@dataclass
class Tally:
    """What the writers at other tables were answered, by kind."""

    seen: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, what: str) -> None:
        with self.lock:
            self.seen[what] += 1


#: Seconds the other writers edit before the fresh writer's first preview.
WARMUP = 3.0


def run(writers: int = 10, pace: float = 1.0, seed: int = 1, limit: int | None = None
        ) -> list[str]:
    """The fresh writer's figures (for the first ``limit`` example rules) while ``writers``
    writers edit: lines of figures."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    os.environ.setdefault("MAO_OFFLINE", "1")
    import django

    django.setup()
    from django.conf import settings

    from games.difficulty import runner

    runner.inline = False
    load_before = os.getloadavg()
    tally = Tally()
    stop = threading.Event()
    realtime = os.sched_getscheduler(0) == os.SCHED_FIFO
    if realtime:
        threading.Thread(target=_keep_workers_below, args=(stop,), daemon=True).start()
    _start_workers()
    threads = [threading.Thread(target=_busy_writer, args=(n, pace, seed, stop, tally),
                                daemon=True) for n in range(writers)]
    for thread in threads:
        thread.start()
    time.sleep(WARMUP if writers else 0.0)
    cpu_before = _workers_cpu()
    began = time.perf_counter()
    previews, ready, shown = _fresh_writers(seed, limit)
    elapsed = time.perf_counter() - began
    cpu = _workers_cpu() - cpu_before
    stop.set()
    for thread in threads:
        thread.join()
    load_after = os.getloadavg()
    runner.forget()  # nothing more is sent to the workers as the interpreter ends
    label = f"{writers} writers" if writers else "alone"
    figures = [_figure(f"preview, {label}", previews),
               _figure(f"estimate ready, {label}", ready),
               _figure(f"estimate shown (the page's asks), {label}", shown)]
    return [f"estimate workers {settings.MAO_ESTIMATE_WORKERS}, preview workers "
            f"{settings.MAO_PREVIEW_WORKERS}, estimate budget "
            f"{settings.MAO_ESTIMATE_SECONDS} s of CPU, queue cap "
            f"{settings.MAO_ESTIMATE_QUEUE}, builder CPU {settings.MAO_BUILDER_CPU} s a minute",
            ("workers at real-time priorities below this process's, estimates below "
             "previews" if realtime else "workers at the site's usual lower priorities"),
            f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f}",
            *format_figures(figures),
            f"over {elapsed:.1f} s the workers spent {cpu:.1f} s of CPU",
            "other writers were answered: "
            + (", ".join(f"{k} {v}" for k, v in sorted(tally.seen.items())) or "nothing")]


def _figure(name: str, samples: list[float]) -> Figure:
    return Figure(name, median(samples), percentile(samples, 0.95), len(samples))


def _start_workers() -> None:
    """Spawn the worker processes and let them import everything, as a running site's are."""
    from games.builder.preview_pool import computed_preview
    from games.engine.settings import GameSettings

    rule = _examples()[0]
    computed_preview(rule, (), _table(), _top(), None)
    _estimate_of("warm:0", _spec(rule), GameSettings(players=4), "warm:h", 60.0)


def _keep_workers_below(stop: threading.Event) -> None:
    """Run at real-time priority (``chrt -f N``), give each worker process, as it starts, a
    real-time priority below: N - 1 to the preview workers, N - 2 to the estimate workers,
    the site's order (``games.workers``), strictly kept; so other work on a shared machine
    no longer slows the workers, as it would not on the site's own machine."""
    from games.builder import preview_pool
    from games.difficulty import runner

    site = os.sched_getparam(0).sched_priority
    while not stop.is_set():
        # Again and again: a new worker lowers its own priority as it starts.
        for below, pool in ((1, preview_pool._pool), (2, runner._pool)):
            for pid in list(getattr(pool, "_processes", None) or {}):
                with contextlib.suppress(OSError):
                    if os.sched_getscheduler(pid) != os.SCHED_FIFO:
                        os.sched_setscheduler(pid, os.SCHED_FIFO, os.sched_param(site - below))
        stop.wait(0.1)


def _worker_pids() -> list[int]:
    from games.builder import preview_pool
    from games.difficulty import runner

    return [pid for pool in (runner._pool, preview_pool._pool)
            for pid in list(getattr(pool, "_processes", None) or {})]


def _examples() -> list[Any]:
    from scripts.bench.difficulty import example_rules

    return example_rules()


def _spec(rule: Any) -> dict[str, Any]:
    from rules.spec import dump_rule

    spec: dict[str, Any] = dump_rule(rule)["rule"]
    return spec


def _table() -> Any:
    from games.authoring.grid import Table

    return Table(players=4, player=1, round=1)


def _top() -> Any:
    from games.authoring.grid import DEFAULT_TOP

    return DEFAULT_TOP


def _preview(budget: str, rule: Any) -> bool:
    """The builder's preview of ``rule`` as its view computes it: ``False`` if refused."""
    from games.builder.preview_pool import computed_preview
    from games.store.budgets import Refused, metered

    done = metered(budget, lambda: computed_preview(rule, (), _table(), _top(), None))
    return not isinstance(done, Refused)


def _ask(writer: str, spec: dict[str, Any], settings: Any, budget: str) -> Any:
    """One difficulty request as its view makes it (``None``: refused, 429)."""
    from games.difficulty import runner
    from games.store.budgets import Refused, metered

    done = metered(budget, lambda: runner.request(writer, spec, settings, charge_to=budget),
                   one_at_a_time=False)
    return None if isinstance(done, Refused) else done


def _next_ask(answer: Any) -> float:
    """When the page asks again after ``answer`` (templates/games/builder/difficulty.html)."""
    from games.difficulty.views import AGAIN_BUSY, AGAIN_RUNNING

    return AGAIN_RUNNING if answer is None or answer.running else AGAIN_BUSY


def _estimate_of(writer: str, spec: dict[str, Any], settings: Any, budget: str,
                 limit: float) -> tuple[float, float]:
    """Ask for ``spec``'s estimate on the page's schedule, peeking in between: the seconds
    until the runner held the answer, and until the page's request showed it."""
    from games.difficulty import runner

    key = (writer, runner.key_of(spec, settings))
    began = time.perf_counter()
    ready: float | None = None
    answer = _ask(writer, spec, settings, budget)
    ask_at = began + _next_ask(answer)
    while answer is None or answer.running or answer.busy:
        now = time.perf_counter()
        if now - began > limit:
            break
        if ready is None and key in runner._done:
            ready = now - began
        if now >= ask_at:
            answer = _ask(writer, spec, settings, budget)
            ask_at = now + _next_ask(answer)
        else:
            time.sleep(PEEK)
    shown = time.perf_counter() - began
    return (shown if ready is None else ready), shown


def _fresh_writers(seed: int, limit: int | None
                   ) -> tuple[list[float], list[float], list[float]]:
    """Each example rule (the first ``limit``) by a writer at its first estimate: preview,
    ready, shown."""
    from games.engine.settings import GameSettings

    settings = GameSettings(players=4)
    previews, ready, shown = [], [], []
    for n, rule in enumerate(_examples()[:limit]):
        writer, budget = f"fresh{seed}x{n}:0", f"fresh{seed}x{n}:h"
        began = time.perf_counter()
        _preview(budget, rule)
        previews.append(time.perf_counter() - began)
        time.sleep(0.4)  # the page asks 400 ms after the preview is shown
        got, seen = _estimate_of(writer, _spec(rule), settings, budget, 60.0)
        ready.append(got)
        shown.append(seen)
    return previews, ready, shown


def _busy_writer(n: int, pace: float, seed: int, stop: threading.Event, tally: Tally) -> None:
    """A writer at another table editing a draft every ``pace`` seconds (about), each edit
    previewed, then its estimate asked for on the page's schedule until the next edit."""
    from games.engine.settings import GameSettings
    from rules.generate import random_rule

    rng = Random(seed * 100 + n)
    examples = _examples()
    settings = GameSettings(players=4)
    writer, budget = f"table{n}:0", f"table{n}:h"
    while not stop.is_set():
        rule = rng.choice(examples) if rng.random() < 0.5 else random_rule(rng, None)
        edit_ends = time.perf_counter() + rng.uniform(0.5 * pace, 1.5 * pace)
        tally.add("preview" if _preview(budget, rule) else "preview refused")
        if stop.wait(0.4):
            return
        while time.perf_counter() < edit_ends and not stop.is_set():
            answer = _ask(writer, _spec(rule), settings, budget)
            tally.add("estimate refused" if answer is None else "estimate busy" if answer.busy
                      else "estimate running" if answer.running else "estimate answered")
            if answer is not None and not answer.running and not answer.busy:
                break
            stop.wait(min(_next_ask(answer), max(0.0, edit_ends - time.perf_counter())))
        stop.wait(max(0.0, edit_ends - time.perf_counter()))


def _workers_cpu() -> float:
    """The worker processes' CPU seconds so far (Linux: /proc)."""
    total = 0.0
    for pid in _worker_pids():
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total
