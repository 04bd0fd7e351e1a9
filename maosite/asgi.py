"""ASGI entry point: HTTP goes to Django, WebSockets to the games' consumers.

Run with ``daphne maosite.asgi:application`` (``make run`` does).
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Awaitable
from typing import Any

from django.conf import settings
from django.core.asgi import get_asgi_application

from maosite.collector import settle
from maosite.malloc import limit_arenas

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")

# Before any thread allocates: glibc fixes its arena limit when a second thread needs one.
limit_arenas(settings.MAO_MALLOC_ARENAS)

# Set up Django (the app registry) before importing anything that may import models.
django_asgi_app = get_asgi_application()

from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from games.live.routing import route_socket  # noqa: E402
from games.timers.sweeper import start_sweeper  # noqa: E402
from maosite.origin import SameOriginValidator  # noqa: E402
from maosite.retry_gate import RetryAfterGate  # noqa: E402

# daphne does not serve static files; in development (DEBUG) Django serves them itself, as
# `runserver` would. In production put a web server or CDN in front of STATIC_ROOT.
# A client refused with 429 waits out its Retry-After in the gate, before Django reads anything.
http_app = RetryAfterGate(
    ASGIStaticFilesHandler(django_asgi_app) if settings.DEBUG else django_asgi_app)

# The game clock of every game this process may serve, a restart's included (games/timers).
start_sweeper()

#: Opened only from the page's own origin (scheme, host and port) or a trusted one. No
#: session middleware: the consumer reads its holder from the session cookie once, on
#: connect (games.live.consumers.session_holder), instead of keeping a session, a lazy user
#: and three copies of the scope for each socket's life.
websocket_app = SameOriginValidator(route_socket)


@inspect.markcoroutinefunction
def application(scope: dict[str, Any], receive: Any, send: Any) -> Awaitable[Any]:
    """HTTP to Django, WebSockets to the table's socket (as Channels' ``ProtocolTypeRouter``
    would), returning the chosen application's coroutine: no frame of a router stays alive
    for each socket's life."""
    if scope["type"] == "websocket":
        return websocket_app(scope, receive, send)
    if scope["type"] == "http":
        return http_app(scope, receive, send)
    raise ValueError(f"No application configured for scope type {scope['type']!r}")


# Last: what startup made is frozen out of the garbage collector's counts and scans.
settle(settings.MAO_GC_FULL_EVERY)
