"""The detective's run on a solo deal is made off the request: started as the table opens,
shown as under way on the end page (which asks again), stored once made, tried again after
a failure but not for ever, and bounded in how many are made at once."""

from __future__ import annotations

import threading
from collections import OrderedDict
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest
from django.test import Client

from games.models import DetectiveResult, Game
from games.puzzles.detective_run import DetectiveRun
from games.solo import detective_jobs
from tests.factories import holder_client
from tests.solo.helpers import HEARTS, RED, open_puzzle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]
PENDING = "Our detective bot is playing the same deal"


class HeldWorker:
    """A worker whose runs finish only when the test says so (or that is broken)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[tuple[Any, ...], Future[DetectiveRun]]] = []
        self.broken = False

    def submit(self, _work: Any, *args: Any) -> Future[DetectiveRun]:
        if self.broken:
            raise BrokenProcessPool("the worker died")
        future: Future[DetectiveRun] = Future()
        self.jobs.append((args, future))
        return future


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> HeldWorker:
    held = HeldWorker()
    monkeypatch.setattr(detective_jobs, "inline", False)
    monkeypatch.setattr(detective_jobs, "_worker", lambda: held)
    monkeypatch.setattr(detective_jobs, "_in_flight", set())
    monkeypatch.setattr(detective_jobs, "_failures", OrderedDict())
    return held


def _opened(client: Client, capture: Any) -> Game:
    with capture(execute=True):
        return open_puzzle(client)


def _give_up(client: Client, code: str) -> str:
    response = client.post(f"/g/{code}/solo/give-up/", {"confirm": "yes"})
    assert response.status_code == 302
    return client.get(f"/g/{code}/solo/end/").content.decode()


def _stored() -> None:
    """Wait for the threads that store finished runs."""
    for thread in threading.enumerate():
        if thread.name == "detective-store":
            thread.join(timeout=10)


@pytest.mark.django_db(transaction=True)
def test_the_run_starts_with_the_table_and_is_stored_once_made(
        worker: HeldWorker, django_capture_on_commit_callbacks: Any) -> None:
    client, _ = holder_client()
    game = _opened(client, django_capture_on_commit_callbacks)
    assert [args for args, _ in worker.jobs] == [(HEARTS, game.seed)]
    end = _give_up(client, game.code)
    # Under way: said so, and asked for again; not started a second time.
    assert PENDING in end
    assert f'hx-get="/g/{game.code}/solo/detective/" hx-trigger="every 2s"' in end
    assert len(worker.jobs) == 1 and not DetectiveResult.objects.exists()
    worker.jobs[0][1].set_result(DetectiveRun(plays=7, penalties=2, cracked=True))
    _stored()
    kept = DetectiveResult.objects.get()
    assert (kept.puzzle, kept.seed, kept.plays, kept.cracked) == (HEARTS.slug, game.seed, 7, True)
    answer = client.get(f"/g/{game.code}/solo/detective/")
    assert answer.status_code == 286  # htmx stops asking
    assert "cracked it in 7 plays, with 2 penalties" in answer.content.decode()
    assert "cracked it in 7 plays" in client.get(f"/g/{game.code}/solo/end/").content.decode()
    assert len(worker.jobs) == 1 and not detective_jobs._in_flight


def test_a_failed_run_is_tried_again_once_then_the_page_goes_without_it(
        worker: HeldWorker, django_capture_on_commit_callbacks: Any) -> None:
    client, _ = holder_client()
    game = _opened(client, django_capture_on_commit_callbacks)
    worker.jobs[0][1].set_exception(RuntimeError("the run failed"))
    assert PENDING in _give_up(client, game.code)
    asked = client.get(f"/g/{game.code}/solo/detective/")
    assert asked.status_code == 200 and PENDING in asked.content.decode()
    assert len(worker.jobs) == 2 and worker.jobs[1][0] == (HEARTS, game.seed)
    worker.jobs[1][1].set_exception(RuntimeError("the run failed again"))
    end = client.get(f"/g/{game.code}/solo/end/").content.decode()
    assert PENDING not in end and "hx-get" not in end and "The detective" not in end
    assert len(worker.jobs) == 2


def test_a_broken_worker_neither_stops_the_table_opening_nor_breaks_the_end(
        worker: HeldWorker, django_capture_on_commit_callbacks: Any) -> None:
    worker.broken = True
    client, _ = holder_client()
    game = _opened(client, django_capture_on_commit_callbacks)
    assert game.phase == "playing" and not detective_jobs._in_flight
    response = client.post(f"/g/{game.code}/solo/give-up/", {"confirm": "yes"})
    assert response.status_code == 302
    # Tried once as the table opened and once as the end asked: then given up.
    assert client.get(f"/g/{game.code}/solo/end/").status_code == 200
    end = client.get(f"/g/{game.code}/solo/end/").content.decode()
    assert PENDING not in end and detective_jobs.given_up(HEARTS, game.seed)


def test_no_more_runs_are_made_at_once_than_the_bound(worker: HeldWorker) -> None:
    for seed in range(detective_jobs.MAX_IN_FLIGHT):
        assert detective_jobs.ensure(RED, seed) is None
    assert detective_jobs.ensure(RED, 999) is None
    assert len(worker.jobs) == detective_jobs.MAX_IN_FLIGHT
    # One fails: its place is free again.
    worker.jobs[0][1].set_exception(RuntimeError("the run failed"))
    assert detective_jobs.ensure(RED, 999) is None
    assert len(worker.jobs) == detective_jobs.MAX_IN_FLIGHT + 1


def test_the_section_is_kept_from_the_page_until_the_game_is_over(worker: HeldWorker) -> None:
    client, _ = holder_client()
    game = open_puzzle(client)
    response = client.get(f"/g/{game.code}/solo/detective/")
    assert response.status_code == 302 and response["Location"] == f"/g/{game.code}/"
