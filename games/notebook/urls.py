"""URLs of the notebook, mounted at ``/g/<code>/notebook/`` (namespace ``notebook``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from games.notebook import views

app_name = "notebook"

urlpatterns: list[URLPattern] = [
    path("", views.notebook, name="page"),
    path("note/", views.note, name="note"),
    path("grid/", views.grids, name="grid"),
    path("hypotheses/<int:hypothesis>/delete/", views.delete, name="delete"),
    path("hypotheses/<int:hypothesis>/seal/", views.seal, name="seal"),
    path("hypothesis/", views.hypothesis, name="hypothesis"),
    path("hypothesis/form/", views.hypothesis_form, name="hypothesis_form"),
    path("hypothesis/rows/", views.hypothesis_rows, name="hypothesis_rows"),
    path("hypothesis/preview/", views.hypothesis_preview, name="hypothesis_preview"),
    path("hypothesis/save/", views.hypothesis_save, name="hypothesis_save"),
]
