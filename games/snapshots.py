"""One database read per game version and process, shared by every socket that shows it.

After each accepted action every open table socket of the game re-renders its viewer's
fragments. Reading the game row, its seats and its recent log once per socket made five
reads of the same rows per action in a five-seat game (the load test's profile: 81 % of
the server's time went to those pushes, most of it in the ORM and in opening SQLite
connections). A :class:`TableSnapshot` is that read, done once per ``(game, version)`` in
this process and kept in a small LRU, so the other sockets of the game render from memory.

Sound because every change to a game bumps its version in the same transaction (engine
actions and lobby changes alike): the rows read at one version never change. A snapshot is
never newer than the database, and a socket asks for at least the version its doorbell
announced, so it can only be served that version or a later one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from games.engine.events import Event
from games.models import Game, Seat
from games.services import game_log
from games.table import LOG_ACTIONS

#: Games whose latest snapshot is kept; an evicted game is simply read again.
CACHE_SIZE = 2048


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A game at one version: its row, its seats in order and its last actions' events.

    Shared between sockets and threads: treat every part as read-only.
    """

    game: Game
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]

    @property
    def version(self) -> int:
        """The game's version this snapshot shows."""
        return self.game.version

    def seat_for(self, session_key: str | None) -> Seat | None:
        """The human seat held by browser session ``session_key``, or ``None`` (a spectator).

        The same answer as :func:`games.identity.seat_of`, without a query.
        """
        if not session_key:
            return None
        return next((s for s in self.seats
                     if s.session_key == session_key and not s.is_bot), None)


# Keyed by id *and* code: a database rolled back or rebuilt (tests do it all day) can give a
# new game an old id, never an old id with the same random code.
_cache: OrderedDict[tuple[int, str], TableSnapshot] = OrderedDict()
_lock = threading.Lock()


def read_snapshot(game_id: int, code: str) -> TableSnapshot | None:
    """Read game ``game_id`` afresh and keep it for the other sockets.

    ``None`` when it is gone (or its code is not ``code``: another game took its id).
    """
    key = (game_id, code)
    game = Game.objects.filter(pk=game_id, code=code).first()
    if game is None:
        with _lock:
            _cache.pop(key, None)
        return None
    seats = tuple(game.seats.order_by("index"))
    # The log is read only once the game has an engine state (the lobby has no log).
    events = (tuple(game_log(game, since=max(0, game.version - LOG_ACTIONS)))
              if game.state else ())
    snapshot = TableSnapshot(game=game, seats=seats, events=events)
    with _lock:
        kept = _cache.get(key)
        # Two threads may read at once: keep the newer.
        if kept is None or kept.version <= snapshot.version:
            _cache[key] = snapshot
            _cache.move_to_end(key)
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
    return snapshot


def table_snapshot(game_id: int, code: str, at_least: int) -> TableSnapshot | None:
    """The game at ``at_least`` or later: from memory when another socket read it already.

    ``None`` when the game no longer exists.
    """
    key = (game_id, code)
    with _lock:
        kept = _cache.get(key)
        if kept is not None and kept.version >= at_least:
            _cache.move_to_end(key)
            return kept
    return read_snapshot(game_id, code)


def forget() -> None:
    """Drop every kept snapshot (for tests that rewrite rows behind the version's back)."""
    with _lock:
        _cache.clear()
