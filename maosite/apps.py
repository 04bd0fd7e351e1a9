"""The project's own app: database tuning that belongs to the deployment, not to games."""

from __future__ import annotations

from django.apps import AppConfig


class MaositeConfig(AppConfig):
    """Connects the SQLite connection keeper (:mod:`maosite.sqlite`) and the closing of an
    HTTP request's connections (:mod:`maosite.connections`)."""

    name = "maosite"
    label = "maosite"

    def ready(self) -> None:
        """Connect the signal receivers."""
        from maosite import connections, sqlite  # noqa: F401  (connect their receivers)
