"""HTTP views of the rule builder, under ``/g/<code>/builder/``.

``GET`` the panel; every ``POST`` is for the writing seat only (403 otherwise) and answers
with an htmx fragment of ``panel.html``. Only the submit, through
:func:`games.store.acting.perform_post`, may depend on rules the writer does not know
(:mod:`games.builder.lock_check`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

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

from games.authoring.examples import template
from games.authoring.forms import TREE_OPS, apply_row_op, apply_tree_op, form_from_data
from games.authoring.model import LISTS, RuleForm
from games.authoring.revision import revision
from games.authoring.situation import read_choice
from games.authoring.spec_form import spec_to_form
from games.builder.context import Panel, load_state, make_panel, panel_context, read_top
from games.builder.lock_check import ENDS_GAME_CODE, ENDS_GAME_WARNING, stops_write
from games.builder.naming import suggestion
from games.builder.start import blank_form, untouched_example
from games.digits import whole_number
from games.engine.state import GameState
from games.models import Game
from games.store.acting import BUILDER_KINDS, ActionRequest, perform_post
from games.store.budgets import Refused, metered
from games.store.errors import ServiceError
from games.store.identity import holder_of, viewer_seat
from games.store.limits import TOO_FAST, client_address, over_limit
from games.store.reads import get_game
from rules.english import describe

PANEL = "games/builder/panel.html"
PAGE = "games/builder/page.html"

#: What the builder adds to a refusal of the one action path (whose words are the same on
#: every transport) where its form offers more.
HINTS = {
    "action/stale_version": " Your form is kept and now up to date: check the preview and "
                            "press “Write this rule” again.",
}
#: The builder's own words for a refusal only a rule writer can meet (the table's
#: transports cannot write rules): the engine's quote the name, which the builder's
#: answers never echo (an answer to an author shows no other rule's jargon).
OWN_WORDS = {
    "rule/kind_not_allowed": "This game's rule-makers write only the kinds of rule its "
                             "menu offers: choose one of them.",
    "rule/jargon_taken": "You already know a rule by that jargon name (yours, a house rule, or "
                         "one named at the table). Choose another, or press “Suggest”.",
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


def _forbidden(message: str) -> HttpResponse:
    return HttpResponseForbidden(message, content_type="text/plain; charset=utf-8")


WriterView = Callable[[HttpRequest, Writer], HttpResponse]


def writer_view(limit: str, one_at_a_time: bool = True, after_writing: int | None = None,
                budget: str = "") -> Callable[[WriterView],
                                              Callable[[HttpRequest, str], HttpResponse]]:
    """A POST view for the seat writing a rule, counted against the rate ``limit`` first
    (each request checks the draft, and most preview it: CPU a flood must not take; over
    the limit, 429 and a plain message); anyone but the writer gets 403 and a plain
    message. Each request runs on its sender's CPU budget at this table (a seat holder's,
    so the writer's; ``budget`` names another of the sender's, see :func:`budget_key`) and
    (``one_at_a_time``) never beside another of the sender's: over the budget or beside
    one, 429 and the same message, with nothing computed
    (``games.store.budgets``). With ``after_writing`` (a status), a seat asking again
    about the rule it has just written (a background request sent before the writing ended)
    gets that empty answer instead of 403: the browser has nothing to show for it."""

    def decorate(view: WriterView) -> Callable[[HttpRequest, str], HttpResponse]:
        @wraps(view)
        @require_POST
        def wrapper(request: HttpRequest, code: str) -> HttpResponse:
            game = _game(code)
            if over_limit(request, limit):
                return _too_fast()
            # Metered before anything is read of the form or the game: a refusal is cheap.
            answer = metered(budget_key(request, game, budget),
                             lambda: _for_the_writer(request, game, view, after_writing),
                             one_at_a_time=one_at_a_time)
            return _too_fast(answer.retry_after) if isinstance(answer, Refused) else answer

        return wrapper

    return decorate


def _too_fast(retry_after: int | None = None) -> HttpResponse:
    """429 and :data:`TOO_FAST` (with ``Retry-After``: when the builder asks again)."""
    response = HttpResponse(TOO_FAST, status=429, content_type="text/plain; charset=utf-8")
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def budget_key(request: HttpRequest, game: Game, budget: str = "") -> str:
    """The CPU budget a builder request at ``game`` is charged to: its sender's there, or
    the sender's ``budget`` there (the difficulty estimates have their own, so that however
    long a writer spends on a hard draft, what they spent on estimates never refuses their
    previews or the rule they write)."""
    return f"{game.code}:{_who(request)}" + (f":{budget}" if budget else "")


def _who(request: HttpRequest) -> str:
    """Who sends a request, without the database: the seat holder (the hash the seat
    stores, shortened), or the client address for a browser without one."""
    holder = holder_of(request.session)
    return f"h{holder[:32]}" if holder else f"ip{client_address(request)}"


def _for_the_writer(request: HttpRequest, game: Game, view: WriterView,
                    after_writing: int | None = None) -> HttpResponse:
    """``view`` for the seat writing a rule; 403 and a plain message for anyone else (but
    ``after_writing``, see :func:`writer_view`)."""
    if any("\x00" in value for values in request.POST.lists() for value in values[1]):
        # PostgreSQL cannot store a NUL character in text or JSON (jargon, words to say).
        return HttpResponseBadRequest("The form holds a character that cannot be used.",
                                      content_type="text/plain; charset=utf-8")
    state = load_state(game)
    seat = viewer_seat(request, game)
    if (after_writing is not None and state is not None and seat is not None and state.rules
            and state.rules[-1].author == seat.index
            and (state.phase != "writing" or seat.index not in state.writers)):
        return HttpResponse(status=after_writing)
    if state is None or state.phase != "writing":
        return _forbidden("Nobody is writing a rule right now.")
    if seat is None:
        return _forbidden("Only the player writing a rule can use the rule builder.")
    if seat.index not in state.writers:
        names = " and ".join(state.names[i] for i in state.writers)
        verb = "are" if len(state.writers) > 1 else "is"
        return _forbidden(f"It is not your turn to write a rule: {names} {verb} writing.")
    return view(request, Writer(game, state, seat.index))


#: The builder's requests (a form redrawn, a row, a preview, a jargon, the rule written).
writer_only = writer_view("builder")


#: Why a submit was refused when the preview did not show the rule the form holds.
NOT_PREVIEWED = ("The preview had not caught up with your last change, so nothing was "
                 "written. The preview now shows the rule as your form holds it: check it, "
                 "then press “Write this rule” again.")


def _with_jargon(request: HttpRequest, builder: Panel) -> Panel:
    """Keep an example's jargon only while the form still holds that example.

    ``jargon_from`` names the example whose jargon the field was filled with; once the rule
    is changed away from it the jargon would name a rule the writer did not write, so the
    field is cleared (an empty jargon gets one picked). A jargon the writer typed is theirs.
    """
    source = request.POST.get("jargon_from", "")
    loaded = template(source)
    if loaded is None or builder.form is None:
        return builder
    builder.jargon_from = source
    if builder.form.form.jargon == loaded.jargon and builder.example != source:
        builder.form.form.jargon = ""
        builder.jargon_from = ""
        builder.jargon_redrawn = True
    return builder


def _make(request: HttpRequest, w: Writer, form: RuleForm, focus: str = "",
          with_preview: bool = True) -> Panel:
    """The writer's panel for ``form``, in the situation the request's fields set."""
    builder = make_panel(w.game, w.state, w.seat, form,
                         read_top(request.POST.get("top"), w.state), focus=focus,
                         with_preview=with_preview, choice=read_choice(request.POST.get))
    # The pile controls are redrawn only when the depth the rules read is not the one shown.
    builder.piles_shown = whole_number(request.POST.get("sit-depth", ""), 9)
    rounds = request.POST.get("sit-rounds", "")
    builder.rounds_shown = rounds == "1" if rounds in ("0", "1") else None
    return builder


def _panel(request: HttpRequest, w: Writer) -> Panel:
    return _with_jargon(request, _make(request, w, form_from_data(request.POST)))


@require_GET
def panel(request: HttpRequest, code: str) -> HttpResponse:
    """The whole builder panel: the form for the writer, who is writing for anyone else."""
    game = _game(code)
    seat = viewer_seat(request, game)
    # ``?template=`` an idea of the gallery, adopted: how the gallery works without script.
    context = panel_context(game, seat.index if seat else None,
                            idea=request.GET.get("template", ""))
    # A whole page when opened directly; the fragment alone for htmx.
    return render(request, PANEL if request.headers.get("HX-Request") else PAGE, context)


def _outside(builder: Panel, area: str) -> Panel:
    """Keep only the message slots outside ``area`` (which is redrawn with its messages)."""
    builder.slots = [(slot, message) for slot, message in builder.slots
                     if not (slot == area or slot.startswith(f"{area}-"))]
    return builder


@writer_only
def form(request: HttpRequest, w: Writer) -> HttpResponse:
    """The form's body again, with the preview: after the kind changed (from an example left
    as it was, to an empty rule of the new kind), or with an example loaded (``template``,
    from the gallery or the example menu)."""
    current = form_from_data(request.POST)
    loaded = template(request.POST.get("template", ""))
    if loaded is None:
        if untouched_example(current):
            # The kind was switched away from an example left as it was: its conditions
            # were never the writer's, so the new kind starts empty (start.py).
            current = blank_form(current.kind, current.jargon)
        builder = _with_jargon(request, _make(request, w, current))
    else:
        previous = template(request.POST.get("jargon_from", ""))
        # The example's own jargon comes with it, unless the writer typed one of their own.
        typed = current.jargon.strip() and (previous is None
                                            or current.jargon != previous.jargon)
        current = spec_to_form(loaded.spec, current.jargon if typed else loaded.jargon)
        builder = _make(request, w, current)
        if not typed:
            builder.jargon_from, builder.jargon_redrawn = loaded.id, True
    builder.slots = [(slot, message) for slot, message in builder.slots
                     if slot in ("form", "jargon")]
    return render(request, f"{PANEL}#body_and_preview", {"builder": builder})


@writer_only
def rows(request: HttpRequest, w: Writer) -> HttpResponse:
    """One list again, with the preview: after a row or group was added, removed, moved, or
    a row changed its test (see :func:`list_swap`); without script, the whole page."""
    return list_swap(
        request, lambda current, focus: _with_jargon(request, _make(request, w, current, focus)),
        lambda message: HttpResponse(message, status=400, content_type="text/plain"),
        outside=True, page=lambda panel: render(request, PAGE, {"builder": panel}))


def list_swap[P: Panel](request: HttpRequest, panel_for: Callable[[RuleForm, str], P],
                        refuse: Callable[[str], HttpResponse], outside: bool = False,
                        page: Callable[[P], HttpResponse] | None = None) -> HttpResponse:
    """The list ``area`` of the posted form again, after the row operation ``op`` at the
    field prefix ``at`` (:data:`~games.authoring.forms.TREE_OPS`; an effect's ``add`` or
    ``remove`` with ``index``; ``refresh``), in the panel ``panel_for`` makes of the changed
    form and its focus; the builder's and the notebook's. ``outside``: keep only the
    messages outside the list. Posted without script (a button's ``row_op``, "add must-2"),
    the ``page`` of that panel."""
    area, op, at = (request.POST.get(key, "") for key in ("area", "op", "at"))
    if not area and (row_op := request.POST.get("row_op", "")):
        op, _, at = row_op.partition(" ")
        area = at.split("-", 1)[0]
    if area not in (*LISTS, "effects") or (at and at.split("-", 1)[0] != area):
        return refuse("Unknown list.")
    op = op or "refresh"
    index = whole_number(request.POST.get("index", ""), 9)
    current = form_from_data(request.POST)
    if area == "effects":
        apply_row_op(current, area, op, index)
        focus = "" if op == "refresh" else f"{op}:{area}"
    elif op in TREE_OPS:
        focus = apply_tree_op(current, op, at or (area if index is None else f"{area}-{index}"))
    else:
        focus = ""
    panel = panel_for(current, focus)
    shown = panel.form.lists.get(area) if panel.form else None
    if shown is None and not (area == "effects" and current.kind == "trigger"):
        return refuse("That list is not part of this kind of rule.")
    if page is not None and not request.headers.get("HX-Request"):
        return page(panel)
    partial = "effects" if area == "effects" else "condlist"
    return render(request, f"{PANEL}#{partial}_swap",
                  {"builder": _outside(panel, area) if outside else panel, "list": shown})


@writer_only
def preview(request: HttpRequest, w: Writer) -> HttpResponse:
    """The preview of the form as it stands, with every field's message refreshed."""
    return render(request, f"{PANEL}#preview_swap", {"builder": _panel(request, w)})


@writer_only
def jargon(request: HttpRequest, w: Writer) -> HttpResponse:
    """The jargon field with a fresh suggestion (:func:`~games.builder.naming.suggestion`):
    the ``suggested``-th, counted by the field itself, so the same requests get the same
    answer."""
    count = whole_number(request.POST.get("suggested", ""), 9) or 0
    name = suggestion(w.state, w.seat, count, request.POST.get("jargon", ""))
    # The redrawn field needs the panel's URLs: without them its Suggest button would post
    # to the page itself (which answers with the whole page, wiping the form).
    builder = make_panel(w.game, w.state, w.seat, with_preview=False)
    return render(request, f"{PANEL}#jargon", {"builder": builder, "jargon": name,
                                               "jargon_error": "", "suggested": count + 1})


@writer_only
def submit(request: HttpRequest, w: Writer) -> HttpResponse:
    """Write the rule: through the one write path, with the version the form was made at.

    The turn's first submit of a finished, previewed draft may be stopped once, with the
    same words whatever the cause, when with every rule in force it could end the game
    (:func:`games.builder.lock_check.stops_write`); nothing else here reads a rule the
    writer does not know."""
    builder = _make(request, w, form_from_data(request.POST), with_preview=False)
    checked = builder.checked
    assert checked is not None
    if not checked.ok:
        builder.message = ("Your rule is not finished yet: it has no condition. Add one with "
                           "“+ Add a condition”." if builder.blank else
                           "Your rule is not finished yet: see the marked fields.")
        return _result(request, builder)
    if request.POST.get("revision", "") != revision(checked.spec):
        # Written only as previewed: the preview shown was of another draft (a late or lost
        # response), so show this one and let the writer look before writing it.
        builder = _panel(request, w)
        builder.message = NOT_PREVIEWED
        return _result(request, builder, previewed=True)
    assert checked.rule is not None  # a finished draft is a rule
    if stops_write(w.game, w.state, w.seat, checked.rule):
        builder.message = ENDS_GAME_WARNING
        return _result(request, builder, code=ENDS_GAME_CODE)
    version = whole_number(request.POST.get("version", ""), 9)
    rule = {"jargon": checked.form.jargon.strip(), "rule": checked.spec}
    # Through the one action path, as the seat the session holds, counted against the
    # writer's action limit like a play.
    outcome = perform_post(request, w.game, lambda: ActionRequest(
        {"type": "write_rule", "rule": rule}, -1 if version is None else version),
        kinds=BUILDER_KINDS)
    result = outcome.result
    if result is None:
        builder.message = (OWN_WORDS.get(outcome.code)
                           or outcome.message + HINTS.get(outcome.code, ""))
        if outcome.code == "action/stale_version":
            fresh = _game(w.game.code)
            builder.version = fresh.version
        return _result(request, builder, stale=outcome.code == "action/stale_version")
    mine = result.state.rules[-1]
    done = make_panel(result.game, result.state, w.seat)
    return render(request, f"{PANEL}#confirmation",
                  {"builder": done, "jargon": mine.jargon,
                   "sentence": describe(mine.rule), "waiting": result.state.phase == "writing"})


def _result(request: HttpRequest, builder: Panel, stale: bool = False,
            previewed: bool = False, code: str = "") -> HttpResponse:
    """The answer to a submit that wrote nothing: ``builder.message`` in the result area
    (an alert), with the warning ``code`` it is, if any."""
    response = render(request, f"{PANEL}#result", {"builder": builder, "stale": stale,
                                                   "previewed": previewed, "code": code})
    return reswap(retarget(response, "#builder-result"), "innerHTML")
