"""URLs of the reveal (mounted at ``/g/<code>/reveal/``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from games.publishing.views import publish
from games.reveal import views

urlpatterns: list[URLPattern] = [
    path("", views.reveal, name="reveal"),
    path("publish/", publish, name="publish_rule"),
]
