"""``python -m scripts.bench submit``: the CPU of the rule builder's "Write this rule".

Posts a random valid rule (:func:`scripts.loadtest.rules.rule_form_data`, as the load test's
players do, with no preview asked first) to ``builder/submit/`` as the writer of a fresh
five-seat game, through Django's test client, and times the whole request in CPU time, and
apart its check against every rule in force (:func:`games.builder.lock_check.stops_write`)
and its write (:func:`games.store.acting.perform_post`, the engine's lockup analyses
included). Sets up Django on a temporary SQLite file, deleted at the end.
"""

from __future__ import annotations

import os
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

from scripts.bench.figures import Figure, median, percentile
from scripts.bench.push import NAMES, configure


def _timed(times: list[float], function: Callable[..., Any]) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            times.append(time.process_time() - start)

    return timed


def _submits(count: int, seed: int) -> dict[str, list[float]]:
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    from games.builder import views
    from games.engine.settings import GameSettings
    from games.lobby.services import join_game, open_game, start_game
    from games.store.identity import SESSION_KEY, hash_token
    from scripts.loadtest.rules import rule_form_data

    times: dict[str, list[float]] = {"submit": [], "check": [], "write": []}
    for key, name in (("check", "stops_write"), ("write", "perform_post")):
        setattr(views, name, _timed(times[key], getattr(views, name)))
    rng = Random(seed)
    for game_number in range(count):
        clients, holders = [], []
        for _ in NAMES:
            client, token = Client(HTTP_HOST="127.0.0.1"), secrets.token_urlsafe(32)
            session = client.session
            session[SESSION_KEY] = token
            session.save()
            assert session.session_key is not None  # save() gave it one
            client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
            clients.append(client)
            holders.append(hash_token(token))
        game = open_game(GameSettings(players=len(NAMES), first_rule_maker=0), NAMES[0],
                         holders[0], seed=seed + game_number)
        for holder, name in zip(holders[1:], NAMES[1:], strict=True):
            join_game(game, name, holder)
        game = start_game(game, holders[0])
        data = rule_form_data(rng) | {"version": [str(game.version)]}
        path = reverse("builder:submit", kwargs={"code": game.code})
        start = time.process_time()
        response = clients[0].post(path, data, headers={"HX-Request": "true"})
        times["submit"].append(time.process_time() - start)
        if response.status_code != 200:
            raise RuntimeError(f"the submit answered {response.status_code}")
    return times


def run(count: int, seed: int) -> list[Figure]:
    """The figures of ``count`` submits (the first, which warms the templates, left out)."""
    # Many writers from one address: the per-address limits would refuse them.
    os.environ["MAO_RATE_LIMITS"] = "0"
    with tempfile.TemporaryDirectory() as directory:
        configure(Path(directory))
        times = _submits(count + 1, seed)
    names = {"submit": "submit: whole request (CPU)",
             "check": "submit: its lock check (CPU)",
             "write": "submit: its write (CPU)"}
    return [Figure(names[key], median(xs[1:]), percentile(xs[1:], 0.95), len(xs) - 1)
            for key, xs in times.items()]
