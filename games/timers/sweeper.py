"""The look every process takes, every ``MAO_TIMER_SWEEP`` seconds, for games whose timers
fall due soon: those another process set, or any after a restart (the clock is stored with
the game, so it survives one). Each is handed to the timer thread
(:func:`games.timers.service.schedule`), which fires it on time; two processes firing the
same game is harmless (the version check lets one tick through)."""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import OperationalError, close_old_connections

from games.models import Game
from games.store.writes import now_ms
from games.timers.service import schedule

logger = logging.getLogger(__name__)
_started = threading.Event()


def sweep(horizon: float) -> int:
    """Schedule every game with a timer due within ``horizon`` seconds (or overdue); return
    how many."""
    soon = now_ms() + int(horizon * 1000)
    found = list(Game.objects.filter(due__isnull=False, due__lte=soon)
                 .values_list("pk", "due"))
    for game_id, due in found:
        if due is not None:
            schedule(game_id, due)
    return len(found)


def start_sweeper() -> bool:
    """Start this process's sweeper thread (once; nothing when the timers are off); whether
    it was started by this call."""
    if not settings.MAO_TIMERS or _started.is_set():
        return False
    _started.set()
    threading.Thread(target=_run, name="mao-timer-sweep", daemon=True).start()
    return True


def _run() -> None:
    interval = settings.MAO_TIMER_SWEEP
    while True:
        try:
            # Twice the interval: a game due just after this look is still found by it.
            sweep(2 * interval)
        except OperationalError:
            logger.warning("the timer sweep could not read the games", exc_info=True)
        except Exception:  # the sweeper must outlive any one failure
            logger.exception("the timer sweep failed")
        finally:
            close_old_connections()
        time.sleep(interval)
