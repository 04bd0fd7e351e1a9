"""The site's own error pages: a friendly 404 (a bad game code, a mistyped link) in the
site's layout, with its links home and to How to play. The 500 page is Django's handler
rendering ``templates/500.html``, which needs no context (it is drawn without a request)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import requires_csrf_token


def _message(exception: Exception | None) -> str:
    """What the view that gave up said, if it said it in words (``game_or_404``: "There is
    no game with the code “NOPE42”."); Django's resolver gives a dictionary, never shown."""
    said = exception.args[0] if exception is not None and exception.args else None
    return said if isinstance(said, str) else ""


@requires_csrf_token
def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler404`` (``DEBUG`` off): what was not found, in this project's own words."""
    return render(request, "404.html", {"message": _message(exception)}, status=404)
