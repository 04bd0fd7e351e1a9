"""What happens after a change to a game is committed, as a list the write path calls.

The write path (:mod:`games.store.writes`) and the lobby commit changes; once committed they
call :func:`changed` with a :class:`Change`. The features that care (the doorbell and the
snapshot cache of the live table, the bot driver) register themselves here when the app
starts (:mod:`games.apps`), so the write path depends on nothing above it. A subscriber
that raises is logged and skipped: the change is committed, the others must still run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from games.engine.events import Event
from games.engine.state import GameState
from games.models import Game

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Change:
    """A committed change: the game as saved, its new version, and the events it caused.

    ``events`` is empty for a lobby change (seats taken or left, the start). ``state`` is the
    game's engine state after an action, as the write path made it (shared: never change it).
    """

    game: Game
    version: int
    events: tuple[Event, ...] = ()
    state: GameState | None = None

    @property
    def game_id(self) -> int:
        """The game's primary key."""
        return self.game.pk


Subscriber = Callable[[Change], None]

_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> None:
    """Call ``subscriber`` after every committed change, in the order subscribed (once)."""
    if subscriber not in _subscribers:
        _subscribers.append(subscriber)


def unsubscribe(subscriber: Subscriber) -> bool:
    """Stop calling ``subscriber`` (a benchmark without an event loop drops the doorbell);
    whether it was subscribed."""
    if subscriber not in _subscribers:
        return False
    _subscribers.remove(subscriber)
    return True


def subscribed() -> tuple[Subscriber, ...]:
    """The subscribers, in the order they run."""
    return tuple(_subscribers)


def changed(change: Change) -> None:
    """Tell every subscriber about ``change``; never raises."""
    for subscriber in tuple(_subscribers):
        try:
            subscriber(change)
        except Exception:
            logger.exception("game %s version %s: subscriber %s failed", change.game_id,
                             change.version, getattr(subscriber, "__qualname__", subscriber))
