"""Playing whole games with bots: for tests, the ``play_bots`` command and benchmarks.

No time passes between the bots' moves, except while the table races: then each bot
answers after its seeded reaction time, in virtual time, and a window nobody finishes
closes at its deadline (:func:`_race_step`), as at a live table."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.engine.actions import Action, EndGame, Respond, Tick
from games.engine.apply import apply
from games.engine.bots import AuthorKnowledgeSource, Bot, KnownRules, make_bot, reaction_ms
from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.invariants import violations
from games.engine.point_of_order import bot_move
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from games.engine.timers import next_due
from games.engine.vetting import author_knowledge
from games.engine.visibility import player_view

NAMES = ("Bull", "Gogol", "de Worms", "Ada", "Bo", "Cy", "Di", "Ed")


@dataclass(slots=True)
class GameRecord:
    """A finished bot game: the start, every action, every event and any broken invariant;
    the bots that played it (to ask them what they learnt) and, when timed, how long each
    seat took to decide each of its turns at play (seconds)."""

    start: GameState
    final: GameState
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    states: list[GameState] = field(default_factory=list)
    capped: bool = False
    bots: list[Bot] = field(default_factory=list)
    thinking: dict[int, list[float]] = field(default_factory=dict)


def play_game(settings: GameSettings, seed: int, kinds: Sequence[str] = ("oracle",),
              max_actions: int = 2000, max_rounds: int = 8,
              keep_states: bool = False) -> GameRecord:
    """Play one game with bots (``kinds`` cycles over the seats); seat 0 ends it after
    ``max_rounds`` rounds or ``max_actions`` actions.
    """
    state, opening = open_game(settings, NAMES[:settings.players], seed)
    record = play_on(state, kinds, seed, max_actions, max_rounds, keep_states, seen=opening)
    record.events[:0] = opening
    return record


def play_on(state: GameState, kinds: Sequence[str], seed: int, max_actions: int = 2000,
            max_rounds: int = 8, keep_states: bool = False, seen: Sequence[Event] = (),
            until: Callable[[GameState, Sequence[Event]], bool] | None = None,
            timed: bool = False) -> GameRecord:
    """Play on from ``state`` with bots (``kinds`` cycles over the seats), as
    :func:`play_game` does; the bots first observe ``seen`` (what happened before, each
    as its seat saw it). The game stops early, without being ended, when ``until`` says so
    after an action (given the state and the action's events); with ``timed``, each bot's
    moves are timed (``thinking``)."""
    # An oracle is told the rules in force (the compiled rulebook alone, never the state),
    # again after every action: a rule written comes into force at once. A bot writing a
    # rule consults what it knows as an author in the state as it is then.
    known = KnownRules(state.rulebook())
    table = [state]
    bots: list[Bot] = [make_bot(kinds[s % len(kinds)], s, seed * 31 + s, insight=known,
                                author_knowledge=_author_knowledge(table, s))
                       for s in range(state.players)]
    for bot in bots:
        bot.observe([event.seen_by(bot.seat) for event in seen])
    record = GameRecord(start=state, final=state, bots=bots)
    while state.phase != "ended":
        if len(record.actions) >= max_actions or state.round > max_rounds:
            action: Action | None = EndGame(0)
            record.capped = True
            at: int | None = None
        elif state.races.open:
            action, at = _race_step(bots, state, seed)
        else:
            action, at = _next_action(bots, state, record if timed else None), None
        if action is None:
            record.problems.append(f"nobody can act in phase {state.phase}")
            break
        try:
            state, events = apply(state, action, at)
        except EngineError as exc:
            record.problems.append(f"bot action refused: {exc.code}: {exc}")
            break
        known.update(state.rulebook())
        table[0] = state
        record.actions.append(action)
        record.events += events
        if keep_states:
            record.states.append(state)
        for bot in bots:
            bot.observe([event.seen_by(bot.seat) for event in events])
        record.problems += violations(state)
        if until is not None and until(state, events):
            break
    record.final = state
    return record


def _author_knowledge(table: list[GameState], seat: int) -> AuthorKnowledgeSource:
    """What ``seat`` consults when it writes a rule, in the state as it is then."""
    return lambda: author_knowledge(table[0], seat)


def _race_step(bots: Sequence[Bot], state: GameState, seed: int) -> tuple[Action, int]:
    """The next thing to happen while the table races, in virtual time: the earliest of the
    bots' answers (each after its seeded reaction, :func:`~games.engine.bots.reaction_ms`),
    anything else a bot does at once (a reply it owes), or the next timer (a window that
    runs out, a suit race closing after its first answer)."""
    due = next_due(state)
    waiting: list[tuple[int, int, Action]] = []
    for bot in bots:
        action = bot.act(player_view(state, bot.seat))
        if isinstance(action, Respond):
            race = state.races.find(action.race)
            assert race is not None
            window = race.due - race.opened
            at = race.opened + reaction_ms(seed, race.number, bot.seat, window)
            waiting.append((max(at, state.clock), bot.seat, action))
        elif action is not None:
            waiting.append((state.clock, bot.seat, action))
    if waiting:
        first = min(waiting, key=lambda item: (item[0], item[1]))
        if due is None or first[0] < due:
            return first[2], first[0]
    assert due is not None  # a race is open, so its timer is set
    return Tick(), due


def _next_action(bots: Sequence[Bot], state: GameState,
                 record: GameRecord | None) -> Action | None:
    """The first bot's action (timed into ``record`` when given, for plays: not writing);
    while a point of order lasts, only what a bot does then (:func:`bot_move`)."""
    for bot in bots:
        if state.order.current is not None:
            action = bot_move(player_view(state, bot.seat))
            if action is not None:
                return action
            continue
        start = time.perf_counter()
        action = bot.act(player_view(state, bot.seat))
        if action is not None:
            if record is not None and state.phase == "playing":
                record.thinking.setdefault(bot.seat, []).append(time.perf_counter() - start)
            return action
    return None
