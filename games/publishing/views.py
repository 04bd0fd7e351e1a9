"""The reveal's "Publish as a puzzle" button: one POST per rule, for its author only."""

from __future__ import annotations

from typing import Final

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.digits import whole_number
from games.publishing.services import publish as publish_rule
from games.store.errors import ServiceError
from games.store.identity import holder_of
from games.store.limits import TOO_FAST, over_limit

#: The status of each refusal, by its code (any other: 400, the rule's checks).
STATUS: Final = {"game/not_found": 404, "publish/not_ended": 404, "publish/not_author": 403}


@require_POST
def publish(request: HttpRequest, code: str) -> HttpResponse:
    """Publish the rule ``rule`` (its id in the game) of game ``code``, with the author's
    name when ``show_name`` is ticked; back to the reveal, or a page saying why not."""
    reveal = reverse("reveal", args=[code])
    if over_limit(request, "publish"):
        return _refused(request, reveal, TOO_FAST, 429)
    engine_id = whole_number(request.POST.get("rule", ""), 6)
    if engine_id is None:
        return _refused(request, reveal, "Choose one of your rules to publish.", 400)
    try:
        publish_rule(code, holder_of(request.session), engine_id,
                     show_name=request.POST.get("show_name") == "on")
    except ServiceError as exc:
        return _refused(request, reveal, str(exc), STATUS.get(exc.code, 400))
    return HttpResponseRedirect(f"{reveal}#publish")


def _refused(request: HttpRequest, reveal: str, message: str, status: int) -> HttpResponse:
    return render(request, "games/reveal/not_published.html",
                  {"message": message, "reveal_url": reveal}, status=status)
