"""Run by test_race.py in a fresh process on a file SQLite database (the production setup:
WAL, transaction_mode IMMEDIATE): several threads submit the same action at the same version
at once, and the outcomes are printed as JSON."""

from __future__ import annotations

import json
import os
import sys
import threading

import django


def main(threads: int) -> None:
    """Migrate, start a game, race ``threads`` identical submissions, print what happened."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from games.engine.actions import Pass
    from games.models import Game
    from games.store.errors import ServiceError
    from games.store.writes import submit_action
    from tests.factories import stored_state
    from tests.games.helpers import start_playing

    call_command("migrate", verbosity=0)
    game = start_playing()
    action = Pass(stored_state(game).current)
    seen = game.version
    barrier = threading.Barrier(threads)
    outcomes: list[str] = []

    def submit() -> None:
        try:
            barrier.wait()
            submit_action(game.pk, action, seen)
            outcomes.append("accepted")
        except ServiceError as exc:
            outcomes.append(exc.code)
        except Exception as exc:  # reported, so that the test shows it
            outcomes.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    workers = [threading.Thread(target=submit) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    stored = Game.objects.get(pk=game.pk)
    print(json.dumps({"outcomes": sorted(outcomes), "advanced": stored.version - seen,
                      "log": stored.log.count()}))


if __name__ == "__main__":
    main(int(sys.argv[1]))
