"""Bots at a live table: after every change, a seated bot whose move it is takes it.

The write path wakes the game's bots (:func:`wake_bots`, a subscriber; ``Game.has_bots``
spares games of people) and so does a socket connecting. After ``MAO_BOT_DELAY`` (0: at
once, in the caller's thread) the move goes through the same write path as a person's,
with the version it saw, so two processes waking at once are harmless. Races are answered
after a seeded reaction time (:func:`answer_due`); a point of order stops play. Notebooks
and detective memories are kept per process and fed only the log entries not read yet.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace

from django.conf import settings
from django.db import close_old_connections, connection

from games.autoplay.detective_bot import DetectiveBot, DetectiveMemory
from games.engine.actions import PlayerAction
from games.engine.bots import Bot, Experimenter, KnownRules, make_bot, reaction_ms
from games.engine.errors import EngineError
from games.engine.events import Refused, event_from_json
from games.engine.point_of_order import bot_move
from games.engine.race_state import OpenRace
from games.engine.races import still_racing
from games.engine.state import GameState
from games.engine.vetting import AuthorKnowledge, author_knowledge
from games.engine.visibility import player_view
from games.models import IN_PLAY, LOBBY, Game, LogEntry, SealedGuess
from games.store.errors import ServiceError
from games.store.reads import game_state
from games.store.scheduler import Scheduler
from games.store.subscribers import Change
from games.store.writes import now_ms, submit_action

logger = logging.getLogger(__name__)
_local = threading.local()
#: How many times a bot's move that failed (the database busy or away) is tried again;
#: nothing else would wake the bot before someone reconnects.
RETRIES = 3
_scheduler = Scheduler()


@dataclass(slots=True)
class Notebook:
    """An experimenter's notes in one game: the (top, card) pairs refused to it, and the
    version of the game up to which it has read the log."""

    read_to: int = 0
    refused: set[tuple[str, str]] = field(default_factory=set)


#: Notebooks by (game id, code, seat), the least recently used forgotten first.
_notebooks: OrderedDict[tuple[int, str, int], Notebook] = OrderedDict()
_NOTEBOOKS_KEPT = 4096
_notebooks_lock = threading.Lock()


def notebook(game: Game, seat: int) -> Notebook:
    """The experimenter at ``seat``'s notebook, brought up to ``game.version`` by reading only
    the log entries after the ones it has read (its own refusals, which are public)."""
    key = (game.pk, game.code, seat)
    with _notebooks_lock:
        notes = _notebooks.get(key) or Notebook()
        _notebooks[key] = notes
        _notebooks.move_to_end(key)
        while len(_notebooks) > _NOTEBOOKS_KEPT:
            _notebooks.popitem(last=False)
    rows = LogEntry.objects.filter(game=game, seq__gt=notes.read_to,
                                   seq__lte=game.version).order_by("seq")
    for seq, events in rows.values_list("seq", "events"):
        for data in events:
            event = event_from_json(data)
            if isinstance(event, Refused) and event.seat == seat and event.cards:
                notes.refused.add((event.top, event.cards[0]))
        notes.read_to = max(notes.read_to, seq)
    return notes


#: Detectives' memories by (game id, code, seat), the least recently used forgotten first.
_memories: OrderedDict[tuple[int, str, int], DetectiveMemory] = OrderedDict()
_MEMORIES_KEPT = 512
_memories_lock = threading.Lock()


def detective_memory(game: Game, seat: int) -> DetectiveMemory:
    """The detective at ``seat``'s memory, brought up to ``game.version`` by reading only
    the log entries after the ones it has read (each action's events, as its seat saw
    them)."""
    key = (game.pk, game.code, seat)
    with _memories_lock:
        memory = _memories.get(key) or DetectiveMemory(seat)
        _memories[key] = memory
        _memories.move_to_end(key)
        while len(_memories) > _MEMORIES_KEPT:
            _memories.popitem(last=False)
    rows = LogEntry.objects.filter(game=game, seq__gt=memory.read_to,
                                   seq__lte=game.version).order_by("seq")
    for seq, events in rows.values_list("seq", "events"):
        memory.read([event_from_json(data) for data in events])
        memory.read_to = max(memory.read_to, seq)
    return memory


def seal_guesses(game: Game, bot: DetectiveBot) -> None:
    """Seal the detective's best guesses that changed since it last sealed them."""
    for jargon, rule in bot.changed_guesses().items():
        SealedGuess.objects.update_or_create(
            game=game, seat=bot.seat, jargon=jargon,
            defaults={"spec": rule.to_json()["rule"], "version": game.version})
        bot.sealed(jargon, rule)


