"""The game clock with two daphne processes on one PostgreSQL database and one Redis: a
turn that runs out is called once, whichever process notices first, and the call reaches a
player connected to either process.

Both processes run their clocks (``MAO_TIMERS=1``, each sweeping the database every 0.3 s
for games due): the one that commits a change schedules the game's next deadline, the other
finds it in its sweep, so both try to fire every deadline. The one write path with the
version lets one tick through per deadline.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from tests.scale.helpers import Browser, Server, game_row
from tests.scale.test_two_processes import frame_at, socket_for

#: A bound on waiting, generous for a loaded machine: a timeout, not a claim of speed.
PATIENCE = 40.0
TURN_SECONDS = 5
CLOCKS = {"MAO_TIMERS": "1", "MAO_TIMER_SWEEP": "0.3"}


def open_five_card(a: Server, b: Server) -> tuple[str, Browser, Browser]:
    """Ann opens a three-seat five-card table (five seconds a turn) on A, Bob and Cy join on
    B, Ann starts it on A: it is dealt at once and the first turn's clock runs."""
    ann, bob, cy = Browser(), Browser(), Browser()
    ann.get(a.url + "/?preset=five-card")
    url, _, _ = ann.post(a.url + "/new/", {"preset": "five-card", "name": "Ann",
                                           "players": "3", "turn_seconds": str(TURN_SECONDS),
                                           "first_rule_maker": "host"})
    found = re.search(r"/g/([A-Z0-9]+)/$", url)
    assert found, f"opening a table did not lead to it: {url}"
    code = found.group(1)
    for guest, name in ((bob, "Bob"), (cy, "Cy")):
        guest.get(f"{b.url}/g/{code}/")
        guest.post(f"{b.url}/g/{code}/join/", {"name": name})
    ann.post(f"{a.url}/g/{code}/start/", {})
    return code, ann, bob


def log_of(database_url: str, code: str) -> list[dict[str, Any]]:
    """The game's log entries (action, events, time), in order, read with psycopg."""
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(database_url, row_factory=dict_row) as conn:
        rows = conn.execute(
            "SELECT e.seq, e.action, e.events, e.at FROM games_logentry e JOIN games_game g "
            "ON g.id = e.game_id WHERE g.code = %s ORDER BY e.seq", [code]).fetchall()
    return [dict(row) for row in rows]


def test_a_turn_running_out_is_called_once_by_two_processes(
        daphne: Callable[..., Server], migrated_env: dict[str, Any]) -> None:
    a, b = daphne("a", **CLOCKS), daphne("b", **CLOCKS)
    database = migrated_env["DATABASE_URL"]
    code, _, bob = open_five_card(a, b)
    start = game_row(database, code)
    assert start["phase"] == "playing"
    with socket_for(b, bob, code) as bob_ws:
        # Nobody moves: three turns run out, one after another.
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            ticks = [e for e in log_of(database, code) if e["action"] == {"type": "tick"}]
            calls = [[ev for ev in tick["events"] if ev["kind"] == "timed_out"]
                     for tick in ticks]
            if sum(1 for c in calls if c) >= 3:
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"the turns did not run out: {log_of(database, code)}")
        # The first call reached Bob's socket on B, whichever process fired it.
        first = next(tick for tick, c in zip(ticks, calls, strict=True) if c)
        frame = frame_at(bob_ws, first["seq"], time.monotonic() + PATIENCE)
    assert "Time Limit Exceeded" in frame
    # Each deadline was called once: at most one call per tick, each a whole turn after the
    # one before (no deadline fired twice), and always on the player to move, who keeps the
    # turn when called for time (five-card's `delay_passes` is false). The deal is random: a
    # starter jack opens a race whose end is a tick of its own, with no call.
    assert all(len(c) <= 1 for c in calls), calls
    timed_out = [(tick, c[0]) for tick, c in zip(ticks, calls, strict=True) if c]
    seats = [call["seat"] for _, call in timed_out]
    assert len(set(seats)) == 1, seats
    times = [tick["at"] for tick, _ in timed_out]
    assert all(later - earlier >= TURN_SECONDS * 1000
               for earlier, later in zip(times, times[1:], strict=False)), times
    # Nothing else was written between the ticks: one write per deadline.
    versions = [tick["seq"] for tick in ticks]
    assert versions == list(range(versions[0], versions[0] + len(versions)))
