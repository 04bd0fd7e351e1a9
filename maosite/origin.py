"""The table socket's origin check, as Django's CSRF check compares an ``Origin``.

A socket opens only from the request's own ``scheme://host[:port]`` or an origin in
``CSRF_TRUSTED_ORIGINS``, and its ``Host`` must be in ``ALLOWED_HOSTS``. Channels'
``AllowedHostsOriginValidator`` compares the host alone, so another port or scheme of an
allowed host could open a player's socket with their cookie. A refused socket is closed
before it is accepted.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Iterable
from typing import Any, cast
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    """The first value of header ``name`` (lower case), or ``None``."""
    for key, value in headers:
        if key.lower() == name:
            return value.decode("latin1")
    return None


def _scheme(scope: dict[str, Any]) -> str:
    """``https`` or ``http``: the page's scheme, as Django reads it for a request."""
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy:
        meta_key, secure = proxy
        name = meta_key.removeprefix("HTTP_").replace("_", "-").lower().encode()
        value = _header(scope.get("headers", ()), name)
        if value is not None:
            return "https" if value.split(",", 1)[0].strip() == secure else "http"
    return "https" if scope.get("scheme") in ("wss", "https") else "http"


def _allowed_host(host: str) -> bool:
    """Whether ``host`` (the ``Host`` header) is one Django would serve."""
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    domain, _ = split_domain_port(host)
    return bool(domain) and validate_host(domain, allowed)


def _trusted(origin: str) -> bool:
    """Whether ``origin`` is in ``CSRF_TRUSTED_ORIGINS`` (exactly, or under a ``*.``
    entry of its scheme)."""
    trusted = settings.CSRF_TRUSTED_ORIGINS
    if origin in trusted:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    for entry in trusted:
        if "*" in entry:
            allowed = urlsplit(entry)
            if parts.scheme == allowed.scheme and is_same_domain(
                    parts.netloc, allowed.netloc.removeprefix("*")):
                return True
    return False


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Whether the socket of ``scope`` comes from its page's own origin or a trusted one."""
    headers = scope.get("headers", ())
    origin, host = _header(headers, b"origin"), _header(headers, b"host")
    if not origin or not host or not _allowed_host(host):
        return False
    return origin.lower() == f"{_scheme(scope)}://{host}".lower() or _trusted(origin)


class SameOriginValidator:
    """ASGI middleware: WebSocket connections pass only from an allowed origin
    (:func:`origin_allowed`); anything else goes through untouched.

    ``__call__`` returns the inner application's coroutine instead of awaiting it (marked as
    a coroutine function for ASGI servers), so no frame of the check stays alive for each
    socket's life.
    """

    def __init__(self, application: Any) -> None:
        self.application = application

    @inspect.markcoroutinefunction
    def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Awaitable[Any]:
        if scope.get("type") == "websocket" and not origin_allowed(scope):
            return cast(Awaitable[Any], WebsocketDenier()(scope, receive, send))
        return cast(Awaitable[Any], self.application(scope, receive, send))
