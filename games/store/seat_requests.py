"""What a transport asks of the seats during a game: the host opening or removing one, a
player leaving theirs, someone watching taking an open one over (games/engine/seats.py).

Read here from the table's forms (:func:`read_seat_post`); a socket frame carries the same
fields. Taking a seat over is the one action someone who holds no seat may ask for
(:func:`take_seat_action`): the write path then seats the asker's browser.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.http import QueryDict

from games.digits import whole_number
from games.engine.actions import TakeSeat, parse_action
from games.models import Game, Seat
from games.store.errors import ServiceError
from games.store.seating import check_taker

#: The table's actions about seats (besides handing one to a bot).
SEAT_KINDS = ("remove_seat", "open_seat", "leave_seat", "take_seat")
#: What each form asks when its seat is missing.
CHOOSE = {"remove_seat": "Choose which seat to remove from the game.",
          "open_seat": "Choose which seat to open for someone new.",
          "take_seat": "Choose which open seat to take over."}


def read_seat_post(kind: str, post: QueryDict) -> dict[str, Any]:
    """The fields of a seat form: the seat it is about (``target``) and, taking a seat
    over, the newcomer's ``name``; ``ServiceError`` when the seat is not a number."""
    if kind == "leave_seat":
        return {}
    target = whole_number(post.get("target", ""), 1)
    if target is None:
        raise ServiceError("action/bad_seat", CHOOSE[kind])
    if kind == "take_seat":
        return {"target": target, "name": post.get("name", "")}
    return {"target": target}


def take_seat_action(game: Game, seat: Seat | None, holder: str | None,
                     action: Mapping[str, Any]) -> TakeSeat:
    """The engine action of someone watching who asks to take an open seat of ``game`` over
    (``seat``: the seat they hold already, which they may not; ``holder``: their
    browser's). A browser that played a seat of the game may take back only that one, and
    resumes its stint there (:func:`games.store.seating.check_taker`, checked again under
    the game's lock by the write path)."""
    if seat is not None:
        raise ServiceError("seat/seated", "You already hold a seat at this table.")
    if not holder:
        raise ServiceError("seat/no_session", "Your browser session is missing: reload the page.")
    # (A name the engine refuses, NUL characters too, is refused by its clean_name.)
    name = action.get("name")
    if set(action) - {"type", "target", "name"}:
        raise ServiceError("action/malformed", "A seat is taken over with its seat and a name.")
    parsed = parse_action({"type": "take_seat", "seat": action.get("target"), "name": name})
    if not isinstance(parsed, TakeSeat):  # (parse_action reads the type it is given)
        raise ServiceError("action/malformed", "A seat is taken over with its seat and a name.")
    # The stint is the server's to say, from who is asking (a request cannot name one).
    return replace(parsed, stint=check_taker(game, holder, parsed.seat))