def _bot(game: Game, state: GameState, seat: int, kind: str) -> Bot:
    """The bot at ``seat``: what its kind may know, and a seed of this moment of the game.

    A bot writing a rule consults what a person in the builder does: its own rules in
    detail and the one bit about every rule in force (``author_knowledge``)."""
    seed = game.seed + game.version

    def knowledge() -> AuthorKnowledge:
        return author_knowledge(state, seat)

    if kind == "experimenter":
        return Experimenter(seat, seed, refused=notebook(game, seat).refused,
                            author_knowledge=knowledge)
    if kind == "detective":
        return DetectiveBot(seat, seed, memory=detective_memory(game, seat),
                           author_knowledge=knowledge)
    # The one thing more than a player's view: the rules in force, for a bot that is shown
    # at the table as one that knows them. The compiled rulebook alone, never the state.
    return make_bot(kind, seat, seed, insight=KnownRules(state.rulebook()))


def bot_action(game: Game) -> PlayerAction | None:
    """The action a seated bot takes now in ``game``, if a bot is due to act."""
    if game.state is None or game.phase not in IN_PLAY:
        return None
    state = game_state(game)
    if state.order.current is not None:
        return _order_action(game, state)
    if state.phase == "playing" and state.races.open:
        return _race_answer(game, state)
    due = (list(state.writers) if state.phase == "writing" else
           [state.dealer] if state.phase == "dealing" else [state.current])
    speech = state.phase == "playing" and bool(state.unanswered) and state.rulebook().has_speech
    if speech:
        # A seat that drew may owe a reply, said off its turn too: those seats come first.
        due = [s for s in sorted(state.unanswered) if s != state.current] + due
    if state.phase == "playing" and state.settings.multiples:
        # A bot that knows the rules may play a multiple off its turn (never anything else:
        # games.engine.bots.Oracle.multiple); seats out of the game are never due.
        due += [s for s in state.seats_in_play() if s not in due]
    bots = {s.index: s for s in game.seats.filter(is_bot=True, index__in=due)}
    for index in due:
        seat = bots.get(index)
        if seat is None:
            continue
        bot = _bot(game, state, index, seat.bot_kind)
        view = player_view(state, index)
        if speech and view.unanswered and spoke_in_vain(game, index):
            # Its last words cost it a card: it does not answer again before it has acted
            # otherwise (off its turn it waits, on it it plays), else it could go on and on.
            view = replace(view, unanswered=())
        action = bot.act(view)
        if isinstance(bot, DetectiveBot):
            seal_guesses(game, bot)
        if action is not None:
            return action
    return None


def _race_answer(game: Game, state: GameState) -> PlayerAction | None:
    """While the table races a bot only answers: each bot that has not, once its reaction
    time has passed since the race opened (at once where bots act at once,
    ``MAO_BOT_DELAY`` 0, as in the tests). Its answer goes through the write path when the
    job runs, so it counts at the time the server receives it, as a person's does."""
    now, instant = now_ms(), _delay() <= 0
    bots = {s.index: s for s in game.seats.filter(is_bot=True)}
    for race in state.races.open:
        for seat in still_racing(state, race):
            if seat in bots and not race.answered(seat) and (
                    instant or answer_due(game.seed, race, seat) <= now):
                action = _bot(game, state, seat, bots[seat].bot_kind).act(
                    player_view(state, seat))
                if action is not None:
                    return action
    return None


def answer_due(seed: int, race: OpenRace, seat: int) -> int:
    """When the bot at ``seat`` answers ``race`` (ms): a person's reaction, seeded by the game."""
    return race.opened + reaction_ms(seed, race.number, seat, race.due - race.opened)


