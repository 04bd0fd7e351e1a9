"""HTTP views of the notebook, under ``/g/<code>/notebook/`` (namespace ``notebook``).

Anyone with the game's link has a notebook (players and spectators, told apart by the
holder token in their session, as seats are). ``GET`` the notebook page (the evidence and
the viewer's own part; htmx gets the own part alone, for the table's notebook panel);
``POST`` a note, a hypothesis (written in the rule builder: inside the table's notebook
when htmx asks, else on a page of its own), its deletion, or its seal as the viewer's
guess. Every answer shows only the viewer's own notes, hypotheses and guesses; a refusal
changes nothing and says why.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from games.authoring.forms import check, form_from_data
from games.authoring.model import RuleForm
from games.authoring.spec_form import Unrepresentable, spec_to_form
from games.builder.context import Panel, error_slots, form_view
from games.builder.start import blank_form, shown_problems, slot_messages
from games.builder.views import list_swap
from games.deduction.hypotheses import Check
from games.deduction.hypotheses import check as check_hypothesis
from games.deduction.record import PublicRecord
from games.digits import whole_number
from games.display.evidence_grid import DEFAULT, arrangement
from games.display.notebook_rows import evidence_context, evidence_view, grid_pair
from games.models import LOBBY, Game, Hypothesis, Seat, SoloRun
from games.notebook import services
from games.notebook.private_notes import PrivateNotes, private_notes_of
from games.notebook.turn import turn_line
from games.store.errors import ServiceError
from games.store.identity import request_holder, viewer_seat
from games.store.limits import TOO_FAST, over_limit
from games.store.pages import game_or_404
from games.store.reads import game_state
from rules.english import describe

PAGE = "games/notebook/page.html"
HYPOTHESIS = "games/notebook/hypothesis.html"
PANEL = "games/builder/panel.html"
BAD_REQUEST = 400


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is asking: the game, their seat (``None``: a spectator), their holder hash and
    their public record of the game."""

    game: Game
    seat: Seat | None
    holder: str
    record: PublicRecord

    @property
    def index(self) -> int | None:
        """The viewer's seat number, or ``None``."""
        return self.seat.index if self.seat is not None else None


def _viewer(request: HttpRequest, code: str) -> Viewer:
    game = game_or_404(code)
    if game.phase == LOBBY:
        raise Http404("This game has not started yet: its notebook opens with the first play.")
    seat = viewer_seat(request, game)
    index = seat.index if seat is not None else None
    return Viewer(game, seat, request_holder(request), services.record_for(game, index))


def _plain(message: str, status: int = BAD_REQUEST) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _has_nul(request: HttpRequest) -> bool:
    return any("\x00" in value for _, values in request.POST.lists() for value in values)


def _private_notes(viewer: Viewer, message: str = "") -> PrivateNotes:
    return private_notes_of(viewer.game, viewer.seat, viewer.holder, viewer.record, message)


@require_GET
def notebook(request: HttpRequest, code: str) -> HttpResponse:
    """The notebook: a whole page when opened directly, the viewer's own part for htmx."""
    viewer = _viewer(request, code)
    mine = _private_notes(viewer)
    if request.headers.get("HX-Request"):
        return render(request, f"{PAGE}#mine", {"mine": mine})
    # The evidence is the same for everyone: the spectator's record, not this viewer's.
    everyone = services.record_for(viewer.game, None)
    how = _arrangement(request)
    pairs = [grid_pair(everyone, jargon, viewer.game.version, how)
             for jargon in ("", *everyone.jargons)]
    return render(request, PAGE, {"mine": mine, "pairs": pairs,
                                  **evidence_context(everyone, viewer.game.code, full=True,
                                                     house=services.house_rules(viewer.game))})


#: Where a viewer's choice of how to arrange the evidence grids is remembered.
ARRANGE_KEY = "mao_grid_arrangement"


def _arrangement(request: HttpRequest) -> str:
    """How to arrange the evidence grids: as asked (``?arrange=``, then remembered for this
    browser), else as last asked; an unknown value is ignored."""
    chosen = arrangement(request.GET.get("arrange"))
    if chosen is not None:
        if request.session.get(ARRANGE_KEY) != chosen:
            request.session[ARRANGE_KEY] = chosen
        return chosen
    return arrangement(request.session.get(ARRANGE_KEY)) or DEFAULT


