"""The games this process has written, kept in memory: each one's row and parsed state at
the version it was last written at, so that the next action on it skips the read.

A kept game is valid only at its version. The write path stores with ``UPDATE ... WHERE
version = v`` (:mod:`games.store.statements`): a copy that another process (or a direct
write) has moved on updates no row, is dropped, and the game is read again under the lock;
a kept copy never overwrites. Filled only after a commit (never from a transaction that
may roll back), keyed by id and checked by code (a rebuilt database can give a new game an
old id, never an old id with the same random code). A write that changes a started game's
row without a new version (a test's staging hook) must :func:`forget` it.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from dataclasses import dataclass

from games.engine.state import GameState
from games.models import Game

#: Games kept; the least recently used goes first, and is simply read again when acted on.
CACHE_SIZE = 2048


@dataclass(frozen=True, slots=True)
class Held:
    """A game as this process committed it: its row (``game``, never handed out: see
    :func:`held`) and its engine state, which nobody changes (``apply`` works on a copy)."""

    game: Game
    state: GameState

    @property
    def version(self) -> int:
        """The version this copy is valid at."""
        return self.game.version


_games: OrderedDict[int, Held] = OrderedDict()
_ids: dict[str, int] = {}  # code -> id, for a game asked for by its code
_lock = threading.Lock()


def held(ref: Game | int | str) -> Held | None:
    """The kept copy of the game ``ref`` (a game, its id or its code), with a row of its
    own the caller may change; ``None`` when none is kept."""
    with _lock:
        if isinstance(ref, str):
            game_id = _ids.get(ref.strip().upper())
        else:
            game_id = ref.pk if isinstance(ref, Game) else ref
        kept = _games.get(game_id) if game_id is not None else None
        if kept is None or (isinstance(ref, Game) and ref.code != kept.game.code):
            return None
        _games.move_to_end(kept.game.pk)
    return Held(copy.copy(kept.game), kept.state)


def keep(game: Game, state: GameState) -> None:
    """Keep ``game`` (its row as committed, which nobody may change from now on) and its
    ``state``, unless a newer one is kept."""
    with _lock:
        kept = _games.get(game.pk)
        if kept is not None and kept.game.code == game.code and kept.version >= game.version:
            return
        if kept is not None:
            _ids.pop(kept.game.code, None)
        _games[game.pk] = Held(game, state)
        _ids[game.code] = game.pk
        _games.move_to_end(game.pk)
        while len(_games) > CACHE_SIZE:
            _, gone = _games.popitem(last=False)
            _ids.pop(gone.game.code, None)


def drop(game_id: int, version: int) -> None:
    """Forget game ``game_id`` if the copy kept is the one at ``version`` (found stale)."""
    with _lock:
        kept = _games.get(game_id)
        if kept is not None and kept.version == version:
            del _games[game_id]
            _ids.pop(kept.game.code, None)


def forget() -> None:
    """Drop every kept game (as a restart would)."""
    with _lock:
        _games.clear()
        _ids.clear()
