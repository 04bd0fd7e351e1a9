"""HTTP views of a game's one link: its lobby before the start, then the table; and actions.

Actions go through :mod:`games.table.acting`, the one action path the WebSocket uses too.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from games.lobby.context import lobby_context
from games.models import LOBBY
from games.store.errors import ServiceError
from games.store.identity import holder_of, request_holder, viewer_seat
from games.store.limits import TOO_FAST, over_limit
from games.store.pages import ERROR_STATUS, game_or_404, link_to
from games.table.acting import Outcome, perform, read_post
from games.table.context import table_context


def game_page(request: HttpRequest, code: str) -> HttpResponse:
    """A game's one link: its lobby before the start, then the table."""
    game = game_or_404(code)
    # The holder token must exist before the page's WebSocket connects: the socket learns
    # who is looking from the session, and a seat taken later is found under the same token.
    request_holder(request)
    seat = viewer_seat(request, game)
    if game.phase == LOBBY:
        context = lobby_context(game, seat, link_to(request, game))
        return render(request, "games/lobby.html", context)
    return render(request, "games/table.html", table_context(game, seat))


@require_POST
def act(request: HttpRequest, code: str) -> HttpResponse:
    """One action from the table's form (play, pass, claim a win, end the game) with the
    version the screen showed; the answer is the message for the actor."""
    game = game_or_404(code)
    if game.phase == LOBBY:
        # Nothing to act on yet: a clear refusal, not a page error.
        return render(request, "games/feedback.html",
                      {"message": "This game has not started yet: its seats are still being "
                                  "taken.", "accepted": False}, status=409)
    try:
        if over_limit(request, "act"):
            raise ServiceError("action/too_fast", TOO_FAST)
        outcome = perform(game, holder_of(request.session), read_post(request.POST))
    except ServiceError as exc:
        outcome = Outcome(False, str(exc))
    response = render(request, "games/feedback.html",
                      {"message": outcome.message, "accepted": outcome.accepted},
                      status=ERROR_STATUS)
    response["X-Mao-Accepted"] = "1" if outcome.accepted else "0"
    return response
