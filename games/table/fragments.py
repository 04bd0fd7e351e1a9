"""The table's hot fragments, drawn by Jinja2 (templates/jinja2/games/table/): one template
each, which the page includes (``{% fragment %}``, games/templatetags/table_fragments.py) and
the push renders (games/live/fragments.py) from the same context."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django.template import engines
from django.template.backends.jinja2 import Jinja2
from jinja2 import Environment

from games.table.context import TableSeat

#: The fragments Jinja2 draws, by the name of their partial in the page (games/table.html).
JINJA_FRAGMENTS = {
    "status": "games/table/status.html",
    "seats": "games/table/seats.html",
    "piles": "games/table/piles.html",
    "hand": "games/table/hand.html",
    "turn-buttons": "games/table/turn_buttons.html",
    # Pushed only: the newest lines of the log (``log_new``), put at the top of its list.
    "log-new": "games/table/log_new.html",
}


#: The macro that draws one row of the seat list.
SEAT_ROW = "games/table/seat_row.html"


def render_fragment(name: str, context: Mapping[str, Any]) -> str:
    """Fragment ``name`` of :data:`JINJA_FRAGMENTS` drawn from a table context (with
    ``oob`` true for a push, which htmx swaps in by the fragment's id)."""
    return _environment().get_template(JINJA_FRAGMENTS[name]).render(context)


def render_seat_row(seat: TableSeat) -> str:
    """One row of the seat list, ``seat`` as the viewer sees it, as the list draws it."""
    row = _environment().get_template(SEAT_ROW).module.seat_row  # type: ignore[attr-defined]
    return str(row(seat))


def _environment() -> Environment:
    return cast(Jinja2, engines["jinja2"]).env
