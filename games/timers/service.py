"""Firing a game's timers on time, once, whichever process does it.

:func:`fire` applies a ``Tick`` at ``Game.due`` through the one write path with the version
it read, so a timer fires once however many processes watch. Each process watches the games
it changes (:func:`keep_clock`) and sweeps games due soon (:mod:`games.timers.sweeper`).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import OperationalError, close_old_connections

from games.engine.actions import Tick
from games.engine.errors import EngineError
from games.models import Game
from games.store.errors import ServiceError
from games.store.scheduler import Scheduler
from games.store.subscribers import Change
from games.store.writes import now_ms, submit_action

logger = logging.getLogger(__name__)
#: How late after its deadline a tick is sent (s): a tick a hair early would find nothing
#: due and have to wait for the next look.
GRACE = 0.01
#: How many times a tick beaten by another change reads the game again at once.
ATTEMPTS = 3
_scheduler = Scheduler("mao-timers")


def fire(game_id: int, at: int | None = None) -> int | None:
    """Fire the game's due timers (at ``at``, ms; ``None``: now); return when its next
    timer is due (``None``: none)."""
    for _ in range(ATTEMPTS):
        row = Game.objects.filter(pk=game_id).values_list("version", "due").first()
        if row is None:
            return None
        version, due = row
        if due is None:
            return None
        now = now_ms() if at is None else at
        if due > now:
            return due
        try:
            result = submit_action(game_id, Tick(), version, at)
        except ServiceError as exc:
            if exc.code != "action/stale_version":
                raise
            continue  # another change came first: read the game again
        except EngineError as exc:
            if exc.code != "action/not_due":
                raise
            continue  # nothing due by the game's own time yet: read again
        return result.game.due
    return Game.objects.filter(pk=game_id).values_list("due", flat=True).first()


def schedule(game_id: int, due: int) -> None:
    """Fire the game's timers at ``due`` (ms) on this process's timer thread (nothing when
    the timers are off: ``MAO_TIMERS``)."""
    if not settings.MAO_TIMERS:
        return
    delay = max(0.0, (due - now_ms()) / 1000) + GRACE
    _scheduler.schedule(str(game_id), delay, lambda: _job(game_id))


def keep_clock(change: Change) -> None:
    """A subscriber of the write path: a game whose change left a timer set is fired when
    it is due."""
    due = change.game.due
    if due is not None:
        schedule(change.game_id, due)


def pending() -> int:
    """How many games this process is waiting to tick."""
    return _scheduler.pending()


def _job(game_id: int) -> None:
    """The scheduled tick of one game, on the timer thread (a thread of our own: it closes
    its database connections when done)."""
    try:
        due = fire(game_id)
    except OperationalError:
        # The database is busy or away: the sweep will find the game again.
        logger.warning("game %s: its timers could not be fired now", game_id, exc_info=True)
        due = None
    finally:
        close_old_connections()
    if due is not None:
        schedule(game_id, due)
