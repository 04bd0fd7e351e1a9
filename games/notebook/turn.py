"""Whose move it is, in one line, for the hypothesis page opened apart from the table.

That page has no socket (the table's notebook, where hypotheses are written with script,
has the live status beside it): the line says what held when the page was drawn, and the
turn clock's time left then. Built from the viewer's own view, so it says nothing the
table does not show them.
"""

from __future__ import annotations

from games.engine.visibility import clock_text, player_view
from games.models import Game
from games.store.reads import game_state
from games.store.writes import now_ms


def turn_line(game: Game, seat: int | None) -> str:
    """``"When this page opened it was your turn (0:27 left to play or draw)."``, or the
    like for someone else's turn, a rule being written, a deal or a point of order; empty
    once the game is over."""
    view = player_view(game_state(game), seat)
    if view.phase == "ended" or not view.names:
        return ""
    if view.order is not None:
        what = "play was stopped for a point of order"
    elif view.phase == "writing":
        what = ("it was for you to write a rule" if seat in view.writers else
                " and ".join(view.names[w] for w in view.writers) + " was writing a rule")
    elif view.phase == "dealing":
        what = "it was your deal" if seat == view.dealer else \
            f"{view.names[view.dealer]} was dealing"
    else:
        what = "it was your turn" if seat == view.current else \
            f"it was {view.names[view.current]}'s turn"
    clock = view.clock
    if view.phase == "playing" and view.order is None and clock.turn_due is not None:
        left = clock_text(max(0, clock.turn_due - now_ms()) / 1000)
        what += f" ({left} left to play or draw)"
    return f"When this page opened {what}."
