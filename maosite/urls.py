"""Mini Mao's URLs: the admin, and everything else from the games app."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("games.urls")),
]

#: The site's own 404 page (maosite/errors.py); the 500 page is templates/500.html.
handler404 = "maosite.errors.not_found"
