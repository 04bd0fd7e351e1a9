"""The background estimates' bounds: one estimate per writer (a new draft supersedes the
last: dropped before it starts, told to stop while it runs), a cap on the queue that
answers "busy", a CPU budget per estimate, and answers never shared between writers; and
the order the workers take them in: a writer's first estimate before others' repeats."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest
from pytest_django import Settings

from games.autoplay.difficulty import Difficulty
from games.difficulty import runner
from games.engine.settings import GameSettings
from games.workers import worker_pool

SETTINGS = GameSettings(players=4)


def draft(suit: str) -> dict[str, Any]:
    """A rule refusing one suit."""
    return {"kind": "restriction", "must_not": {"type": "suit", "in": [suit]}}


class Worker:
    """The worker process, by hand: what was sent to it, finished when the test says."""

    def __init__(self) -> None:
        self.sent: list[tuple[dict[str, Any], int, Future[tuple[Difficulty, float]]]] = []
        self.slots: list[int] = []

    def submit(self, fn: object, rule_json: dict[str, Any], settings_json: object,
               ticket: int, seconds: float, slot: int) -> Future[tuple[Difficulty, float]]:
        job: Future[tuple[Difficulty, float]] = Future()
        self.sent.append((rule_json, ticket, job))
        self.slots.append(slot)
        return job

    def finish(self, index: int = -1, answer: Difficulty | None = None,
               cpu: float = 0.1) -> None:
        """Answer the ``index``-th estimate sent, as having taken ``cpu`` seconds."""
        self.sent[index][2].set_result((answer or Difficulty("restriction", 0.25, (10,)), cpu))

    def rules(self) -> list[dict[str, Any]]:
        return [rule for rule, _, _ in self.sent]


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> Iterator[Worker]:
    """One worker process, by hand; two writers may wait."""
    settings.MAO_ESTIMATE_QUEUE = 2
    settings.MAO_ESTIMATE_WORKERS = 1
    found = Worker()
    runner.forget()
    monkeypatch.setattr(runner, "inline", False)
    monkeypatch.setattr(runner, "_worker", lambda: found)
    monkeypatch.setattr(runner, "_stops", [0, 0, 0])
    yield found
    runner.forget()


@pytest.fixture
def workers(worker: Worker, settings: Settings) -> Worker:
    """Two worker processes, by hand."""
    settings.MAO_ESTIMATE_WORKERS = 2
    return worker


def test_a_new_draft_replaces_the_writers_waiting_one(worker: Worker) -> None:
    runner.request("other:0", draft("S"), SETTINGS)  # keeps the worker busy
    for suit in ("H", "D", "C"):
        assert runner.request("GAME:0", draft(suit), SETTINGS).running
    worker.finish(0)
    assert worker.rules() == [draft("S"), draft("C")]  # H and D never started


def test_a_running_estimate_superseded_is_told_to_stop_and_not_kept(worker: Worker) -> None:
    runner.request("GAME:0", draft("H"), SETTINGS)
    ticket = worker.sent[0][1]
    assert runner._stops is not None and runner._stops[0] != ticket
    runner.request("GAME:0", draft("D"), SETTINGS)
    assert runner._stops[0] == ticket
    assert len(worker.sent) == 1  # D waits for the worker
    worker.finish(0)
    assert worker.rules() == [draft("H"), draft("D")]
    worker.finish(1)
    assert runner.request("GAME:0", draft("D"), SETTINGS).difficulty is not None
    # H's answer came after it was told to stop: thrown away, asked for anew.
    assert runner.request("GAME:0", draft("H"), SETTINGS).running
    assert len(worker.sent) == 3


def test_asking_again_for_the_same_draft_starts_nothing(worker: Worker) -> None:
    for _ in range(3):
        assert runner.request("GAME:0", draft("H"), SETTINGS).running
    assert len(worker.sent) == 1
    worker.finish()
    assert runner.request("GAME:0", draft("H"), SETTINGS).difficulty is not None
    assert len(worker.sent) == 1


def test_over_the_queue_cap_a_new_writer_is_told_the_estimator_is_busy(
        worker: Worker) -> None:
    runner.request("A:0", draft("H"), SETTINGS)  # running
    runner.request("B:0", draft("H"), SETTINGS)  # waiting
    runner.request("C:0", draft("H"), SETTINGS)  # waiting: the cap of two
    busy = runner.request("D:0", draft("H"), SETTINGS)
    assert busy.busy and not busy.running and not busy.failed
    # A writer already waiting may change its draft; the running one's writer too.
    assert runner.request("B:0", draft("D"), SETTINGS).running
    assert runner.request("A:0", draft("D"), SETTINGS).busy
    worker.finish(0)  # B's D starts, then room for one more
    assert runner.request("D:0", draft("H"), SETTINGS).running
    assert worker.rules() == [draft("H"), draft("D")]


def test_a_writer_may_always_change_its_running_draft_when_nobody_waits(
        worker: Worker) -> None:
    runner.request("A:0", draft("H"), SETTINGS)
    assert runner.request("A:0", draft("D"), SETTINGS).running


def test_answers_are_never_shared_between_writers(worker: Worker) -> None:
    """An answer at once would tell a writer that someone else estimated that rule."""
    runner.request("A:0", draft("H"), SETTINGS)
    worker.finish()
    assert runner.request("A:0", draft("H"), SETTINGS).difficulty is not None
    assert runner.request("B:1", draft("H"), SETTINGS).running
    assert len(worker.sent) == 2


def test_a_worker_that_died_fails_its_estimate_and_the_queue_goes_on(
        worker: Worker) -> None:
    runner.request("A:0", draft("H"), SETTINGS)
    worker.sent[0][2].set_exception(BrokenProcessPool("killed"))
    assert runner.request("A:0", draft("H"), SETTINGS).failed
    assert runner.request("A:0", draft("D"), SETTINGS).running  # the queue goes on
    assert len(worker.sent) == 2


def test_the_budget_gives_up_on_the_cpu_clock_or_when_told_to_stop() -> None:
    now = [100.0]
    stops = [0, 0]
    give_up = runner.budget(2.0, ticket=7, stops=stops, slot=1, clock=lambda: now[0])
    now[0] += 1.9
    assert not give_up()
    now[0] += 0.2
    assert give_up()
    fresh = runner.budget(2.0, ticket=7, stops=stops, slot=1, clock=lambda: now[0])
    assert not fresh()
    stops[1] = 8  # another estimate's ticket
    assert not fresh()
    stops[0] = 7  # another worker's slot
    assert not fresh()
    stops[1] = 7
    assert fresh()


def test_the_workers_job_stops_when_its_ticket_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "_stops_seen", [0, 5])
    found, _ = runner._work(draft("H"), {"players": 4}, 5, 60.0, 1)
    assert found.cut_short and found.plays_to_crack == ()
    whole, cpu = runner._work(draft("H"), {"players": 4}, 5, 60.0, 0)
    assert not whole.cut_short and whole.plays_to_crack
    assert 0 < cpu < 60.0


def test_the_workers_job_stops_on_its_budget() -> None:
    found, _ = runner._work(draft("H"), {"players": 4}, 5, 0.0, 0)
    assert found.cut_short


@pytest.fixture
def charged(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> list[tuple[str, float]]:
    """What the runner charges to writers' budgets, as (budget, seconds); 2 s an estimate."""
    settings.MAO_ESTIMATE_SECONDS = 2.0
    found: list[tuple[str, float]] = []
    monkeypatch.setattr(runner, "charge", lambda key, seconds: found.append((key, seconds)))
    return found


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The monotonic clock, set by hand (``now[0]``)."""
    clock = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    return clock


def test_every_estimate_the_worker_ran_is_charged_its_cpu(
        worker: Worker, charged: list[tuple[str, float]], now: list[float]) -> None:
    """Finished or stopped by a newer draft: a flood of drafts spends the writer's budget;
    by the CPU the worker spent, not the (far longer) wall time of a busy server."""
    runner.request("GAME:0", draft("H"), SETTINGS, charge_to="GAME:ann")
    now[0] = 104.0
    runner.request("GAME:0", draft("D"), SETTINGS, charge_to="GAME:ann")  # stops H
    worker.finish(0, cpu=0.5)  # H, stopped after 4 s of waiting for a core, 0.5 s on one
    now[0] = 109.0
    worker.finish(1, cpu=3.5)  # D: charged no more than an estimate may take
    assert charged == [("GAME:ann", 0.5), ("GAME:ann", 2.0)]


def test_an_estimate_whose_worker_died_is_charged_its_wall_time(
        worker: Worker, charged: list[tuple[str, float]], now: list[float]) -> None:
    runner.request("GAME:0", draft("H"), SETTINGS, charge_to="GAME:ann")
    now[0] = 101.25
    worker.sent[0][2].set_exception(BrokenProcessPool("killed"))
    assert charged == [("GAME:ann", 1.25)]


def test_two_workers_make_two_writers_estimates_at_once(workers: Worker) -> None:
    runner.request("A:0", draft("H"), SETTINGS)
    runner.request("B:0", draft("H"), SETTINGS)
    runner.request("C:0", draft("H"), SETTINGS)
    assert len(workers.sent) == 2 and sorted(workers.slots) == [0, 1]
    workers.finish(0)  # C takes the freed slot
    assert len(workers.sent) == 3 and workers.slots[2] == workers.slots[0]


def test_a_superseded_estimate_is_stopped_in_its_own_slot_only(workers: Worker) -> None:
    runner.request("A:0", draft("H"), SETTINGS)
    runner.request("B:0", draft("H"), SETTINGS)
    assert runner._stops is not None
    runner.request("B:0", draft("D"), SETTINGS)
    b_slot, b_ticket = workers.slots[1], workers.sent[1][1]
    assert runner._stops[b_slot] == b_ticket
    assert runner._stops[workers.slots[0]] != workers.sent[0][1]


def test_a_writers_new_draft_never_runs_beside_its_stopped_one(workers: Worker) -> None:
    """One estimate per writer at a time, even with a worker free."""
    runner.request("A:0", draft("H"), SETTINGS)
    assert runner.request("A:0", draft("D"), SETTINGS).running
    assert workers.rules() == [draft("H")]
    workers.finish(0)  # H stopped at last: D starts
    assert workers.rules() == [draft("H"), draft("D")]


def test_a_writers_first_estimate_goes_before_others_repeats(worker: Worker) -> None:
    runner.request("A:0", draft("H"), SETTINGS)
    worker.finish(0)  # A has had one estimate
    runner.request("B:0", draft("H"), SETTINGS)  # keeps the worker busy
    runner.request("A:0", draft("D"), SETTINGS)  # A's repeat waits first...
    runner.request("C:0", draft("C"), SETTINGS)  # ...C's first estimate after it
    worker.finish(1)
    assert worker.rules()[2] == draft("C")
    worker.finish(2)
    assert worker.rules()[3] == draft("D")


def test_among_first_estimates_the_first_to_ask_goes_first(worker: Worker) -> None:
    runner.request("A:0", draft("H"), SETTINGS)
    runner.request("B:0", draft("D"), SETTINGS)
    runner.request("C:0", draft("C"), SETTINGS)
    worker.finish(0)
    worker.finish(1)
    assert worker.rules() == [draft("H"), draft("D"), draft("C")]


def test_a_first_estimate_takes_the_place_of_a_repeat_in_a_full_queue(
        worker: Worker) -> None:
    for writer in ("A:0", "B:0"):
        runner.request(writer, draft("H"), SETTINGS)
        worker.finish()
    runner.request("X:0", draft("H"), SETTINGS)  # running
    runner.request("A:0", draft("D"), SETTINGS)  # waiting: repeats
    runner.request("B:0", draft("D"), SETTINGS)
    assert runner.request("C:0", draft("C"), SETTINGS).running  # B's place, the last
    assert runner.request("D:0", draft("C"), SETTINGS).running  # then A's
    assert runner.request("E:0", draft("C"), SETTINGS).busy  # the queue is all first ones
    # A displaced writer asking again is told the estimator is busy, and may try later.
    assert runner.request("B:0", draft("D"), SETTINGS).busy
    worker.finish()
    assert worker.rules()[-1] == draft("C")


def test_estimates_count_against_a_writers_place_for_a_while_only(
        worker: Worker, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    runner.request("A:0", draft("H"), SETTINGS)
    worker.finish()
    assert runner._recent("A:0") == 1
    now[0] += runner.RECENT + 1
    assert runner._recent("A:0") == 0


def _niceness() -> int:
    return os.nice(0)


def test_the_estimate_workers_yield_to_the_preview_workers(settings: Settings) -> None:
    """A preview is awaited by its writer; an estimate is asked for again a moment later."""
    settings.MAO_ESTIMATE_WORKERS = 1
    runner.forget()
    previews = worker_pool(1)
    try:
        estimates = runner._worker()
        preview_nice = previews.submit(_niceness).result(timeout=120)
        estimate_nice = estimates.submit(_niceness).result(timeout=120)
    finally:
        previews.shutdown()
        runner._stop_workers()
    assert estimate_nice > preview_nice > os.nice(0) or estimate_nice == preview_nice == 19


def test_the_real_workers_answer_two_writers_at_once(settings: Settings) -> None:
    settings.MAO_ESTIMATE_WORKERS = 2
    settings.MAO_ESTIMATE_SECONDS = 60.0
    runner.forget()
    try:
        for writer in ("A:0", "B:0"):
            assert runner.request(writer, draft("H"), SETTINGS).running
        assert len(runner._running) == 2
        deadline = time.monotonic() + 120
        while runner._running and time.monotonic() < deadline:
            time.sleep(0.05)
        answers = [runner.request(w, draft("H"), SETTINGS) for w in ("A:0", "B:0")]
    finally:
        runner._stop_workers()
        runner.forget()
    settings_json = {"jokers": SETTINGS.jokers, "aces_high": SETTINGS.aces_high}
    assert [a.difficulty for a in answers] == [runner._estimate(draft("H"), settings_json)] * 2
