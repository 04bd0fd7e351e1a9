"""URLs of solo puzzles: the choice and the daily challenge, and a solo table's own actions."""

from __future__ import annotations

from django.urls import URLPattern, path

from games.solo import views

app_name = "solo"
urlpatterns: list[URLPattern] = [
    path("solo/", views.choose, name="choose"),
    path("solo/start/", views.start, name="start"),
    path("solo/daily/", views.daily_page, name="daily"),
    path("g/<str:code>/solo/prophesy/", views.prophecy, name="prophesy"),
    path("g/<str:code>/solo/give-up/", views.quit_puzzle, name="give_up"),
    path("g/<str:code>/solo/end/", views.end, name="end"),
    path("g/<str:code>/solo/detective/", views.detective, name="detective"),
]
