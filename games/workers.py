"""Worker processes for CPU-heavy work a request waits for (previews, estimates).

Work done in another process never holds the site's GIL, and runs at a lower CPU priority
than the site, so one writer's work cannot slow another table's actions.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

#: How much lower than the site's a worker's CPU priority is (``nice``). Budgets count a
#: worker's CPU time, not its wall time, so a lower priority never shortens one.
NICENESS = 10
#: Lower still, for work nobody waits on (the difficulty estimates: the page asks again
#: later), so that it yields to a preview its writer waits for.
BACKGROUND = 15


def lower_priority(niceness: int = NICENESS) -> None:
    """Yield the CPU to the site's own process: batch scheduling and a higher ``nice``
    (where the platform has them)."""
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    with contextlib.suppress(OSError, AttributeError):
        os.nice(niceness)


def timed[T](work: Callable[..., T], *args: Any) -> tuple[T, float]:
    """In a worker: ``work(*args)`` and the CPU seconds it took there."""
    started = time.process_time()
    done = work(*args)
    return done, time.process_time() - started


def _start(niceness: int, initializer: Callable[..., None] | None,
           args: tuple[Any, ...]) -> None:
    lower_priority(niceness)
    if initializer is not None:
        initializer(*args)


def worker_pool(workers: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = (), niceness: int = NICENESS
                ) -> ProcessPoolExecutor:
    """``workers`` fresh interpreters ("spawn": never a fork of a process with running
    threads) at a lower priority (``niceness``), each started with
    ``initializer(*initargs)``."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"),
                               initializer=_start, initargs=(niceness, initializer, initargs))
