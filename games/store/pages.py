"""Small helpers shared by the HTTP views of every feature."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from games.models import Game
from games.store.errors import ServiceError
from games.store.reads import get_game

#: htmx swaps 200 responses only; the message itself says what failed.
ERROR_STATUS = 200


def game_or_404(code: str) -> Game:
    """The game with this public code, or a 404 page that says there is none."""
    try:
        return get_game(code)
    except ServiceError:
        raise Http404(f"There is no game with the code “{code.upper()[:12]}”.") from None


def link_to(request: HttpRequest, game: Game) -> str:
    """The absolute link to a game's one page, to share."""
    return request.build_absolute_uri(f"/g/{game.code}/")


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent this request (django-htmx's middleware reads its header)."""
    return bool(getattr(request, "htmx", False))
