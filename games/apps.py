"""Django app configuration for games."""

from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app: everything that stores, serves or pushes a game."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        """Subscribe what must happen after every committed change, in this order: keep the
        snapshot for this process's sockets, ring the doorbell, wake the bots, keep the
        game's clock."""
        from games.bots.driver import wake_bots
        from games.live.notify import ring_doorbell
        from games.live.snapshots import keep_change
        from games.store.subscribers import subscribe
        from games.timers.service import keep_clock

        subscribe(keep_change)
        subscribe(ring_doorbell)
        subscribe(wake_bots)
        subscribe(keep_clock)
