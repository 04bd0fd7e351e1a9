"""Previews computed in worker processes (``MAO_PREVIEW_WORKERS``; 0: in the asking thread).

A preview is the builder's heaviest CPU (tens of milliseconds): computed here, it never holds
the site's GIL while another table's action waits for it, and it runs below the site's CPU
priority (:mod:`games.workers`). The worker's CPU is still charged to the writer's budget
(:func:`games.store.budgets.spent_elsewhere`).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import CancelledError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from django.conf import settings

from games.authoring.grid import Table
from games.authoring.preview import Preview, preview, unfinished_preview
from games.authoring.situation import Choice
from games.store.budgets import spent_elsewhere
from games.workers import timed, worker_pool
from rules.cards import Card
from rules.spec import Rule

#: The longest a preview may take, in seconds of the worker's wall time (a preview of a
#: usual rule takes tens of milliseconds).
WAIT = 5.0

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


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool``'s workers, whatever they are computing; the next preview starts more."""
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    # The executor has no way to stop a task that runs: end its processes (none left when
    # another request has stopped this pool already).
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


def computed_preview(rule: Rule, own: Sequence[Rule], table: Table, top: Card,
                     choice: Choice | None) -> Preview:
    """:func:`games.authoring.preview.preview` of the same arguments, computed by a worker
    (in this thread when there are none, or when the worker died). A preview that takes
    longer than :data:`WAIT` is stopped: the answer says the rule is too slow to check, and
    the wait is charged to the writer."""
    pool = _workers()
    if pool is None:
        return preview(rule, own, table, top, choice)
    try:
        # The worker imports only the pure preview, never this module (nor Django).
        future = pool.submit(timed, preview, rule, tuple(own), table, top, choice)
    except RuntimeError as error:  # a worker died, or another request stopped the pool
        if isinstance(error, BrokenProcessPool):
            _stop(pool)
        return preview(rule, own, table, top, choice)
    try:
        shown, cpu = future.result(timeout=WAIT)
    except TimeoutError:
        _stop(pool)
        spent_elsewhere(WAIT)
        return unfinished_preview(rule, top, WAIT)
    except (BrokenProcessPool, CancelledError):
        _stop(pool)  # a worker died, or another request stopped them
        return preview(rule, own, table, top, choice)
    spent_elsewhere(cpu)
    return shown
