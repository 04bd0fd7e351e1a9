"""Who is looking: a player's identity is their browser session (no accounts)."""

from __future__ import annotations

from django.http import HttpRequest

from games.models import Game, Seat


def session_key(request: HttpRequest) -> str:
    """The request's session key, creating and saving the session if it has none yet."""
    if not request.session.session_key:
        request.session.save()
    key = request.session.session_key
    assert key is not None
    return key


def seat_of(game: Game, key: str | None) -> Seat | None:
    """The human seat that session ``key`` holds in ``game``, or ``None`` (a spectator)."""
    if not key:
        return None
    return game.seats.filter(session_key=key, is_bot=False).first()


def viewer_seat(request: HttpRequest, game: Game) -> Seat | None:
    """The seat of the person making this request, or ``None`` for a spectator."""
    return seat_of(game, request.session.session_key)


def is_host(request: HttpRequest, game: Game) -> bool:
    """Whether this request comes from the game's host."""
    seat = viewer_seat(request, game)
    return seat is not None and seat.is_host
