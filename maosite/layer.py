"""The embedded mode's channel layer: Channels' in-memory layer that sweeps expired
messages at most once every ``sweep_every`` seconds instead of on every call, and keeps each
channel's messages in a small :class:`Mailbox` instead of an ``asyncio.Queue``.

An expired message or membership outlives its expiry by at most ``sweep_every``; everything
else (capacity, ``ChannelFull``, a copy per receiver, flush) is Channels' own behaviour.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

#: Seconds between two sweeps of expired messages and group memberships.
SWEEP_EVERY = 1.0


class Mailbox:
    """One channel's messages, oldest first, each with when it expires, and the receivers
    waiting for one (normally one: the channel's socket)."""

    __slots__ = ("messages", "waiters")

    def __init__(self) -> None:
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.waiters: list[asyncio.Future[None]] = []

    def qsize(self) -> int:
        """How many messages wait (as ``asyncio.Queue.qsize``)."""
        return len(self.messages)

    def empty(self) -> bool:
        """Whether no message waits."""
        return not self.messages

    def wake(self) -> None:
        """Wake the first receiver still waiting, if a message is there for it."""
        if not self.messages:
            return
        for waiter in self.waiters:
            if not waiter.done():
                loop = waiter.get_loop()
                if _running_loop() is loop:
                    waiter.set_result(None)
                else:
                    # A send from another thread's loop (a bot's or a clock's, through
                    # async_to_sync): only a threadsafe call wakes the receiver's loop from
                    # its selector; setting the result here would wait for its next timer.
                    with contextlib.suppress(RuntimeError):  # that loop has closed
                        loop.call_soon_threadsafe(_resolve, waiter)
                return

    @property
    def idle(self) -> bool:
        """Neither a message nor a receiver: nothing to keep."""
        return not self.messages and not self.waiters


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _resolve(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


class SweepingLayer(InMemoryChannelLayer):  # type: ignore[misc]
    """:class:`~channels.layers.InMemoryChannelLayer` sweeping at most every ``sweep_every``
    seconds, sending to a group's channels without a task each, and keeping each channel's
    messages in a :class:`Mailbox`."""

    channels: dict[str, Mailbox]

    def __init__(self, sweep_every: float = SWEEP_EVERY, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not sweep_every >= 0:
            raise ValueError(f"sweep_every must be 0 or more seconds, not {sweep_every!r}")
        self.sweep_every = sweep_every
        self._next_sweep = 0.0

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """Put a copy of ``message`` in ``channel``'s mailbox; ``ChannelFull`` when it holds
        its capacity already."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        box = self.channels.get(channel)
        if box is None:
            box = self.channels[channel] = Mailbox()
        if len(box.messages) >= self.get_capacity(channel):
            raise ChannelFull(channel)
        box.messages.append((time.time() + self.expiry, deepcopy(message)))
        box.wake()

    async def receive(self, channel: str) -> dict[str, Any]:
        """The oldest message of ``channel``, waiting for one if there is none."""
        self.require_valid_channel_name(channel)
        self._clean_expired()
        box = self.channels.get(channel)
        if box is None:
            box = self.channels[channel] = Mailbox()
        try:
            while not box.messages:
                waiter = asyncio.get_running_loop().create_future()
                box.waiters.append(waiter)
                try:
                    await waiter
                except BaseException:
                    box.waiters.remove(waiter)
                    box.wake()  # a message this receiver was woken for goes to the next
                    raise
                box.waiters.remove(waiter)
            return box.messages.pop(0)[1]
        finally:
            if box.idle and self.channels.get(channel) is box:
                del self.channels[channel]

    def _clean_expired(self) -> None:
        """Channels' sweep, when the last one is ``sweep_every`` seconds old or more."""
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.sweep_every
        self._sweep()

    def _sweep(self) -> None:
        """Drop expired messages (their channel leaves every group, as in Channels) and
        group memberships older than ``group_expiry``."""
        now = time.time()
        for channel, box in list(self.channels.items()):
            expired = 0
            while expired < len(box.messages) and box.messages[expired][0] < now:
                expired += 1
            if expired:
                del box.messages[:expired]
                self._remove_from_groups(channel)
            if box.idle:
                self.channels.pop(channel, None)
        timeout = int(now) - self.group_expiry
        for members in self.groups.values():
            for name, joined in list(members.items()):
                if joined and joined < timeout:
                    members.pop(name, None)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every channel of ``group``; a full channel misses it.

        Channels' own version creates one task per channel to run ``send``, which never
        waits (a full queue raises at once): sending in turn does the same in one pass.
        """
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)
