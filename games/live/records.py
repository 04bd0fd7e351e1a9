"""The public record of each live game, followed as it grows, for the notebooks on screen.

One :class:`~games.deduction.record.RecordReader` per game (as a spectator) is fed each
snapshot's new actions; the log is read only when a game is met first or falls behind.
Only games with an open notebook are followed, in a small LRU.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from games.deduction.record import PublicRecord, RecordReader
from games.live.snapshots import TableSnapshot
from games.store.reads import game_log

#: Games followed at once; an evicted game is read again from its log when next asked.
CACHE_SIZE = 256


@dataclass(slots=True)
class _Follower:
    """One game's reader, the version it has read up to, and its record at that version."""

    reader: RecordReader
    version: int
    record: PublicRecord


_followers: OrderedDict[tuple[int, str], _Follower] = OrderedDict()
_lock = threading.Lock()


def _read_afresh(snapshot: TableSnapshot) -> _Follower:
    game = snapshot.game
    reader = RecordReader(None, tuple(seat.name for seat in snapshot.seats))
    reader.read(game_log(game, until=snapshot.version))
    return _Follower(reader, snapshot.version, reader.record())


def table_record(snapshot: TableSnapshot) -> PublicRecord:
    """The spectator's public record of the game at the snapshot's version."""
    key = (snapshot.game.pk, snapshot.game.code)
    with _lock:
        follower = _followers.get(key)
        if follower is not None:
            _followers.move_to_end(key)
            if follower.version == snapshot.version:
                return follower.record
            events = (snapshot.events_after(follower.version)
                      if follower.version < snapshot.version else None)
            if events is not None:
                follower.reader.read(events)
                follower.version = snapshot.version
                follower.record = follower.reader.record()
                return follower.record
    # Unknown here, behind the snapshot's window, or older than asked: read the log once.
    follower = _read_afresh(snapshot)
    with _lock:
        kept = _followers.get(key)
        if kept is None or kept.version <= follower.version:
            _followers[key] = follower
            _followers.move_to_end(key)
        while len(_followers) > CACHE_SIZE:
            _followers.popitem(last=False)
    return follower.record


def forget() -> None:
    """Stop following every game (for tests that rewrite rows behind the version's back)."""
    with _lock:
        _followers.clear()
