"""The background estimates' bounds: one estimate per writer (a new draft supersedes the
last: dropped before it starts, told to stop while it runs), a cap on the queue that
answers "busy", a CPU budget per estimate, and answers never shared between writers."""

from __future__ import annotations

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

SETTINGS = GameSettings(players=4)


def draft(suit: str) -> dict[str, Any]:
    """A rule refusing one suit."""
    return {"kind": "restriction", "must_not": {"type": "suit", "in": [suit]}}


class Worker:
    """The worker process, by hand: what was sent to it, finished when the test says."""

    def __init__(self) -> None:
        self.sent: list[tuple[dict[str, Any], int, Future[Difficulty]]] = []

    def submit(self, fn: object, rule_json: dict[str, Any], settings_json: object,
               ticket: int, seconds: float) -> Future[Difficulty]:
        job: Future[Difficulty] = Future()
        self.sent.append((rule_json, ticket, job))
        return job

    def finish(self, index: int = -1, answer: Difficulty | None = None) -> None:
        self.sent[index][2].set_result(answer or Difficulty("restriction", 0.25, (10,)))

    def rules(self) -> list[dict[str, Any]]:
        return [rule for rule, _, _ in self.sent]


class Flag:
    value = 0


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> Iterator[Worker]:
    settings.MAO_ESTIMATE_QUEUE = 2
    found = Worker()
    runner.forget()
    monkeypatch.setattr(runner, "inline", False)
    monkeypatch.setattr(runner, "_worker", lambda: found)
    monkeypatch.setattr(runner, "_stop", Flag())
    yield found
    runner.forget()


def test_a_new_draft_replaces_the_writers_waiting_one(worker: Worker) -> None:
    runner.request("other:0", draft("S"), SETTINGS)  # keeps the worker busy
    for suit in ("H", "D", "C"):
        assert runner.request("GAME:0", draft(suit), SETTINGS).running
    worker.finish(0)
    assert worker.rules() == [draft("S"), draft("C")]  # H and D never started


def test_a_running_estimate_superseded_is_told_to_stop_and_not_kept(worker: Worker) -> None:
    runner.request("GAME:0", draft("H"), SETTINGS)
    ticket = worker.sent[0][1]
    assert runner._stop is not None and runner._stop.value != ticket
    runner.request("GAME:0", draft("D"), SETTINGS)
    assert runner._stop.value == ticket
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
    stop = Flag()
    give_up = runner.budget(2.0, ticket=7, stop=stop, clock=lambda: now[0])
    now[0] += 1.9
    assert not give_up()
    now[0] += 0.2
    assert give_up()
    fresh = runner.budget(2.0, ticket=7, stop=stop, clock=lambda: now[0])
    assert not fresh()
    stop.value = 8  # another estimate's ticket
    assert not fresh()
    stop.value = 7
    assert fresh()


def test_the_workers_job_stops_when_its_ticket_is_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stop = Flag()
    stop.value = 5
    monkeypatch.setattr(runner, "_stop_seen", stop)
    found = runner._work(draft("H"), {"players": 4}, 5, 60.0)
    assert found.cut_short and found.plays_to_crack == ()
    whole = runner._work(draft("H"), {"players": 4}, 6, 60.0)
    assert not whole.cut_short and len(whole.plays_to_crack) == 6


def test_the_workers_job_stops_on_its_budget() -> None:
    found = runner._work(draft("H"), {"players": 4}, 5, 0.0)
    assert found.cut_short


def test_every_estimate_the_worker_ran_is_charged_to_its_budget(
        worker: Worker, monkeypatch: pytest.MonkeyPatch, settings: Settings) -> None:
    """Finished or stopped by a newer draft: a flood of drafts spends the writer's budget."""
    settings.MAO_ESTIMATE_SECONDS = 2.0
    charged: list[tuple[str, float]] = []
    monkeypatch.setattr(runner, "charge", lambda key, seconds: charged.append((key, seconds)))
    clock = iter([100.0, 100.5, 100.5, 109.0])
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    runner.request("GAME:0", draft("H"), SETTINGS, charge_to="GAME:ann")
    runner.request("GAME:0", draft("D"), SETTINGS, charge_to="GAME:ann")  # stops H
    worker.finish(0)  # H, stopped, after 0.5 s
    worker.finish(1)  # D, after 8.5 s: charged no more than an estimate may take
    assert charged == [("GAME:ann", 0.5), ("GAME:ann", 2.0)]
