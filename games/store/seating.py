"""Who plays each seat, as a game's events say (games/engine/seats.py).

Called by the write path inside its transaction, so seat rows change with the version that
says so. A browser that lost its seat is left a :class:`~games.models.SeatNotice`.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.events import (
    Event,
    Expelled,
    HandedOver,
    SeatLeft,
    SeatOpened,
    SeatRemoved,
    SeatTaken,
)
from games.engine.state import GameState
from games.models import Game, Seat, SeatNotice
from games.store.errors import ServiceError

#: The bot that takes over a person's seat: the fair one, which reads only the table.
TAKEOVER_BOT = "experimenter"
#: What the browser that held a seat is told, by the event that took it away.
LOSSES: dict[type[Event], str] = {HandedOver: "handed_over", SeatOpened: "opened",
                                  SeatLeft: "left", SeatRemoved: "taken_out",
                                  Expelled: "expelled"}


def seats_follow(game: Game, events: Sequence[Event], state: GameState | None = None,
                 taker: str | None = None, before: GameState | None = None) -> None:
    """Bring the seat rows of ``game`` in line with ``events`` (``state``: the game after
    them, ``before``: before them; ``taker``: the holder of the browser taking a seat over,
    if one does).

    Raises ``ServiceError`` (and the write path saves nothing) when a row cannot follow: a
    bot's seat handed to a bot, a seat taken over that nobody left open, a browser taking a
    second seat, or another seat than the one it played, or nobody to take it.
    """
    for event in events:
        if event.seat is None or type(event) not in (*LOSSES, SeatTaken):
            continue
        seat = Seat.objects.select_for_update().filter(game=game, index=event.seat).first()
        if seat is None:
            raise ServiceError("action/bad_seat", "There is no such seat.")
        if isinstance(event, HandedOver) and seat.is_bot:
            raise ServiceError("action/not_a_person", "That seat is already played by a bot.")
        if isinstance(event, SeatTaken):
            _take(game, seat, event, taker, state)
            continue
        stint = before.stint_of(seat.index) if before is not None else None
        _tell(game, seat, LOSSES[type(event)], stint)
        seat.holder = None
        if isinstance(event, HandedOver):
            seat.is_bot, seat.bot_kind = True, TAKEOVER_BOT
            # The change the subscribers hear carries this row: the bot driver wakes the bot.
            game.has_bots = True
            game.save(update_fields=["has_bots"])
        elif isinstance(event, SeatOpened | SeatLeft):
            seat.is_bot, seat.bot_kind = False, ""  # a bot stops playing an open seat
        seat.save(update_fields=["holder", "is_bot", "bot_kind"])
        if isinstance(event, Expelled | SeatRemoved) and seat.is_host and state is not None:
            _pass_the_host(game, seat, state)


def _tell(game: Game, seat: Seat, reason: str, stint: int | None) -> None:
    """Leave the browser holding ``seat`` (if a person's) a notice of why it lost it, which
    remembers the seat it played, in which ``stint``."""
    if seat.holder and not seat.is_bot:
        SeatNotice.objects.create(game=game, holder=seat.holder, name=seat.name, reason=reason,
                                  seat=seat.index, stint=stint)


#: What a browser that played one seat of the game is told when it asks for another.
NOT_YOURS = ("You have played at this table already: you may take back only the seat you "
             "played, not another player's.")


def former_seat(game: Game, holder: str) -> SeatNotice | None:
    """The seat ``holder`` played here and lost, or ``None`` (:func:`check_taker`)."""
    return (game.seat_notices.filter(holder=holder, seat__isnull=False)
            .order_by("-created", "-pk").first())


def check_taker(game: Game, holder: str, index: int) -> int | None:
    """Refuse (``seat/not_yours``) the browser ``holder`` taking seat ``index`` over if it
    played another seat of the game; else the stint it resumes there (``None``: it is
    someone new to the seat)."""
    former = former_seat(game, holder)
    if former is None:
        return None
    if former.seat != index:
        raise ServiceError("seat/not_yours", NOT_YOURS)
    return former.stint if former.stint is not None else 0


def _take(game: Game, seat: Seat, event: SeatTaken, taker: str | None,
          state: GameState | None) -> None:
    """The browser ``taker`` holds ``seat`` from now on, under the name it gave: someone new,
    or the browser that played it before (then in the stint it played, which the engine
    resumed: checked again here, under the game's lock)."""
    if not taker:
        raise ServiceError("seat/no_session", "Your browser session is missing: reload the page.")
    if seat.holder or seat.is_bot:
        raise ServiceError("seat/not_open", f"{seat.name}'s seat is not open any more.")
    if game.seats.filter(holder=taker, is_bot=False).exists():
        raise ServiceError("seat/seated", "You already hold a seat at this table.")
    stint = check_taker(game, taker, seat.index)
    if stint is not None and state is not None and state.stint_of(seat.index) != stint:
        # Its notices changed between the asker's read and the lock: ask again.
        raise ServiceError("seat/not_yours", NOT_YOURS)
    seat.holder, seat.name = taker, event.name
    seat.save(update_fields=["holder", "name"])


def _pass_the_host(game: Game, seat: Seat, state: GameState) -> None:
    """The host's seat left the game: the first seat after it still in the game and held by
    a person hosts from now on (none: nobody does; the game goes on)."""
    seat.is_host = False
    seat.save(update_fields=["is_host"])
    order = [(seat.index + k) % state.players for k in range(1, state.players)]
    rows = {s.index: s for s in game.seats.select_for_update().filter(is_bot=False)}
    heir = next((rows[i] for i in order if i in rows and state.in_play(i) and rows[i].holder),
                None)
    if heir is not None:
        heir.is_host = True
        heir.save(update_fields=["is_host"])


def notice_for(notices: Sequence[SeatNotice], holder: str | None, seat: Seat | None) -> str:
    """What the viewer ``holder`` (seated at ``seat``) is told about a seat it lost: the
    latest of ``notices`` (oldest first) left for it, or "" (also once it sits again)."""
    if not holder or seat is not None:
        return ""
    notice = next((n for n in reversed(notices) if n.holder == holder), None)
    return notice.text if notice is not None else ""


def lost_seat_notice(game: Game, holder: str | None, seat: Seat | None) -> str:
    """:func:`notice_for` with the notices read from the database (a page's first render)."""
    if not holder or seat is not None:
        return ""
    return notice_for(list(game.seat_notices.filter(holder=holder).order_by("created")),
                      holder, seat)
