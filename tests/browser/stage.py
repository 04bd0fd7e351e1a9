"""A game set up directly in the live server's database, for browser tests that need a
known deal (a joker in hand, a group to play) rather than whatever the lobby's seed gives.

Run by :func:`stage` in ``python -m tests.browser.stage`` with the server's environment, so
the session cookies it prints are the ones the server reads. It opens a table with a chosen
seed, writes the given rules through the one write path and, if asked, tries seeds until a
seat holds the wanted cards; or only opens the table (``lobby``). One such process is kept
for each environment while the tests run (one spec a line in, one answer a line out):
starting Python and Django for each staged game cost more than staging it.
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import select
import subprocess
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
#: Seconds a staging may take before the test gives up on it.
TIMEOUT = 120.0


@dataclass(frozen=True)
class StagedGame:
    """What the browser needs to sit at a staged game: its code and each person's cookie."""

    code: str
    cookie_name: str
    #: Session cookie values by seat index (people only; bots have none).
    cookies: dict[int, str] = field(default_factory=dict)

    def cookie(self, seat: int, url: str) -> dict[str, Any]:
        """The Playwright cookie that sits a browser context in ``seat``."""
        return {"name": self.cookie_name, "value": self.cookies[seat], "url": url}


def stage(env: dict[str, str], spec: dict[str, Any]) -> StagedGame:
    """Set up the game of ``spec`` in the server's database (see :func:`_main`)."""
    found = _stager(env).ask(spec)
    return StagedGame(found["code"], found["cookie_name"],
                      {int(k): v for k, v in found["cookies"].items()})


class _Stager:
    """A ``python -m tests.browser.stage`` process with one environment, answering specs."""

    def __init__(self, env: dict[str, str]) -> None:
        # Open as long as the process runs: close() closes it.
        self.errors: IO[str] = tempfile.TemporaryFile("w+")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.browser.stage"], cwd=ROOT, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors)

    def alive(self) -> bool:
        return self.process.poll() is None

    def ask(self, spec: dict[str, Any]) -> dict[str, Any]:
        """The answer of :func:`_main` to ``spec``; ``RuntimeError`` with why if it failed."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(spec) + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], TIMEOUT)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            self.errors.seek(0)
            why = self.errors.read()[-2000:]
            self.close()
            raise RuntimeError(f"staging failed (no answer within {TIMEOUT} s): {why}")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise RuntimeError(f"staging failed: {answer['error'][-2000:]}")
        found: dict[str, Any] = answer["found"]
        return found

    def close(self) -> None:
        """End the process (its input closed, it stops) and drop its error file."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.errors.close()


_stagers: dict[tuple[tuple[str, str], ...], _Stager] = {}


def _stager(env: dict[str, str]) -> _Stager:
    """The staging process for ``env``, started on first use (ended when the tests end)."""
    key = tuple(sorted(env.items()))
    if key not in _stagers or not _stagers[key].alive():
        _stagers[key] = _Stager(env)
    return _stagers[key]


def _close_stagers() -> None:
    for stager in _stagers.values():
        stager.close()
    _stagers.clear()


atexit.register(_close_stagers)


