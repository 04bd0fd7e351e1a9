"""Helpers for the persistence tests: start stored games and drive them with bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.actions import Action, EndGame, WriteRule
from games.engine.bots import Bot, make_bot
from games.engine.settings import GameSettings
from games.engine.visibility import player_view
from games.models import Game, LogEntry
from games.store.reads import load_state
from games.store.writes import submit_action
from tests.factories import create_game

NAMES = ("Bull", "Gogol", "de Worms", "Ada", "Bo", "Cy", "Di", "Ed")

# A restriction every card passes: nothing is refused.
ANYTHING = {"jargon": "Pip", "rule": {"kind": "restriction", "must": {"type": "always"}}}


def start(players: int = 3, seed: int = 1, **settings: Any) -> Game:
    """A stored game, seat 0 the first rule-maker unless ``settings`` says otherwise."""
    settings.setdefault("first_rule_maker", 0)
    return create_game(GameSettings(players=players, **settings), NAMES[:players], seed)


def start_playing(players: int = 3, seed: int = 1) -> Game:
    """A stored game whose first rule (:data:`ANYTHING`) is written and cards are dealt."""
    game = start(players, seed)
    return submit_action(game, WriteRule(0, ANYTHING), game.version).game


def snapshot(game: Game) -> tuple[Any, ...]:
    """What a refused submission must leave exactly as it was."""
    game = Game.objects.get(pk=game.pk)
    log = list(LogEntry.objects.filter(game=game).values_list("seq", "action", "events"))
    return (game.state, game.version, game.phase, game.ended_at, log,
            game.rules.count(), list(game.rounds.values_list("number", "winner", "ended")))


def drive(game: Game, kinds: Sequence[str], max_actions: int = 200) -> list[Action]:
    """Play ``game`` with bots through ``submit_action`` until it ends.

    ``kinds`` cycles over the seats; seat 0 ends the game (as a host) after ``max_actions``.
    Returns the actions submitted.
    """
    state = load_state(game)
    seed = game.seed
    # An oracle is told the rules of the state as it is when it asks.
    bots: list[Bot] = [make_bot(kinds[s % len(kinds)], s, seed * 31 + s,
                                insight=lambda: state.rulebook())
                       for s in range(state.players)]
    actions: list[Action] = []
    version = game.version
    while state.phase != "ended":
        action: Action | None
        if len(actions) >= max_actions:
            action = EndGame(0)
        else:
            action = next((a for bot in bots
                           if (a := bot.act(player_view(state, bot.seat))) is not None),
                          None)
        assert action is not None, f"nobody can act in phase {state.phase}"
        result = submit_action(game.pk, action, version)
        assert result.version == version + 1
        version, state = result.version, result.state
        actions.append(action)
        for bot in bots:
            bot.observe([event.seen_by(bot.seat) for event in result.events])
    return actions
