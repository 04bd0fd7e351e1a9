"""Opening a solo table: the player at seat 0, experimenter bots beside, the puzzle's rules
as secret laws."""

from __future__ import annotations

from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from games.puzzles.library import Puzzle

SOLO_BOTS = 2
BOT_NAMES = ("Robo Ada", "Robo Bo")


def solo_settings() -> GameSettings:
    """The settings of every solo table."""
    return GameSettings(players=1 + SOLO_BOTS, hand_size=7, first_rule_maker=0,
                        rule_making="none")


def open_solo(puzzle: Puzzle, seed: int, player_name: str) -> tuple[GameState, list[Event]]:
    """A solo game of ``puzzle``, dealt and playing."""
    return open_game(solo_settings(), [player_name, *BOT_NAMES], seed, (), puzzle.rules)
