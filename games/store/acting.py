"""The one action path: every transport (the table's POST, a socket ``act`` frame, the rule
builder's "Write this rule") reads an :class:`ActionRequest` and calls :func:`perform`.

The seat always comes from the asker's identity, never the request, so the same refusal
reads the same on every transport and a seat cannot be forged.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import OperationalError
from django.http import HttpRequest, QueryDict

from games.digits import whole_number
from games.engine.actions import Action, parse_action
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.events import SEAT_EVENTS, OutOfTurn, Refused
from games.engine.state import GameState
from games.models import LOBBY, Game, Seat
from games.store.errors import ServiceError
from games.store.identity import holder_of, seat_in, seat_of
from games.store.limits import TOO_FAST, over_limit, speech_over_limit
from games.store.reads import NOT_STARTED, GameRef, get_game
from games.store.seat_requests import SEAT_KINDS, read_seat_post, take_seat_action
from games.store.writes import (
    Applied,
    SubmitResult,
    game_time,
    stale_version,
    submit_action,
)

#: What the table's form and its socket may ask for (rules are written through the rule
#: builder).
TABLE_KINDS = ("play", "pass", "claim_win", "end_game", "hand_over", "skip_rule", "deal",
               "say", "respond", "call_order", "end_order", "time_game", "name_new",
               "sanction_order", *SEAT_KINDS)
#: What the rule builder asks for.
BUILDER_KINDS = ("write_rule",)
#: What is heard whenever it comes, whatever the asker's screen showed: submitted at the
#: game's version of the moment (the version still counts it). Anyone may call a point of
#: order at any moment, and ending one (or agreeing to) means the same on any screen. A
#: race's answer is one too: everybody answers at once, and a stale screen must not lose
#: anyone the race (the race number says which race, and the server's clock when it came).
VERSION_FREE = ("say", "respond", "call_order", "end_order")
#: What may be done with the host's powers where the game says so (a point of order
#: called only by the host, ended by the host): the engine is told whether the asker is the
#: host, from who is asking, never from the request.
HOST_POWERS = ("call_order", "end_order")
#: What only the host may ask for.
HOST_ONLY = {"end_game": "Only the host can end the game.",
             "hand_over": "Only the host can hand a seat to a bot.",
             "open_seat": "Only the host can open a seat for someone new.",
             "remove_seat": "Only the host can remove a seat from the game.",
             "time_game": "Only the host can set the game's time limit.",
             "name_new": "Only the host can name a new player.",
             "sanction_order": "Only the host can sanction a player for points of order."}
#: What a host's form asks when its seat is missing.
CHOOSE_WHO = {"hand_over": "Choose whose seat to hand to a bot.",
              "name_new": "Choose who is new.",
              "sanction_order": "Choose whom to sanction."}
#: Why a spectator cannot act.
WATCHING = "You are watching this game: only players can act."
#: When the database stayed locked by other writers past its timeout (nothing was changed).
BUSY = "The table is busy and your move was not made: try again in a moment."


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """An action as a transport read it: the engine action's JSON without its seat (the
    seat is the asker's), and the game version the asker's screen showed."""

    action: Mapping[str, Any]
    version: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """How an action went: whether it was ``accepted`` (a play refused by a secret rule is
    accepted, with its penalty), what to tell the player ("" for nothing), the refusal's
    ``code`` ("" when accepted) and, when accepted, the write path's ``result``."""

    accepted: bool
    message: str = ""
    code: str = ""
    result: SubmitResult | None = None

    @classmethod
    def refused(cls, error: EngineError | ServiceError) -> Outcome:
        """The outcome of an action refused with ``error``."""
        return cls(False, str(error), error.code)


def read_post(post: QueryDict) -> ActionRequest:
    """An action from the table's form (htmx POST); ``ServiceError`` when it is malformed."""
    version = whole_number(post.get("version", ""), 9)
    if version is None:
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
    elif kind == "deal":
        data |= _read_deal(post)
    elif kind == "say":
        data["words"] = post.get("words", "")
    elif kind == "respond":
        data |= _read_answer(post)
    elif kind == "call_order" and post.get("pause"):
        # The host's pause: whether the asker may pause is the engine's to say.
        data["pause"] = True
    elif kind == "end_order" and post.get("order"):
        order = post.get("order", "")
        # Anything but a number is refused by the engine, in the words a socket frame gets
        # (none at all by :func:`prepare`).
        data["order"] = _number_or_text(order)
    elif kind == "time_game":
        minutes = whole_number(post.get("minutes", ""), 3)
        if minutes is None:
            raise ServiceError("clock/bad_minutes", "Choose how many minutes the game has left.")
        data["minutes"] = minutes
    elif kind in ("hand_over", "name_new", "sanction_order"):
        target = whole_number(post.get("target", ""), 1)
        if target is None:
            raise ServiceError("action/bad_seat", CHOOSE_WHO[kind])
        data["target"] = target
        if kind == "sanction_order":
            # (Anything but "card" or "bar" is refused by the engine.)
            data["sanction"] = post.get("sanction", "")
    elif kind in SEAT_KINDS:
        data |= read_seat_post(kind, post)
    return ActionRequest(data, version)


