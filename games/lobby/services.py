"""The lobby: opening a table, taking seats, bots, and starting the game.

A game opened here has no engine state yet (phase ``lobby``). Players take seats
by name; a seat is held by the hash of a token in the browser's session
(:mod:`games.store.identity`), so a reload or a second tab keeps the seat. The
host (who opened the table) adds bots, removes seats and starts the game, which
hands the seated names to the engine. Every change bumps the game's version and
tells the subscribers after commit (the doorbell...), like an engine action.
"""

from __future__ import annotations

import secrets
from dataclasses import replace

from django.db import transaction
from django.utils import timezone

from games.engine import names
from games.engine.clock import start_clock
from games.engine.errors import EngineError
from games.engine.settings import GameSettings
from games.engine.timers import next_due
from games.models import BOT_KINDS, LOBBY, Game, LogEntry, Seat, SeatNotice, new_code
from games.presets.format import PresetError
from games.presets.opening import OPENING, open_preset
from games.store.errors import ServiceError
from games.store.mirrors import update_mirrors
from games.store.reads import GameRef, game_settings, locked_game
from games.store.subscribers import Change, changed
from games.store.writes import game_time

#: Seeds are drawn below this bound (a BigIntegerField holds them).
SEED_LIMIT = 2**62

BOT_NAMES = ("Robo Bull", "Robo Gogol", "Robo Worms", "Robo Ada", "Robo Bo", "Robo Cy",
             "Robo Di", "Robo Ed")


def clean_name(name: str) -> str:
    """A guest's name, tidied as every name is (:func:`games.engine.names.clean_name`);
    refused as the lobby's ``lobby/bad_name``."""
    try:
        return names.clean_name(name, "lobby/bad_name")
    except EngineError as exc:
        raise ServiceError(exc.code, str(exc)) from None


def open_game(settings: GameSettings, host_name: str, holder: str,
              seed: int | None = None) -> Game:
    """Open a table: the host takes seat 0 and the others join by link or code.

    ``settings.players`` is the size of the table and ``settings.first_rule_maker`` the
    seat (after the start) that writes the first rule, or ``None`` to draw one at random;
    ``holder`` is the host's (:func:`games.store.identity.request_holder`). ``seed`` makes
    every shuffle and draw of lots repeatable (tests, bots); by default it is random.
    """
    name = clean_name(host_name)
    if not holder:
        raise ServiceError("lobby/no_session", "Your browser session is missing: reload the page.")
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    elif not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise ServiceError("lobby/invalid", "The seed must fit in 63 bits.")
    with transaction.atomic():
        code = new_code()
        while Game.objects.filter(code=code).exists():
            code = new_code()
        game = Game.objects.create(code=code, seed=seed, settings=settings.to_json(),
                                   state=None, phase=LOBBY)
        Seat.objects.create(game=game, index=0, name=name, holder=holder,
                            is_host=True)
    return game


def _locked_lobby(ref: GameRef) -> Game:
    game = locked_game(ref)
    if game.phase != LOBBY:
        raise ServiceError("lobby/started", "This game has already started: you can watch it.")
    return game


def _require_host(game: Game, holder: str) -> None:
    if not game.seats.filter(is_host=True, holder=holder).exists():
        raise ServiceError("lobby/not_host", "Only the host can do that.")


def _changed(game: Game) -> None:
    game.version += 1
    game.has_bots = game.seats.filter(is_bot=True).exists()
    game.save(update_fields=["version", "has_bots", "updated"])
    change = Change(game, game.version)
    transaction.on_commit(lambda: changed(change))


def join_game(ref: GameRef, name: str, holder: str) -> Seat:
    """Take a seat by name. Joining again from the same session returns the same seat."""
    cleaned = clean_name(name)
    with transaction.atomic():
        game = _locked_lobby(ref)
        mine = game.seats.filter(holder=holder, is_bot=False).first()
        if mine is not None:
            return mine
        seats = list(game.seats.all())
        size = game_settings(game).players
        if len(seats) >= size:
            raise ServiceError("lobby/full", f"This table is full ({size} seats).")
        if any(s.name.casefold() == cleaned.casefold() for s in seats):
            raise ServiceError("lobby/name_taken",
                               f"Someone here is already called {cleaned}; choose another name.")
        seat = Seat.objects.create(game=game, index=_free_index(seats), name=cleaned,
                                   holder=holder)
        _changed(game)
    return seat


