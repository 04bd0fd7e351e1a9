"""Run by test_postgres.py in a fresh process whose settings come from DATABASE_URL and
REDIS_URL (a PostgreSQL database of the test's own): prints one line of JSON.

``python -m tests.scale.probe settings``: the database and channel-layer settings in force.
``python -m tests.scale.probe lock``: whether ``submit_action`` takes the game row's lock
and really waits for it (reading the row ``FOR UPDATE``, or storing the game this process
kept with its ``UPDATE``): while another transaction holds the game row, a submission with a
short ``lock_timeout`` fails with ``LockNotAvailable``; once it is released the same
submission is applied.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any

import django


def settings_report() -> dict[str, Any]:
    """The parts of the settings the scale-out mode decides."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    # Typed from the settings module by inference (values: Collection[str]); read as JSON.
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    options = dict(database.get("OPTIONS", {}))
    if isinstance(options.get("pool"), dict):
        # The pool's connection check is a function: report its name.
        options["pool"] = {key: getattr(value, "__qualname__", value)
                           for key, value in options["pool"].items()}
    return {"engine": database["ENGINE"], "conn_max_age": database["CONN_MAX_AGE"],
            "options": options, "layer": layer["BACKEND"],
            "prefix": layer.get("CONFIG", {}).get("prefix")}


def lock_report() -> dict[str, Any]:
    """Hold the game row in one thread; submit in another; see what happens: once as the
    first action of this process (the row read, ``read``), once on the game it kept
    (``kept``, games/store/owned.py)."""
    from games.engine.actions import Pass
    from games.store import owned
    from tests.factories import stored_state
    from tests.games.helpers import start_playing

    game = start_playing()
    owned.forget()
    read = _blocked_then_applied(game.pk, Pass(stored_state(game).current), game.version)
    assert owned.held(game.pk) is not None, "the game was not kept"
    kept = _blocked_then_applied(game.pk, Pass(read["state"].current), read["version_after"])
    return {"vendor": _vendor(), "read": _shown(read), "kept": _shown(kept)}


def _vendor() -> str:
    from django.db import connection

    return connection.vendor


def _shown(report: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in report.items() if key != "state"}


def _blocked_then_applied(game_id: int, action: Any, version: int) -> dict[str, Any]:
    """Submit ``action`` while another thread holds the game row (what blocked it, and the
    statements on the game row it sent), then again once the row is free."""
    from django.db import OperationalError, connection, transaction
    from django.test.utils import CaptureQueriesContext

    from games.store.reads import locked_game
    from games.store.writes import submit_action

    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                locked_game(game_id)
                held.set()
                release.wait(10)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert held.wait(10), "the holder never got the lock"
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = '300ms'")
    blocked = None
    with CaptureQueriesContext(connection) as queries:
        try:
            submit_action(game_id, action, version)
        except OperationalError as exc:
            blocked = type(exc.__cause__).__name__
    release.set()
    holder.join()
    applied = submit_action(game_id, action, version)
    return {"blocked": blocked, "state": applied.state, "version_before": version,
            "version_after": applied.version,
            "on_the_row": [q["sql"] for q in queries.captured_queries
                           if '"games_game"' in q["sql"]]}


def main(what: str) -> None:
    """Set Django up from the environment and print the report asked for."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    django.setup()
    report = settings_report() if what == "settings" else lock_report()
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1])
