"""HTTP views of a game's one link: its lobby before the start, then the table; and actions.

Actions go through :mod:`games.store.acting`, the one action path the WebSocket and the
rule builder use too.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from games.lobby.context import lobby_context
from games.models import LOBBY
from games.solo.table import solo_context
from games.store.acting import perform_post, read_post
from games.store.identity import holder_of, request_holder, viewer_seat
from games.store.pages import ERROR_STATUS, game_or_404, link_to
from games.store.seating import lost_seat_notice
from games.store.writes import now_ms
from games.table.context import table_context


def game_page(request: HttpRequest, code: str) -> HttpResponse:
    """A game's one link: its lobby before the start, then the table."""
    game = game_or_404(code)
    # The holder token must exist before the page's WebSocket connects: the socket learns
    # who is looking from the session, and a seat taken later is found under the same token.
    request_holder(request)
    seat = viewer_seat(request, game)
    notice = lost_seat_notice(game, holder_of(request.session), seat)
    if game.phase == LOBBY:
        context = lobby_context(game, seat, link_to(request, game), notice=notice)
        return render(request, "games/lobby.html", context)
    # The server's clock as the page leaves, from which the page counts the table's clocks
    # down (static/js/clock.js): a browser's own clock may be off.
    context = table_context(game, seat, notice=notice) | {"server_now": now_ms()}
    context |= solo_context(game, seat)
    return render(request, "games/table.html", context)


@require_POST
def act(request: HttpRequest, code: str) -> HttpResponse:
    """One action from the table's form (play, pass, claim a win, end the game) with the
    version the screen showed; the answer is the message for the actor (409 for a game
    still in its lobby, which has nothing to act on)."""
    game = game_or_404(code)
    outcome = perform_post(request, game, lambda: read_post(request.POST))
    status = 409 if outcome.code == "game/not_started" else ERROR_STATUS
    response = render(request, "games/feedback.html",
                      {"message": outcome.message, "accepted": outcome.accepted},
                      status=status)
    response["X-Mao-Accepted"] = "1" if outcome.accepted else "0"
    if outcome.accepted and request.POST.get("type") == "take_seat":
        # Someone who watched now plays: the whole page becomes a player's (its hand, the
        # joker's dialog, the first visit's help), not only the live fragments.
        response["HX-Refresh"] = "true"
    return response
