"""HTTP views of solo puzzles: choosing one, the prophecy and giving up at the table, the
end's reveal, and the daily challenge with its results."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.authoring.forms import check, form_from_data
from games.digits import whole_number
from games.models import SoloRun
from games.puzzles.grading import PuzzleStats, played_grade
from games.puzzles.library import Puzzle
from games.solo import daily, opening
from games.solo.ending import give_up, run_of, settled
from games.solo.opening import find_puzzle, puzzle_named, start_solo
from games.solo.prophecy import prophesy
from games.solo.reveal import detective_context, end_context
from games.solo.stats import puzzle_statistics
from games.store.errors import ServiceError
from games.store.identity import holder_of, request_holder
from games.store.limits import TOO_FAST, over_limit
from games.store.pages import game_or_404, is_htmx
from games.store.solo_secrecy import kept_from

BAD_REQUEST = 400
STOP_POLLING = 286


@dataclass(frozen=True, slots=True)
class Offer:
    """A puzzle on the choice page: its grade in words (the players' results in it once
    enough have tried) and what they did (``None``: nobody has finished it yet)."""

    puzzle: Puzzle
    grade: str
    played: PuzzleStats | None


@dataclass(frozen=True, slots=True)
class OfferGroup:
    """The puzzles of one grade on the choice page (published ones apart, at the end)."""

    slug: str
    title: str
    offers: list[Offer]


def offer_groups(offered: list[Offer]) -> list[OfferGroup]:
    """The built-in puzzles by grade, easiest first, then those players published."""
    built_in = [o for o in offered if o.puzzle.source != "published"]
    groups = [OfferGroup(word.replace(" ", "-"), word.capitalize(),
                         [o for o in built_in if o.grade == word])
              for word in daily.GRADE_WORDS.values()]
    groups.append(OfferGroup("published", "Published by players",
                             [o for o in offered if o.puzzle.source == "published"]))
    return [group for group in groups if group.offers]


def _game_link(code: str) -> str:
    return reverse("game", kwargs={"code": code})


@require_GET
def choose(request: HttpRequest) -> HttpResponse:
    """The puzzles to play alone, and today's challenge."""
    return _choice(request)


def _choice(request: HttpRequest, refusal: str = "", status: int = 200) -> HttpResponse:
    today = daily.today()
    puzzle, _ = daily.challenge(today)
    # The challenges around today are left out: a free run given up would reveal the rule.
    near = daily.near_dailies(today)
    played = puzzle_statistics()
    offered = [Offer(p, daily.GRADE_WORDS[played_grade(p.grade, played.get(p.slug))],
                     played.get(p.slug))
               for p in opening.library() if p.slug not in near]
    return render(request, "solo/choose.html", {
        "groups": offer_groups(offered), "daily_puzzle": puzzle, "refusal": refusal},
        status=status)


@require_POST
def start(request: HttpRequest) -> HttpResponse:
    """Open a solo table of the puzzle chosen (``puzzle``), or today's (``daily``); as
    many a minute as tables of friends (the ``new_game`` limit)."""
    if over_limit(request, "new_game"):
        return _choice(request, TOO_FAST, 429)
    holder = request_holder(request)
    try:
        if request.POST.get("daily"):
            day = daily.today()
            puzzle, seed = daily.challenge(day)
            game = start_solo(puzzle, request.POST.get("name", ""), holder, seed, day)
        else:
            chosen = puzzle_named(request.POST.get("puzzle", ""))
            daily.refuse_near_daily(chosen, daily.today())
            game = start_solo(chosen, request.POST.get("name", ""), holder)
    except ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("solo:daily" if request.POST.get("daily") else "solo:choose")
    return HttpResponseRedirect(_game_link(game.code), status=303)


def _answer(request: HttpRequest, message: str, status: int = 200) -> HttpResponse:
    """The answer to an action: a line for htmx to swap in (a refusal too, with
    ``X-Mao-Accepted: 0`` as the table's actions answer, since htmx shows no error answer);
    posted without script, the line as plain text with its status."""
    if is_htmx(request):
        response = render(request, "solo/answer.html", {"message": message})
        response["X-Mao-Accepted"] = "1" if status < BAD_REQUEST else "0"
        return response
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