@require_GET
def grids(request: HttpRequest, code: str) -> HttpResponse:
    """The evidence grids of one jargon (``?jargon=``; none: of all plays), as of now,
    arranged as ``?arrange=`` says (or as this browser last chose)."""
    viewer = _viewer(request, code)
    raw = request.GET.get("jargon", "")
    jargon = _jargon(viewer, raw) if raw else ""
    everyone = services.record_for(viewer.game, None)
    how = _arrangement(request)
    return render(request, "games/notebook/evidence.html#grids",
                  {"pair": grid_pair(everyone, jargon, viewer.game.version, how),
                   "code": viewer.game.code})


@require_POST
def note(request: HttpRequest, code: str) -> HttpResponse:
    """Keep a note (``jargon`` empty: on the game); the answer is a short status line."""
    if over_limit(request, "notebook"):  # before reading the game's record
        return _plain(TOO_FAST, 429)
    viewer = _viewer(request, code)
    if _has_nul(request):
        return _plain("A note cannot hold that character.")
    try:
        services.save_note(viewer.game, viewer.holder, request.POST.get("jargon", ""),
                           request.POST.get("text", ""), viewer.record)
    except ServiceError as exc:
        return _plain(str(exc))
    return render(request, f"{PAGE}#saved", {})


@require_POST
def delete(request: HttpRequest, code: str, hypothesis: int) -> HttpResponse:
    """Forget one of the viewer's hypotheses; the answer is their part of the notebook."""
    if over_limit(request, "notebook"):
        return _plain(TOO_FAST, 429)
    viewer = _viewer(request, code)
    try:
        services.delete_hypothesis(viewer.game, viewer.holder, hypothesis)
        message = "Hypothesis deleted."
    except ServiceError as exc:
        message = str(exc)
    return render(request, f"{PAGE}#mine", {"mine": _private_notes(viewer, message)})


@require_POST
def seal(request: HttpRequest, code: str, hypothesis: int) -> HttpResponse:
    """Seal one of the viewer's hypotheses as their guess for its jargon."""
    if over_limit(request, "notebook"):
        return _plain(TOO_FAST, 429)
    viewer = _viewer(request, code)
    row = Hypothesis.objects.filter(game=viewer.game, holder=viewer.holder,
                                    pk=hypothesis).first()
    try:
        if row is None:
            raise ServiceError("notebook/no_hypothesis", "That hypothesis is not in your "
                                                         "notebook.")
        services.seal_guess(viewer.game, viewer.seat, row.jargon, row.spec, viewer.record)
        message = (f"Sealed as your guess for {row.jargon}. Nobody learns whether it is "
                   "right before the reveal.")
    except ServiceError as exc:
        message = str(exc)
    return render(request, f"{PAGE}#mine", {"mine": _private_notes(viewer, message)})


# Writing a hypothesis: the rule builder, in the table's notebook or on a page of its own.


@dataclass
class HypothesisPanel(Panel):
    """The rule builder's panel for a hypothesis: the same form, a fixed jargon, and
    instead of the rule-writer's preview, the hypothesis checked against the evidence."""

    jargon: str = ""
    editing: int | None = None
    verdict: Check | None = None
    sentence: str = ""
    can_seal: bool = False
    #: Where the solo player prophesies this rule (games/solo); empty at other tables.
    prophesy_url: str = ""

    @property
    def previews_grid(self) -> bool:
        """A hypothesis is checked against the plays seen, not drawn on a grid."""
        return False

    @property
    def writes_rule(self) -> bool:
        """No examples, revision, jargon field or form message on the hypothesis page."""
        return False

    @property
    def urls(self) -> dict[str, str]:
        """The hypothesis builder's endpoints for this game (the builder's own names)."""
        names = {"form": "hypothesis_form", "rows": "hypothesis_rows",
                 "preview": "hypothesis_preview", "submit": "hypothesis_save"}
        return {n: reverse(f"notebook:{view}", kwargs={"code": self.code})
                for n, view in names.items()}


def _jargon(viewer: Viewer, raw: str) -> str:
    cleaned = " ".join(raw.split()).casefold()
    if any(known.casefold() == cleaned for known in services.house_rules(viewer.game)):
        raise Http404("That is a house rule: everyone knows it, there is nothing to guess.")
    for seen in viewer.record.jargons:
        if seen.casefold() == cleaned:
            return seen
    raise Http404("No rule of that name has shown itself at this table yet.")


