"""One read of a game per version and process, shared by every socket that shows it.

A :class:`TableSnapshot` is the game at one version; the latest of each game is kept in a
small LRU. The committing process builds the next one from what it wrote
(:func:`remember_change`); another process reads only the log entries it lacks, and the
seats only after ``SEAT_EVENTS``; connecting and resyncing read afresh (:func:`read_snapshot`).
Sound because every change bumps the version in the same transaction: a snapshot is never
newer than the database.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.events import SEAT_EVENTS, Event, event_from_json
from games.engine.state import GameState
from games.models import LOBBY, Game, LogEntry, Seat, SeatNotice
from games.store.reads import game_state
from games.store.subscribers import Change
from games.table.context import LOG_ACTIONS

#: Games whose latest snapshot is kept; an evicted game is simply read again.
CACHE_SIZE = 2048

#: One logged action: its ``seq`` (the version it made) and its events.
Entry = tuple[int, tuple[Event, ...]]


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A game at one version: its row, its seats in order, its last actions' events, and
    the notices left to browsers that lost a seat (oldest first).

    Shared between sockets and threads: treat every part as read-only (``rendered`` and
    ``public`` are only used by the one thread that renders fragments).
    """

    game: Game
    seats: tuple[Seat, ...]
    entries: tuple[Entry, ...]
    notices: tuple[SeatNotice, ...] = ()
    #: Fragments rendered from this snapshot, by what they show (see games.fragments):
    #: viewers whose fragment would show the same thing share one rendering.
    rendered: dict[tuple[str, str], str] = field(default_factory=dict, compare=False,
                                                 repr=False)
    #: The game's engine state, parsed once for every viewer (see :meth:`state`).
    parsed: list[GameState] = field(default_factory=list, compare=False, repr=False)
    #: What every viewer's screen shows alike at this version, made once per rendering
    #: round from public data only (see games.live.fragments), by name.
    public: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def drop_renders(self) -> None:
        """Forget the fragments rendered from this snapshot and the public parts they were
        rendered from (the end of a rendering round)."""
        self.rendered.clear()
        self.public.clear()

    def state(self) -> GameState:
        """The game's engine state at this version, parsed once per snapshot (``ServiceError`` in
        a lobby, as :func:`games.store.reads.game_state`).
        """
        if not self.parsed:
            self.parsed.append(game_state(self.game))
        return self.parsed[0]

    @property
    def version(self) -> int:
        """The game's version this snapshot shows."""
        return self.game.version

    @property
    def events(self) -> list[Event]:
        """The events of the last :data:`LOG_ACTIONS` actions, in order (secrets included)."""
        return [event for _, events in self.entries for event in events]

    def events_from_last(self, kinds: Sequence[str]) -> list[Event]:
        """The events from the last one of one of ``kinds`` on (none: ``[]``).

        Searched from the end, without flattening the whole window (once per viewer and push).
        """
        for i in range(len(self.entries) - 1, -1, -1):
            events = self.entries[i][1]
            for j in range(len(events) - 1, -1, -1):
                if events[j].kind in kinds:
                    return [*events[j:], *(e for _, later in self.entries[i + 1:] for e in later)]
        return []

    def events_after(self, version: int) -> list[Event] | None:
        """The events of the actions after ``version``; ``None`` if some are not held here."""
        if version < self.version - LOG_ACTIONS:
            return None
        return [event for seq, events in self.entries if seq > version for event in events]


# Keyed by id *and* code: a database rolled back or rebuilt (tests do it all day) can give a
# new game an old id, never an old id with the same random code.
_cache: OrderedDict[tuple[int, str], TableSnapshot] = OrderedDict()
_lock = threading.Lock()


def _kept(game_id: int, code: str) -> TableSnapshot | None:
    with _lock:
        kept = _cache.get((game_id, code))
        if kept is not None:
            _cache.move_to_end((game_id, code))  # least recently *used* goes first
        return kept


def _keep(snapshot: TableSnapshot) -> TableSnapshot:
    """Keep ``snapshot`` unless one as new of its game is kept already; return the kept one."""
    key = (snapshot.game.pk, snapshot.game.code)
    with _lock:
        kept = _cache.get(key)
        if kept is not None and kept.version >= snapshot.version:
            return kept  # equal versions hold equal rows: keep the one with renderings
        _cache[key] = snapshot
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return snapshot


