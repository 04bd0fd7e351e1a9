"""Estimates computed in background worker processes, so the builder never waits for one.

Bounds per writer (a game and a seat): one estimate at a time (a new draft supersedes the
old, which is dropped or told to stop), ``MAO_ESTIMATE_SECONDS`` of a worker's CPU each,
and at most ``MAO_ESTIMATE_QUEUE`` writers waiting (a new writer over it is told to ask
again). ``MAO_ESTIMATE_WORKERS`` workers take the waiting estimates fewest first: of the
writers who had the fewest estimates started in the last :data:`RECENT` seconds, the first
to ask; so a writer's first estimate goes before the others' repeats, and even takes the
place of the last of them in a full queue. Answers are remembered per writer and draft,
never across writers, since an answer that came at once would tell that someone else had
estimated that rule.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, MutableSequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from itertools import count
from multiprocessing import get_context
from typing import Any

from django.conf import settings as django_settings

from games.autoplay.difficulty import Difficulty, GiveUp, estimate
from games.engine.settings import GameSettings
from games.store.budgets import charge
from games.workers import BACKGROUND, timed, worker_pool
from rules.spec import FORMAT_VERSION, load_rule

logger = logging.getLogger(__name__)

#: Answers kept (per writer and draft), least recently asked for first out; and writers
#: whose recent estimates are counted.
KEPT = 256
#: How long an estimate a writer had started counts against its place in the queue.
RECENT = 60.0

#: Tickets shared with the worker processes (``multiprocessing.Array``), one per worker:
#: a worker stops its estimate when the slot it runs in names the estimate's ticket.
Stops = MutableSequence[int]


@dataclass(slots=True)
class _Job:
    """One writer's estimate: what it estimates, its ticket, its place among the waiting,
    and whether it was told to stop (its answer is then thrown away)."""

    writer: str
    key: str
    rule_json: dict[str, Any]
    settings_json: dict[str, Any]
    ticket: int
    #: First asked first, among writers of as many recent estimates.
    place: int
    stopped: bool = False
    #: The CPU budget the estimate is charged to (``games.store.budgets``), if any.
    charge_to: str | None = None
    #: When a worker was given it (``time.monotonic``), and the slot it runs in.
    started: float = 0.0
    slot: int = -1
    #: The workers it was sent to.
    pool: ProcessPoolExecutor | None = None


_lock = threading.RLock()
#: Estimates not yet sent to a worker, by writer (at most one each).
_waiting: dict[str, _Job] = {}
#: The estimates the workers are making, by slot (at most one per worker).
_running: dict[int, _Job] = {}
#: Answers by writer and draft key (``None``: the estimate failed).
_done: OrderedDict[tuple[str, str], Difficulty | None] = OrderedDict()
#: When each writer's recent estimates were started (``time.monotonic``).
_started: OrderedDict[str, deque[float]] = OrderedDict()
_tickets = count(1)
_places = count(1)
_pool: ProcessPoolExecutor | None = None
_stops: Stops | None = None
#: Compute in the asking thread instead (tests; a machine without processes to spare).
inline = False

#: In a worker process: the slots naming the estimates to stop (set by :func:`_adopt`).
_stops_seen: Stops | None = None


def _estimate(rule_json: dict[str, Any], settings_json: dict[str, Any],
              give_up: GiveUp | None = None) -> Difficulty:
    """The estimate of plain data (it crosses into the worker process)."""
    rule = load_rule({"version": FORMAT_VERSION, "jargon": "(new rule)", "rule": rule_json})
    if give_up is None:
        return estimate(rule, GameSettings(**settings_json))
    return estimate(rule, GameSettings(**settings_json), give_up=give_up)


def budget(seconds: float, ticket: int, stops: Stops | None, slot: int = 0,
           clock: Callable[[], float] = time.process_time) -> GiveUp:
    """Give up once ``seconds`` of ``clock`` (this process's CPU time) have passed, or once
    ``stops[slot]`` names ``ticket``."""
    deadline = clock() + seconds

    def give_up() -> bool:
        return clock() > deadline or (stops is not None and stops[slot] == ticket)

    return give_up


def _work(rule_json: dict[str, Any], settings_json: dict[str, Any], ticket: int,
          seconds: float, slot: int) -> tuple[Difficulty, float]:
    """A worker's job: an estimate on its budget, stopped when its slot names it, and the
    CPU seconds it took."""
    return timed(_estimate, rule_json, settings_json,
                 budget(seconds, ticket, _stops_seen, slot))


def _adopt(stops: Stops) -> None:
    """A worker process's start: keep the slots shared with its parent."""
    global _stops_seen
    _stops_seen = stops


def key_of(rule_json: dict[str, Any], settings: GameSettings) -> str:
    """What an estimate depends on: the rule and the settings that change how it plays."""
    return json.dumps([rule_json, settings.jokers, settings.aces_high], sort_keys=True)


def _workers() -> int:
    return max(1, int(django_settings.MAO_ESTIMATE_WORKERS))


def _worker() -> ProcessPoolExecutor:
    global _pool, _stops
    if _pool is None:
        _stops = get_context("spawn").Array("q", _workers(), lock=False)
        _pool = worker_pool(_workers(), _adopt, (_stops,), niceness=BACKGROUND)
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
    estimate a worker ran, finished or stopped, is charged to the CPU budget
    ``charge_to`` (its CPU in the worker, at most ``MAO_ESTIMATE_SECONDS``)."""
    key = key_of(rule_json, settings)
    with _lock:
        if (writer, key) in _done:
            _done.move_to_end((writer, key))
            return _answer(_done[(writer, key)])
        waiting = _waiting.get(writer)
        running = _running_for(writer)
        if (waiting is not None and waiting.key == key) or (
                running is not None and running.key == key and not running.stopped):
            return Answer(running=True)
        if running is not None:
            _stop_running(running)
        if waiting is None and not _room_for(writer):
            return Answer(running=False, busy=True)
        # Replacing the writer's waiting draft keeps its place in the queue.
        job = _Job(writer, key, rule_json,
                   {"jokers": settings.jokers, "aces_high": settings.aces_high},
                   next(_tickets), waiting.place if waiting else next(_places),
                   charge_to=charge_to)
        if inline:
            _keep(job, _inline(job))
            return _answer(_done[(writer, key)])
        _waiting[writer] = job
        _next()
    return Answer(running=True)


def _running_for(writer: str) -> _Job | None:
    return next((job for job in _running.values() if job.writer == writer), None)


def _recent(writer: str, now: float | None = None) -> int:
    """How many estimates ``writer`` had started in the last :data:`RECENT` seconds."""
    times = _started.get(writer)
    if not times:
        return 0
    now = time.monotonic() if now is None else now
    while times and times[0] < now - RECENT:
        times.popleft()
    return len(times)


def _order(job: _Job) -> tuple[int, int]:
    """A waiting job's turn: fewest recent estimates first, then first asked."""
    return _recent(job.writer), job.place


def _room_for(writer: str) -> bool:
    """Whether a new writer's estimate may wait (or start): a free place in the queue or a
    free worker; else the place of the last waiting writer who had more recent estimates,
    which is dropped (its page asks again later)."""
    if len(_waiting) < django_settings.MAO_ESTIMATE_QUEUE:
        return True
    if len(_running) < _workers() and _running_for(writer) is None:
        return True
    if not _waiting:
        return False
    last = max(_waiting.values(), key=_order)
    if _order(last)[0] <= _recent(writer):
        return False
    del _waiting[last.writer]
    return True


def _answer(found: Difficulty | None) -> Answer:
    return Answer(running=False, difficulty=found)


def _inline(job: _Job) -> Difficulty | None:
    try:
        return _estimate(job.rule_json, job.settings_json)
    except Exception as exc:  # kept as the job's failure, as a worker's would be
        logger.error("estimating a rule's difficulty failed: %r", exc)
        return None


def _stop_running(job: _Job) -> None:
    """Tell ``job``'s worker to stop it (a newer draft superseded it)."""
    job.stopped = True
    if _stops is not None:
        _stops[job.slot] = job.ticket


def _next() -> None:
    """Send the waiting estimates to free workers, fewest recent estimates first; never a
    writer's while another of its estimates still runs (one at a time, stopped or not)."""
    while len(_running) < _workers():
        ready = [job for job in _waiting.values() if _running_for(job.writer) is None]
        if not ready:
            return
        job = min(ready, key=_order)
        del _waiting[job.writer]
        job.slot = min(set(range(_workers())) - set(_running))
        _running[job.slot] = job
        job.started = time.monotonic()
        _started.setdefault(job.writer, deque()).append(job.started)
        _started.move_to_end(job.writer)
        while len(_started) > KEPT:
            _started.popitem(last=False)
        try:
            job.pool = _worker()
            future = job.pool.submit(_work, job.rule_json, job.settings_json, job.ticket,
                                      _seconds(), job.slot)
        except (BrokenProcessPool, RuntimeError) as exc:
            future = Future()
            future.set_exception(exc)
        future.add_done_callback(partial(_finished, job))


def _finished(job: _Job, future: Future[tuple[Difficulty, float]]) -> None:
    """Keep the worker's answer (unless the job was stopped) and start the next ones."""
    global _pool
    if job.charge_to is not None:
        # The worker's CPU, stopped or finished: a flood of drafts, each stopped by the next,
        # spends the writer's budget as surely as finished estimates. Not the wall time: the
        # workers run below the site's priority, so on a busy server an estimate's wall time
        # is many times its CPU, and would spend an honest writer's budget in two drafts.
        finished = not future.cancelled() and future.exception() is None
        spent = future.result()[1] if finished else time.monotonic() - job.started
        charge(job.charge_to, min(spent, _seconds()))
    with _lock:
        if _running.get(job.slot) is job:
            del _running[job.slot]
        found: Difficulty | None
        try:
            found = future.result()[0]
        except Exception as exc:  # kept as the job's failure: it is not tried again
            if isinstance(exc, BrokenProcessPool) and _pool is not None and _pool is job.pool:
                _pool.shutdown(wait=False)
                _pool = None  # a worker died: the next estimate starts new ones
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


def _stop_workers() -> None:
    """End the worker processes (for tests); the next estimate starts new ones."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def forget() -> None:
    """Forget every estimate, waiting, running or kept, and who had them (for tests)."""
    with _lock:
        _waiting.clear()
        _done.clear()
        _started.clear()
        for job in _running.values():
            job.stopped = True
        _running.clear()
