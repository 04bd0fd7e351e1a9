"""HTTP views of the rule builder, under ``/g/<code>/builder/``.

``GET`` the panel (anyone: the writer gets the form, others see who is writing); every
``POST`` is for the seat writing a rule only (403 with a plain message otherwise):
re-render the form (kind changed, an example loaded), add or remove a row, preview,
suggest a jargon name, and submit the rule through :func:`games.store.writes.submit_action`.
Each answers with an htmx fragment of ``panel.html``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from random import Random

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
)
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap, retarget

from games.builder.context import Panel, load_state, make_panel, panel_context, read_top
from games.builder.examples import template
from games.builder.forms import apply_row_op, form_from_data
from games.builder.model import LISTS
from games.builder.spec_form import spec_to_form
from games.engine.actions import WriteRule
from games.engine.errors import EngineError
from games.engine.state import GameState
from games.models import Game
from games.store.errors import ServiceError
from games.store.identity import viewer_seat
from games.store.reads import get_game
from games.store.writes import submit_action
from rules.english import describe
from rules.jargon import suggest_jargon

PANEL = "games/builder/panel.html"
PAGE = "games/builder/page.html"

#: Refusals of the engine and the services, in the builder's words.
MESSAGES = {
    "action/stale_version": "The game changed while you were writing (another rule-maker may "
                            "have finished). Your form is kept and now up to date: check the "
                            "preview and press “Write this rule” again.",
    "rule/jargon_taken": "That jargon name is already taken by another rule. Choose another, "
                         "or press “Suggest”.",
    "action/not_rule_maker": "It is not your turn to write a rule.",
    "action/wrong_phase": "Nobody is writing a rule right now.",
    "game/not_found": "This game no longer exists.",
}


@dataclass(frozen=True, slots=True)
class Writer:
    """The game, its state and the seat index of the person writing a rule."""

    game: Game
    state: GameState
    seat: int


def _game(code: str) -> Game:
    try:
        return get_game(code)
    except ServiceError:
        raise Http404("There is no such game.") from None


def _number(text: str) -> int | None:
    """A whole number of ASCII digits (at most 9), or ``None``; never raises."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _forbidden(message: str) -> HttpResponse:
    return HttpResponseForbidden(message, content_type="text/plain; charset=utf-8")


def writer_only(view: Callable[[HttpRequest, Writer], HttpResponse]
                ) -> Callable[[HttpRequest, str], HttpResponse]:
    """A POST view for the seat writing a rule; anyone else gets 403 and a plain message."""

    @wraps(view)
    @require_POST
    def wrapper(request: HttpRequest, code: str) -> HttpResponse:
        game = _game(code)
        if any("\x00" in value for values in request.POST.lists() for value in values[1]):
            # PostgreSQL cannot store a NUL character in text or JSON (jargon, words to say).
            return HttpResponseBadRequest("The form holds a character that cannot be used.",
                                          content_type="text/plain; charset=utf-8")
        state = load_state(game)
        seat = viewer_seat(request, game)
        if state is None or state.phase != "writing":
            return _forbidden("Nobody is writing a rule right now.")
        if seat is None:
            return _forbidden("Only the player writing a rule can use the rule builder.")
        if seat.index not in state.writers:
            names = " and ".join(state.names[i] for i in state.writers)
            verb = "are" if len(state.writers) > 1 else "is"
            return _forbidden(f"It is not your turn to write a rule: {names} {verb} writing.")
        return view(request, Writer(game, state, seat.index))

    return wrapper


def _panel(request: HttpRequest, w: Writer) -> Panel:
    return make_panel(w.game, w.state, w.seat, form_from_data(request.POST),
                      read_top(request.POST.get("top"), w.state))


@require_GET
def panel(request: HttpRequest, code: str) -> HttpResponse:
    """The whole builder panel: the form for the writer, who is writing for anyone else."""
    game = _game(code)
    seat = viewer_seat(request, game)
    context = panel_context(game, seat.index if seat else None)
    # A whole page when opened directly; the fragment alone for htmx.
    return render(request, PANEL if request.headers.get("HX-Request") else PAGE, context)