def _free_index(seats: list[Seat]) -> int:
    taken = {s.index for s in seats}
    return next(i for i in range(8) if i not in taken)


def add_bot(ref: GameRef, holder: str, kind: str = "experimenter") -> Seat:
    """The host fills an empty seat with a bot."""
    if kind not in BOT_KINDS:
        raise ServiceError("lobby/bad_bot", f"A bot is one of: {', '.join(BOT_KINDS)}.")
    with transaction.atomic():
        game = _locked_lobby(ref)
        _require_host(game, holder)
        seats = list(game.seats.all())
        if len(seats) >= game_settings(game).players:
            raise ServiceError("lobby/full", "Every seat is taken.")
        taken = {s.name.casefold() for s in seats}
        name = next(n for n in BOT_NAMES if n.casefold() not in taken)
        seat = Seat.objects.create(game=game, index=_free_index(seats), name=name,
                                   is_bot=True, bot_kind=kind)
        _changed(game)
    return seat


def remove_seat(ref: GameRef, holder: str, index: int) -> None:
    """The host removes a seat, or a player leaves their own seat, before the start."""
    with transaction.atomic():
        game = _locked_lobby(ref)
        seat = game.seats.filter(index=index).first()
        if seat is None:
            raise ServiceError("lobby/no_seat", "That seat is already empty.")
        own = seat.holder == holder and not seat.is_bot
        if not own:
            _require_host(game, holder)
        if seat.is_host:
            raise ServiceError("lobby/host_stays", "The host cannot leave their own table.")
        if not own and not seat.is_bot and seat.holder:
            # The guest's screen says why it lost its seat (games.store.seating.notice_for).
            SeatNotice.objects.create(game=game, holder=seat.holder, name=seat.name,
                                      reason="removed")
        seat.delete()
        _changed(game)


def start_game(ref: GameRef, holder: str) -> Game:
    """The host starts the game with the seated players (at least two), opened from its
    preset (:func:`~games.presets.opening.open_preset`: its house rules, and its law, in
    force). A game dealt at once (no rule to write first) logs the deal's events as the
    start's entry, so every screen's log and notebook has the first deal."""
    with transaction.atomic():
        game = _locked_lobby(ref)
        _require_host(game, holder)
        seats = list(game.seats.order_by("index"))
        if len(seats) < 2:
            raise ServiceError("lobby/too_few", "Mini Mao needs at least two players: "
                               "invite a friend or add a bot.")
        # Seats taken and left leave gaps: the engine numbers seats 0..n-1 in table order.
        for number, seat in enumerate(seats):
            if seat.index != number:
                Seat.objects.filter(pk=seat.pk).update(index=number)
        try:
            settings = replace(game_settings(game), players=len(seats))
            state, events = open_preset(settings, [s.name for s in seats], game.seed)
        except (EngineError, PresetError) as exc:
            raise ServiceError("lobby/invalid", str(exc)) from None
        at = game_time()
        if events:
            # A game dealt at once starts its clock now (a replay starts it at the time
            # the opening's entry keeps); else the first deal will.
            start_clock(state, at or 0)
        game.settings = settings.to_json()
        game.state = state.to_json()
        game.phase = state.phase
        game.due = next_due(state)
        game.save(update_fields=["settings", "state", "phase", "due", "updated"])
        if events:
            # The version the start makes is this entry's seq (LogEntry: seq is the
            # version after the change); a replay opens the game again from the settings.
            LogEntry.objects.create(game=game, seq=game.version + 1, action=OPENING,
                                    events=[event.to_json() for event in events], at=at)
            update_mirrors(game, state, state, events, timezone.now())
        _changed(game)
    return game
