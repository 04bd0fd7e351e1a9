"""Reading a table action from a POSTed form (htmx) into an engine action.

The seat always comes from the session, never from the request, so a seat cannot
be forged; everything else is checked by :func:`games.engine.actions.parse_action`.
"""

from __future__ import annotations

from typing import Any

from django.http import QueryDict

from games.engine.actions import Action, parse_action
from games.services import ServiceError

TYPES = ("play", "pass", "claim_win", "end_game")


def action_from_post(post: QueryDict, seat: int) -> tuple[Action, int]:
    """The action and the game version the client saw; refuses malformed input clearly."""
    raw_version = post.get("version", "")
    if not _is_number(raw_version, 9):
        raise ServiceError("action/bad_version", "Your screen has no game version: reload it.")
    kind = post.get("type", "")
    if kind not in TYPES:
        raise ServiceError("action/unknown", "Unknown action.")
    data: dict[str, Any] = {"type": kind, "seat": seat}
    if kind == "play":
        cards = post.getlist("cards")
        if not cards:
            raise ServiceError("action/no_card", "Choose a card to play.")
        named = post.get("named") or None
        say = post.get("say", "")
        if "\x00" in say:
            # PostgreSQL cannot store a NUL character in text or JSON: refuse it here.
            raise ServiceError("action/bad_text", "What you say cannot contain that character.")
        data |= {"cards": cards, "named": [named if c.upper() == "JK" else None for c in cards],
                 "say": say, "suit": post.get("suit") or None,
                 "pile": _pile(post.get("pile", "0"))}
    return parse_action(data), int(raw_version)


def _pile(text: str) -> int:
    if not _is_number(text, 2):
        raise ServiceError("action/bad_pile", "Choose one of the piles.")
    return int(text)


def _is_number(text: str, digits: int) -> bool:
    """Whether ``text`` is a whole number of at most ``digits`` ASCII digits.

    ``str.isdigit`` alone is not enough: it accepts digits that ``int`` refuses ("²").
    """
    return text.isascii() and text.isdigit() and len(text) <= digits
