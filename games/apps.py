"""Django app configuration for games."""

from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app: everything that stores, serves or pushes a game."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        """Connect the SQLite connection keeper (see :mod:`maosite.sqlite`)."""
        from maosite import sqlite  # noqa: F401  (connects its signal receiver)
