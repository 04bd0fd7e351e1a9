"""The detective's run on a solo deal is made off the request: started as the table opens,
shown as under way on the end page (which asks again), kept once made, started again after
a failure, and bounded in how many are made at once."""

from __future__ import annotations

from collections import OrderedDict
from concurrent.futures import Future
from typing import Any

import pytest
from django.test import Client

from games.models import DetectiveResult
from games.puzzles.detective_run import DetectiveRun
from games.solo import detective_jobs
from tests.factories import holder_client
from tests.solo.helpers import HEARTS, RED, open_puzzle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]


class HeldWorker:
    """A worker whose runs finish only when the test says so."""

    def __init__(self) -> None:
        self.jobs: list[tuple[tuple[Any, ...], Future[DetectiveRun]]] = []

    def submit(self, _work: Any, *args: Any) -> Future[DetectiveRun]:
        future: Future[DetectiveRun] = Future()
        self.jobs.append((args, future))
        return future


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> HeldWorker:
    held = HeldWorker()
    monkeypatch.setattr(detective_jobs, "inline", False)
    monkeypatch.setattr(detective_jobs, "_worker", lambda: held)
    monkeypatch.setattr(detective_jobs, "_in_flight", set())
    monkeypatch.setattr(detective_jobs, "_made", OrderedDict())
    return held


def _give_up(client: Client, code: str) -> str:
    response = client.post(f"/g/{code}/solo/give-up/", {"confirm": "yes"})
    assert response.status_code == 302
    return client.get(f"/g/{code}/solo/end/").content.decode()


def test_the_run_starts_with_the_table_and_the_end_page_asks_until_it_is_made(
        worker: HeldWorker, django_capture_on_commit_callbacks: Any) -> None:
    client, _ = holder_client()
    with django_capture_on_commit_callbacks(execute=True):
        game = open_puzzle(client)
    assert [args for args, _ in worker.jobs] == [(HEARTS, game.seed)]
    end = _give_up(client, game.code)
    # Under way: said so, and asked for again; not started a second time.
    assert "Our detective bot is playing the same deal" in end
    assert f'hx-get="/g/{game.code}/solo/detective/"' in end and 'aria-busy="true"' in end
    assert len(worker.jobs) == 1 and not DetectiveResult.objects.exists()
    worker.jobs[0][1].set_result(DetectiveRun(plays=7, penalties=2, cracked=True))
    section = client.get(f"/g/{game.code}/solo/detective/").content.decode()
    assert "cracked it in 7 plays, with 2 penalties" in section and "hx-get" not in section
    kept = DetectiveResult.objects.get()
    assert (kept.puzzle, kept.seed, kept.plays, kept.cracked) == (HEARTS.slug, game.seed, 7, True)
    assert "cracked it in 7 plays" in client.get(f"/g/{game.code}/solo/end/").content.decode()
    assert len(worker.jobs) == 1


def test_a_failed_run_is_started_again_when_the_page_asks(
        worker: HeldWorker, django_capture_on_commit_callbacks: Any) -> None:
    client, _ = holder_client()
    with django_capture_on_commit_callbacks(execute=True):
        game = open_puzzle(client)
    worker.jobs[0][1].set_exception(RuntimeError("the worker died"))
    end = _give_up(client, game.code)
    assert "Our detective bot is playing the same deal" in end
    assert len(worker.jobs) == 2 and worker.jobs[1][0] == (HEARTS, game.seed)


def test_no_more_runs_are_made_at_once_than_the_bound(worker: HeldWorker) -> None:
    for seed in range(detective_jobs.MAX_IN_FLIGHT):
        assert detective_jobs.ensure(RED, seed) is None
    assert detective_jobs.ensure(RED, 999) is None
    assert len(worker.jobs) == detective_jobs.MAX_IN_FLIGHT
    # One finishes: its place is free again.
    worker.jobs[0][1].set_result(DetectiveRun(plays=3, penalties=0, cracked=True))
    assert detective_jobs.ensure(RED, 999) is None
    assert len(worker.jobs) == detective_jobs.MAX_IN_FLIGHT + 1


def test_the_section_is_kept_from_the_page_until_the_game_is_over(worker: HeldWorker) -> None:
    client, _ = holder_client()
    game = open_puzzle(client)
    response = client.get(f"/g/{game.code}/solo/detective/")
    assert response.status_code == 302 and response["Location"] == f"/g/{game.code}/"
