"""A process of the two-process race (tests/hardening/test_race_processes.py).

``setup``: migrate the database named by DATABASE_URL, start a game, print its id.
``race DIR ID ROUNDS GAME``: each round, read the game, say ``ready`` (a file in DIR), spin
until the moment in the parent's ``go`` file and submit at the version read (worker 0
passes, worker 1 makes a failed claim); print one JSON line of outcomes and times.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import django

WAIT = 30.0


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    django.setup()


def setup() -> None:
    """Migrate and start a game; print its id."""
    _setup_django()
    from django.core.management import call_command

    from tests.games.helpers import start_playing

    call_command("migrate", verbosity=0)
    print(json.dumps({"game": start_playing().pk}))


def _wait_for(path: Path) -> str:
    deadline = time.monotonic() + WAIT
    while not path.exists():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} never appeared")
        time.sleep(0.0005)
    return path.read_text()


def race(folder: Path, worker: int, rounds: int, game_id: int) -> None:
    """Race the other worker ``rounds`` times on game ``game_id``."""
    _setup_django()
    from django.db import connection

    from games.engine.actions import Action, ClaimWin, Pass
    from games.models import Game
    from games.store.errors import ServiceError
    from games.store.writes import submit_action
    from tests.factories import stored_state

    results: list[dict[str, Any]] = []
    for number in range(rounds):
        game = Game.objects.get(pk=game_id)
        seat = stored_state(game).current
        action: Action = Pass(seat) if worker == 0 else ClaimWin(seat)
        connection.close()  # each submission opens its own connection, as a request would
        (folder / f"ready-{number}-{worker}").write_text("")
        moment = float(_wait_for(folder / f"go-{number}") or 0)
        while time.time() < moment:
            pass  # spin: both processes start within microseconds of each other
        started = time.time()
        try:
            submit_action(game_id, action, game.version)
            outcome = "accepted"
        except ServiceError as exc:
            outcome = exc.code
        except Exception as exc:  # reported, so that the test shows it
            outcome = f"{type(exc).__name__}: {exc}"
        results.append({"outcome": outcome, "version": game.version, "start": started,
                        "end": time.time()})
        connection.close()
        (folder / f"done-{number}-{worker}").write_text("")
    print(json.dumps(results))


if __name__ == "__main__":
    if sys.argv[1] == "setup":
        setup()
    else:
        race(Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
