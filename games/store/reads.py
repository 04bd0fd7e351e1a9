"""Reading stored games: by id or public code, their engine state, their log, a replay.

Errors are :class:`~games.store.errors.ServiceError` values with codes: ``game/not_found``
for a game that does not exist, ``game/not_started`` for a game still in its lobby (it has
no engine state yet).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from games.engine.actions import Action, parse_action
from games.engine.apply import apply
from games.engine.clock import start_clock
from games.engine.events import Event, SeatTaken, event_from_json
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from games.models import Game, LogEntry
from games.presets.opening import is_opening, open_preset
from games.store.errors import ServiceError
from rules.spec import load_rule

GameRef = Game | int | str
"""A game, its primary key, or its public code (any case)."""


def get_game(ref: GameRef) -> Game:
    """The game for a :data:`GameRef`; ``ServiceError("game/not_found")`` when there is none."""
    if isinstance(ref, Game):
        return ref
    return query_game(ref, Game.objects.all())


def locked_game(ref: GameRef) -> Game:
    """The game row read afresh, locked for the rest of the transaction."""
    return query_game(ref.pk if isinstance(ref, Game) else ref, Game.objects.select_for_update())


def query_game(ref: int | str, queryset: QuerySet[Game]) -> Game:
    """The one game of ``queryset`` with primary key or code ``ref``, or ``game/not_found``."""
    if isinstance(ref, str) and "\x00" in ref:
        # No code holds NUL, and PostgreSQL refuses it even in a query: a link to nowhere.
        raise ServiceError("game/not_found", f"There is no game {ref!r}.")
    try:
        if isinstance(ref, str):
            return queryset.get(code=ref.strip().upper())
        return queryset.get(pk=ref)
    except Game.DoesNotExist:
        raise ServiceError("game/not_found", f"There is no game {ref!r}.") from None


#: Why a game in its lobby cannot be acted on, played or watched as a table yet.
NOT_STARTED = "This game has not started yet: its seats are still being taken."


def game_state(game: Game) -> GameState:
    """The engine state of a started game; ``ServiceError("game/not_started")`` in its lobby."""
    if game.state is None:
        raise ServiceError("game/not_started", NOT_STARTED)
    return GameState.from_json(game.state)


def game_settings(game: Game) -> GameSettings:
    """The game's settings, typed (a lobby has them too: the table's size, the hand...)."""
    return GameSettings.from_json(game.settings)


def load_state(ref: GameRef) -> GameState:
    """The stored engine state of a started game (see :func:`game_state`)."""
    return game_state(get_game(ref))


def game_log(ref: GameRef, since: int = 0, until: int | None = None) -> list[Event]:
    """Every event of the game in order (secrets included), of the actions after ``since``
    (and up to version ``until``, when given)."""
    entries = LogEntry.objects.filter(game=get_game(ref), seq__gt=since).order_by("seq")
    if until is not None:
        entries = entries.filter(seq__lte=until)
    return [event_from_json(data) for events in entries.values_list("events", flat=True)
            for data in events]


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One accepted action as logged: the game's version after it (``seq``), the action,
    and every event it caused (secrets included)."""

    seq: int
    action: Action
    events: tuple[Event, ...]


def game_entries(ref: GameRef) -> list[StoredAction]:
    """Every accepted action of the game with its version and events, in order."""
    entries = LogEntry.objects.filter(game=get_game(ref)).order_by("seq")
    # The opening of a game dealt at once is no seat's action (games.presets.opening).
    return [StoredAction(seq, parse_action(action), tuple(event_from_json(e) for e in events))
            for seq, action, events in entries.values_list("seq", "action", "events")
            if not is_opening(action)]


def opening_events(ref: GameRef) -> tuple[Event, ...]:
    """The events of a game's opening, when it was dealt at its start (its log entry's
    action is :data:`~games.presets.opening.OPENING`); none otherwise."""
    entry = LogEntry.objects.filter(game=get_game(ref)).order_by("seq").values_list(
        "action", "events").first()
    if entry is None or not is_opening(entry[0]):
        return ()
    return tuple(event_from_json(e) for e in entry[1])


def replay(ref: GameRef) -> GameState:
    """Rebuild a game's state from its seed, settings, seat names and logged actions.

    Equal (as JSON) to the stored state unless something went wrong: the engine is
    deterministic per seed, and every accepted action is in the log.
    """
    game = get_game(ref)
    names = list(game.seats.order_by("index").values_list("name", flat=True))
    rows = list(LogEntry.objects.filter(game=game).order_by("seq").values_list(
        "action", "events", "at"))
    # A seat taken over is called by its newcomer's name: it was opened under the first.
    for action, events, _ in reversed(rows):
        if action.get("type") != "take_seat":
            continue
        for event in map(event_from_json, events):
            if isinstance(event, SeatTaken) and event.seat is not None:
                names[event.seat] = event.former
    settings = GameSettings.from_json(game.settings)
    first = rows[0][0] if rows else {}
    if is_opening(first) and "laws" in first:
        # A solo puzzle's opening names the hidden rules it opened with, as laws.
        laws = [load_rule(law) for law in first["laws"]]
        state, _ = open_game(settings, names, game.seed, (), laws)
    else:
        # The settings name the preset (and law) the game was opened from: Mini Mao opens
        # as it always did, a preset with its house rules and law.
        state, _ = open_preset(settings, names, game.seed)
    for action, _, at in rows:
        if is_opening(action):
            start_clock(state, at or 0)
        else:
            state, _ = apply(state, parse_action(action), at)
    return state
