"""HTTP URLs of Mini Mao's games, one module per feature.

``/g/<code>/`` is a game's one link (its lobby, then its table); the lobby, the table,
the rule builder, the notebook and the reveal each have their own URL module; the builder's
difficulty estimate is one view of its own.
"""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from games.difficulty.views import difficulty

urlpatterns: list[URLResolver | URLPattern] = [
    path("", include("games.lobby.urls")),
    path("", include("games.table.urls")),
    path("g/<str:code>/builder/", include("games.builder.urls")),
    path("g/<str:code>/builder/difficulty/", difficulty, name="difficulty"),
    path("g/<str:code>/reveal/", include("games.reveal.urls")),
    path("g/<str:code>/notebook/", include("games.notebook.urls")),
    path("", include("games.solo.urls")),
]
