"""The notebook's evidence over the socket: pushed only to screens with the notebook open,
with every change, the same rendering for every screen, one record followed per game."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.engine.actions import Pass
from games.models import Game
from games.store.writes import submit_action
from tests.notebook.helpers import gronk_game
from tests.web.test_consumer import communicator

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def _connect(game: Game, key: str) -> WebsocketCommunicator:
    ws = communicator(game.code, key)
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)  # the whole view
    return ws


async def test_the_evidence_comes_when_the_notebook_opens_and_with_every_change() -> None:
    game, clients = await sync_to_async(gronk_game)()
    keys = [c.cookies["sessionid"].value for c in clients]
    reader, other = await _connect(game, keys[2]), await _connect(game, keys[0])
    await reader.send_json_to({"type": "notebook", "open": True})
    frame = await reader.receive_from(timeout=5)
    assert 'id="nb-evidence"' in frame and "Bob tried 5♥ on K♣" in frame
    assert await other.receive_nothing(timeout=0.3)
    await sync_to_async(submit_action)(game.pk, Pass(2), game.version)
    mine, theirs = await reader.receive_from(timeout=5), await other.receive_from(timeout=5)
    assert 'id="nb-evidence"' in mine and "5 plays tried" not in mine  # a pass is no play
    assert 'id="nb-evidence"' not in theirs
    await reader.send_json_to({"type": "notebook", "open": False})
    await sync_to_async(submit_action)(game.pk, Pass(0), game.version + 1)
    assert 'id="nb-evidence"' not in await reader.receive_from(timeout=5)
    for ws in (reader, other):
        await ws.disconnect()


async def test_a_malformed_notebook_frame_changes_nothing() -> None:
    game, clients = await sync_to_async(gronk_game)()
    ws = await _connect(game, clients[1].cookies["sessionid"].value)
    await ws.send_json_to({"type": "notebook", "open": "yes"})  # not true: stays closed
    assert await ws.receive_nothing(timeout=0.3)
    await ws.disconnect()
