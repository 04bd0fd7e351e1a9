"""URLs of the rule builder, mounted at ``/g/<code>/builder/`` (namespace ``builder``)."""

from __future__ import annotations

from django.urls import path

from games.builder import views

app_name = "builder"

urlpatterns = [
    path("", views.panel, name="panel"),
    path("form/", views.form, name="form"),
    path("rows/", views.rows, name="rows"),
    path("preview/", views.preview, name="preview"),
    path("jargon/", views.jargon, name="jargon"),
    path("submit/", views.submit, name="submit"),
]
