"""Both transports of the table, an htmx POST and a socket ``act`` frame, go through the one
action path (games/store/acting.py), so the same refusal reads the same on either: each
case here is sent both ways by the same browser and the two answers must be equal, word for
word, with nothing changed. A game still in its lobby refuses both alike.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import OperationalError
from django.test import Client

from games.engine.actions import WriteRule
from games.engine.settings import GameSettings
from games.lobby.services import open_game
from games.models import Game
from games.store import acting
from games.store.reads import NOT_STARTED
from games.store.writes import submit_action
from tests.factories import holder_client, stored_state
from tests.web.helpers import started_game
from tests.web.test_consumer import communicator

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
HTMX = {"HX-Request": "true"}
MESSAGE = re.compile(r'<p class="feedback__text[^"]*">(.*?)</p>', re.S)


@dataclass(frozen=True)
class Case:
    """Who asks (``mover``: the seat on turn, ``waiting``: another guest, ``host``, or
    ``spectator``), the action, how far behind the version is, and the words expected."""

    who: str
    action: dict[str, Any]
    words: str
    behind: int = 0


CASES = {
    "a spectator": Case("spectator", {"type": "pass"},
                        "You are watching this game: only players can act."),
    "out of turn": Case("waiting", {"type": "pass"}, "turn, not yours"),
    "host only": Case("waiting", {"type": "end_game"}, "Only the host can end the game."),
    "a stale screen": Case("mover", {"type": "pass"}, "Your screen is out of date", behind=1),
    "a rule written at the table": Case("mover", {"type": "write_rule"},
                                        "Write rules with the rule builder."),
    "an unknown action": Case("mover", {"type": "dance"}, "Unknown action."),
    "a card not held": Case("mover", {"type": "play", "cards": ["ZZ"]}, "ZZ"),
}


def post_data(action: dict[str, Any], version: int) -> dict[str, Any]:
    """The table form's fields for ``action`` (what ``read_post`` reads)."""
    return {**action, "version": str(version)}


def said(page: str) -> str:
    """The message of a feedback answer (the POST's or the socket's), as text."""
    found = MESSAGE.search(page)
    assert found is not None, page[:500]
    return html.unescape(found.group(1)).strip()


def playing() -> tuple[Game, dict[str, Client]]:
    """A game in play, with a client for the seat on turn, another guest, the host (when
    not on turn) and a spectator."""
    game, clients = started_game()
    game = submit_action(game.code, WriteRule(0, RULE), game.version).game
    mover = stored_state(game).current
    waiting = next(i for i in (1, 2) if i != mover)
    return game, {"mover": clients[mover], "waiting": clients[waiting], "host": clients[0],
                  "spectator": holder_client()[0]}


async def both_ways(game: Game, client: Client, action: dict[str, Any],
                    version: int, lobby: bool = False) -> tuple[str, str]:
    """The message for ``action`` over HTTP, then over the client's socket."""
    response = await sync_to_async(client.post)(f"/g/{game.code}/act/",
                                                post_data(action, version), headers=HTMX)
    assert response["X-Mao-Accepted"] == "0"
    ws = communicator(game.code, client.cookies["sessionid"].value,
                      query="?page=lobby" if lobby else "")
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "version": version, "action": action})
    frame = await ws.receive_from(timeout=5)
    await ws.disconnect()
    return said(response.content.decode()), said(frame)


@pytest.mark.parametrize("name", sorted(CASES))
async def test_the_same_refusal_reads_the_same_on_both_transports(name: str) -> None:
    case = CASES[name]
    game, clients = await sync_to_async(playing)()
    before = (game.version, game.state)
    over_http, over_socket = await both_ways(game, clients[case.who], case.action,
                                             game.version - case.behind)
    assert over_http == over_socket
    assert case.words in over_http
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


@pytest.mark.parametrize("who", ["host", "spectator"])
async def test_acting_on_a_lobby_is_refused_alike_on_both_transports(who: str) -> None:
    host, holder = await sync_to_async(holder_client)()
    game = await sync_to_async(open_game)(GameSettings(players=3), "Gogol", holder)
    client = host if who == "host" else (await sync_to_async(holder_client)())[0]
    over_http, over_socket = await both_ways(game, client, {"type": "pass"}, game.version,
                                             lobby=True)
    assert over_http == over_socket == NOT_STARTED
    await sync_to_async(game.refresh_from_db)()
    assert (game.phase, game.version, game.state) == ("lobby", 0, None)


async def test_a_database_locked_past_its_timeout_says_the_table_is_busy_on_both_transports(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An overloaded SQLite process: the write lock stays held past the timeout. The move is
    not made, and both transports say so in the same words (never a server error)."""
    game, clients = await sync_to_async(playing)()
    before = (game.version, game.state)

    def locked(*args: object, **kwargs: object) -> None:
        raise OperationalError("database is locked")

    monkeypatch.setattr(acting, "submit_action", locked)
    over_http, over_socket = await both_ways(game, clients["mover"], {"type": "pass"},
                                             game.version)
    assert over_http == over_socket == acting.BUSY
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


async def test_a_broken_database_is_not_called_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a wait that timed out is "busy": any other database failure stays an error."""
    game, clients = await sync_to_async(playing)()

    def broken(*args: object, **kwargs: object) -> None:
        raise OperationalError("no such table: games_game")

    monkeypatch.setattr(acting, "submit_action", broken)
    seat = await sync_to_async(lambda: list(game.seats.order_by("index")))()
    request = acting.ActionRequest({"type": "pass"}, game.version)
    with pytest.raises(OperationalError):
        await sync_to_async(acting.perform)(game, seat[0].holder, request, seats=seat)
