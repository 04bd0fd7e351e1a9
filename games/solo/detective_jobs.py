"""The detective's run on a solo deal, made in a background worker process as the run
starts, so that no request waits for it; kept in the database once a page has asked for
it (one per puzzle and seed).

At most :data:`MAX_IN_FLIGHT` runs are made at once in this process, and at most
:data:`MADE` finished ones wait for their page; beyond either, a run is made again when
its end page asks.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial
from typing import Final

from django.db import IntegrityError, transaction

from games.models import DetectiveResult
from games.puzzles.detective_run import DetectiveRun, run_detective
from games.puzzles.library import Puzzle
from games.workers import BACKGROUND, worker_pool

logger = logging.getLogger(__name__)

#: Runs waiting for or taking the worker at once, in this process.
MAX_IN_FLIGHT: Final = 16
#: Finished runs kept in memory until their end page asks (the oldest dropped first).
MADE: Final = 256

Key = tuple[str, int]

_lock = threading.Lock()
_in_flight: set[Key] = set()
_made: OrderedDict[Key, DetectiveRun] = OrderedDict()
_pool: ProcessPoolExecutor | None = None
#: Make the run in the asking thread instead (tests).
inline = False


def ensure(puzzle: Puzzle, seed: int) -> DetectiveResult | None:
    """The detective's run on ``puzzle`` dealt by ``seed`` if made (kept from now on);
    otherwise start making it, unless it is under way, and ``None``."""
    found = DetectiveResult.objects.filter(puzzle=puzzle.slug, seed=seed).first()
    if found is not None:
        return found
    key = (puzzle.slug, seed)
    with _lock:
        made = _made.pop(key, None)
    if made is not None:
        return _store(key, made)
    if inline:
        return _store(key, run_detective(puzzle, seed))
    with _lock:
        if key in _in_flight or len(_in_flight) >= MAX_IN_FLIGHT:
            return None
        _in_flight.add(key)
        future = _worker().submit(run_detective, puzzle, seed)
    future.add_done_callback(partial(_finish, key))
    return None


def ahead(puzzle: Puzzle, seed: int) -> None:
    """Start making the run as a solo table opens, so that its end page has it at once
    (not in :data:`inline` mode: its end page makes it then)."""
    if not inline:
        ensure(puzzle, seed)


def _worker() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = worker_pool(1, niceness=BACKGROUND)
    return _pool


def _finish(key: Key, done: Future[DetectiveRun]) -> None:
    """Hold a finished run for its page (in the executor's thread: no database here)."""
    failure = done.exception()
    with _lock:
        _in_flight.discard(key)
        if failure is None:
            _made[key] = done.result()
            while len(_made) > MADE:
                _made.popitem(last=False)
    if failure is not None:  # made again when its end page asks
        logger.error("The detective's run on %s (seed %s) failed", *key, exc_info=failure)


def _store(key: Key, run: DetectiveRun) -> DetectiveResult:
    slug, seed = key
    try:
        with transaction.atomic():
            return DetectiveResult.objects.create(puzzle=slug, seed=seed, plays=run.plays,
                                                  penalties=run.penalties,
                                                  cracked=run.cracked)
    except IntegrityError:
        return DetectiveResult.objects.get(puzzle=slug, seed=seed)
