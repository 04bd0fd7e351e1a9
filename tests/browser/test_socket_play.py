"""Plays and passes go over the socket the page holds (static/js/table.js), in the very
frame the load test sends, and every screen follows; with the socket closed, the page
posts the play form as before."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Request, WebSocket, expect

from scripts.loadtest import pages
from scripts.loadtest.clients import MaoPlayer, Move, Table, Tally
from tests.browser.helpers import Player, same_version
from tests.browser.stage import StagedGame, stage

PIP = {"kind": "restriction", "must_not": {"type": "face"}}
NAMES = ["Ann", "Bob", "Cat"]
SPEC: dict[str, Any] = {"players": 3, "hand_size": 3, "names": NAMES, "seed": 1,
        "rules": [[0, "Pip", PIP]],
        "hands": [["KS", "2H", "3H"], ["4C", "5C", "6C"], ["7D", "8D", "9D"]],
        "pile": ["5S"], "current": 0}
#: Closes the page's socket as a server going away politely would (table.js neither reloads
#: nor does the ws extension reconnect for a code of 4000 or more).
CLOSE_SOCKET = """() => {
  const elt = document.querySelector("[ws-connect]");
  elt["htmx-internal-data"].webSocket.socket.close(4000);
}"""


class Watched:
    """A player whose page's socket frames and requests to ``/act/`` are recorded."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.frames: list[dict[str, Any]] = []
        self.posts: list[Request] = []
        player.page.on("websocket", self._socket)
        player.page.on("request", self._request)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framesent", lambda payload: self.frames.append(json.loads(payload)))

    def _request(self, request: Request) -> None:
        if request.url.endswith("/act/"):
            self.posts.append(request)

    def acts(self) -> list[dict[str, Any]]:
        """The ``act`` frames this page sent."""
        return [frame for frame in self.frames if frame.get("type") == "act"]

    def load_test_frame(self, move: Move, code: str) -> dict[str, Any]:
        """The frame the load test sends for ``move`` on what this screen shows now."""
        player = MaoPlayer(Table(code), 0, "http://127.0.0.1:1", 2.0, Tally(), 1, "P")
        player.seen = pages.Seen.read(self.player.page.content())
        return player.socket_frame(move)


def _sit(new_context: Callable[..., BrowserContext], server_url: str,
         game: StagedGame) -> list[Watched]:
    watched = []
    for seat, name in enumerate(NAMES):
        context = new_context()
        context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
        player = Player(name, context, context.new_page())
        watched.append(Watched(player))
        player.page.goto(f"/g/{game.code}/")
        player.ready()
    return watched


def test_plays_go_over_the_socket_and_fall_back_to_the_post_without_it(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str]) -> None:
    game = stage(server_env, SPEC)
    ann, bob, cat = everyone = _sit(new_context, server_url, game)
    screens = [w.player for w in everyone]
    version = ann.player.version()
    assert ann.player.my_turn()

    # A face card against Pip, with words said: refused by the rule (a penalty), so the
    # play is accepted. It went over the socket as the load test's frame, nothing was posted,
    # every screen moved on, the rule's words show, and the words said were cleared.
    ann.player.page.locator("#say").fill("Mao")
    expected = ann.load_test_frame(Move("play", version, {"cards": ["KS"], "say": "Mao"}),
                                   game.code)
    ann.player.play("KS")
    same_version(screens, version + 1)
    assert ann.acts() == [expected]
    assert expected["form"]["cards"] == ["KS"] and expected["form"]["say"] == ["Mao"]
    assert ann.posts == []
    expect(ann.player.page.locator("#feedback")).to_contain_text("Pip")
    expect(ann.player.page.locator("#say")).to_have_value("")
    for screen in screens:
        expect(screen.page.locator("#log-list")).to_contain_text("tries K♠")

    # The next player passes with the keyboard, over the socket too.
    mover = next(w for w in everyone if w.player.my_turn())
    expected = mover.load_test_frame(Move("pass", version + 1), game.code)
    mover.player.page.keyboard.press("p")
    same_version(screens, version + 2)
    assert mover.acts() == [expected] and mover.posts == []
    assert expected["form"]["type"] == ["pass"]

    # With its socket closed, the page posts the form, and the others still see the move.
    mover = next(w for w in everyone if w.player.my_turn())
    mover.player.page.evaluate(CLOSE_SOCKET)
    expect(mover.player.page.locator("#connection")).to_be_visible()
    with mover.player.page.expect_response("**/act/") as answer:
        mover.player.page.keyboard.press("p")
    assert answer.value.headers["x-mao-accepted"] == "1"
    assert mover.acts() == []
    same_version([w.player for w in everyone if w is not mover], version + 3)
    assert {ann, bob, cat} == set(everyone)
