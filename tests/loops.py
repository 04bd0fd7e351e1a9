"""Running a coroutine to its end from a plain test, whatever else runs in this thread.

``asyncio.run`` refuses to start while the thread already runs an event loop, and one does
in a whole-suite run: Playwright's sync API keeps its loop running in the main thread for
as long as the browser tests' browser lives. :func:`run_apart` runs the
coroutine on a fresh loop in a thread of its own instead, which works either way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_apart[T](coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on a new event loop in another thread and return its result (or
    raise what it raised)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
