"""WebSocket URL patterns, routed by maosite.asgi behind origin validation (the consumer reads
the session cookie itself, on connect)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from games.live.consumers import GameConsumer

websocket_urlpatterns: list[URLPattern | URLResolver] = [
    path("ws/g/<str:code>/", GameConsumer.as_asgi()),
]