def _editing(viewer: Viewer, raw: str | None) -> Hypothesis | None:
    if not raw:
        return None
    pk = whole_number(raw, 9)
    if pk is None:
        raise Http404("There is no such hypothesis in your notebook.")
    row = Hypothesis.objects.filter(game=viewer.game, holder=viewer.holder, pk=pk).first()
    if row is None:
        raise Http404("There is no such hypothesis in your notebook.")
    return row


def _panel(viewer: Viewer, jargon: str, form: RuleForm, editing: int | None,
           focus: str = "") -> HypothesisPanel:
    form.jargon = jargon
    sighting = viewer.record.sighting(jargon)
    checked = check(form, author=sighting.author if sighting else None)
    problems, blank = shown_problems(form, checked.problems)
    panel = HypothesisPanel(
        viewer.game.code, viewer.game.version, viewer.index, viewer.game.phase, [], True,
        blank=blank, form=form_view(form, problems, focus), checked=checked, jargon=jargon,
        editing=editing, can_seal=viewer.seat is not None and not viewer.seat.is_bot
        and viewer.game.phase != "ended"
        and not services.own_rule(game_state(viewer.game), viewer.index, jargon))
    panel.slots = slot_messages(error_slots(form), problems)
    # Only a solo table has bots and a run: a table of friends asks the database nothing.
    if (viewer.seat is not None and viewer.game.phase != "ended" and viewer.game.has_bots
            and SoloRun.objects.filter(game=viewer.game, holder=viewer.holder).exists()):
        panel.prophesy_url = reverse("solo:prophesy", kwargs={"code": viewer.game.code})
    if checked.ok and checked.rule is not None:
        panel.verdict = check_hypothesis(checked.rule, jargon, viewer.record,
                                         services.rule_settings(viewer.game))
        panel.sentence = describe(checked.rule)
    return panel


@require_GET
def hypothesis(request: HttpRequest, code: str) -> HttpResponse:
    """The page to write (``?jargon=``) or change (``?edit=<id>``) a hypothesis; for htmx,
    the writer alone, for the table's notebook."""
    viewer = _viewer(request, code)
    row = _editing(viewer, request.GET.get("edit"))
    jargon = row.jargon if row is not None else _jargon(viewer, request.GET.get("jargon", ""))
    form = blank_form()
    if row is not None:
        try:
            form = spec_to_form(row.spec, jargon)
        except Unrepresentable:
            form = blank_form()  # written before the builder could say it: start afresh
    return _writer(request, viewer, _panel(viewer, jargon, form,
                                           row.pk if row is not None else None))


def _writer(request: HttpRequest, viewer: Viewer, panel: HypothesisPanel, message: str = "",
            status: int = 200) -> HttpResponse:
    """The writer alone for htmx (into the table's notebook, where the table beside it shows
    the turn and the clock), else its page (with ``message``, a refused keep without script)."""
    # What the table saw of this jargon, to reason from while writing.
    seen = evidence_view(viewer.record)
    entry = next((j for j in seen.jargons if j.jargon == panel.jargon), None)
    context = {"builder": panel, "code": viewer.game.code, "entry": entry}
    if request.headers.get("HX-Request"):
        return render(request, f"{HYPOTHESIS}#writer", context | {"panel": True, "level": 4})
    return render(request, HYPOTHESIS, context | {
        "level": 2, "turn": turn_line(viewer.game, viewer.index), "message": message},
        status=status)


def _posted(request: HttpRequest, code: str, limit: str | None = "hypothesis"
            ) -> tuple[Viewer, str, int | None] | HttpResponse:
    """Who asks, about which jargon, editing which hypothesis; or the answer to give
    instead. Counted against the limit ``limit`` (if any) first, before the game's record
    is read (over it: 429 and a plain message)."""
    if limit is not None and over_limit(request, limit):
        return _plain(TOO_FAST, 429)
    if _has_nul(request):
        return _plain("The form holds a character that cannot be used.")
    viewer = _viewer(request, code)
    row = _editing(viewer, request.POST.get("edit"))
    jargon = row.jargon if row is not None else _jargon(viewer, request.POST.get("jargon", ""))
    return viewer, jargon, row.pk if row is not None else None


