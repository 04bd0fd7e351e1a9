"""HTTP views of the lobby: the home page, opening a table, finding one, seats and the start.

Views stay short: they parse, call :mod:`games.lobby.services` (the lobby's write path),
and render. A refused request changes nothing and shows a clear message.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.engine.errors import EngineError
from games.engine.setup import MAX_NAME
from games.lobby import services
from games.lobby.context import lobby_context
from games.lobby.forms import NewGameForm, chosen_preset
from games.models import Game
from games.presets.display import preset_rows
from games.presets.registry import presets
from games.store.errors import ServiceError
from games.store.identity import holder_of, request_holder, viewer_seat
from games.store.limits import TOO_FAST, over_limit
from games.store.pages import ERROR_STATUS, game_or_404, is_htmx, link_to
from games.store.seating import lost_seat_notice


def _home(request: HttpRequest, form: NewGameForm, status: int = 200, *,
          switched: bool = False) -> HttpResponse:
    preset = form.preset_data
    context = {"form": form, "presets": preset_rows(presets(), preset.name),
               "preset_title": preset.title, "switched": switched}
    return render(request, "home.html", context, status=status)


def home(request: HttpRequest) -> HttpResponse:
    """The home page: choose a way to play (``?preset=NAME``), open a table or join one."""
    return _home(request, NewGameForm(preset=chosen_preset(request.GET.get("preset"))))


@require_GET
def how_to_play(request: HttpRequest) -> HttpResponse:
    """``GET /how-to-play/``: the rules in a few minutes' reading, linked from every page."""
    return render(request, "help/how_to_play.html")


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    """Open a table with the posted settings; the creator becomes the host."""
    form = NewGameForm(request.POST)
    if over_limit(request, "new_game"):
        form = NewGameForm(request.POST or None)
        form.add_error(None, TOO_FAST)
        return _home(request, form, status=429)
    drawn_for = request.POST.get("drawn_for")
    if drawn_for and request.POST.get("preset") in presets() and \
            request.POST.get("preset") != drawn_for:
        # Another way to play was ticked than the settings on the page were drawn for (no
        # script reloaded them): show that way's own settings, never open the old one.
        fresh = NewGameForm(preset=form.preset_data)
        fresh.fields["name"].initial = request.POST.get("name", "")[:MAX_NAME]
        return _home(request, fresh, switched=True)
    if not form.is_valid():
        return _home(request, form, status=400)
    try:
        game = services.open_game(form.settings(), form.cleaned_data["name"],
                                  request_holder(request))
    except (ServiceError, EngineError) as exc:
        form.add_error(None, str(exc))
        return _home(request, form, status=400)
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


def _lobby_response(request: HttpRequest, game: Game, error: str = "") -> HttpResponse:
    game.refresh_from_db()
    if is_htmx(request):
        seat = viewer_seat(request, game)
        notice = lost_seat_notice(game, holder_of(request.session), seat)
        context = lobby_context(game, seat, link_to(request, game), error, notice=notice)
        return render(request, "games/lobby.html#lobby", context, status=ERROR_STATUS)
    if error:
        messages.error(request, error)
    return redirect("game", code=game.code)


def _lobby_change(request: HttpRequest, code: str, change: Callable[[Game, str], object],
                  limit: str = "lobby") -> HttpResponse:
    """Apply a lobby change as this session, counted against the ``limit`` first; answer
    with the lobby and any refusal."""
    game = game_or_404(code)
    if over_limit(request, limit):
        return _lobby_response(request, game, TOO_FAST)
    try:
        change(game, request_holder(request))
    except ServiceError as exc:
        return _lobby_response(request, game, str(exc))
    return _lobby_response(request, game)


@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    """Take a seat by name."""
    name = request.POST.get("name", "")
    return _lobby_change(request, code, lambda game, key: services.join_game(game, name, key),
                         limit="join")


@require_POST
def add_bot(request: HttpRequest, code: str) -> HttpResponse:
    """The host seats a bot."""
    kind = request.POST.get("kind", "experimenter")
    return _lobby_change(request, code, lambda game, key: services.add_bot(game, key, kind))


@require_POST
def remove_seat(request: HttpRequest, code: str, index: int) -> HttpResponse:
    """The host removes a seat, or a player leaves."""
    return _lobby_change(request, code,
                         lambda game, key: services.remove_seat(game, key, index))


@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    """The host starts the game; every screen follows over the WebSocket."""
    game = game_or_404(code)
    if over_limit(request, "lobby"):
        return _lobby_response(request, game, TOO_FAST)
    try:
        services.start_game(game, request_holder(request))
    except ServiceError as exc:
        return _lobby_response(request, game, str(exc))
    response = HttpResponse(status=204)
    response["HX-Redirect"] = f"/g/{game.code}/"
    return response if is_htmx(request) else redirect("game", code=game.code)
