"""Who plays each seat, as a game's events say: a seat handed over is played by a bot.

Called by the write path inside its transaction, so the seat rows change with the version
that says so (the snapshots of :mod:`games.live.snapshots` rely on it). The browser that
held the seat is left a :class:`~games.models.SeatNotice`, so its screen can say why it now
only watches.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.events import Event, HandedOver
from games.models import Game, Seat, SeatNotice
from games.store.errors import ServiceError

#: The bot that takes over a person's seat: the fair one, which reads only the table.
TAKEOVER_BOT = "experimenter"


def seats_follow(game: Game, events: Sequence[Event]) -> None:
    """Hand to a bot every seat that ``events`` say was handed over.

    Raises ``ServiceError`` (and the write path saves nothing) when the seat is not a
    person's: a bot's seat has nobody to hand it over from.
    """
    for event in events:
        if not isinstance(event, HandedOver) or event.seat is None:
            continue
        seat = Seat.objects.select_for_update().filter(game=game, index=event.seat).first()
        if seat is None or seat.is_bot:
            raise ServiceError("action/not_a_person", "That seat is already played by a bot.")
        if seat.holder:
            SeatNotice.objects.create(game=game, holder=seat.holder, name=seat.name,
                                      reason="handed_over")
        seat.is_bot, seat.bot_kind, seat.holder = True, TAKEOVER_BOT, None
        seat.save(update_fields=["is_bot", "bot_kind", "holder"])
        # The change the subscribers hear carries this row: the bot driver wakes the bot.
        game.has_bots = True
        game.save(update_fields=["has_bots"])


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
