"""HTTP URLs of the games app.

``/g/<code>/`` is a game's one link (its lobby, then its table); the rule builder
and the reveal are sub-packages with their own URL modules.
"""

from __future__ import annotations

from django.urls import include, path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_game, name="new_game"),
    path("find/", views.find_game, name="find_game"),
    path("g/<str:code>/", views.game_page, name="game"),
    path("g/<str:code>/join/", views.join, name="join"),
    path("g/<str:code>/bots/", views.add_bot, name="add_bot"),
    path("g/<str:code>/seats/<int:index>/remove/", views.remove_seat, name="remove_seat"),
    path("g/<str:code>/start/", views.start, name="start"),
    path("g/<str:code>/act/", views.act, name="act"),
    path("g/<str:code>/builder/", include("games.builder.urls")),
    path("g/<str:code>/reveal/", include("games.reveal.urls")),
]
