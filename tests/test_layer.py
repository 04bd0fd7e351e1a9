"""The embedded mode's channel layer: Channels' in-memory layer with a sweep at most once a
second and a small mailbox per channel; it still delivers, expires, drops for a full channel
and forgets discarded members."""

from __future__ import annotations

import asyncio
import threading
import time
import tracemalloc
from typing import Any
from unittest.mock import patch

import pytest
from channels.layers import get_channel_layer
from django.conf import settings

from maosite.layer import SweepingLayer
from tests.loops import run_apart


def test_the_embedded_mode_uses_it() -> None:
    # (tests run without REDIS_URL: the embedded mode)
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "maosite.layer.SweepingLayer"
    assert isinstance(get_channel_layer(), SweepingLayer)


def test_a_group_send_reaches_every_member_and_only_them() -> None:
    async def scenario() -> tuple[list[dict[str, Any]], bool]:
        layer = SweepingLayer()
        members = [await layer.new_channel() for _ in range(3)]
        outsider = await layer.new_channel()
        for channel in members:
            await layer.group_add("game-1", channel)
        await layer.group_add("game-2", outsider)
        await layer.group_send("game-1", {"type": "game.updated", "version": 7})
        got = [await asyncio.wait_for(layer.receive(c), 1) for c in members]
        return got, outsider in layer.channels

    got, outsider_has_mail = run_apart(scenario())
    assert got == [{"type": "game.updated", "version": 7}] * 3
    assert not outsider_has_mail


def test_each_member_gets_its_own_copy() -> None:
    async def scenario() -> tuple[object, object]:
        layer = SweepingLayer()
        a, b = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g", a)
        await layer.group_add("g", b)
        message = {"type": "x", "list": [1]}
        await layer.group_send("g", message)
        message["list"].append(2)  # type: ignore[attr-defined]
        first = await layer.receive(a)
        first["list"].append(3)
        return first, await layer.receive(b)

    first, second = run_apart(scenario())
    assert first == {"type": "x", "list": [1, 3]}
    assert second == {"type": "x", "list": [1]}


def test_a_discarded_channel_hears_nothing_more() -> None:
    async def scenario() -> tuple[bool, object]:
        layer = SweepingLayer()
        stays, goes = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g", stays)
        await layer.group_add("g", goes)
        await layer.group_discard("g", goes)
        await layer.group_send("g", {"type": "ring"})
        return goes in layer.channels, await layer.receive(stays)

    goes_has_mail, heard = run_apart(scenario())
    assert not goes_has_mail
    assert heard == {"type": "ring"}


def test_the_last_member_discarded_removes_the_group() -> None:
    async def scenario() -> dict[str, object]:
        layer = SweepingLayer()
        channel = await layer.new_channel()
        await layer.group_add("g", channel)
        await layer.group_discard("g", channel)
        return dict(layer.groups)

    assert run_apart(scenario()) == {}


def test_a_full_channel_misses_the_message_and_the_others_still_get_it() -> None:
    async def scenario() -> tuple[int, object]:
        layer = SweepingLayer(capacity=1)
        full, free = await layer.new_channel(), await layer.new_channel()
        await layer.send(full, {"type": "first"})
        await layer.group_add("g", full)
        await layer.group_add("g", free)
        await layer.group_send("g", {"type": "second"})
        return layer.channels[full].qsize(), await layer.receive(free)

    queued, heard = run_apart(scenario())
    assert queued == 1
    assert heard == {"type": "second"}


