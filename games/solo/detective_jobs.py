"""The detective's run on a solo deal, made in a background worker process as the run
starts, so that no request waits for it, and stored as soon as it is made (one per puzzle
and seed, seen by every process).

Bounds per process: at most :data:`MAX_IN_FLIGHT` runs made at once (beyond that a run is
started when its end page asks again), and a run that failed :data:`MAX_TRIES` times is not
tried again (its end page then goes without it).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Final

from django.db import IntegrityError, connection, transaction

from games.models import DetectiveResult
from games.puzzles.detective_run import DetectiveRun, run_detective
from games.puzzles.library import Puzzle
from games.workers import BACKGROUND, worker_pool

logger = logging.getLogger(__name__)

#: Runs being made at once, in this process.
MAX_IN_FLIGHT: Final = 16
#: Tries of one run before it is given up.
MAX_TRIES: Final = 2
#: Runs whose failures are remembered (the oldest forgotten first).
FAILURES_KEPT: Final = 256

Key = tuple[str, int]

_lock = threading.Lock()
_in_flight: set[Key] = set()
_failures: OrderedDict[Key, int] = OrderedDict()
_pool: ProcessPoolExecutor | None = None
#: Make the run in the asking thread instead (tests).
inline = False


def ensure(puzzle: Puzzle, seed: int) -> DetectiveResult | None:
    """The detective's run on ``puzzle`` dealt by ``seed`` if made; otherwise start making
    it (unless it is under way, or :func:`given_up`) and ``None``."""
    found = DetectiveResult.objects.filter(puzzle=puzzle.slug, seed=seed).first()
    if found is not None:
        return found
    key = (puzzle.slug, seed)
    if inline:
        return _store(key, run_detective(puzzle, seed))
    with _lock:
        if key in _in_flight or len(_in_flight) >= MAX_IN_FLIGHT \
                or _failures.get(key, 0) >= MAX_TRIES:
            return None
        pool = _worker()
        try:
            future = pool.submit(run_detective, puzzle, seed)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            _failed(key, pool, exc)
            return None
        _in_flight.add(key)
    future.add_done_callback(partial(_finish, key, pool))
    return None


def given_up(puzzle: Puzzle, seed: int) -> bool:
    """Whether the run on this deal failed too often to be tried again in this process."""
    with _lock:
        return _failures.get((puzzle.slug, seed), 0) >= MAX_TRIES


def ahead(puzzle: Puzzle, seed: int) -> None:
    """Start making the run as a solo table opens, so that its end page has it at once
    (not in :data:`inline` mode: its end page makes it then). Never raises: the run is
    made when the end page asks if it cannot be started now."""
    if inline:
        return
    try:
        ensure(puzzle, seed)
    except Exception:
        logger.exception("The detective's run on %s could not be started", puzzle.slug)


def _worker() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = worker_pool(1, niceness=BACKGROUND)
    return _pool


def _failed(key: Key, pool: ProcessPoolExecutor, exc: BaseException) -> None:
    """Count a failure (under ``_lock``); a broken pool is replaced at the next run."""
    global _pool
    _failures[key] = _failures.get(key, 0) + 1
    _failures.move_to_end(key)
    while len(_failures) > FAILURES_KEPT:
        _failures.popitem(last=False)
    if isinstance(exc, BrokenProcessPool) and _pool is pool:
        _pool = None
    logger.error("The detective's run on %s (seed %s) failed", *key, exc_info=exc)


def _finish(key: Key, pool: ProcessPoolExecutor, done: Future[DetectiveRun]) -> None:
    """A run has ended (in the executor's thread): stored by a thread of its own, since
    this one must not hold a database connection."""
    failure = None if done.cancelled() else done.exception()
    if done.cancelled() or failure is not None:
        with _lock:
            _failed(key, pool, failure or RuntimeError("cancelled"))
            _in_flight.discard(key)
        return
    threading.Thread(target=_store_and_close, args=(key, done.result()), daemon=True,
                     name="detective-store").start()


def _store_and_close(key: Key, run: DetectiveRun) -> None:
    try:
        _store(key, run)
    except Exception:  # made again when its end page asks
        logger.exception("The detective's run on %s (seed %s) was not stored", *key)
    finally:
        # The key stays in flight until stored: no second run of it meanwhile.
        with _lock:
            _in_flight.discard(key)
        connection.close()


def _store(key: Key, run: DetectiveRun) -> DetectiveResult:
    slug, seed = key
    try:
        with transaction.atomic():
            return DetectiveResult.objects.create(puzzle=slug, seed=seed, plays=run.plays,
                                                  penalties=run.penalties,
                                                  cracked=run.cracked)
    except IntegrityError:
        return DetectiveResult.objects.get(puzzle=slug, seed=seed)
