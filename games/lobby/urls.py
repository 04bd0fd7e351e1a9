"""URLs of the lobby: the home page, opening and finding a table, seats and the start."""

from __future__ import annotations

from django.urls import URLPattern, path

from games.lobby import views

urlpatterns: list[URLPattern] = [
    path("", views.home, name="home"),
    path("how-to-play/", views.how_to_play, name="how_to_play"),
    path("new/", views.new_game, name="new_game"),
    path("find/", views.find_game, name="find_game"),
    path("g/<str:code>/join/", views.join, name="join"),
    path("g/<str:code>/bots/", views.add_bot, name="add_bot"),
    path("g/<str:code>/seats/<int:index>/remove/", views.remove_seat, name="remove_seat"),
    path("g/<str:code>/start/", views.start, name="start"),
]