def _recent(entries: Sequence[Entry], version: int) -> tuple[Entry, ...]:
    return tuple(entry for entry in entries if entry[0] > version - LOG_ACTIONS)


def _read_entries(game: Game, after: int) -> list[Entry]:
    """The log entries after ``after`` up to the version of ``game`` as read: an action
    committed since (by another thread or process) belongs to the next snapshot."""
    rows = LogEntry.objects.filter(game=game, seq__gt=after,
                                   seq__lte=game.version).order_by("seq")
    return [(seq, tuple(event_from_json(data) for data in events))
            for seq, events in rows.values_list("seq", "events")]


def read_snapshot(game_id: int, code: str) -> TableSnapshot | None:
    """Read game ``game_id`` afresh and keep it for the other sockets.

    ``None`` when it is gone (or its code is not ``code``: another game took its id).
    """
    game = Game.objects.filter(pk=game_id, code=code).first()
    if game is None:
        with _lock:
            _cache.pop((game_id, code), None)
        return None
    seats = tuple(game.seats.order_by("index"))
    notices = tuple(game.seat_notices.order_by("created"))
    # Only a game with an engine state has a log (the lobby has none).
    entries = (_read_entries(game, max(0, game.version - LOG_ACTIONS)) if game.state else [])
    return _keep(TableSnapshot(game=game, seats=seats, entries=tuple(entries), notices=notices))


def table_snapshot(game_id: int, code: str, at_least: int) -> TableSnapshot | None:
    """The game at ``at_least`` or later: from memory when this process has it already.

    When the kept snapshot is older, only the game row and the log entries after it are
    read (the seats too while the game is in its lobby). ``None`` when the game is gone.
    """
    kept = _kept(game_id, code)
    if kept is not None and kept.version >= at_least:
        return kept
    if kept is None or kept.game.phase == LOBBY or not kept.game.state:
        return read_snapshot(game_id, code)
    game = Game.objects.filter(pk=game_id, code=code).first()
    if game is None:
        return read_snapshot(game_id, code)
    # Only what the window needs, however far behind the kept snapshot is, and never an
    # action it holds already.
    held = kept.entries[-1][0] if kept.entries else kept.version
    after = max(kept.version, held, game.version - LOG_ACTIONS)
    new_entries = _read_entries(game, after)
    if _seats_changed(event for _, events in new_entries for event in events):
        return read_snapshot(game_id, code)
    entries = [*kept.entries, *new_entries]
    return _keep(TableSnapshot(game=game, seats=kept.seats, notices=kept.notices,
                               entries=_recent(entries, game.version)))


def _seats_changed(events: Iterable[Event]) -> bool:
    """Whether ``events`` changed who plays a seat (then seats are read again)."""
    return any(isinstance(event, SEAT_EVENTS) for event in events)


def remember_change(game: Game, events: Sequence[Event], state: GameState | None = None
                    ) -> None:
    """After this process committed ``game`` at a new version with ``events``: keep it.

    Builds on the kept snapshot of the version before (when there is one), so the game's
    sockets in this process render the change without reading the database; with the
    engine ``state`` the write made (read-only), without parsing it again either.
    """
    kept = _kept(game.pk, game.code)
    if kept is None or kept.version != game.version - 1 or kept.game.phase == LOBBY:
        return
    if kept.entries and kept.entries[-1][0] >= game.version:
        return  # never append an action twice (the kept snapshot is not what it claims)
    if _seats_changed(events):
        return  # the seat rows changed too: the next snapshot reads them
    game = copy.copy(game)  # the caller's instance may change later; the snapshot must not
    entries = [*kept.entries, (game.version, tuple(events))]
    _keep(TableSnapshot(game=game, seats=kept.seats, notices=kept.notices,
                        entries=_recent(entries, game.version),
                        parsed=[state] if state is not None else []))


def keep_change(change: Change) -> None:
    """Subscriber of the write path: keep the snapshot of a change committed here."""
    if change.events:
        remember_change(change.game, change.events, change.state)


def forget() -> None:
    """Drop every kept snapshot (for tests that rewrite rows behind the version's back)."""
    with _lock:
        _cache.clear()
