"""``python -m scripts.bench push``: the server's CPU per action of the live table, in-process.

Times the write (:func:`games.store.writes.submit_action`) and the render round of five
viewers (:func:`games.live.fragments.render_update`) per action of seeded oracle games, in
CPU time. Sets up Django on a temporary SQLite file, deleted at the end.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: The viewers of every game: five seated players.
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


@dataclass(frozen=True, slots=True)
class PushSample:
    """One action's CPU time, in seconds: its write and the render round that follows."""

    write: float
    render: float


def configure(directory: Path) -> None:
    """Point Django at a fresh SQLite file in ``directory`` and migrate it."""
    os.environ.update(DATABASE_URL=f"sqlite:///{directory / 'bench.sqlite3'}", DEBUG="0",
                      MAO_HTTPS="0", MAO_TIMERS="0", SECRET_KEY="bench-" + "x" * 50,
                      ALLOWED_HOSTS="127.0.0.1", DJANGO_SETTINGS_MODULE="maosite.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def play_game(seed: int, steps: int) -> list[PushSample]:
    """One seeded five-seat game of up to ``steps`` actions, each timed (the first three,
    which warm the caches, are left out)."""
    from games.engine.bots import KnownRules, Oracle
    from games.engine.settings import GameSettings
    from games.engine.state import GameState
    from games.engine.visibility import player_view
    from games.live.fragments import Screen, render_update
    from games.live.snapshots import table_snapshot
    from games.lobby.services import join_game, open_game, start_game
    from games.store.identity import seat_in
    from games.store.writes import submit_action

    holders = [f"bench-{seed}-{i}" for i in range(len(NAMES))]
    game = open_game(GameSettings(players=len(NAMES), first_rule_maker=0), NAMES[0],
                     holders[0], seed=seed)
    for holder, name in zip(holders[1:], NAMES[1:], strict=True):
        join_game(game, name, holder)
    game = start_game(game, holders[0])
    screens = {holder: Screen() for holder in holders}
    samples = []
    for step in range(steps):
        game.refresh_from_db()
        assert game.state is not None  # started above
        state = GameState.from_json(game.state)
        if state.phase == "ended":
            break
        seat = (state.writers if state.phase == "writing" else [state.current])[0]
        action = Oracle(seat, seed * 1000 + step, KnownRules(state.rulebook())).act(
            player_view(state, seat))
        assert action is not None  # an oracle always has a move
        start = time.process_time()
        submit_action(game, action, game.version)
        written = time.process_time()
        snapshot = table_snapshot(game.pk, game.code, 0)  # kept by the write: no read
        assert snapshot is not None
        for holder in holders:
            _, screens[holder] = render_update(snapshot, seat_in(snapshot.seats, holder),
                                               "http://127.0.0.1/g/", screens[holder])
        rendered = time.process_time()
        if step >= 3:
            samples.append(PushSample(written - start, rendered - written))
    return samples


def run(games: int, steps: int, seed: int) -> list[PushSample]:
    """Every sample of ``games`` games (seeds ``seed`` on), on a fresh database."""
    with tempfile.TemporaryDirectory() as directory:
        configure(Path(directory))
        from games.live.notify import ring_doorbell
        from games.store.subscribers import unsubscribe

        # No event loop to ring: the doorbell would start one per action and be timed.
        if not unsubscribe(ring_doorbell):
            raise RuntimeError("the doorbell is no longer a subscriber: update this benchmark")
        return [sample for game in range(games) for sample in play_game(seed + game, steps)]
