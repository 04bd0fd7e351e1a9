"""The table socket's one route, ``/ws/g/<code>/``, to a :class:`GameConsumer`.

Routed by maosite.asgi behind origin validation (the consumer reads the session cookie
itself, on connect). :func:`route_socket` is a plain function that returns the consumer's
coroutine instead of awaiting it, so no frame of a router stays alive for each socket's
life; Channels' ``URLRouter`` and ``as_asgi`` each kept one, with a copy of the scope.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Awaitable
from typing import Any, cast

from channels.security.websocket import WebsocketDenier

from games.live.consumers import GameConsumer

#: The socket's path after the root path (Django's ``<str:code>``: anything but a slash).
SOCKET_PATH = re.compile(r"ws/g/(?P<code>[^/]+)/")


@inspect.markcoroutinefunction
def route_socket(scope: dict[str, Any], receive: Any, send: Any) -> Awaitable[None]:
    """ASGI application: a socket on :data:`SOCKET_PATH` runs a new :class:`GameConsumer`
    (its ``code`` in ``scope["url_route"]["kwargs"]`` as ``URLRouter`` puts it); any other
    path is refused before it is accepted."""
    path, root = str(scope.get("path", "")), str(scope.get("root_path", ""))
    match = (SOCKET_PATH.fullmatch(path[len(root):].lstrip("/")) if path.startswith(root)
             else None)
    if match is None:
        return cast(Awaitable[None], WebsocketDenier()(scope, receive, send))
    route = {"args": (), "kwargs": match.groupdict()}
    return cast(Awaitable[None], GameConsumer()(dict(scope, url_route=route), receive, send))
