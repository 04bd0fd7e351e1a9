"""The reveal page: every rule, the winners, a chart and the whole log, once a game has ended."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from games.models import SoloRun
from games.publishing.services import publishable
from games.puzzles.table import PLAYER_SEAT
from games.reveal.context import reveal_context
from games.store.errors import ServiceError
from games.store.identity import holder_of
from games.store.solo_secrecy import kept_from

#: The query parameter that asks a solo game's player for this page, not the puzzle's end.
WHOLE = "whole"
#: How a solo run ended, as its player lived it: the engine records both ends as the host's
#: (the player's own table), which would read "Ended by the host".
SOLO_ENDS = {
    "cracked": ("Cracked: every hidden rule named", "{name} named every hidden rule exactly."),
    "gave_up": ("Given up: the rules revealed", "{name} gave up the puzzle."),
}


def reveal(request: HttpRequest, code: str) -> HttpResponse:
    """The reveal of game ``code``; a 404 page (that gives nothing away) until it has ended.

    The viewer's own notes and hypotheses (by the holder token in their session, never
    made here) are shown to them alone.
    """
    try:
        context = reveal_context(code, holder_of(request.session))
    except ServiceError as exc:
        table = reverse("reveal", args=[code]).removesuffix("reveal/")
        return render(request, "games/reveal/unavailable.html",
                      {"code": code.upper(), "problem": exc.code, "table_url": table},
                      status=404)
    run = SoloRun.objects.filter(game__code=code.upper()).first()
    if run is not None and kept_from(run, holder_of(request.session)):
        return render(request, "games/reveal/unavailable.html",
                      {"code": code.upper(), "problem": "solo/daily"}, status=404)
    if run is not None and run.holder == holder_of(request.session) and WHOLE not in request.GET:
        # The table sends every screen here when the game ends: a solo player's is the
        # puzzle's own end, which links to this page with WHOLE.
        return redirect("solo:end", code=code.upper())
    context["share_url"] = request.build_absolute_uri(request.path)
    # Offered to the author of a rule only (by their holder, as the notes are).
    context["publishable"] = publishable(code, holder_of(request.session))
    if run is not None:
        # A solo puzzle's own end: the player's timeline and the detective's run.
        context["solo_end_url"] = reverse("solo:end", kwargs={"code": code.upper()})
        if run.outcome in SOLO_ENDS:
            headline, text = SOLO_ENDS[run.outcome]
            context["end_headline"] = headline
            context["end_text"] = text.format(name=context["names"][PLAYER_SEAT])
    return render(request, "games/reveal.html", context)
