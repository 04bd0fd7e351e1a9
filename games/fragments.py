"""The HTML fragments a WebSocket pushes to one viewer after a change.

Each fragment is a named partial of the page template with a stable id; htmx's
ws extension swaps each one in by its id. The consumer always re-renders its own
viewer's view from a snapshot of the stored game (:mod:`games.snapshots`), so a
missed doorbell costs nothing: the next push (or a reconnect) carries the whole
current view.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from games.models import LOBBY, Seat
from games.snapshots import TableSnapshot
from games.table import table_context

#: Fragments refreshed on every change. The stage (the play form or the rule builder)
#: is refreshed only when what it shows changes, so typing is never wiped out.
ALWAYS = ("status", "moment", "seats", "piles", "hand", "rules", "log")
INSIDE_STAGE = ("turn-buttons", "joker-row", "pile-row")


def render_update(snapshot: TableSnapshot, seat: Seat | None, link: str,
                  last_stage: str | None) -> tuple[str, str]:
    """The HTML to push to one viewer, and the stage key it leaves on their screen.

    A screen that shows the lobby keeps getting the lobby fragment; once the game
    has started, that fragment carries a link the page follows to the table.
    """
    game = snapshot.game
    if game.phase == LOBBY or (last_stage or "").startswith(LOBBY):
        from games.views import lobby_context

        context = lobby_context(game, seat, link, seats=snapshot.seats) | {"oob": True}
        seats = len(snapshot.seats)
        # The join form and host buttons are re-sent only when they change, so a name
        # being typed survives someone else joining.
        full, host = seats >= int(str(context["size"])), bool(context["is_host"])
        # What each viewer's controls depend on: the host's on "full" (bot button) and
        # "two seated" (start button), a visitor's on "full" (join form), a player's on nothing.
        shown = (full, seats >= 2) if host else ((full,) if seat is None else ())
        controls = f"{LOBBY}:{seat.pk if seat else '-'}:{shown}:{game.phase}"
        html = render_to_string("games/lobby.html#lobby-seats", context)
        if controls != last_stage:
            html += render_to_string("games/lobby.html#lobby-controls", context)
        return html, controls
    context = table_context(game, seat, snapshot.events, snapshot.seats) | {"oob": True}
    stage = str(context["stage_key"])
    names = list(ALWAYS)
    names += ["stage"] if stage != last_stage else list(INSIDE_STAGE)
    html = "".join(render_to_string(f"games/table.html#{name}", context) for name in names)
    return html, stage
