"""Bots at a live table: after every change, a seated bot whose move it is takes it.

The web process that committed a change "kicks" the driver; after a short pause
(so people can follow) the bot's action goes through the same write path as a
person's, with the version it saw, so two processes kicking at once are harmless:
one wins, the other is told its version is stale and stops. A player's socket
connecting also kicks, which resumes bots after a server restart. With
``MAO_BOT_DELAY = 0`` (the tests) bots act at once, in the caller's thread.

Seats never change once a game has left its lobby, so a started game without a bot is
remembered and its later kicks cost nothing (no timer thread, no database read: the load
test's profile showed both on every action of tables of people).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from django.conf import settings
from django.db import close_old_connections, connection

from games.engine.actions import Action
from games.engine.bots import Experimenter, make_bot
from games.engine.errors import EngineError
from games.engine.state import GameState
from games.engine.views import player_view
from games.models import LOBBY, Game
from games.store.errors import ServiceError
from games.store.reads import game_log
from games.store.subscribers import Change
from games.store.writes import submit_action

logger = logging.getLogger(__name__)
_local = threading.local()
#: Started games without a bot, by (id, code): a database rebuilt under a running process
#: (tests) can reuse an id, never with the same random code. Bounded, oldest forgotten.
_botless: OrderedDict[tuple[int, str], None] = OrderedDict()
_BOTLESS_KEPT = 10_000


def bot_action(game: Game) -> Action | None:
    """The action a seated bot takes now in ``game``, if a bot is due to act."""
    if not game.state or game.phase not in ("writing", "playing"):
        return None
    state = GameState.from_json(game.state)
    due = list(state.writers) if state.phase == "writing" else [state.current]
    bots = {s.index: s for s in game.seats.filter(is_bot=True, index__in=due)}
    for index in due:
        seat = bots.get(index)
        if seat is None:
            continue
        bot = make_bot(seat.bot_kind, index, game.seed + game.version)
        if isinstance(bot, Experimenter):
            _remember_refusals(game, bot)
        action = bot.act(state, player_view(state, index))
        if action is not None:
            return action
    return None


def _remember_refusals(game: Game, bot: Experimenter) -> None:
    """An experimenter's notebook, rebuilt from the public log of its own refusals."""
    for event in game_log(game):
        if event.kind == "refused" and event.seat == bot.seat and event.data.get("cards"):
            bot.refused.add((event.data["top"], event.data["cards"][0]))


def act_once(game_id: int) -> bool:
    """Let a due bot act once; True when it did (so another bot may be due)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return False
    if game.phase != LOBBY and not game.seats.filter(is_bot=True).exists():
        _botless[(game.pk, game.code)] = None
        while len(_botless) > _BOTLESS_KEPT:
            _botless.popitem(last=False)
        return False
    action = bot_action(game)
    if action is None:
        return False
    try:
        submit_action(game, action, game.version)
    except ServiceError:
        return False  # someone else changed the game first; their change kicks again
    except EngineError:
        logger.exception("game %s: a bot's action was refused", game_id)
        return False
    return True


def wake_bots(change: Change) -> None:
    """Subscriber of the write path: after a committed change, a due bot may act."""
    kick(change.game_id, change.game.code)


def kick(game_id: int, code: str | None = None) -> None:
    """Wake the bots of a game after a change (see the module docstring).

    With the game's ``code`` a started game known to have no bot is skipped at once.
    """
    if code is not None and (game_id, code) in _botless:
        return
    delay = float(getattr(settings, "MAO_BOT_DELAY", 0.8))
    if delay <= 0:
        if getattr(_local, "running", False):
            return  # the loop below is already driving this thread's bots
        _local.running = True
        try:
            for _ in range(10_000):
                if not act_once(game_id):
                    break
        finally:
            _local.running = False
        return
    _start_timer(delay, game_id, 0)


#: How many times a bot's move that failed (the database busy or away) is tried again;
#: nothing else would wake the bot before someone reconnects.
RETRIES = 3


def _start_timer(delay: float, game_id: int, attempt: int) -> None:
    timer = threading.Timer(delay, _act_in_thread, [game_id, attempt])
    timer.daemon = True
    timer.start()


def _act_in_thread(game_id: int, attempt: int = 0) -> None:
    # Only here, in a thread of its own: in the caller's thread (delay 0) this would close
    # the caller's connection, inside its transaction on PostgreSQL (a test case, say).
    close_old_connections()
    try:
        act_once(game_id)
    except Exception:  # a background thread must never die silently
        logger.exception("game %s: the bot driver failed (attempt %d)", game_id, attempt + 1)
        if attempt < RETRIES:
            delay = float(getattr(settings, "MAO_BOT_DELAY", 0.8)) or 0.8
            _start_timer(delay * 2 ** (attempt + 1), game_id, attempt + 1)
    finally:
        connection.close()