def _outside(builder: Panel, area: str) -> Panel:
    """Keep only the message slots outside ``area`` (which is redrawn with its messages)."""
    builder.slots = [(slot, message) for slot, message in builder.slots
                     if not (slot == area or slot.startswith(f"{area}-"))]
    return builder


@writer_only
def form(request: HttpRequest, w: Writer) -> HttpResponse:
    """The form's body again, with the preview: after the kind changed, or with an example
    loaded (``template``)."""
    current = form_from_data(request.POST)
    loaded = template(request.POST.get("template", ""))
    if loaded is not None:
        current = spec_to_form(loaded.spec, current.jargon)
    builder = make_panel(w.game, w.state, w.seat, current,
                         read_top(request.POST.get("top"), w.state))
    builder.slots = [(slot, message) for slot, message in builder.slots
                     if slot in ("form", "jargon")]
    return render(request, f"{PANEL}#body_and_preview", {"builder": builder})


@writer_only
def rows(request: HttpRequest, w: Writer) -> HttpResponse:
    """One list again, with the preview: after a row was added, removed, or changed its test
    (``op`` is ``add``, ``remove`` with ``index``, or ``refresh``)."""
    area = request.POST.get("area", "")
    if area not in (*LISTS, "effects"):
        return HttpResponse("Unknown list.", status=400, content_type="text/plain")
    op = request.POST.get("op", "refresh")
    index = _number(request.POST.get("index", ""))
    current = apply_row_op(form_from_data(request.POST), area, op, index)
    focus = "" if op == "refresh" else f"{op}:{area}"
    builder = make_panel(w.game, w.state, w.seat, current,
                         read_top(request.POST.get("top"), w.state), focus=focus)
    shown = builder.form.lists.get(area) if builder.form else None
    if shown is None and not (area == "effects" and current.kind == "trigger"):
        return HttpResponse("That list is not part of this kind of rule.", status=400,
                            content_type="text/plain")
    partial = "effects" if area == "effects" else "condlist"
    return render(request, f"{PANEL}#{partial}_swap",
                  {"builder": _outside(builder, area), "list": shown})


@writer_only
def preview(request: HttpRequest, w: Writer) -> HttpResponse:
    """The preview of the form as it stands, with every field's message refreshed."""
    return render(request, f"{PANEL}#preview_swap", {"builder": _panel(request, w)})


@writer_only
def jargon(request: HttpRequest, w: Writer) -> HttpResponse:
    """The jargon field with a fresh suggestion that no rule of the game uses."""
    taken = [entry.jargon for entry in w.state.rules]
    current = request.POST.get("jargon", "")
    suggestion = suggest_jargon(Random(), [*taken, current])
    return render(request, f"{PANEL}#jargon", {"jargon": suggestion, "jargon_error": ""})


@writer_only
def submit(request: HttpRequest, w: Writer) -> HttpResponse:
    """Write the rule: through the one write path, with the version the form was made at."""
    builder = make_panel(w.game, w.state, w.seat, form_from_data(request.POST),
                         read_top(request.POST.get("top"), w.state), with_preview=False)
    checked = builder.checked
    assert checked is not None
    if not checked.ok:
        builder.message = "Your rule is not finished yet: see the marked fields."
        return _result(request, builder)
    version = _number(request.POST.get("version", ""))
    version = -1 if version is None else version
    action = WriteRule(w.seat, {"jargon": checked.form.jargon.strip(), "rule": checked.spec})
    try:
        result = submit_action(w.game.code, action, version)
    except (EngineError, ServiceError) as exc:
        builder.message = MESSAGES.get(exc.code, str(exc))
        if exc.code == "action/stale_version":
            fresh = _game(w.game.code)
            builder.version = fresh.version
        return _result(request, builder, stale=exc.code == "action/stale_version")
    mine = result.state.rules[-1]
    done = make_panel(result.game, result.state, w.seat)
    return render(request, f"{PANEL}#confirmation",
                  {"builder": done, "jargon": mine.jargon,
                   "sentence": describe(mine.rule), "waiting": result.state.phase == "writing"})


def _result(request: HttpRequest, builder: Panel, stale: bool = False) -> HttpResponse:
    response = render(request, f"{PANEL}#result", {"builder": builder, "stale": stale})
    return reswap(retarget(response, "#builder-result"), "innerHTML")
