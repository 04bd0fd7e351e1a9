"""The project's own app: database tuning that belongs to the deployment, not to games."""

from __future__ import annotations

from django.apps import AppConfig


class MaositeConfig(AppConfig):
    """Connects the SQLite connection keeper (see :mod:`maosite.sqlite`)."""

    name = "maosite"
    label = "maosite"

    def ready(self) -> None:
        """Connect the keeper's signal receiver."""
        from maosite import sqlite  # noqa: F401  (connects its signal receiver)
