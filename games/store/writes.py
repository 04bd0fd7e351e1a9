"""The one write path of a started game: :func:`submit_action`.

In one transaction it reads the game (from the copy this process kept of its last write, or
the row locked), checks the version, runs the pure engine, stores the new state with
``version + 1`` if the row is still at the version read, appends one ``LogEntry`` and updates
the mirrors and seats; only after the commit are the subscribers told
(:mod:`games.store.subscribers`) and the game kept (:mod:`games.store.owned`).
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.engine.actions import Action, action_to_json
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.state import GameState
from games.engine.timers import next_due
from games.models import Game
from games.store import owned
from games.store.errors import ServiceError
from games.store.mirrors import update_mirrors
from games.store.reads import GameRef, game_state, locked_game
from games.store.seating import seats_follow
from games.store.statements import append_entry, store_game
from games.store.subscribers import Change, changed


@dataclass(frozen=True, slots=True)
class SubmitResult:
    """An accepted action: the game's new ``version``, the new ``state`` and its ``events``."""

    game: Game
    version: int
    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Applied:
    """What the engine made of an action on ``before``, worked out ahead of the write (the
    socket's early refusal check): the write takes it instead of applying the action again
    when the game it keeps holds that very state."""

    before: GameState
    after: GameState
    events: list[Event]


def now_ms() -> int:
    """The server's clock, in milliseconds."""
    return time.time_ns() // 1_000_000


def game_time() -> int | None:
    """The server's clock in ms, or ``None`` (no time passes) where ``MAO_TIMERS=0``."""
    return now_ms() if settings.MAO_TIMERS else None


def submit_action(game_ref: GameRef, action: Action, expected_version: int | None,
                  at: int | None = None, *, taker: str | None = None,
                  actor: str | None = None, applied: Applied | None = None) -> SubmitResult:
    """Apply ``action`` to the stored game if it is still at ``expected_version``, at time ``at``
    (ms; ``None``: :func:`game_time`).

    ``expected_version`` ``None`` accepts any version (words said). ``taker`` is the holder taking
    a seat over (a ``TakeSeat``); ``actor`` is the holder acting as the action's seat, checked
    under the lock (``seat/lost``). ``applied``: the engine's answer to ``action`` worked out
    already (:class:`Applied`). Raises ``ServiceError`` (``game/not_found``,
    ``game/not_started``, ``action/stale_version``) or the engine's ``EngineError``; then nothing
    is saved and nobody is told. A ``Game`` passed in is not updated: use ``result.game``.
    """
    with transaction.atomic():
        kept = owned.held(game_ref)
        result = None if kept is None else _write_kept(kept, action, expected_version, at,
                                                       taker, actor, applied)
        if result is None:
            game = locked_game(game_ref)
            before = game_state(game)
            if expected_version is not None and expected_version != game.version:
                raise stale_version(expected_version, game.version)
            if actor is not None:
                _still_held(game, action, actor)
            after, events = apply(before, action, game_time() if at is None else at)
            result = _write(game, before, after, action, events, taker)
            if result is None:
                # The row is locked and was read just now: it cannot have moved.
                raise RuntimeError(f"game {game.pk} changed under its lock")
    return result


def _write_kept(kept: owned.Held, action: Action, expected_version: int | None,
                at: int | None, taker: str | None, actor: str | None,
                applied: Applied | None = None) -> SubmitResult | None:
    """The action applied to the copy of the game this process keeps, and written if the
    row is still at the copy's version; ``None`` when it was not, or when anything would be
    refused (every refusal is decided from the row read under the lock, as before)."""
    game, before, read_at = kept.game, kept.state, kept.version
    if expected_version is not None and expected_version != read_at:
        return None
    try:
        if actor is not None:
            # Read before the row is locked: the write below holds only if no change (and
            # so no seat changing hands) came in between.
            _still_held(game, action, actor)
        if applied is not None and applied.before is before:
            after, events = applied.after, applied.events
        else:
            after, events = apply(before, action, game_time() if at is None else at)
    except (EngineError, ServiceError):
        return None
    result = _write(game, before, after, action, events, taker)
    if result is None:
        owned.drop(game.pk, read_at)
    return result


def _write(game: Game, before: GameState, after: GameState, action: Action,
           events: list[Event], taker: str | None) -> SubmitResult | None:
    """Store ``after`` as the version after ``game``'s, its log entry, mirrors and seats, and
    tell the subscribers after the commit; ``None`` (nothing written) when the row is no
    longer at ``game``'s version."""
    now = timezone.now()
    read_at = game.version
    version = read_at + 1
    game.state = after.to_json()
    game.phase = after.phase
    game.version = version
    game.due = next_due(after)
    game.updated = now
    if after.phase == "ended" and game.ended_at is None:
        game.ended_at = now
    if not store_game(game, read_at):
        return None
    append_entry(game, version, action_to_json(action), [event.to_json() for event in events],
                 after.clock, now)
    update_mirrors(game, before, after, events, now)
    seats_follow(game, events, after, taker, before)
    change = Change(game, version, tuple(events), after)
    # Kept as it is now (the caller may change its row later), before the subscribers run:
    # a bot they wake acts on the kept copy.
    committed = copy.copy(game)

    def told() -> None:
        owned.keep(committed, after)
        changed(change)

    transaction.on_commit(told)
    return SubmitResult(game=game, version=version, state=after, events=tuple(events))


def stale_version(shown: int, now: int) -> ServiceError:
    """The refusal of an action asked from a screen that showed version ``shown`` of a
    game now at version ``now``: ``action/stale_version``."""
    return ServiceError("action/stale_version",
                        f"Your screen is out of date: it shows version {shown} of the game, "
                        f"which is now at version {now}. Look again, then retry.")


#: What a browser is told when the seat it acted as changed hands before its action came.
SEAT_LOST = ("You no longer hold this seat: it changed hands just before your action came, "
             "which was not made. Reload the page.")


def _still_held(game: Game, action: Action, actor: str) -> None:
    """Refuse (``seat/lost``) unless the browser ``actor`` holds the seat ``action`` is
    asked as: a person's seat, held by that browser now (the game row is locked)."""
    seat = getattr(action, "seat", None)
    if seat is None or not game.seats.filter(index=seat, holder=actor, is_bot=False).exists():
        raise ServiceError("seat/lost", SEAT_LOST)