def _main(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec``: ``players``, ``hand_size``, ``jokers``, ``settings``, ``names``, ``bots``
    (seat -> kind), ``rules`` ([seat, jargon, rule json]...), ``seed``; optionally ``holds``
    (seat, cards: seeds tried until that seat holds them) or ``hands``/``pile``/``current``
    (:func:`tests.factories.arranged_table`); ``plays`` ([seat, cards(, named)]...) played
    through the write path, the others passing; ``preset`` (and ``law``) for a preset's table;
    ``lobby``: only open the table and leave it in its lobby; ``solo``: a solo table
    (:func:`_solo`). Django must be set up.
    """
    from games.engine.actions import Pass, Play, WriteRule
    from games.engine.settings import GameSettings
    from games.engine.state import GameState
    from games.lobby.services import open_game
    from games.store.identity import hash_token
    from games.store.writes import submit_action
    from tests.factories import arranged_table, create_game, writers_first

    if "solo" in spec:
        return _solo(spec)
    bots = {int(k): v for k, v in spec.get("bots", {}).items()}
    holds = spec.get("holds")
    game_settings = GameSettings(players=spec["players"], hand_size=spec["hand_size"],
                                 jokers=spec.get("jokers", False),
                                 first_rule_maker=spec.get("first_rule_maker", 0),
                                 **spec.get("settings", {}))
    if "preset" in spec:
        # A preset's table, its choices as the home page's form makes them.
        from games.presets.opening import settings_for
        from games.presets.registry import preset

        chosen = preset(spec["preset"])
        game_settings = settings_for(
            chosen, first_rule_maker=spec.get("first_rule_maker", 0), law=spec.get("law"),
            **{key: spec[key] for key in ("players", "hand_size", "jokers", "turn_seconds")
               if key in chosen.choices and key in spec})
    if spec.get("lobby"):
        tokens = {0: secrets.token_urlsafe(32)}
        game = open_game(game_settings, spec["names"][0], hash_token(tokens[0]),
                         seed=spec.get("seed", 1))
        return _found(game.code, tokens)
    for seed in range(spec.get("seed", 1), spec.get("seed", 1) + 500):
        tokens = {i: secrets.token_urlsafe(32) for i in range(spec["players"]) if i not in bots}
        holders = [hash_token(tokens[i]) if i in tokens else None
                   for i in range(spec["players"])]
        game = create_game(game_settings, spec["names"], seed=seed, bots=bots, holders=holders)
        rules = spec.get("rules", [])
        if len({seat for seat, _, _ in rules}) > 1:
            game = writers_first(game, [seat for seat, _, _ in rules])
        for seat, jargon, rule in rules:
            game = submit_action(game.code, WriteRule(seat, {"jargon": jargon, "rule": rule}),
                                 game.version).game
        if "hands" in spec:
            game = arranged_table(game, spec["hands"], [spec["pile"]], spec["current"])
        state = GameState.from_json(game.state) if game.state is not None else None
        if holds is None or (state is not None and all(
                card in [str(c) for c in state.hands[holds[0]]] for card in holds[1])):
            break
        game.delete()
    else:
        raise RuntimeError("no seed in 500 deals the wanted cards")
    for seat, cards, *rest in spec.get("plays", []):
        named = rest[0] if rest else []
        for _ in range(spec["players"]):
            state = GameState.from_json(game.state or {})
            if state.current == seat:
                break
            game = submit_action(game.code, Pass(state.current), game.version).game
        game = submit_action(game.code, Play(seat, tuple(cards), tuple(named)),
                             game.version).game
    return _found(game.code, tokens)


def _solo(spec: dict[str, Any]) -> dict[str, Any]:
    """A solo table of the puzzle ``solo`` for ``name`` with ``seed``, laid out as
    ``hands``/``pile`` with ``current`` to play (in the same transaction as the opening, so
    no bot wakes to the table as dealt)."""
    from django.db import transaction

    from games.solo.opening import puzzle_named, start_solo
    from games.store.identity import hash_token
    from tests.factories import arranged_table

    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        game = start_solo(puzzle_named(spec["solo"]), spec["name"], hash_token(token),
                          seed=spec.get("seed", 1))
        arranged_table(game, spec["hands"], [spec["pile"]], spec["current"])
    return _found(game.code, {0: token})


def _found(code: str, tokens: dict[int, str]) -> dict[str, Any]:
    """What :func:`stage` reads back: the game's code and a session cookie per seat token."""
    from django.conf import settings
    from django.contrib.sessions.backends.signed_cookies import SessionStore

    from games.store.identity import SESSION_KEY

    cookies = {}
    for seat, token in tokens.items():
        session = SessionStore()
        session[SESSION_KEY] = token
        session.save()
        assert session.session_key is not None
        cookies[seat] = session.session_key
    return {"code": code, "cookie_name": settings.SESSION_COOKIE_NAME, "cookies": cookies}


def _serve() -> None:
    """Answer each spec read from stdin with one line: ``{"found": ...}`` or ``{"error": ...}``."""
    import django
    from django.db import connections

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "maosite.settings")
    django.setup()
    from games.store.subscribers import subscribed, unsubscribe

    # No bots, clocks or sockets here, whose threads would outlive a staging: the server's
    # take the staged game from its first connection.
    for subscriber in subscribed():
        unsubscribe(subscriber)
    answers, sys.stdout = sys.stdout, sys.stderr  # whatever else is printed stays off the answers
    for line in sys.stdin:
        try:
            answer: dict[str, Any] = {"found": _main(json.loads(line))}
        except Exception:
            answer = {"error": traceback.format_exc()}
        finally:
            # No connection held between specs: the server writes to the same SQLite file.
            connections.close_all()
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


if __name__ == "__main__":
    _serve()
