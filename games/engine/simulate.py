"""Playing whole games with bots: for tests, the ``play_bots`` command and benchmarks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine.actions import Action, EndGame
from games.engine.apply import apply
from games.engine.bots import Bot, make_bot
from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.invariants import violations
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from games.engine.views import player_view

NAMES = ("Bull", "Gogol", "de Worms", "Ada", "Bo", "Cy", "Di", "Ed")


@dataclass(slots=True)
class GameRecord:
    """A finished bot game: the start, every action, every event and any broken invariant."""

    start: GameState
    final: GameState
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    states: list[GameState] = field(default_factory=list)
    capped: bool = False


def play_game(settings: GameSettings, seed: int, kinds: Sequence[str] = ("oracle",),
              max_actions: int = 2000, max_rounds: int = 8,
              keep_states: bool = False) -> GameRecord:
    """Play one game with bots (``kinds`` cycles over the seats) until it ends.

    The game is ended by seat 0 (as a host would) after ``max_rounds`` rounds or
    ``max_actions`` actions, so every run is finite.
    """
    state = new_game(settings, NAMES[:settings.players], seed)
    # An oracle is told the rules of the state as it is when it asks.
    bots: list[Bot] = [make_bot(kinds[s % len(kinds)], s, seed * 31 + s,
                                insight=lambda: state.rulebook())
                       for s in range(settings.players)]
    record = GameRecord(start=state, final=state)
    while state.phase != "ended":
        if len(record.actions) >= max_actions or state.round > max_rounds:
            action: Action | None = EndGame(0)
            record.capped = True
        else:
            action = next((a for bot in bots
                           if (a := bot.act(player_view(state, bot.seat))) is not None),
                          None)
        if action is None:
            record.problems.append(f"nobody can act in phase {state.phase}")
            break
        try:
            state, events = apply(state, action)
        except EngineError as exc:
            record.problems.append(f"bot action refused: {exc.code}: {exc}")
            break
        record.actions.append(action)
        record.events += events
        if keep_states:
            record.states.append(state)
        for bot in bots:
            bot.observe([event.seen_by(bot.seat) for event in events])
        record.problems += violations(state)
    record.final = state
    return record
