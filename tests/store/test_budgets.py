"""The builder's CPU bounds per writer: one request in flight, a CPU budget per rolling
minute that refuses without computing and refills, other writers untouched."""

from __future__ import annotations

import time
import uuid

import pytest
from pytest_django import Settings

from games.store import budgets
from games.store.budgets import IN_FLIGHT, OVER_BUDGET, Refused, metered

#: A moment at the very start of a minute of the budget's window.
START = 1_000 * budgets.WINDOW


class Clocks:
    """The wall clock and the CPU clock the budget reads, moved by hand."""

    def __init__(self) -> None:
        self.now = float(START)
        self.cpu = 0.0

    def work(self, seconds: float) -> str:
        """A request's work: ``seconds`` of CPU."""
        self.cpu += seconds
        return "done"


@pytest.fixture
def clocks(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> Clocks:
    settings.MAO_BUILDER_CPU = 10.0
    found = Clocks()
    monkeypatch.setattr(budgets, "clock", lambda: found.now)
    monkeypatch.setattr(budgets, "cpu", lambda: found.cpu)
    return found


def writer() -> str:
    """A writer no other test has charged."""
    return f"TEST{uuid.uuid4().hex[:8]}:0"


def test_work_is_charged_its_cpu_time(clocks: Clocks) -> None:
    w = writer()
    assert metered(w, lambda: clocks.work(2.5)) == "done"
    assert metered(w, lambda: clocks.work(1.25)) == "done"
    assert budgets.spent(w) == 3.75


def test_over_the_budget_a_request_is_refused_without_computing(clocks: Clocks) -> None:
    w = writer()
    for _ in range(3):
        assert metered(w, lambda: clocks.work(4.0)) == "done"  # 12 s: over 10 after the third
    ran = []
    refused = metered(w, lambda: ran.append(1))
    assert isinstance(refused, Refused) and refused.reason == OVER_BUDGET
    assert ran == []
    assert budgets.spent(w) == 12.0  # a refusal costs nothing


def test_another_writer_is_not_held_back(clocks: Clocks) -> None:
    spender, other = writer(), writer()
    metered(spender, lambda: clocks.work(11.0))
    assert isinstance(metered(spender, lambda: "x"), Refused)
    assert metered(other, lambda: "x") == "x"


def test_the_budget_refills_when_the_retry_after_says(clocks: Clocks) -> None:
    w = writer()
    clocks.now += 20  # a third into the minute
    metered(w, lambda: clocks.work(14.0))
    refused = metered(w, lambda: "x")
    assert isinstance(refused, Refused) and refused.reason == OVER_BUDGET
    # Next minute, this one's 14 s count for the share of it still in the rolling minute:
    # under 10 once 2/7 of the next minute has passed (40 s + 17.1 s from now).
    assert refused.retry_after == 58
    clocks.now += refused.retry_after - 2
    assert isinstance(metered(w, lambda: "x"), Refused)
    clocks.now += 2
    assert metered(w, lambda: "x") == "x"


def test_the_last_minute_counts_less_as_this_one_goes_on(clocks: Clocks) -> None:
    w = writer()
    clocks.now += 50
    metered(w, lambda: clocks.work(13.0))
    clocks.now += 10 + 6  # next minute, a tenth in: 13 x 0.9 = 11.7, still over
    refused = metered(w, lambda: "x")
    assert isinstance(refused, Refused) and refused.retry_after == 8  # 13 x (1 - 3/13) = 10
    clocks.now += 7
    assert isinstance(metered(w, lambda: "x"), Refused)
    clocks.now += 1
    assert metered(w, lambda: "x") == "x"


def test_a_second_request_of_a_writer_in_flight_is_refused_at_once(clocks: Clocks) -> None:
    w, other = writer(), writer()
    inner: list[object] = []

    def first() -> str:
        inner.append(metered(w, lambda: "second"))
        inner.append(metered(other, lambda: "other writer"))
        return "first"

    assert metered(w, first) == "first"
    assert inner == [Refused(IN_FLIGHT, 1), "other writer"]
    assert metered(w, lambda: "after") == "after"  # released when the first ended


def test_the_marker_is_released_when_the_work_fails(clocks: Clocks) -> None:
    w = writer()

    def broken() -> str:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        metered(w, broken)
    assert metered(w, lambda: "next") == "next"


def test_a_marker_left_by_a_dead_process_expires_by_itself(
        clocks: Clocks, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request whose process died never releases its marker: the cache's timeout does."""
    monkeypatch.setattr(budgets, "MARKER_SECONDS", 0.05)
    w = writer()
    seen = []

    def dies_slowly() -> str:
        time.sleep(0.1)  # the marker's life is over: as if this process had died
        seen.append(metered(w, lambda: "another process"))
        return "x"

    metered(w, dies_slowly)
    assert seen == ["another process"]


def test_without_one_at_a_time_a_request_runs_beside_one_in_flight(clocks: Clocks) -> None:
    """The difficulty poll, which is not on the builder's queue."""
    w = writer()
    assert metered(w, lambda: metered(w, lambda: "poll", one_at_a_time=False)) == "poll"


def test_a_refusal_over_the_budget_takes_no_marker(clocks: Clocks) -> None:
    w = writer()
    metered(w, lambda: clocks.work(11.0))
    assert isinstance(metered(w, lambda: "x"), Refused)
    clocks.now += 3 * budgets.WINDOW
    assert metered(w, lambda: "x") == "x"
