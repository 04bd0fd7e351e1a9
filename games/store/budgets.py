"""Per-writer bounds on the rule builder's CPU: one request in flight at a time
(:data:`IN_FLIGHT`), and ``MAO_BUILDER_CPU`` seconds of this thread's CPU per rolling minute
(:data:`OVER_BUDGET`).

:func:`metered` runs one request's work for a writer's key. Both bounds live in Django's
cache, so they hold across the processes of the scale-out mode.
"""

from __future__ import annotations

import math
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

#: The rolling window the CPU budget counts over, in seconds.
WINDOW = 60
#: How long an in-flight marker lives when its request never releases it (its process
#: died): far longer than any builder request takes.
MARKER_SECONDS = 30
#: The reasons a request is refused.
IN_FLIGHT = "in_flight"
OVER_BUDGET = "over_budget"

#: The wall clock (the same in every process, unlike ``time.monotonic``) and the CPU clock
#: charged for work; tests replace them.
clock: Callable[[], float] = time.time
cpu: Callable[[], float] = time.thread_time


@dataclass(frozen=True, slots=True)
class Refused:
    """Why a writer's request was not run (:data:`IN_FLIGHT` or :data:`OVER_BUDGET`), and
    in how many seconds to ask again."""

    reason: str
    retry_after: int


def _budget() -> float:
    return float(settings.MAO_BUILDER_CPU)


def _window_key(writer: str, window: int) -> str:
    return f"mao:cpu:{writer}:{window}"


def spent(writer: str) -> float:
    """The CPU seconds ``writer`` spent in the rolling minute up to now."""
    return _spent(writer, clock())[0]


def _spent(writer: str, now: float) -> tuple[float, float, float, float]:
    """The rolling minute's seconds, and what it is made of: this minute's seconds, the
    last minute's, and how far into this minute ``now`` is (a fraction)."""
    window = int(now // WINDOW)
    found = cache.get_many([_window_key(writer, window), _window_key(writer, window - 1)])
    current = found.get(_window_key(writer, window), 0) / 1000
    previous = found.get(_window_key(writer, window - 1), 0) / 1000
    into = now / WINDOW - window
    return current + previous * (1 - into), current, previous, into


def over_budget(writer: str) -> Refused | None:
    """:data:`OVER_BUDGET` with the seconds until ``writer`` is under the budget again (if
    it spends nothing more), or ``None`` while it is under."""
    total, current, previous, into = _spent(writer, clock())
    limit = _budget()
    if total < limit:
        return None
    if current >= limit:
        # Next minute, this one's total counts for less the further into it we are.
        wait = (1 - into) * WINDOW + (1 - limit / current) * WINDOW
    else:
        wait = ((1 - (limit - current) / previous) - into) * WINDOW
    # Whole seconds, past the moment itself (where it would be just at the budget).
    return Refused(OVER_BUDGET, max(1, math.floor(wait) + 1))


def charge(writer: str, seconds: float) -> None:
    """Add ``seconds`` of CPU to ``writer``'s current minute."""
    key = _window_key(writer, int(clock() // WINDOW))
    milliseconds = max(0, round(seconds * 1000))
    cache.add(key, 0, timeout=3 * WINDOW)
    try:
        cache.incr(key, milliseconds)
    except ValueError:  # expired between the two calls
        cache.set(key, milliseconds, timeout=3 * WINDOW)


_elsewhere = threading.local()


def spent_elsewhere(seconds: float) -> None:
    """Count ``seconds`` of CPU that another process spent for this thread's request (a
    worker's preview): :func:`metered` charges them with the thread's own."""
    _elsewhere.seconds = getattr(_elsewhere, "seconds", 0.0) + seconds


def _charged() -> float:
    """This thread's CPU so far, with what other processes spent for it."""
    return cpu() + getattr(_elsewhere, "seconds", 0.0)


def metered[T](writer: str, work: Callable[[], T], one_at_a_time: bool = True
               ) -> T | Refused:
    """``work()`` for ``writer``, charged to its CPU budget; :class:`Refused` without
    running it when the writer is over the budget or (``one_at_a_time``) another of its
    requests is in flight."""
    marker = f"mao:busy:{writer}"
    token = uuid.uuid4().hex
    if one_at_a_time and not cache.add(marker, token, timeout=MARKER_SECONDS):
        return Refused(IN_FLIGHT, 1)
    try:
        refused = over_budget(writer)
        if refused is not None:
            return refused
        started = _charged()
        try:
            return work()
        finally:
            charge(writer, _charged() - started)
    finally:
        # Only our own marker: one that expired and was taken by a later request stays.
        if one_at_a_time and cache.get(marker) == token:
            cache.delete(marker)
