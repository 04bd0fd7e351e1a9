"""The embedded mode's channel layer (maosite/layer.py) against Channels' own in-memory layer.

For each layer and number of open sockets (every socket a channel in a five-seat game's
group, a receiver waiting on it): the CPU time (``time.process_time``) of one doorbell, a
``group_send`` to one game until its five receivers have the message and wait again, and
the memory ``tracemalloc`` traces per waiting socket (its receiver task included).
No database, no server; Django's settings only for the in-process doorbell.
"""

from __future__ import annotations

import asyncio
import os
import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

from channels.layers import InMemoryChannelLayer

from maosite.layer import SweepingLayer
from scripts.bench.figures import Figure, format_figures, median, percentile

SEATS = 5
LAYERS: dict[str, type[Any]] = {"Channels'": InMemoryChannelLayer, "sweeping": SweepingLayer}


async def _measure(layer: Any, sockets: int, samples: int) -> tuple[list[float], float]:
    channels = [await layer.new_channel() for _ in range(sockets)]
    for index, channel in enumerate(channels):
        await layer.group_add(f"game-{index // SEATS}", channel)
    received = 0

    async def listen(channel: str) -> None:
        nonlocal received
        while True:
            await layer.receive(channel)
            received += 1

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tasks = [asyncio.create_task(listen(channel)) for channel in channels]
    for _ in range(3):
        await asyncio.sleep(0)
    per_socket = (tracemalloc.get_traced_memory()[0] - before) / sockets
    tracemalloc.stop()
    times = []
    games = sockets // SEATS
    for sample in range(samples + 10):  # the first ten warm up
        expected = received + SEATS
        start = time.process_time()
        await layer.group_send(f"game-{sample % games}", {"type": "game.updated",
                                                          "version": sample})
        while received < expected:
            await asyncio.sleep(0)
        if sample >= 10:
            times.append(time.process_time() - start)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return times, per_socket


async def _measure_direct(sockets: int, samples: int) -> list[float]:
    """The CPU time of the in-process doorbell (``games.live.rooms.ring_here``) to one game's
    room, with ``sockets`` open in ``sockets // SEATS`` rooms; each room's round is left out
    (the same whichever way the doorbell came). Sets up Django, without a database."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    os.environ.setdefault("MAO_OFFLINE", "1")
    import django

    django.setup()
    from games.live import rooms

    asked = 0

    class Counted(rooms.Room):
        def request(self, version: int = 0, fresh: object = None) -> None:
            nonlocal asked
            asked += 1

    class Stub:
        pass

    games = sockets // SEATS
    made = []
    for game in range(games):
        room = rooms.join(game, f"G{game}", Stub())  # type: ignore[arg-type]
        room.__class__ = Counted
        for _ in range(SEATS - 1):
            room.viewers[Stub()] = -1  # type: ignore[index]
        made.append(room)
    times = []
    for sample in range(samples + 10):
        expected = asked + 1
        start = time.process_time()
        rooms.ring_here(sample % games, sample)
        if asked < expected:
            raise RuntimeError("the room was not rung")
        if sample >= 10:
            times.append(time.process_time() - start)
    for room in made:
        for viewer in list(room.viewers):
            rooms.leave(room, viewer)
    return times


def run(sockets: Sequence[int], samples: int) -> list[str]:
    """The doorbell's CPU time and the memory per waiting socket, for each layer and count,
    and the in-process doorbell's time."""
    figures, memory = [], []
    for count in sockets:
        times = asyncio.run(_measure_direct(count, samples))
        figures.append(Figure(f"in-process doorbell, {count} sockets", median(times),
                              percentile(times, 0.95), len(times)))
    for count in sockets:
        for name, kind in LAYERS.items():
            times, per_socket = asyncio.run(_measure(kind(), count, samples))
            label = f"layer: doorbell, {name}, {count} sockets"
            figures.append(Figure(label, median(times), percentile(times, 0.95), len(times)))
            memory.append(f"{label}: {per_socket / 1024:.2f} KiB per waiting socket")
    return [*format_figures(figures), "", *memory]
