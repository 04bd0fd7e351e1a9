"""Run by test_race_threads.py in a fresh process (``DATABASE_URL``: a SQLite file configured
as in production, or PostgreSQL): ``THREADS`` threads write one game at once, ``ACTIONS``
actions each, as Channels' worker, the bots, the clocks and requests do in one process.

Even threads say words (no version: always applied), odd ones pass at the version they read
(applied or stale). The process keeps the game after its first write, so every thread starts
from the one kept copy. Prints one JSON line: the versions each accepted action made, what
was refused, the stored log's numbers and said words, whether the state replays, and how
often the kept copy was used and found behind the row.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any

import django


def main(threads: int, actions: int) -> None:
    """Race the threads and print what happened."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from games.engine.actions import Pass, Say
    from games.engine.errors import EngineError
    from games.engine.invariants import violations
    from games.models import Game
    from games.store import owned
    from games.store.errors import ServiceError
    from games.store.reads import load_state, replay
    from games.store.writes import submit_action
    from tests.factories import stored_state
    from tests.games.helpers import start_playing

    call_command("migrate", verbosity=0)
    game = start_playing()
    start = submit_action(game.pk, Pass(stored_state(game).current), game.version).version
    counts = {"kept": 0, "behind": 0}
    held, drop = owned.held, owned.drop

    def counted_held(ref: Any) -> owned.Held | None:
        kept = held(ref)
        counts["kept"] += kept is not None
        return kept

    def counted_drop(game_id: int, version: int) -> None:
        counts["behind"] += 1
        drop(game_id, version)

    owned.held, owned.drop = counted_held, counted_drop
    made: list[int] = []
    refused: list[str] = []
    barrier = threading.Barrier(threads)

    def write(number: int) -> None:
        try:
            barrier.wait()
            for step in range(actions):
                try:
                    if number % 2 == 0:
                        made.append(submit_action(game.pk, Say(number % 3, f"t{number}-{step}"),
                                                  None).version)
                    else:
                        row = Game.objects.get(pk=game.pk)
                        made.append(submit_action(game.pk, Pass(stored_state(row).current),
                                                  row.version).version)
                except (EngineError, ServiceError) as exc:
                    refused.append(exc.code)
        except Exception as exc:  # reported, so that the test shows it
            refused.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    workers = [threading.Thread(target=write, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    game = Game.objects.get(pk=game.pk)
    log = list(game.log.order_by("seq").values_list("seq", "action"))
    print(json.dumps({
        "start": start, "version": game.version, "made": sorted(made), "refused": refused,
        "log": [seq for seq, _ in log],
        "said": sorted(action["words"] for _, action in log if action["type"] == "say"),
        "replayed": replay(game).to_json() == game.state,
        "violations": violations(load_state(game)), **counts}))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
