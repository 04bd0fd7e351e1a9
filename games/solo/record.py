"""What a solo player knows and what they did: the public record as seat 0 saw it, and
their plays, refusals and penalties, read from the log."""

from __future__ import annotations

from dataclasses import dataclass

from games.deduction.record import PublicRecord, public_record
from games.engine.events import Drew, Event, Played, Refused
from games.models import Game
from games.store.reads import game_log, game_state

#: The player's seat at a solo table.
PLAYER = 0


def player_record(game: Game) -> PublicRecord:
    """The game's public record as the solo player saw it."""
    state = game_state(game)
    return public_record(game_log(game), PLAYER, state.names, state.stint_of(PLAYER))


@dataclass(frozen=True, slots=True)
class Tally:
    """The player's plays (``True``: accepted) in order, and penalty cards drawn."""

    plays: tuple[bool, ...]
    penalties: int


def tally(events: list[Event]) -> Tally:
    """Count the player's plays and penalty cards in ``events``."""
    plays = tuple(isinstance(e, Played) for e in events
                  if isinstance(e, Played | Refused) and e.seat == PLAYER)
    penalties = sum(e.count for e in events
                    if isinstance(e, Drew) and e.seat == PLAYER and e.reason == "penalty")
    return Tally(plays, penalties)
