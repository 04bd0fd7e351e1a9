"""WebSocket URL patterns for the games' consumers (none yet), routed by maosite.asgi."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver

websocket_urlpatterns: list[URLPattern | URLResolver] = []
