"""Estimates computed in a background worker process, so the builder never waits for one.

Bounds per writer (a game and a seat): one estimate at a time (a new draft supersedes the
old, which is dropped or told to stop), ``MAO_ESTIMATE_SECONDS`` of the worker's CPU each,
and at most ``MAO_ESTIMATE_QUEUE`` writers waiting (a new writer over it is told to ask
again). Answers are remembered per writer and draft, never across writers, since an answer
that came at once would tell that someone else had estimated that rule.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from itertools import count
from multiprocessing import get_context
from typing import Any, Protocol

from django.conf import settings as django_settings

from games.autoplay.difficulty import Difficulty, GiveUp, estimate
from games.engine.settings import GameSettings
from games.store.budgets import charge
from games.workers import worker_pool
from rules.spec import FORMAT_VERSION, load_rule

logger = logging.getLogger(__name__)

#: Answers kept (per writer and draft), least recently asked for first out.
KEPT = 256


class Flag(Protocol):
    """A number shared with the worker process (``multiprocessing.Value``): the ticket of
    the estimate it must stop."""

    value: int


@dataclass(slots=True)
class _Job:
    """One writer's estimate: what it estimates, its ticket, and whether it was told to
    stop (its answer is then thrown away)."""

    writer: str
    key: str
    rule_json: dict[str, Any]
    settings_json: dict[str, Any]
    ticket: int
    stopped: bool = False
    #: The CPU budget the estimate is charged to (``games.store.budgets``), if any.
    charge_to: str | None = None
    #: When the worker was given it (``time.monotonic``).
    started: float = 0.0


_lock = threading.RLock()
#: Estimates not yet sent to the worker, by writer, first asked first.
_waiting: OrderedDict[str, _Job] = OrderedDict()
#: The estimate the worker is making (at most one at a time).
_running: _Job | None = None
#: Answers by writer and draft key (``None``: the estimate failed).
_done: OrderedDict[tuple[str, str], Difficulty | None] = OrderedDict()
_tickets = count(1)
_pool: ProcessPoolExecutor | None = None
_stop: Flag | None = None
#: Compute in the asking thread instead (tests; a machine without processes to spare).
inline = False

#: In the worker process: the flag naming the estimate to stop (set by :func:`_adopt`).
_stop_seen: Flag | None = None


def _estimate(rule_json: dict[str, Any], settings_json: dict[str, Any],
              give_up: GiveUp | None = None) -> Difficulty:
    """The estimate of plain data (it crosses into the worker process)."""
    rule = load_rule({"version": FORMAT_VERSION, "jargon": "(new rule)", "rule": rule_json})
    if give_up is None:
        return estimate(rule, GameSettings(**settings_json))
    return estimate(rule, GameSettings(**settings_json), give_up=give_up)


def budget(seconds: float, ticket: int, stop: Flag | None,
           clock: Callable[[], float] = time.process_time) -> GiveUp:
    """Give up once ``seconds`` of ``clock`` (this process's CPU time) have passed, or once
    ``stop`` names ``ticket``."""
    deadline = clock() + seconds

    def give_up() -> bool:
        return clock() > deadline or (stop is not None and stop.value == ticket)

    return give_up


def _work(rule_json: dict[str, Any], settings_json: dict[str, Any], ticket: int,
          seconds: float) -> Difficulty:
    """The worker's job: an estimate on its budget, stopped when the flag names it."""
    return _estimate(rule_json, settings_json, budget(seconds, ticket, _stop_seen))


def _adopt(stop: Flag) -> None:
    """The worker process's start: keep the flag shared with its parent."""
    global _stop_seen
    _stop_seen = stop


def key_of(rule_json: dict[str, Any], settings: GameSettings) -> str:
    """What an estimate depends on: the rule and the settings that change how it plays."""
    return json.dumps([rule_json, settings.jokers, settings.aces_high], sort_keys=True)


def _worker() -> ProcessPoolExecutor:
    global _pool, _stop
    if _pool is None:
        _stop = get_context("spawn").Value("q", 0)
        _pool = worker_pool(1, _adopt, (_stop,))
    return _pool


def _seconds() -> float:
    return float(django_settings.MAO_ESTIMATE_SECONDS)


@dataclass(frozen=True, slots=True)
class Answer:
    """Where an estimate stands: still running, done (``difficulty``), failed, or not
    started because the estimator is ``busy`` (ask again later)."""

    running: bool
    difficulty: Difficulty | None = None
    busy: bool = False

    @property
    def failed(self) -> bool:
        """Whether the estimate could not be made (it is not tried again)."""
        return not self.running and not self.busy and self.difficulty is None


def request(writer: str, rule_json: dict[str, Any], settings: GameSettings,
            charge_to: str | None = None) -> Answer:
    """The estimate of ``rule_json`` (a rule's ``rule`` object) at a table of ``settings``
    for ``writer`` (a game and a seat): started on the first request, answered once ready.
    A different draft of the same writer supersedes the one before. A failure is logged and
    kept, so a builder asking again is told instead of starting it again and again. Each
    estimate the worker ran, finished or stopped, is charged to the CPU budget
    ``charge_to`` (its time in the worker, at most ``MAO_ESTIMATE_SECONDS``)."""
    key = key_of(rule_json, settings)
    with _lock:
        if (writer, key) in _done:
            _done.move_to_end((writer, key))
            return _answer(_done[(writer, key)])
        waiting = _waiting.get(writer)
        running = _running is not None and _running.writer == writer
        if (waiting is not None and waiting.key == key) or (
                running and _running is not None and _running.key == key
                and not _running.stopped):
            return Answer(running=True)
        if running:
            _stop_running()
        if waiting is None and _running is not None and (
                len(_waiting) >= django_settings.MAO_ESTIMATE_QUEUE):
            return Answer(running=False, busy=True)
        job = _Job(writer, key, rule_json,
                   {"jokers": settings.jokers, "aces_high": settings.aces_high},
                   next(_tickets), charge_to=charge_to)
        if inline:
            _keep(job, _inline(job))
            return _answer(_done[(writer, key)])
        # Replacing the writer's waiting draft keeps its place in the queue.
        _waiting[writer] = job
        _next()
    return Answer(running=True)


def _answer(found: Difficulty | None) -> Answer:
    return Answer(running=False, difficulty=found)


def _inline(job: _Job) -> Difficulty | None:
    try:
        return _estimate(job.rule_json, job.settings_json)
    except Exception as exc:  # kept as the job's failure, as a worker's would be
        logger.error("estimating a rule's difficulty failed: %r", exc)
        return None


def _stop_running() -> None:
    """Tell the worker to stop the running estimate (a newer draft superseded it)."""
    assert _running is not None
    _running.stopped = True
    if _stop is not None:
        _stop.value = _running.ticket


def _next() -> None:
    """Send the first waiting estimate to the worker, if it is free."""
    global _running
    if _running is not None or not _waiting:
        return
    _, job = _waiting.popitem(last=False)
    _running = job
    job.started = time.monotonic()
    try:
        future = _worker().submit(_work, job.rule_json, job.settings_json, job.ticket,
                                  _seconds())
    except (BrokenProcessPool, RuntimeError) as exc:
        future = Future()
        future.set_exception(exc)
    future.add_done_callback(partial(_finished, job))


def _finished(job: _Job, future: Future[Difficulty]) -> None:
    """Keep the worker's answer (unless the job was stopped) and start the next one."""
    global _running, _pool
    if job.charge_to is not None:
        # Wall time in the worker, an upper bound of its CPU: a flood of drafts, each
        # stopped by the next, spends the writer's budget as surely as finished estimates.
        charge(job.charge_to, min(time.monotonic() - job.started, _seconds()))
    with _lock:
        if _running is job:
            _running = None
        found: Difficulty | None
        try:
            found = future.result()
        except Exception as exc:  # kept as the job's failure: it is not tried again
            if isinstance(exc, BrokenProcessPool) and _pool is not None:
                _pool.shutdown(wait=False)
                _pool = None  # the worker died: the next estimate starts a new one
            if not job.stopped:
                logger.error("estimating a rule's difficulty failed: %r", exc)
            found = None
        if not job.stopped:
            _keep(job, found)
        _next()


def _keep(job: _Job, found: Difficulty | None) -> None:
    _done[(job.writer, job.key)] = found
    while len(_done) > KEPT:
        _done.popitem(last=False)


def forget() -> None:
    """Forget every estimate, waiting or kept (for tests)."""
    global _running
    with _lock:
        _waiting.clear()
        _done.clear()
        if _running is not None:
            _running.stopped = True
        _running = None
