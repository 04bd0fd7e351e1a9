"""The embedded mode's channel layer (maosite/layer.py) against Channels' own in-memory layer.

For each layer and number of open sockets (every socket a channel in a five-seat game's
group, a receiver waiting on it): the CPU time (``time.process_time``) of one doorbell, a
``group_send`` to one game until its five receivers have the message and wait again, and
the memory ``tracemalloc`` traces per waiting socket (its receiver task included).
No settings, no database, no server.
"""

from __future__ import annotations

import asyncio
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


def run(sockets: Sequence[int], samples: int) -> list[str]:
    """The doorbell's CPU time and the memory per waiting socket, for each layer and count."""
    figures, memory = [], []
    for count in sockets:
        for name, kind in LAYERS.items():
            times, per_socket = asyncio.run(_measure(kind(), count, samples))
            label = f"layer: doorbell, {name}, {count} sockets"
            figures.append(Figure(label, median(times), percentile(times, 0.95), len(times)))
            memory.append(f"{label}: {per_socket / 1024:.2f} KiB per waiting socket")
    return [*format_figures(figures), "", *memory]