@require_POST
def hypothesis_form(request: HttpRequest, code: str) -> HttpResponse:
    """The form's body again with the verdict: after the kind changed."""
    posted = _posted(request, code)
    if isinstance(posted, HttpResponse):
        return posted
    viewer, jargon, editing = posted
    panel = _panel(viewer, jargon, form_from_data(request.POST), editing)
    # The body drawn again holds every message slot of the new kind: none comes apart (a
    # slot of the new kind alone would have no target yet when htmx swaps it).
    panel.slots = []
    return render(request, f"{PANEL}#body_and_preview", {"builder": panel})


@require_POST
def hypothesis_rows(request: HttpRequest, code: str) -> HttpResponse:
    """One list again with the verdict: after a row or group was added, moved, removed or
    changed; without script, the page."""
    posted = _posted(request, code)
    if isinstance(posted, HttpResponse):
        return posted
    viewer, jargon, editing = posted
    # Without script (the page's row buttons post the form here), the page again.
    # The list comes with its own message slots: the answer swaps only the others (a slot
    # of a row just added is not on the page until the list lands).
    return list_swap(request, lambda form, focus: _panel(viewer, jargon, form, editing, focus),
                     _plain, outside=True, page=lambda panel: _writer(request, viewer, panel))


@require_POST
def hypothesis_preview(request: HttpRequest, code: str) -> HttpResponse:
    """The verdict on the form as it stands, with every field's message refreshed."""
    posted = _posted(request, code)
    if isinstance(posted, HttpResponse):
        return posted
    viewer, jargon, editing = posted
    panel = _panel(viewer, jargon, form_from_data(request.POST), editing)
    return render(request, f"{PANEL}#preview_swap", {"builder": panel})


@require_POST
def hypothesis_save(request: HttpRequest, code: str) -> HttpResponse:
    """Keep the hypothesis (``edit``: in place of that one), and seal it when ``seal`` is
    set; back to the table with the notebook open (written in the table's notebook,
    ``panel``: the notebook's own part, for its slot; posted without script: to the
    notebook's page, or the page again with the reason it was refused)."""
    if over_limit(request, "notebook"):  # (a write: the notebook's limit, not the checks')
        return _result(request, TOO_FAST)
    posted = _posted(request, code, limit=None)
    if isinstance(posted, HttpResponse):
        return posted
    viewer, jargon, editing = posted
    panel = _panel(viewer, jargon, form_from_data(request.POST), editing)
    checked = panel.checked

    def refused(message: str) -> HttpResponse:
        if request.headers.get("HX-Request"):
            return _result(request, message)
        return _writer(request, viewer, panel, message, BAD_REQUEST)  # posted without script

    if checked is None or not checked.ok or checked.rule is None:
        return refused("Your hypothesis is not finished yet: see the marked fields.")
    spec = checked.spec
    try:
        # Kept and sealed together, or neither (a refused seal keeps no hypothesis either,
        # so pressing the button again does not keep it twice).
        with transaction.atomic():
            if editing is not None:
                services.change_hypothesis(viewer.game, viewer.holder, editing, spec)
            else:
                services.add_hypothesis(viewer.game, viewer.holder, jargon, spec,
                                        viewer.record)
            if request.POST.get("seal"):
                services.seal_guess(viewer.game, viewer.seat, jargon, spec, viewer.record)
    except ServiceError as exc:
        return refused(str(exc))
    if request.POST.get("panel") and request.headers.get("HX-Request"):
        # Written in the table's notebook: its own part again, with the hypothesis in it.
        kept = (f"Hypothesis kept and sealed as your guess for {jargon}. Nobody learns "
                "whether it is right before the reveal." if request.POST.get("seal")
                else f"Hypothesis for {jargon} kept.")
        mine = render(request, f"{PAGE}#mine", {"mine": _private_notes(viewer, kept)})
        return reswap(retarget(mine, "#nb-mine-slot"), "innerHTML")
    if request.headers.get("HX-Request"):
        back = reverse("game", kwargs={"code": viewer.game.code}) + "#notebook-mine"
        return HttpResponseClientRedirect(back)
    # Posted without script: the notebook's page, which shows it checked (the table's
    # notebook needs script to open).
    back = reverse("notebook:page", kwargs={"code": viewer.game.code}) + "#nb-mine-title"
    return HttpResponseRedirect(back, status=303)


def _result(request: HttpRequest, message: str) -> HttpResponse:
    response = render(request, f"{HYPOTHESIS}#result", {"message": message})
    return reswap(retarget(response, "#builder-result"), "innerHTML")