#: Versions a frame may name are below this (a form's have at most nine digits): a game
#: never gets there, and an absurd number is never echoed back or carried further.
MAX_VERSION = 2**31

#: Most fields, and values of one field, a form sent over the socket may hold (the play form
#: has six fields, and a group play one ``cards`` value per card).
MAX_FORM_FIELDS = 16
MAX_FORM_VALUES = 64


def read_frame(message: Mapping[str, Any]) -> ActionRequest:
    """An action from a socket frame: ``{"type": "act", "version": v, "action": {...}}`` (the
    engine action's JSON), or ``{"type": "act", "form": {name: [value, ...]}}``, the table's
    play form as the browser's ``table.js`` sends it over the socket, read by
    :func:`read_post` exactly as if it had been posted (so both transports refuse alike)."""
    if "form" in message:
        return read_post(_form_query(message["form"]))
    action, version = message.get("action"), message.get("version")
    if (not isinstance(action, dict) or isinstance(version, bool) or not isinstance(version, int)
            or not 0 <= version < MAX_VERSION):
        raise ServiceError("action/malformed",
                           "An action needs an \"action\" object and the \"version\" you saw.")
    return ActionRequest(action, version)


def _form_query(fields: Any) -> QueryDict:
    """The fields of a form sent as JSON (``{name: [value, ...]}``) as a ``QueryDict``, as
    Django reads a posted form; ``ServiceError`` when they are not text fields."""
    if (not isinstance(fields, dict) or len(fields) > MAX_FORM_FIELDS
            or not all(isinstance(values, list) and len(values) <= MAX_FORM_VALUES
                       and all(isinstance(value, str) for value in values)
                       for values in fields.values())):
        raise ServiceError("action/malformed",
                           "A form needs each of its fields as a list of texts.")
    query = QueryDict(mutable=True)
    for name, values in fields.items():
        query.setlist(name, values)
    return query


def perform(game: GameRef, holder: str | None, request: ActionRequest,
            seats: Sequence[Seat] | None = None,
            kinds: Collection[str] = TABLE_KINDS, state: GameState | None = None) -> Outcome:
    """Carry out ``request`` as the seat ``holder`` holds (``None``: a spectator), if it is
    one of the ``kinds`` the transport may ask for.

    ``seats`` (the game's, in order) saves a query; ``state`` (the engine state at ``game``'s
    version) lets the pure engine refuse before the write lock is taken. Never raises for bad
    input: every refusal is an :class:`Outcome` with a message and a code.
    """
    try:
        if seats is not None:
            if isinstance(game, Game):
                # (The write path refuses a lobby too, for a caller without the game.)
                _not_in_lobby(game)
            seat = seat_in(seats, holder)
        else:
            stored = get_game(game)  # the game itself when given one
            _not_in_lobby(stored)
            seat = seat_of(stored, holder)
        if request.action.get("type") == "take_seat" and "take_seat" in kinds:
            # The one action of someone who watches: taking an open seat over.
            asked = take_seat_action(get_game(game), seat, holder, request.action)
            result = submit_action(game, asked, request.version, taker=holder)
            return Outcome(True, _told(result, None), result=result)
        if seat is None:
            raise ServiceError("action/spectator", WATCHING)
        if request.action.get("type") == "say" and speech_over_limit(holder or ""):
            # Speech is heard at any moment, on any transport: counted apart from the rest.
            raise ServiceError("action/too_fast", TOO_FAST)
        kind = request.action.get("type")
        # Without a version, nothing tells the write that the seats changed since the
        # seat was found: the write path checks, under the game's lock, that the asker
        # still holds it.
        free = kind in VERSION_FREE
        action = prepare(seat, request, kinds)
        applied = None
        if not free and isinstance(game, Game):
            applied = _refuse_early(game, state, action, request.version)
        result = submit_action(game, action, None if free else request.version,
                               actor=holder if free else None, applied=applied)
    except (EngineError, ServiceError) as exc:
        return Outcome.refused(exc)
    except OperationalError as exc:
        if not _busy(exc):
            raise
        # SQLite's write lock was held past its timeout by other writers (an overloaded
        # process): the transaction rolled back, so nothing changed; say so, never a 500.
        return Outcome.refused(ServiceError("action/busy", BUSY))
    return Outcome(True, _told(result, seat), result=result)


