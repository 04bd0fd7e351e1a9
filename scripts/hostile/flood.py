"""Attack 3: one writer's flood of previews and difficulty estimates against another table.

Measures how long the other table's actions take to be answered, idle and while Ann floods
previews from :data:`THREADS` connections and estimates; then how long Bob waits for his.
"""

from __future__ import annotations

import asyncio
import queue
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import get_context
from multiprocessing.queues import Queue
from random import Random

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.spec_form import Unrepresentable, spec_to_form
from rules.generate import random_rule
from rules.spec import dump_rule
from scripts.hostile.compare import ms, p95, ratio
from scripts.hostile.report import Finding
from scripts.hostile.staging import (
    Table,
    need,
    open_table,
    rank_only,
    version,
    write_rule,
)
from scripts.hostile.target import Target
from scripts.loadtest import pages
from scripts.loadtest.forms import play_form
from scripts.loadtest.http import HttpError, Session

#: Connections Ann floods from at once.
THREADS = 4
#: Seconds between the other table's actions (each of its two players acts every
#: ``2 * PACE`` s: well under the per-player action limit).
PACE = 0.4
#: The product's bound: the other table's p95 under the flood at most this many times idle.
BOUND = 2.0
#: Seconds between two looks at whether the fresh draft's estimate is ready.
POLL_EVERY = 1.0
#: The ranks of the rules a winner of the other table writes ("on a <rank>, only red").
LATER_RANKS = ("5", "7", "9")


@dataclass(frozen=True, slots=True)
class Sizes:
    """How long each phase lasts, and how many estimates the flood asks for."""

    idle: float
    flood: float
    estimates: int
    wait: float


FULL = Sizes(idle=30.0, flood=30.0, estimates=40, wait=20.0)
QUICK = Sizes(idle=5.0, flood=8.0, estimates=12, wait=6.0)


@dataclass
class Tally:
    """What the flood's requests got, by kind: answered (200) and refused (429)."""

    statuses: dict[str, Counter[int]] = field(default_factory=dict)

    def count(self, kind: str, status: int) -> None:
        """Count one answer (0: none)."""
        self.statuses.setdefault(kind, Counter())[status] += 1

    def words(self, kind: str) -> str:
        """``answered N, refused M`` for a kind of request (other statuses named)."""
        seen = self.statuses.get(kind, Counter())
        others = {s: n for s, n in seen.items() if s not in (200, 429)}
        return (f"{seen[200]} answered, {seen[429]} refused (429)"
                + (f", other {dict(sorted(others.items()))}" if others else ""))


def drafts(count: int, seed: int) -> list[dict[str, list[str]]]:
    """``count`` distinct valid drafts as the builder posts them (random rules the form can
    show), so that no answer comes from a cache."""
    rng = Random(seed)
    found: dict[str, dict[str, list[str]]] = {}
    while len(found) < count:
        spec = dump_rule(random_rule(rng))["rule"]
        try:
            data = form_to_data(spec_to_form(spec, ""))
        except Unrepresentable:
            continue
        checked = check(form_from_data(data))
        if checked.ok:
            found.setdefault(repr(checked.spec), data)
    return list(found.values())


async def _turn(table: Table) -> tuple[int, int]:
    """Whose turn it is at the other table (0: Carl, 1: Dee), and the game's version. When
    the stock ran dry and a round was won, its winner first writes a rule."""
    for written in range(len(table.people) + 1):
        for index, person in enumerate(table.people):
            page = await need(person, "GET", table.path())
            at = pages.version_of(page.text)
            if at is not None and pages.YOUR_TURN in page.text:
                return index, at
            if pages.WRITE_RULE in page.text and "your-turn" in page.text:
                await write_rule(person, table, rank_only(LATER_RANKS[written], "red"),
                                 f"Later{written}")
                break
    raise RuntimeError(f"{table.code}: neither player has the turn")


async def play(table: Table, seconds: float, most: int | None = None) -> list[float]:
    """Carl and Dee pass in turn for ``seconds`` (or ``most`` actions): how long each
    accepted action took to be answered."""
    mover, at = await _turn(table)
    took: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (most is None or len(took) < most):
        sent = time.monotonic()
        try:
            answer = await table.people[mover].post(
                table.path("act/"), play_form("pass", at, {}, joker_in_hand=False, piles=1),
                htmx=True)
        except HttpError:
            answer = None
        if answer is not None and answer.headers.get("x-mao-accepted") == "1":
            took.append(time.monotonic() - sent)
            mover, at = 1 - mover, at + 1
        else:
            mover, at = await _turn(table)
        await asyncio.sleep(max(0.0, PACE - (time.monotonic() - sent)))
    return took


async def _flood_previews(ann: Session, preview: str, pool: list[dict[str, list[str]]],
                          start: int, deadline: float, tally: Tally) -> None:
    index = start
    while time.monotonic() < deadline:
        data = pool[index % len(pool)]
        index += THREADS
        try:
            answer = await ann.post(preview, data, htmx=True)
            tally.count("preview", answer.status)
        except HttpError:
            tally.count("preview", 0)


