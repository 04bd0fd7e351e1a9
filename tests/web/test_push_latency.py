"""A change written on a thread of its own (a bot's move, a clock's expiry) reaches the
connected sockets at once, not when the event loop next wakes by itself."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import OperationalError
from django.test import override_settings

from games.bots import driver
from games.engine.actions import WriteRule
from games.engine.settings import GameSettings
from games.models import Game
from games.store import subscribers
from games.store.scheduler import Scheduler
from games.store.subscribers import Change
from games.store.writes import submit_action
from maosite.asgi import application
from tests.factories import create_game, holder_client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
#: Seconds a change may take from its commit to a socket's frame: far above a round's
#: rendering on a loaded machine, far below the second or more a loop left asleep takes.
PROMPT = 0.75


@pytest.fixture
def commits(monkeypatch: pytest.MonkeyPatch) -> dict[int, float]:
    """When each version of any game was committed (monotonic seconds), by version: noted
    before any other subscriber runs (the doorbell among them)."""
    seen: dict[int, float] = {}

    def record(change: Change) -> None:
        seen.setdefault(change.version, time.monotonic())

    monkeypatch.setattr(subscribers, "_subscribers", [record, *subscribers.subscribed()])
    return seen


@pytest.fixture
def bot_jobs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The bots' jobs on a scheduler of the test's own, all finished before the test's
    database is emptied (a job still running would write to it meanwhile)."""
    jobs = Scheduler("test-bots")
    running = threading.Semaphore(1000)
    started: list[int] = []

    def schedule(delay: float, game_id: int, attempt: int) -> None:
        def job() -> None:
            with running:
                started.append(game_id)
                driver._act_in_thread(game_id, attempt)
        jobs.schedule(f"game-{game_id}", delay, job)

    monkeypatch.setattr(driver, "_schedule", schedule)
    yield
    monkeypatch.setattr(driver, "_schedule", lambda *args: None)
    deadline = time.monotonic() + 10
    while jobs.pending() and time.monotonic() < deadline:
        time.sleep(0.02)
    for _ in range(1000):  # every job that started has ended
        running.acquire(timeout=10)


def _table(**settings: object) -> tuple[Game, str]:
    """A two-seat table whose host holds the returned session key; ``settings`` for the
    game (a bot at seat 1 when ``bot`` is given)."""
    client, holder = holder_client()
    bot = settings.pop("bot", None)
    game = create_game(GameSettings(players=2, first_rule_maker=0,
                                    **settings),  # type: ignore[arg-type]
                       ["Ann", "Bob"], bots={1: str(bot)} if bot else None,
                       holders=[holder, None if bot else "bob-holder"])
    return game, str(client.cookies["sessionid"].value)


async def _socket(game: Game, key: str) -> WebsocketCommunicator:
    ws = WebsocketCommunicator(application, f"/ws/g/{game.code}/", headers=[
        (b"origin", b"http://localhost"), (b"host", b"localhost"),
        (b"cookie", f"sessionid={key}".encode())])
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    return ws


async def _frame_of(ws: WebsocketCommunicator, version: int, within: float) -> float:
    """When the socket's frame showing ``version`` or later came (monotonic seconds)."""
    deadline = time.monotonic() + within
    while True:
        frame = await ws.receive_from(timeout=max(0.01, deadline - time.monotonic()))
        shown = [int(v) for v in _versions(frame)]
        if shown and max(shown) >= version:
            return time.monotonic()


def _versions(frame: str) -> list[str]:
    return re.findall(r'id="version" name="version" value="(\d+)"', frame)


async def _unlocked[T](call: Callable[[], T]) -> T:
    """``call()`` on a thread of its own, asked again while the database says a table is
    locked. The test database is SQLite in memory with a shared cache, where a statement
    meeting another thread's on the same table (the bot's write, the socket's read) fails at
    once with "table is locked", without the busy wait a file database gives; a statement
    that failed so changed nothing."""
    for _ in range(40):
        try:
            return await sync_to_async(call)()
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            await asyncio.sleep(0.05)
    return await sync_to_async(call)()


async def _written(game: Game) -> Game:
    """``game`` once its bot wrote its rule, then Ann's rule written."""
    for _ in range(100):
        fresh = await _unlocked(lambda: Game.objects.get(pk=game.pk))
        if fresh.version > game.version:
            break
        await asyncio.sleep(0.05)
    written = await _unlocked(lambda: submit_action(fresh, WriteRule(0, RULE), fresh.version))
    return written.game


@override_settings(MAO_BOT_DELAY=0.05)
@pytest.mark.usefixtures("bot_jobs")
async def test_a_bots_move_reaches_a_connected_socket_at_once(
        commits: dict[int, float]) -> None:
    game, key = await sync_to_async(_table)(bot="oracle")
    ws = await _socket(game, key)
    # Both write at a table of two: the bot's rule comes from its thread first.
    game = await _written(game)
    # Ann's rule deals the round; the bot, on her left, plays first from its thread.
    bot_version = game.version + 1
    shown = await _frame_of(ws, bot_version, within=10)
    assert bot_version in commits
    assert shown - commits[bot_version] < PROMPT, shown - commits[bot_version]
    await ws.disconnect()


async def test_a_clocks_expiry_reaches_a_connected_socket_at_once(
        commits: dict[int, float]) -> None:
    from django.db import connection

    from games.timers import service

    game, key = await sync_to_async(_table)(turn_seconds=30)
    for seat in (0, 1):  # both write at a table of two; then the round is dealt
        game = (await sync_to_async(submit_action)(
            game, WriteRule(seat, RULE | {"jargon": f"Pip{seat}"}), game.version)).game
    ws = await _socket(game, key)
    due = game.due
    assert due is not None

    done = threading.Event()

    def expire() -> None:
        # The turn's clock runs out: fired on the timer thread at its deadline's time.
        try:
            service.fire(game.pk, at=due)
        finally:
            connection.close()
            done.set()

    service._scheduler.schedule(f"test-{game.pk}", 0.05, expire)
    tick = game.version + 1
    shown = await _frame_of(ws, tick, within=10)
    await sync_to_async(done.wait, thread_sensitive=False)(10)
    assert tick in commits
    assert shown - commits[tick] < PROMPT, shown - commits[tick]
    await ws.disconnect()