@require_POST
def prophecy(request: HttpRequest, code: str) -> HttpResponse:
    """Judge the rule in the hypothesis writer's form as the hidden rule ``jargon``."""
    game = game_or_404(code)
    if over_limit(request, "hypothesis"):
        return _answer(request, TOO_FAST, 429)
    form = form_from_data(request.POST)
    jargon = request.POST.get("jargon", "")
    form.jargon = jargon
    checked = check(form)
    raw = request.POST.get("version") or request.POST.get("seen") or ""
    version = whole_number(raw, 9)
    try:
        if version is None:
            raise ServiceError("solo/no_version", "Your screen is out of date: reload it.")
        if not checked.ok:
            raise ServiceError("solo/bad_rule",
                               "Your rule is not finished yet: see the marked fields.")
        outcome = prophesy(game, holder_of(request.session) or "", jargon,
                           checked.spec, version)
    except ServiceError as exc:
        return _answer(request, str(exc), BAD_REQUEST)
    if outcome.solved:
        end = reverse("solo:end", kwargs={"code": code})
        return HttpResponseClientRedirect(end) if is_htmx(request) else redirect(end)
    return _answer(request, outcome.message)


@require_POST
def quit_puzzle(request: HttpRequest, code: str) -> HttpResponse:
    """Give up (the form's ``confirm`` says the player meant it): the reveal follows."""
    game = game_or_404(code)
    if request.POST.get("confirm") != "yes":
        return _answer(request, "Tick the confirmation to give up.", BAD_REQUEST)
    try:
        give_up(game, holder_of(request.session) or "")
    except ServiceError as exc:
        return _answer(request, str(exc), BAD_REQUEST)
    end = reverse("solo:end", kwargs={"code": code})
    return HttpResponseClientRedirect(end) if is_htmx(request) else redirect(end)


def _ended_run(request: HttpRequest, code: str) -> SoloRun | HttpResponse:
    """The finished run of game ``code`` if this viewer may see its end; else the answer."""
    game = game_or_404(code)
    try:
        run = settled(run_of(game))
    except ServiceError:
        return redirect("game", code=code)
    if run.outcome == "playing":
        return redirect("game", code=code)  # nothing hidden is shown before the end
    if kept_from(run, holder_of(request.session)):
        return render(request, "games/reveal/unavailable.html",
                      {"code": game.code, "problem": "solo/daily"}, status=404)
    return run


@require_GET
def end(request: HttpRequest, code: str) -> HttpResponse:
    """The end of a solo puzzle: the rules, the player's timeline, the detective's run."""
    run = _ended_run(request, code)
    if isinstance(run, HttpResponse):
        return run
    return render(request, "solo/end.html", end_context(run))


@require_GET
def detective(request: HttpRequest, code: str) -> HttpResponse:
    """The end page's section on the detective's run (asked again while it is made)."""
    run = _ended_run(request, code)
    if isinstance(run, HttpResponse):
        return run
    context = detective_context(run, find_puzzle(run.puzzle))
    # 286: htmx stops asking once the run is made or given up.
    return render(request, "solo/detective_status.html", context,
                  status=200 if context["detective_pending"] else STOP_POLLING)


@require_GET
def daily_page(request: HttpRequest) -> HttpResponse:
    """Today's challenge (``?day=`` an earlier one's results), the player's result, streak
    and history, and the day's results by name."""
    day = daily.today()
    raw = request.GET.get("day")
    if raw:
        asked = daily.parse_day(raw)
        if asked is None or asked > day:
            return render(request, "solo/daily.html", {"bad_day": True}, status=BAD_REQUEST)
        day = asked
    holder = holder_of(request.session)
    puzzle = daily.puzzle_of(day)
    results = daily.results(day)
    run = daily.mine(holder, day)
    mine = daily.RunRow.of(settled(run)) if run is not None else None
    return render(request, "solo/daily.html", {
        "day": day, "is_today": day == daily.today(), "puzzle": puzzle,
        "grade": daily.GRADE_WORDS[puzzle.grade], "mine": mine,
        "share": daily.share_text(mine) if mine and mine.outcome != "playing" else "",
        "results": results, "stats": daily.day_stats(day),
        "streak": daily.streak(holder, daily.today())})
