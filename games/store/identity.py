"""Who is looking: a seat is held by a random token kept in the browser's session.

:func:`holder_token` gives a session its token; a seat stores only its SHA-256, so the
database, the admin and a log line cannot hand anyone a seat.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence

from django.contrib.sessions.backends.base import SessionBase
from django.http import HttpRequest

from games.models import Game, Seat

#: The session key that holds the token.
SESSION_KEY = "mao_holder"
#: A token as :func:`secrets.token_urlsafe` makes it from 32 bytes.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def hash_token(token: str) -> str:
    """What a seat stores of a token: its SHA-256, as 64 hexadecimal digits.

    >>> len(hash_token("x" * 43))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


def holder_token(session: SessionBase) -> str:
    """The session's holder token, made (and the session marked to be saved) when missing."""
    token = session.get(SESSION_KEY)
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        token = secrets.token_urlsafe(32)
        session[SESSION_KEY] = token
    return token


def holder_of(session: SessionBase | None) -> str | None:
    """The hash of the session's holder token, or ``None`` when it has none (never makes one)."""
    token = session.get(SESSION_KEY) if session is not None else None
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        return None
    return hash_token(token)


def request_holder(request: HttpRequest) -> str:
    """The hash of this browser's holder token, making the token on its first visit."""
    return hash_token(holder_token(request.session))


def seat_in(seats: Sequence[Seat], holder: str | None) -> Seat | None:
    """The human seat among ``seats`` that ``holder`` holds, or ``None`` (a spectator)."""
    if not holder:
        return None
    return next((s for s in seats if s.holder == holder and not s.is_bot), None)


def seat_of(game: Game, holder: str | None) -> Seat | None:
    """The human seat that ``holder`` holds in ``game``, or ``None`` (a spectator)."""
    if not holder:
        return None
    return game.seats.filter(holder=holder, is_bot=False).first()


def viewer_seat(request: HttpRequest, game: Game) -> Seat | None:
    """The seat of the person making this request, or ``None`` for a spectator."""
    return seat_of(game, holder_of(request.session))
