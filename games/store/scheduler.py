"""One thread per process that runs each game's job when it is due: bot moves and clock ticks.

A heap of (due time, game); a game already waiting keeps its earlier time. Jobs run one
after another and close their database connection. Pure Python: no Django here.
"""

from __future__ import annotations

import heapq
import logging
import threading
import time
from collections.abc import Callable

logger = logging.getLogger(__name__)

#: A job: one game's due work (its bots' moves, or its clock's tick); returns nothing,
#: raises on failure.
Job = Callable[[], None]


class Scheduler:
    """Runs each game's job once it is due, on one worker thread started on first use."""

    def __init__(self, name: str = "mao-bots",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._name = name
        self._clock = clock
        self._heap: list[tuple[float, int, str]] = []
        self._jobs: dict[str, tuple[float, Job]] = {}
        self._counter = 0
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None

    def schedule(self, key: str, delay: float, job: Job) -> None:
        """Run ``job`` in ``delay`` seconds; a ``key`` already waiting keeps the earlier time
        (its job is replaced by the newer one, which reads the game afresh anyway)."""
        due = self._clock() + max(0.0, delay)
        with self._wake:
            waiting = self._jobs.get(key)
            if waiting is not None and waiting[0] <= due:
                self._jobs[key] = (waiting[0], job)
                return
            self._jobs[key] = (due, job)
            self._counter += 1
            heapq.heappush(self._heap, (due, self._counter, key))
            self._start()
            self._wake.notify()

    def pending(self) -> int:
        """How many games have a job waiting."""
        with self._wake:
            return len(self._jobs)

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()

    def _next(self) -> Job:
        """Wait for the earliest due job and take it."""
        with self._wake:
            while True:
                while self._heap and self._jobs.get(self._heap[0][2], (None,))[0] != \
                        self._heap[0][0]:
                    heapq.heappop(self._heap)  # replaced by an earlier time: stale
                if not self._heap:
                    self._wake.wait()
                    continue
                due, _, key = self._heap[0]
                wait = due - self._clock()
                if wait > 0:
                    self._wake.wait(wait)
                    continue
                heapq.heappop(self._heap)
                return self._jobs.pop(key)[1]

    def _run(self) -> None:
        while True:
            job = self._next()
            try:
                job()
            except Exception:  # the worker must outlive any one game's failure
                logger.exception("a job of %s failed", self._name)