async def _ask_estimates(ann: Session, difficulty: str, pool: list[dict[str, list[str]]],
                         tally: Tally) -> None:
    for data in pool:
        try:
            answer = await ann.post(difficulty, data, htmx=True)
            tally.count("difficulty", answer.status)
        except HttpError:
            tally.count("difficulty", 0)


@dataclass(frozen=True, slots=True)
class Flood:
    """What the flooding process needs: Ann's browser (its cookies), where to send, what
    to send and for how long."""

    base: str
    cookies: dict[str, str]
    preview: str
    difficulty: str
    pool: list[dict[str, list[str]]]
    estimates: list[dict[str, list[str]]]
    seconds: float


async def _flood(flood: Flood) -> Tally:
    """Ann floods previews from :data:`THREADS` connections (her tabs: the same cookies)
    and asks for every estimate, for ``flood.seconds``."""
    tally, deadline = Tally(), time.monotonic() + flood.seconds
    tabs = [Session(flood.base, cookies=dict(flood.cookies)) for _ in range(THREADS)]
    await asyncio.gather(
        *(_flood_previews(tab, flood.preview, flood.pool, i, deadline, tally)
          for i, tab in enumerate(tabs)),
        _ask_estimates(tabs[0], flood.difficulty, flood.estimates, tally),
        return_exceptions=True)
    for tab in tabs:
        tab.drop()
    return tally


def _flood_in_process(flood: Flood, answers: Queue[dict[str, dict[int, int]]]) -> None:
    """The flooding process's body: the flood, then its tally through ``answers``."""
    tally = asyncio.run(_flood(flood))
    answers.put({kind: dict(seen) for kind, seen in tally.statuses.items()})


async def _fresh_estimate(bob: Session, table: Table, data: dict[str, list[str]],
                          wait: float) -> float | None:
    """Seconds until the estimate of ``data`` was ready (``None``: not within ``wait``)."""
    began = time.monotonic()
    while time.monotonic() - began < wait:
        try:
            answer = await bob.post(table.path("builder/difficulty/"), data, htmx=True)
        except HttpError:
            answer = None
        if answer is not None and answer.status == 200 and "spinner" not in answer.text:
            return time.monotonic() - began
        await asyncio.sleep(POLL_EVERY)
    return None


async def cpu_flood(target: Target, quick: bool) -> Finding:
    """The other table's action p95 idle and under one writer's flood; what the flood got."""
    sizes = QUICK if quick else FULL
    pool = drafts(200 if quick else 400, seed=3)
    estimates = drafts(sizes.estimates + 1, seed=5)
    other = await open_table(target.base, ("Carl", "Dee"), decks=2)
    await write_rule(other.people[0], other, rank_only("2", "red"), "Alpha")
    await write_rule(other.people[1], other, rank_only("K", "black"), "Beta")
    flooding = await open_table(target.base)
    ann, bob = flooding.people
    await version(ann, flooding)  # both are writing now

    idle = await play(other, sizes.idle)
    # The flood comes from another process, as from another machine: its client's work
    # must not delay the measuring client's.
    context = get_context("spawn")
    answers: Queue[dict[str, dict[int, int]]] = context.Queue()
    flood = Flood(target.base, dict(ann.cookies), flooding.path("builder/preview/"),
                  flooding.path("builder/difficulty/"), pool, estimates[1:], sizes.flood)
    flooder = context.Process(target=_flood_in_process, args=(flood, answers))
    cpu_before, began = target.cpu(), time.monotonic()
    flooder.start()
    try:
        under = await play(other, sizes.flood)
        try:
            counts = await asyncio.to_thread(answers.get, True, sizes.flood + 60)
        except queue.Empty:
            counts = {}  # the flooding process failed: its requests are not counted
    finally:
        flooder.join(timeout=5)
        if flooder.is_alive():
            flooder.kill()
    tally = Tally({kind: Counter(seen) for kind, seen in counts.items()})
    window = time.monotonic() - began
    cpu_after = target.cpu()
    fresh = await _fresh_estimate(bob, flooding, estimates[0], sizes.wait)

    idle95, under95 = p95(idle), p95(under)
    times = ratio(under95, idle95)
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    line = (f"other table's action p95 {ms(idle95)} idle ({len(idle)} actions), "
            f"{ms(under95)} under the flood ({len(under)} actions): "
            f"{'-' if times is None else f'{times}x'}; flood previews "
            f"{tally.words('preview')}; estimates {tally.words('difficulty')}; a fresh "
            f"draft's estimate "
            + (f"finished in {fresh:.0f} s" if fresh is not None
               else f"not finished after {sizes.wait:.0f} s")
            + (f"; server CPU {cpu:.0f} s in {window:.0f} s" if cpu is not None else ""))
    return Finding("CPU flood", line,
                   {"idle_p95_ms": None if idle95 is None else round(idle95 * 1000),
                    "flood_p95_ms": None if under95 is None else round(under95 * 1000),
                    "ratio": times, "idle_actions": len(idle), "flood_actions": len(under),
                    "flood": {k: dict(v) for k, v in tally.statuses.items()},
                    "fresh_estimate_seconds": fresh, "server_cpu_seconds": cpu,
                    "window_seconds": window},
                   ok=times is not None and times <= BOUND and fresh is not None,
                   bound=f"<= {BOUND:g}x idle, and a fresh estimate finishes")
