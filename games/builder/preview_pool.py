"""Previews computed in worker processes (``MAO_PREVIEW_WORKERS``; 0: in the asking thread).

A preview is the builder's heaviest CPU (tens of milliseconds): computed here, it never holds
the site's GIL while another table's action waits for it, and it runs below the site's CPU
priority (:mod:`games.workers`). The worker's CPU is still charged to the writer's budget
(:func:`games.store.budgets.spent_elsewhere`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings

from games.authoring.grid import Table
from games.authoring.preview import Preview, preview
from games.authoring.situation import Choice
from games.store.budgets import spent_elsewhere
from games.workers import timed, worker_pool
from rules.cards import Card
from rules.spec import Rule

#: The longest a request waits for a worker's preview before computing it itself, in
#: seconds (a worker that hangs or died mid-preview).
WAIT = 10.0

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _workers() -> ProcessPoolExecutor | None:
    global _pool
    count = int(settings.MAO_PREVIEW_WORKERS)
    if count <= 0:
        return None
    with _lock:
        if _pool is None:
            _pool = worker_pool(count)
        return _pool


def _forget(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def computed_preview(rule: Rule, own: Sequence[Rule], table: Table, top: Card,
                     choice: Choice | None) -> Preview:
    """:func:`games.authoring.preview.preview` of the same arguments, computed by a worker
    (in this thread when there are none, or when the worker failed)."""
    pool = _workers()
    if pool is not None:
        try:
            # The worker imports only the pure preview, never this module (nor Django).
            shown, cpu = pool.submit(timed, preview, rule, tuple(own), table, top, choice
                                     ).result(timeout=WAIT)
        except (BrokenProcessPool, TimeoutError, OSError, RuntimeError):
            _forget(pool)  # the next preview starts fresh workers
        else:
            spent_elsewhere(cpu)
            return shown
    return preview(rule, own, table, top, choice)
