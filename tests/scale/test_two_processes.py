"""Two daphne processes, one PostgreSQL database, one Redis: a play made through one process
reaches a player connected to the other.

Everything goes through the servers as a browser would (the only shortcut: reading the
game's version and turn from the database). The push's speed is the load test's figure;
this test waits up to :data:`PUSH_TIMEOUT`, failing only when the push never comes.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.scale.helpers import VERSION, Browser, Server, game_row

#: How long the other process's socket may take to show the play: a timeout, not a claim.
PUSH_TIMEOUT = 30.0


def open_table(a: Server, b: Server) -> tuple[str, Browser, Browser]:
    """Ann opens a two-seat table on A, Bob joins it on B, Ann starts it on A."""
    ann, bob = Browser(), Browser()
    ann.get(a.url + "/")
    url, _, _ = ann.post(a.url + "/new/", {"name": "Ann", "players": "2", "hand_size": "5",
                                           "decks": "1", "jokers": "on",
                                           "first_rule_maker": "host"})
    found = re.search(r"/g/([A-Z0-9]+)/$", url)
    assert found, f"opening a table did not lead to it: {url}"
    code = found.group(1)
    bob.get(f"{b.url}/g/{code}/")
    bob.post(f"{b.url}/g/{code}/join/", {"name": "Bob"})
    ann.post(f"{a.url}/g/{code}/start/", {})
    return code, ann, bob


def write_rule(server: Server, writer: Browser, code: str, version: int, jargon: str) -> None:
    """The writer submits a rule with the rule builder ("only a black card on a queen")."""
    from games.authoring.forms import form_to_data
    from games.authoring.model import CondList, Row, RuleForm
    from tests.builder.helpers import as_previewed

    form = RuleForm(kind="restriction", mode="must", jargon=jargon)
    form.lists["when"] = CondList("all", [Row(test="rank", subject="top", ranks=("Q",))])
    form.lists["must"] = CondList("all", [Row(test="colour", colour="black")])
    _, html, _ = writer.post(f"{server.url}/g/{code}/builder/submit/",
                             as_previewed(form_to_data(form)) | {"version": [str(version)]},
                             htmx=True)
    assert "builder-done" in html, html


def socket_for(server: Server, player: Browser, code: str) -> ClientConnection:
    """A player's WebSocket to ``server``, as the table page opens it (session cookie, Origin)."""
    return connect(f"{server.ws_url}/ws/g/{code}/", open_timeout=10,
                   additional_headers={"Cookie": f"sessionid={player.cookie('sessionid')}",
                                       "Origin": server.url})


def frame_at(ws: ClientConnection, version: int, deadline: float) -> str:
    """The first frame showing ``version`` of the game, waiting until ``deadline`` at most."""
    seen = []
    while (left := deadline - time.monotonic()) > 0:
        try:
            frame = ws.recv(timeout=left)
        except TimeoutError:
            break
        assert isinstance(frame, str)
        shown = VERSION.search(frame)
        seen.append(shown.group(1) if shown else "no version")
        if shown and int(shown.group(1)) == version:
            return frame
    raise AssertionError(f"no frame showed version {version} in time; frames showed {seen}")


def act(server: Server, player: Browser, code: str, version: int) -> dict[str, str]:
    """The player passes (draws a card), through ``server``, as the table's htmx form does."""
    _, text, headers = player.post(f"{server.url}/g/{code}/act/",
                                   {"type": "pass", "version": str(version)}, htmx=True)
    assert headers.get("X-Mao-Accepted") == "1", text
    return headers


def test_a_play_through_one_process_reaches_a_socket_on_the_other(
        daphne: Callable[..., Server], migrated_env: dict[str, Any]) -> None:
    a, b = daphne("a"), daphne("b")
    database = migrated_env["DATABASE_URL"]
    code, ann, bob = open_table(a, b)
    players = [(a, ann), (b, bob)]
    game = game_row(database, code)
    while game["phase"] == "writing":  # with two players, both write a rule first
        seat = game["state"]["writers"][0]
        server, writer = players[seat]
        write_rule(server, writer, code, game["version"], ("Mourning", "Wake")[seat])
        game = game_row(database, code)
    assert game["phase"] == "playing"

    with socket_for(a, ann, code) as ann_ws:
        frame_at(ann_ws, game["version"], time.monotonic() + PUSH_TIMEOUT)
        if game["state"]["current"] == 0:  # Ann's turn first: she passes, on A
            act(a, ann, code, game["version"])
            frame_at(ann_ws, game["version"] + 1, time.monotonic() + PUSH_TIMEOUT)
            game = game_row(database, code)
        assert game["state"]["current"] == 1

        start = time.monotonic()
        act(b, bob, code, game["version"])
        frame = frame_at(ann_ws, game["version"] + 1, start + PUSH_TIMEOUT)
        elapsed = time.monotonic() - start
    # For information only (a figure, not an expectation): benchmarks measure latency.
    print(f"A pass POSTed to B showed on A's socket after {elapsed * 1000:.0f} ms")

    assert "Your turn" in frame  # Bob passed, so it is Ann's turn: her view, from A
    assert game_row(database, code)["version"] == game["version"] + 1


def test_a_socket_quiet_for_longer_than_redis_waits_still_hears_the_next_play(
        daphne: Callable[..., Server], migrated_env: dict[str, Any]) -> None:
    """redis-py 8 stops reading after 5 s by default, which is how long channels-redis
    waits on a socket's messages: every socket that heard nothing for 5 s failed (1011)
    until the layer's connections were given a longer read timeout (maosite/settings.py)."""
    a, b = daphne("a"), daphne("b")
    database = migrated_env["DATABASE_URL"]
    code, ann, bob = open_table(a, b)
    players = [(a, ann), (b, bob)]
    game = game_row(database, code)
    while game["phase"] == "writing":
        seat = game["state"]["writers"][0]
        server, writer = players[seat]
        write_rule(server, writer, code, game["version"], ("Mourning", "Wake")[seat])
        game = game_row(database, code)
    with socket_for(b, bob, code) as bob_ws:
        frame_at(bob_ws, game["version"], time.monotonic() + PUSH_TIMEOUT)
        time.sleep(7)  # longer than redis-py's default read timeout
        current = game["state"]["current"]
        server, player = players[current]
        act(server, player, code, game["version"])
        frame = frame_at(bob_ws, game["version"] + 1, time.monotonic() + PUSH_TIMEOUT)
    assert "draws a card" in frame or "You draw" in frame
