"""The solo table: the player in seat 0, experimenter bots beside them, the puzzle's rules
in force as secret laws that no player wrote."""

from __future__ import annotations

from typing import Final

from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.simulate import NAMES
from games.engine.state import GameState
from games.puzzles.library import Puzzle

#: Seats 1 and 2 are bots (games/engine/bots.py) of :data:`BOT_KIND`; seat 0 is the player.
SOLO_BOTS: Final = 2
BOT_KIND: Final = "experimenter"
PLAYER_SEAT: Final = 0


def solo_settings() -> GameSettings:
    """Three seats, hands of seven (long rounds, much evidence), no jokers (a joker stands
    for any card, which muddies the evidence), nobody writes a rule: the puzzle's rules stay
    the only ones in force; the player cannot leave the seat (a stranger would take over
    their run), since only a host, whom a solo table has not, could open it."""
    return GameSettings(players=1 + SOLO_BOTS, hand_size=7, jokers=False, rule_making="none",
                        first_rule_maker=SOLO_BOTS, leave_consent=True)


def open_solo(puzzle: Puzzle, seed: int, player_name: str) -> tuple[GameState, list[Event]]:
    """The game of ``puzzle`` dealt by ``seed`` and playing, ``player_name`` in seat 0, and
    what happened (the deal). The deal depends on ``seed`` alone, not on the name."""
    taken = player_name.strip().casefold()
    bots = [n for n in NAMES if n.casefold() != taken][:SOLO_BOTS]
    return open_game(solo_settings(), [player_name, *bots], seed, laws=puzzle.rules)
