"""The admin, behind two guards: it answers only where ``MAO_ADMIN`` turns it on (off by
default: anyone else finds nothing there, as at any unknown address), and its login form,
where each attempt hashes a password (PBKDF2: about 0.4 s of CPU), takes at most
``MAO_RATE_ADMIN_LOGIN`` attempts per client address; one over it is answered 429 with a
plain message before any password is hashed.

A middleware on the resolved view (the ``admin`` namespace, whatever the path that led to
it), so that it holds however the admin is mounted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse

from games.store.limits import over_limit

#: The answer to a login attempt over the limit.
TOO_MANY_LOGINS = ("Too many login attempts from your address: wait a minute, then try "
                   "again.")


class AdminGuard:
    """Hides the admin unless ``MAO_ADMIN`` is on, and limits its login attempts."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Callable[..., Any], args: Any,
                     kwargs: Any) -> HttpResponse | None:
        """None (go on to ``view``) unless the request is for the admin."""
        match = request.resolver_match
        if match is None or "admin" not in match.namespaces:
            return None
        if not settings.MAO_ADMIN:
            raise Http404("There is no such page.")
        if match.url_name == "login" and over_limit(request, "admin_login"):
            return HttpResponse(TOO_MANY_LOGINS, status=429,
                                content_type="text/plain; charset=utf-8")
        return None
