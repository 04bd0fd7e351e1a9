"""The one action path of the table: both transports (an htmx POST, a WebSocket ``act``
frame) read their action into an :class:`ActionRequest` and call :func:`perform`.

:func:`perform` finds the actor's seat from who is asking (never from the request), refuses
spectators, keeps ending the game for the host and rule writing for the rule builder, submits
through the one write path with the version the screen showed, and says what to tell the
player: a refusal of the engine or of the write path, or the refusal of a secret rule in the
author's words. The seat always comes from the asker's identity, so a seat cannot be forged;
everything else is checked by :func:`games.engine.actions.parse_action`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from games.engine.actions import Action, EndGame, parse_action
from games.engine.errors import EngineError
from games.engine.events import Refused
from games.models import Seat
from games.store.errors import ServiceError
from games.store.identity import seat_in, seat_of
from games.store.reads import GameRef, get_game
from games.store.writes import submit_action

#: What the table's form may ask for (rules are written through the rule builder).
TYPES = ("play", "pass", "claim_win", "end_game")


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """An action as a transport read it: the engine action's JSON without its seat (the
    seat is the asker's), and the game version the asker's screen showed."""

    action: Mapping[str, Any]
    version: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """How an action went: whether it was ``accepted`` (a play refused by a secret rule is
    accepted, with its penalty) and what to tell the player ("" for nothing)."""

    accepted: bool
    message: str = ""


def read_post(post: QueryDict) -> ActionRequest:
    """An action from the table's form (htmx POST); ``ServiceError`` when it is malformed."""
    raw_version = post.get("version", "")
    if not _is_number(raw_version, 9):
        raise ServiceError("action/bad_version", "Your screen has no game version: reload it.")
    kind = post.get("type", "")
    data: dict[str, Any] = {"type": kind}
    if kind == "play":
        cards = post.getlist("cards")
        if not cards:
            raise ServiceError("action/no_card", "Choose a card to play.")
        named = post.get("named") or None
        data |= {"cards": cards, "named": [named if c.upper() == "JK" else None for c in cards],
                 "say": post.get("say", ""), "suit": post.get("suit") or None,
                 "pile": _pile(post.get("pile", "0"))}
    return ActionRequest(data, int(raw_version))


def read_frame(message: Mapping[str, Any]) -> ActionRequest:
    """An action from a socket frame ``{"type": "act", "version": v, "action": {...}}``."""
    action, version = message.get("action"), message.get("version")
    if not isinstance(action, dict) or isinstance(version, bool) or not isinstance(version, int):
        raise ServiceError("action/malformed",
                           "An action needs an \"action\" object and the \"version\" you saw.")
    return ActionRequest(action, version)


def perform(game: GameRef, holder: str | None, request: ActionRequest,
            seats: Sequence[Seat] | None = None) -> Outcome:
    """Carry out ``request`` as the seat ``holder`` holds (``None``: a spectator).

    ``seats`` (the game's, in order) saves a query when the caller has them at hand (a
    socket's snapshot: seats never change without a new version, so any snapshot at least
    as new as the asker's screen knows their seat). Never raises for bad input: every
    refusal is an :class:`Outcome` with a message.
    """
    try:
        seat = seat_in(seats, holder) if seats is not None else seat_of(get_game(game), holder)
    except ServiceError as exc:
        return Outcome(False, str(exc))
    if seat is None:
        return Outcome(False, "You are watching this game: only players can act.")
    try:
        result = submit_action(game, prepare(seat, request), request.version)
    except (EngineError, ServiceError) as exc:
        return Outcome(False, str(exc))
    refused = next((e for e in result.events if isinstance(e, Refused)), None)
    return Outcome(True, refused.text_for(seat.index) if refused is not None else "")


def prepare(seat: Seat, request: ActionRequest) -> Action:
    """The engine action ``request`` asks of ``seat``, checked for what the table allows
    (``ServiceError``) and parsed strictly (``EngineError``); nothing is submitted."""
    kind = request.action.get("type")
    if kind == "write_rule":
        raise ServiceError("action/write_rule", "Write rules with the rule builder.")
    if kind not in TYPES:
        raise ServiceError("action/unknown", "Unknown action.")
    if any(isinstance(text, str) and "\x00" in text for text in _texts(request.action)):
        # PostgreSQL cannot store a NUL character in text or JSON: refuse it here.
        raise ServiceError("action/bad_text", "What you say cannot contain that character.")
    action = parse_action({**request.action, "seat": seat.index})
    if isinstance(action, EndGame) and not seat.is_host:
        raise ServiceError("action/host_only", "Only the host can end the game.")
    return action


def _texts(action: Mapping[str, Any]) -> list[Any]:
    found = [action.get("say")]
    for key in ("cards", "named"):
        value = action.get(key)
        if isinstance(value, list):
            found += value
    return found


def _pile(text: str) -> int:
    if not _is_number(text, 2):
        raise ServiceError("action/bad_pile", "Choose one of the piles.")
    return int(text)


def _is_number(text: str, digits: int) -> bool:
    """Whether ``text`` is a whole number of at most ``digits`` ASCII digits.

    ``str.isdigit`` alone is not enough: it accepts digits that ``int`` refuses ("²").
    """
    return text.isascii() and text.isdigit() and len(text) <= digits
