"""HTTP views of the games app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """Render the home page: what Mini Mao is, and where the lobby will be."""
    return render(request, "home.html")
