"""One scheduler thread per process runs each game's bot job when it is due."""

from __future__ import annotations

import threading
import time

from games.store.scheduler import Scheduler

# Generous: these wait for a thread, they make no claim about speed.
WAIT = 10.0


def test_jobs_run_in_the_order_they_are_due() -> None:
    ran: list[str] = []
    done = threading.Event()
    scheduler = Scheduler()

    def job(name: str) -> None:
        ran.append(name)
        if len(ran) == 3:
            done.set()

    scheduler.schedule("slow", 0.3, lambda: job("slow"))
    scheduler.schedule("quick", 0.0, lambda: job("quick"))
    scheduler.schedule("middle", 0.15, lambda: job("middle"))

    assert done.wait(WAIT)
    assert ran == ["quick", "middle", "slow"]
    assert scheduler.pending() == 0


def test_a_game_already_waiting_keeps_its_earlier_time_and_runs_once() -> None:
    ran: list[str] = []
    done = threading.Event()
    scheduler = Scheduler()

    def job(name: str) -> None:
        ran.append(name)
        done.set()

    scheduler.schedule("game-1", 0.2, lambda: job("first"))
    scheduler.schedule("game-1", 5.0, lambda: job("second"))

    assert done.wait(WAIT)
    time.sleep(0.3)  # a second run would have to come from a second heap entry
    assert ran == ["second"]  # the newer job, at the earlier time, once


def test_a_failing_job_does_not_stop_the_worker() -> None:
    done = threading.Event()
    scheduler = Scheduler()

    def broken() -> None:
        raise RuntimeError("the database is away")

    scheduler.schedule("game-1", 0.0, broken)
    scheduler.schedule("game-2", 0.05, done.set)

    assert done.wait(WAIT)


def test_one_worker_thread_serves_every_game() -> None:
    seen: set[str] = set()
    done = threading.Event()
    scheduler = Scheduler()

    def job() -> None:
        seen.add(threading.current_thread().name)
        if scheduler.pending() == 0:
            done.set()

    for game in range(20):
        scheduler.schedule(f"game-{game}", 0.01 * (game % 3), job)

    assert done.wait(WAIT)
    assert seen == {"mao-bots"}
