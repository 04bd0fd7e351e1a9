"""HTTP views of the games app: home, lobby, the table page and the action endpoint.

Views stay short: they parse, call :mod:`games.lobby` or :mod:`games.services`
(the write paths), and render. Errors are values with codes; a refused request
changes nothing and shows a clear message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import lobby
from games.actions_form import action_from_post
from games.engine.actions import EndGame
from games.engine.errors import EngineError
from games.forms import NewGameForm
from games.identity import session_key, viewer_seat
from games.models import LOBBY, Game, Seat
from games.services import ServiceError, get_game, submit_action
from games.table import table_context

ERROR_STATUS = 200  # htmx swaps 200 responses only; the message itself says what failed


def home(request: HttpRequest) -> HttpResponse:
    """The home page: open a new table, or join one by its code."""
    return render(request, "home.html", {"form": NewGameForm()})


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    """Open a table with the posted settings; the creator becomes the host."""
    form = NewGameForm(request.POST)
    if not form.is_valid():
        return render(request, "home.html", {"form": form}, status=400)
    try:
        game = lobby.open_game(form.settings(), form.cleaned_data["name"], session_key(request),
                               form.cleaned_data["first_rule_maker"] == "host")
    except (ServiceError, EngineError) as exc:
        form.add_error(None, str(exc))
        return render(request, "home.html", {"form": form}, status=400)
    return redirect("game", code=game.code)


def find_game(request: HttpRequest) -> HttpResponse:
    """Go to the game whose code was typed on the home page."""
    code = request.GET.get("code", "").strip().upper()
    # PostgreSQL refuses NUL even in a query; no code holds one.
    if not code or "\x00" in code or not Game.objects.filter(code=code).exists():
        messages.error(request, f"There is no game with the code “{code[:12]}”. Check the "
                       "code, or ask for the link.")
        return redirect("home")
    return redirect("game", code=code)


def _game_or_404(code: str) -> Game:
    try:
        return get_game(code)
    except ServiceError:
        raise Http404(f"There is no game with the code {code.upper()!r}.") from None


def game_page(request: HttpRequest, code: str) -> HttpResponse:
    """A game's one link: its lobby before the start, then the table."""
    game = _game_or_404(code)
    # The session must exist before the page's WebSocket connects: the socket learns who
    # is looking from it, and a seat taken later is found under the same key.
    session_key(request)
    seat = viewer_seat(request, game)
    if game.phase == LOBBY:
        return render(request, "games/lobby.html", lobby_context(game, seat, _link(request, game)))
    return render(request, "games/table.html", table_context(game, seat))


def lobby_context(game: Game, seat: Seat | None, link: str, error: str = "",
                  seats: Sequence[Seat] | None = None) -> dict[str, object]:
    """What the lobby page and its live fragment show one viewer (``seats`` read if not given)."""
    seats = list(game.seats.order_by("index") if seats is None else seats)
    size = int(game.settings["players"])
    return {"game": game, "me": seat, "seats": seats, "empty": range(size - len(seats)),
            "is_host": seat is not None and seat.is_host, "size": size, "error": error,
            "link": link, "settings": game.settings, "version": game.version}


def _link(request: HttpRequest, game: Game) -> str:
    return request.build_absolute_uri(f"/g/{game.code}/")


def _lobby_response(request: HttpRequest, game: Game, error: str = "") -> HttpResponse:
    game.refresh_from_db()
    if request.htmx:
        context = lobby_context(game, viewer_seat(request, game), _link(request, game), error)
        return render(request, "games/lobby.html#lobby", context, status=ERROR_STATUS)
    if error:
        messages.error(request, error)
    return redirect("game", code=game.code)


def _lobby_change(request: HttpRequest, code: str,
                  change: Callable[[Game, str], object]) -> HttpResponse:
    """Apply a lobby change as this session; answer with the lobby and any refusal."""
    game = _game_or_404(code)
    try:
        change(game, session_key(request))
    except ServiceError as exc:
        return _lobby_response(request, game, str(exc))
    return _lobby_response(request, game)


@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    """Take a seat by name."""
    name = request.POST.get("name", "")
    return _lobby_change(request, code, lambda game, key: lobby.join_game(game, name, key))


@require_POST
def add_bot(request: HttpRequest, code: str) -> HttpResponse:
    """The host seats a bot."""
    kind = request.POST.get("kind", "experimenter")
    return _lobby_change(request, code, lambda game, key: lobby.add_bot(game, key, kind))


@require_POST
def remove_seat(request: HttpRequest, code: str, index: int) -> HttpResponse:
    """The host removes a seat, or a player leaves."""
    return _lobby_change(request, code,
                         lambda game, key: lobby.remove_seat(game, key, index))


@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    """The host starts the game; every screen follows over the WebSocket."""
    game = _game_or_404(code)
    try:
        lobby.start_game(game, session_key(request))
    except ServiceError as exc:
        return _lobby_response(request, game, str(exc))
    response = HttpResponse(status=204)
    response["HX-Redirect"] = f"/g/{game.code}/"
    return response if request.htmx else redirect("game", code=game.code)


@require_POST
def act(request: HttpRequest, code: str) -> HttpResponse:
    """One action from the table (play, pass, claim a win, end the game) with its version."""
    game = _game_or_404(code)
    seat = viewer_seat(request, game)
    message, accepted = _submit(request, game, seat)
    response = render(request, "games/feedback.html", {"message": message,
                                                       "accepted": accepted},
                      status=ERROR_STATUS)
    response["X-Mao-Accepted"] = "1" if accepted else "0"
    return response


def _submit(request: HttpRequest, game: Game, seat: Seat | None) -> tuple[str, bool]:
    """Submit the posted action as ``seat``; return the message to show and acceptance."""
    if seat is None:
        return "You are watching this game: only players can act.", False
    try:
        action, version = action_from_post(request.POST, seat.index)
        if isinstance(action, EndGame) and not seat.is_host:
            return "Only the host can end the game.", False
        result = submit_action(game, action, version)
    except (EngineError, ServiceError) as exc:
        return str(exc), False
    refused = next((e for e in result.events if e.kind == "refused"), None)
    if refused is not None:
        return refused.text_for(seat.index), True
    return "", True
