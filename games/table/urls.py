"""URLs of the table: a game's one link, and its actions."""

from __future__ import annotations

from django.urls import URLPattern, path

from games.table import views

urlpatterns: list[URLPattern] = [
    path("g/<str:code>/", views.game_page, name="game"),
    path("g/<str:code>/act/", views.act, name="act"),
]
