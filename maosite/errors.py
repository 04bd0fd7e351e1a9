"""The site's own error pages: a friendly 404 (a bad game code, a mistyped link) in the
site's layout, with its links home and to How to play. The 500 page is Django's handler
rendering ``templates/500.html``, which needs no context (it is drawn without a request)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve
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


class FriendlyNotFound:
    """The site's own 404 page with ``DEBUG`` on too (``make run``): an unknown address or a
    view's ``Http404`` gives :func:`not_found`, never Django's debug page with the URL list.
    Other errors keep Django's handling (its traceback page under ``DEBUG``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            resolve(request.path_info, getattr(request, "urlconf", None))
        except Resolver404 as exc:
            return not_found(request, exc)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception
                          ) -> HttpResponse | None:
        """A view's ``Http404`` (a bad game code) in the project's own words."""
        if isinstance(exception, Http404):
            return not_found(request, exception)
        return None
