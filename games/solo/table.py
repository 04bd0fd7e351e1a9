"""What a solo table's page adds for its player: the puzzle, the rules cracked so far, and
whether it is over (never a hidden rule)."""

from __future__ import annotations

from typing import Any

from games.models import Game, Seat, SoloRun
from games.solo.daily import RunRow
from games.solo.opening import find_puzzle


def solo_context(game: Game, seat: Seat | None) -> dict[str, Any]:
    """The solo panel's context for the viewer ``seat``; empty unless it is the player's."""
    run = SoloRun.objects.filter(game=game).first()
    if run is None or seat is None or seat.holder != run.holder:
        return {}
    # A puzzle renamed or removed since: the panel goes on without its title.
    return {"solo": RunRow.of(run), "solo_puzzle": find_puzzle(run.puzzle),
            "solo_over": run.outcome != "playing" or game.phase == "ended",
            "solo_cracked": list(run.prophecies.filter(verdict="exact")
                                 .values_list("jargon", flat=True))}