def _refuse_early(game: Game, state: GameState | None, action: Action,
                  version: int) -> Applied | None:
    """Raise the refusal the write path would give ``action`` at ``version``, where what was
    read already decides it: a stale version, or the pure engine refusing on ``state``;
    else what the engine made of it on ``state``, for the write to take."""
    if version != game.version:
        raise stale_version(version, game.version)
    if state is None:
        return None
    after, events = apply(state, action, game_time())  # pure: ``state`` is not changed
    return Applied(state, after, events)


def _told(result: SubmitResult, seat: Seat | None) -> str:
    """What the asker hears of an accepted action: their play refused (in the rule's
    words, or the chair's out of turn), or the seat they changed; else nothing."""
    told = next((e for e in result.events if isinstance(e, (Refused, OutOfTurn, *SEAT_EVENTS))),
                None)
    if told is None:
        return ""
    return told.text_for(seat.index if seat is not None else None)


def perform_post(request: HttpRequest, game: Game, read: Callable[[], ActionRequest],
                 kinds: Collection[str] = TABLE_KINDS) -> Outcome:
    """An action over HTTP (the table's form, the rule builder): counted against the asker's
    action limit before anything else (one over it changes nothing), then ``read`` from the
    request and performed as the seat the session holds."""
    try:
        if over_limit(request, "act"):
            raise ServiceError("action/too_fast", TOO_FAST)
        _not_in_lobby(game)  # before reading: a lobby's page has no version to send
        return perform(game, holder_of(request.session), read(), kinds=kinds)
    except ServiceError as exc:
        return Outcome.refused(exc)


def _busy(exc: OperationalError) -> bool:
    """Whether ``exc`` is the database saying it is locked or busy (a wait that timed out),
    rather than a broken database."""
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _not_in_lobby(game: Game) -> None:
    """Nothing can be done to a game still in its lobby, whoever asks (a spectator is told
    the same): ``game/not_started``."""
    if game.phase == LOBBY:
        raise ServiceError("game/not_started", NOT_STARTED)


def prepare(seat: Seat, request: ActionRequest, kinds: Collection[str] = TABLE_KINDS) -> Action:
    """The engine action ``request`` asks of ``seat``, checked for what the transport allows
    (``ServiceError``) and parsed strictly (``EngineError``); nothing is submitted."""
    kind = request.action.get("type")
    if kind == "write_rule" and kind not in kinds:
        raise ServiceError("action/write_rule", "Write rules with the rule builder.")
    if kind not in kinds:
        raise ServiceError("action/unknown", "Unknown action.")
    if any(isinstance(text, str) and "\x00" in text for text in _texts(request.action)):
        # PostgreSQL cannot store a NUL character in text or JSON: refuse it here.
        raise ServiceError("action/bad_text", "What you say cannot contain that character.")
    if kind in HOST_ONLY and not seat.is_host:
        raise ServiceError("action/host_only", HOST_ONLY[kind])
    if kind == "end_order" and "order" not in request.action:
        # Ending names the point of order the asker's screen showed, so that a late form
        # or frame cannot end (or agree to end) one called since.
        raise ServiceError("order/which", "Your screen does not say which point of order to "
                           "end: reload it.")
    if kind == "leave_seat" and seat.is_host:
        raise ServiceError("seat/host_stays", "The host keeps their seat: to stop playing, "
                           "end the game.")
    powers = {"host": seat.is_host} if kind in HOST_POWERS else {}
    return parse_action({**request.action, "seat": seat.index, **powers})


def _read_deal(post: QueryDict) -> dict[str, Any]:
    """The dealer's choices from the deal form: who plays first (blank: the seat after the
    dealer) and the direction (1 clockwise, -1 anticlockwise)."""
    first, direction = post.get("first", ""), post.get("direction", "1")
    seat = whole_number(first, 1)
    if first and seat is None:
        raise ServiceError("action/bad_seat", "Choose who plays first.")
    if whole_number(direction.removeprefix("-"), 2) is None:
        raise ServiceError("action/bad_direction", "Choose clockwise or anticlockwise.")
    # A number the engine refuses (2) is refused there, in the words a socket frame gets.
    return {"first": seat, "direction": int(direction)}


def _read_answer(post: QueryDict) -> dict[str, Any]:
    """A race's answer from its button: the race's number, and the suit named (if any)."""
    race = post.get("race", "")
    # Anything but a number is refused by the engine, in the words a socket frame gets.
    return {"race": _number_or_text(race),
            "suit": post.get("suit") or None}


def _texts(action: Mapping[str, Any]) -> list[Any]:
    found = [action.get("say"), action.get("words"), action.get("name")]
    for key in ("cards", "named"):
        value = action.get(key)
        if isinstance(value, list):
            found += value
    return found


def _pile(text: str) -> int:
    pile = whole_number(text, 2)
    if pile is None:
        raise ServiceError("action/bad_pile", "Choose one of the piles.")
    return pile


def _number_or_text(text: str) -> int | str:
    number = whole_number(text, 9)
    return text if number is None else number
