"""Previews computed by worker processes (games.builder.preview_pool)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from random import Random

import pytest
from django.test import override_settings

from games.authoring.grid import Table
from games.authoring.preview import preview, unfinished_preview
from games.builder import context, preview_pool
from games.store import budgets
from rules.cards import Card, parse
from rules.generate import random_rule
from rules.spec import Rule
from tests.builder.helpers import HX, seated_game
from tests.builder.test_speech import data_of


@pytest.fixture
def two_workers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # A loaded machine may take seconds to start the workers: never fall back for that here.
    monkeypatch.setattr(preview_pool, "WAIT", 300.0)
    with override_settings(MAO_PREVIEW_WORKERS=2):
        yield
    pool = preview_pool._pool
    if pool is not None:
        preview_pool._stop(pool)


Draft = tuple[Rule, list[Rule], Table, Card, None]


def drafts(count: int) -> list[Draft]:
    rng = Random(7)
    table = Table(players=4, player=1, round=3)
    found: list[Draft] = []
    for _ in range(count):
        own = [random_rule(rng, None, author=1), random_rule(rng, None, author=None)]
        found.append((random_rule(rng, None, author=1), own, table, parse("7♦"), None))
    return found


@pytest.mark.usefixtures("two_workers")
def test_a_workers_preview_is_the_one_computed_here() -> None:
    for args in drafts(6):
        shown = preview_pool.computed_preview(*args)
        here = preview(*args)
        assert shown.cells == here.cells
        assert shown.warnings == here.warnings
        assert shown.sentence == here.sentence
    assert preview_pool._pool is not None


@pytest.mark.usefixtures("two_workers")
def test_a_workers_cpu_is_charged_to_the_writer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budgets, "cpu", lambda: 0.0)  # this thread spends nothing itself
    charged: list[float] = []
    monkeypatch.setattr(budgets, "charge", lambda writer, seconds: charged.append(seconds))
    args = drafts(3)
    budgets.metered("game:writer", lambda: [preview_pool.computed_preview(*a)
                                            for a in args], one_at_a_time=False)
    assert len(charged) == 1 and charged[0] > 0


@pytest.mark.usefixtures("two_workers")
def test_a_dead_worker_falls_back_to_this_thread_then_starts_afresh() -> None:
    args = drafts(1)[0]
    preview_pool.computed_preview(*args)
    pool = preview_pool._pool
    assert pool is not None
    for process in list(pool._processes.values()):
        process.kill()
        process.join()
    assert preview_pool.computed_preview(*args).cells == preview(*args).cells
    assert preview_pool.computed_preview(*args).cells == preview(*args).cells
    assert preview_pool._pool is not None and preview_pool._pool is not pool


@pytest.mark.usefixtures("two_workers")
def test_two_requests_may_stop_the_same_workers() -> None:
    """Two previews that run out of time together both stop the pool: the second finds its
    processes gone already."""
    rule, own, table, top, choice = drafts(1)[0]
    assert preview_pool.computed_preview(rule, own, table, top, choice) is not None
    pool = preview_pool._pool
    assert pool is not None
    preview_pool._stop(pool)
    preview_pool._stop(pool)
    assert preview_pool._pool is None
    # The next preview starts fresh workers.
    again = preview_pool.computed_preview(rule, own, table, top, choice)
    assert again.cells == preview(rule, own, table, top, choice).cells
    assert preview_pool._pool not in (None, pool)


def test_without_workers_the_preview_is_computed_here() -> None:
    args = drafts(1)[0]
    assert preview_pool.computed_preview(*args).cells == preview(*args).cells
    assert preview_pool._pool is None


@pytest.mark.usefixtures("two_workers")
def test_a_preview_that_takes_too_long_is_stopped_and_charged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    args = drafts(1)[0]
    preview_pool.computed_preview(*args)  # the workers have started
    pool = preview_pool._pool
    assert pool is not None
    workers = list(pool._processes.values())
    monkeypatch.setattr(preview_pool, "WAIT", 0.2)
    monkeypatch.setattr(preview_pool, "preview", _slow_preview)
    charged: list[float] = []
    monkeypatch.setattr(budgets, "charge", lambda writer, seconds: charged.append(seconds))
    monkeypatch.setattr(budgets, "cpu", lambda: 0.0)
    shown = budgets.metered("game:writer", lambda: preview_pool.computed_preview(*args),
                            one_at_a_time=False)
    assert not isinstance(shown, budgets.Refused)
    assert shown.cells == () and [w.code for w in shown.warnings] == ["too_slow"]
    assert charged == [pytest.approx(0.2)]
    # The executor's own thread reaps the killed workers: wait for their exit codes rather
    # than join, whose waitpid races with that thread's and may find the child gone first.
    deadline = time.monotonic() + 10
    while any(worker.exitcode is None for worker in workers) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [worker.exitcode is not None for worker in workers] == [True] * len(workers)
    assert preview_pool._pool is None


def _slow_preview(*args: object) -> None:
    """A preview that never ends (in the worker)."""
    time.sleep(3600)


@pytest.mark.django_db
def test_the_page_says_a_rule_is_too_long_to_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a grid, nor "no problems found": what to do about it."""
    monkeypatch.setattr(context, "computed_preview",
                        lambda rule, own, table, top, choice: unfinished_preview(rule, top, 5.0))
    game, clients = seated_game(players=3)
    text = clients[0].post(f"/g/{game.code}/builder/preview/",
                           data_of({"kind": "restriction", "must_not": {"type": "rank",
                                                                        "in": ["5"]}}),
                           headers=HX).content.decode()
    assert "This rule takes too long to check, so there is no preview" in text
    assert "No problems found" not in text
    assert "gcard" not in text and "No card grid" not in text