def race_wait(game: Game, not_yet_due: bool = False) -> float | None:
    """Seconds until a bot may be due to answer a race of ``game`` (``None``: no race is
    open, or every bot has answered): the driver wakes then rather than after its usual
    pause. With ``not_yet_due``, only answers still to come count: a bot already due that
    chose not to answer is not waited for again."""
    if game.state is None or game.phase not in IN_PLAY:
        return None
    state = game_state(game)
    if state.frozen_at is not None:
        return None  # a point of order: the races wait with the clock, and so do the bots
    if not state.races.open:
        return None
    now = now_ms()
    bots = set(game.seats.filter(is_bot=True).values_list("index", flat=True))
    times = [answer_due(game.seed, race, seat) for race in state.races.open
             for seat in still_racing(state, race) if seat in bots and not race.answered(seat)]
    if not_yet_due:
        times = [time for time in times if time > now]
    return max(0.0, (min(times) - now) / 1000) if times else None


def _order_action(game: Game, state: GameState) -> PlayerAction | None:
    """What a seated bot does while a point of order lasts (mostly nothing)."""
    for index in game.seats.filter(is_bot=True).order_by("index").values_list("index",
                                                                            flat=True):
        if not state.in_play(index):
            continue  # a bot's seat removed or expelled keeps its row, not its place
        action = bot_move(player_view(state, index))
        if action is not None:
            return action
    return None


def spoke_in_vain(game: Game, seat: int) -> bool:
    """Whether ``seat``'s own latest action was speech outside a play that cost it a card
    (a rule it does not know broken by its words): what it owes now it owes for its own
    words, and answering again could go on while the stock lasts."""
    entry = LogEntry.objects.filter(game=game, action__seat=seat).order_by("-seq").values_list(
        "action", "events").first()
    if entry is None or entry[0].get("type") != "say":
        return False
    return any(e.get("kind") == "speech_broken" and e.get("seat") == seat for e in entry[1])


def act_once(game_id: int) -> bool:
    """Let a due bot act once; True when it did (so another bot may be due)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return False
    if game.phase != LOBBY and not game.has_bots:
        return False
    action = bot_action(game)
    if action is None:
        return False
    try:
        submit_action(game, action, game.version)
    except ServiceError:
        return False  # someone else changed the game first; their change wakes them again
    except EngineError:
        logger.exception("game %s: a bot's action was refused", game_id)
        return False
    return True


def wake_bots(change: Change) -> None:
    """Subscriber of the write path: after a committed change, a due bot may act (a game
    of people only is skipped at once: its row, as committed, says it has no bot); while
    the table races, when the first bot's answer may be due."""
    if change.game.phase != LOBBY and not change.game.has_bots:
        return
    wake_bots_of(change.game_id, race_wait(change.game) if _delay() > 0 else None)


def _delay() -> float:
    """The bots' pause before they move (s), ``MAO_BOT_DELAY``."""
    return float(getattr(settings, "MAO_BOT_DELAY", 0.8))


def wake_bots_of(game_id: int, wait: float | None = None) -> None:
    """Wake the bots of a game after a change (see the module docstring): after the bots'
    pause, or after ``wait`` seconds when a race is open (a bot's answer comes after its own
    reaction time, not the pause)."""
    delay = _delay()
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
    _schedule(delay if wait is None else wait, game_id, 0)


def _schedule(delay: float, game_id: int, attempt: int) -> None:
    _scheduler.schedule(f"game-{game_id}", delay, lambda: _act_in_thread(game_id, attempt))


def _act_in_thread(game_id: int, attempt: int = 0) -> None:
    # Only here, on the scheduler's thread: in the caller's thread (delay 0) this would
    # close the caller's connection, inside its transaction on PostgreSQL (a test case, say).
    close_old_connections()
    try:
        if not act_once(game_id):
            # Nobody was due yet: while the table races, a bot's answer may still be to come.
            # Only one still to come: waiting again for one already due would spin here.
            game = Game.objects.filter(pk=game_id).first()
            wait = race_wait(game, not_yet_due=True) if game is not None else None
            if wait is not None:
                _schedule(wait, game_id, 0)
    except Exception:  # a failed move must be retried: nothing else wakes the bot
        logger.exception("game %s: the bot driver failed (attempt %d)", game_id, attempt + 1)
        if attempt < RETRIES:
            delay = _delay() or 0.8
            _schedule(delay * 2 ** (attempt + 1), game_id, attempt + 1)
    finally:
        connection.close()