class Clock:
    """``time.time`` and ``time.monotonic`` under the test's control."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_expired_messages_and_their_memberships_go_at_the_next_sweep() -> None:
    clock = Clock()

    async def scenario() -> tuple[bool, bool, bool, bool]:
        layer = SweepingLayer(expiry=60, sweep_every=1.0)
        stale, fresh = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("g", stale)
        await layer.send(stale, {"type": "old"})
        layer._clean_expired()  # the first sweep: nothing has expired yet
        clock.now += 61  # the message expires...
        await layer.group_add("g", fresh)
        await layer.group_send("g", {"type": "new"})  # ...and this send's sweep drops it
        swept = stale not in layer.groups["g"]
        got = await layer.receive(fresh)
        return swept, got == {"type": "new"}, stale in layer.channels, fresh in layer.groups["g"]

    with patch("channels.layers.time.time", clock), patch("maosite.layer.time.monotonic", clock):
        swept, heard, stale_kept, fresh_kept = run_apart(scenario())
    assert swept and heard and fresh_kept
    assert not stale_kept


def test_no_sweep_runs_twice_within_the_interval() -> None:
    clock = Clock()
    sweeps: list[float] = []

    async def scenario() -> None:
        layer = SweepingLayer(sweep_every=1.0)
        channel = await layer.new_channel()
        await layer.group_add("g", channel)
        for _ in range(50):  # many sends and receives within one second: one sweep
            await layer.group_send("g", {"type": "ring"})
            await layer.receive(channel)
        clock.now += 1.0
        await layer.group_send("g", {"type": "ring"})  # a second later: the next sweep

    original = SweepingLayer._sweep

    def counted(self: SweepingLayer) -> None:
        sweeps.append(clock.now)
        original(self)

    with patch("maosite.layer.time.monotonic", clock), \
            patch("maosite.layer.SweepingLayer._sweep", counted):
        run_apart(scenario())
    assert sweeps == [1_000_000.0, 1_000_001.0]


def test_a_negative_interval_is_refused() -> None:
    with pytest.raises(ValueError, match="sweep_every"):
        SweepingLayer(sweep_every=-1)


def test_a_waiting_receiver_gets_a_message_sent_later() -> None:
    async def scenario() -> object:
        layer = SweepingLayer()
        channel = await layer.new_channel()
        waiting = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0)
        await layer.group_add("g", channel)
        await layer.group_send("g", {"type": "ring", "version": 3})
        return await asyncio.wait_for(waiting, 1)

    assert run_apart(scenario()) == {"type": "ring", "version": 3}


def test_messages_come_out_in_the_order_they_went_in() -> None:
    async def scenario() -> list[object]:
        layer = SweepingLayer()
        channel = await layer.new_channel()
        for n in range(5):
            await layer.send(channel, {"type": "n", "n": n})
        got = [await layer.receive(channel) for _ in range(5)]
        return [*got, channel in layer.channels]

    assert run_apart(scenario()) == [{"type": "n", "n": n} for n in range(5)] + [False]


def test_a_cancelled_receive_leaves_nothing_behind() -> None:
    """A socket that closes cancels its receive: its channel is forgotten."""
    async def scenario() -> bool:
        layer = SweepingLayer()
        channel = await layer.new_channel()
        waiting = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0)
        assert channel in layer.channels
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        return channel in layer.channels

    assert run_apart(scenario()) is False


def test_a_message_woken_for_a_cancelled_receiver_goes_to_the_next() -> None:
    async def scenario() -> object:
        layer = SweepingLayer()
        channel = await layer.new_channel()
        first = asyncio.ensure_future(layer.receive(channel))
        second = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0)
        await layer.send(channel, {"type": "only"})  # wakes the first...
        first.cancel()  # ...which goes before it can take it
        got = await asyncio.wait_for(second, 1)
        return got, first.cancelled(), channel in layer.channels

    assert run_apart(scenario()) == ({"type": "only"}, True, False)


def test_a_waiting_channel_costs_under_a_kilobyte() -> None:
    """Each open socket waits on its channel for its whole life. Measured as 200 receivers
    waiting on their channels against 200 tasks waiting on a bare future each."""
    async def waiting(make: Any) -> float:
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            tasks = [asyncio.ensure_future(make(n)) for n in range(200)]
            await asyncio.sleep(0)
            used = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return used / len(tasks)

    async def scenario() -> tuple[float, float]:
        layer = SweepingLayer()
        names = [await layer.new_channel() for _ in range(200)]
        loop = asyncio.get_running_loop()
        bare = await waiting(lambda n: asyncio.wait([loop.create_future()]))
        receivers = await waiting(lambda n: layer.receive(names[n]))
        return receivers, bare

    receivers, bare = run_apart(scenario())
    assert receivers - bare < 1024


def test_a_message_sent_from_another_threads_loop_wakes_the_receiver_at_once() -> None:
    # A bot's or a clock's thread sends through a loop of its own (async_to_sync): the
    # receiving socket's loop must wake then, not at its next timer.
    layer = SweepingLayer()
    channel = run_apart(layer.new_channel())
    waiting = threading.Event()

    async def receiver() -> float:
        task = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(0)
        waiting.set()
        await asyncio.wait_for(task, 5)
        return time.monotonic()

    def sender() -> None:
        waiting.wait(5)
        time.sleep(0.05)  # the receiver's loop is asleep in its selector by now
        sent.append(time.monotonic())
        asyncio.run(layer.send(channel, {"type": "ring"}))

    sent: list[float] = []
    thread = threading.Thread(target=sender)
    thread.start()
    received = asyncio.run(receiver())
    thread.join()
    assert received - sent[0] < 0.5, received - sent[0]
