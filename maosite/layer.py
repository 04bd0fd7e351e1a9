"""The embedded mode's channel layer: Channels' in-memory layer without a sweep on every call.

Channels' :class:`~channels.layers.InMemoryChannelLayer` runs ``_clean_expired`` on every
``receive`` and every ``group_send``. That sweep walks every channel's queue and every
group's members, so each doorbell of a five-seat game (one ``group_send``, then one
``receive`` per socket as each goes back to waiting) walked the whole process six times:
0.3 to 1.0 ms per action, growing with the number of open sockets (issue 16's profile).
:class:`SweepingLayer` sweeps at most once every ``sweep_every`` seconds instead, so an
expired message or group membership outlives its expiry (60 s and a day by default) by at
most that much, and sends a group's messages in one pass instead of a task per channel.
Everything else (capacity, ``ChannelFull`` dropped in a group send, flush) is Channels' own.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

#: Seconds between two sweeps of expired messages and group memberships.
SWEEP_EVERY = 1.0


class SweepingLayer(InMemoryChannelLayer):  # type: ignore[misc]
    """:class:`~channels.layers.InMemoryChannelLayer` sweeping at most every ``sweep_every``
    seconds, and sending to a group's channels without a task each."""

    def __init__(self, sweep_every: float = SWEEP_EVERY, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if not sweep_every >= 0:
            raise ValueError(f"sweep_every must be 0 or more seconds, not {sweep_every!r}")
        self.sweep_every = sweep_every
        self._next_sweep = 0.0

    def _clean_expired(self) -> None:
        """Channels' sweep, when the last one is ``sweep_every`` seconds old or more."""
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.sweep_every
        super()._clean_expired()

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
