"""Estimates computed in the background, so the builder never waits for one.

An estimate simulates games (a second or two of CPU). Run in a request, it would hold up
the one thread where each daphne process does its Django work, and every table of that
process with it; run in a thread, it would still share the process's interpreter lock. So
each process keeps one worker *process* (made on first use) and a small memory of the
estimates it has made or started, keyed by what they depend on: the rule as written and
the settings that change its meaning. The builder asks again until the answer is there.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from games.difficulty.estimate import Difficulty, estimate
from games.engine.settings import GameSettings
from rules.spec import FORMAT_VERSION, load_rule

logger = logging.getLogger(__name__)

#: Estimates kept (done or running), least recently asked for first out.
KEPT = 256

_lock = threading.Lock()
_jobs: OrderedDict[str, Future[Difficulty]] = OrderedDict()
_pool: ProcessPoolExecutor | None = None
#: Compute in the asking thread instead (tests; a machine without processes to spare).
inline = False


def _estimate(rule_json: dict[str, Any], settings_json: dict[str, Any]) -> Difficulty:
    """The worker's job: plain data in, so that it crosses into the worker process."""
    rule = load_rule({"version": FORMAT_VERSION, "jargon": "(new rule)", "rule": rule_json})
    return estimate(rule, GameSettings(**settings_json))


def key_of(rule_json: dict[str, Any], settings: GameSettings) -> str:
    """What an estimate depends on: the rule and the settings that change how it plays."""
    return json.dumps([rule_json, settings.jokers, settings.aces_high], sort_keys=True)


def _worker() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # "spawn": a fresh interpreter, not a fork of a process with running threads.
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn"))
    return _pool


@dataclass(frozen=True, slots=True)
class Answer:
    """Where an estimate stands: still running, done (``difficulty``), or failed."""

    running: bool
    difficulty: Difficulty | None = None

    @property
    def failed(self) -> bool:
        """Whether the estimate could not be made (it is not tried again)."""
        return not self.running and self.difficulty is None


def request(rule_json: dict[str, Any], settings: GameSettings) -> Answer:
    """The estimate of ``rule_json`` (a rule's ``rule`` object) at a table of ``settings``:
    started on the first request, answered once ready. A failure is logged and kept, so a
    builder asking again is told instead of starting it again and again."""
    key = key_of(rule_json, settings)
    plain = {"jokers": settings.jokers, "aces_high": settings.aces_high}
    with _lock:
        job = _jobs.get(key)
        if job is None:
            if inline:
                job = Future()
                try:
                    job.set_result(_estimate(rule_json, plain))
                except Exception as exc:  # kept as the job's failure, as a worker's would be
                    job.set_exception(exc)
            else:
                job = _worker().submit(_estimate, rule_json, plain)
            _jobs[key] = job
            while len(_jobs) > KEPT:
                _jobs.popitem(last=False)
        _jobs.move_to_end(key)
    if not job.done():
        return Answer(running=True)
    error = job.exception()
    if error is not None:
        logger.error("estimating a rule's difficulty failed: %r", error)
        return Answer(running=False)
    return Answer(running=False, difficulty=job.result())


def forget() -> None:
    """Forget every estimate (for tests)."""
    with _lock:
        _jobs.clear()
