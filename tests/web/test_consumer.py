"""The WebSocket consumer: first frame, doorbell pushes, origin checks, abuse limits."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from games.engine.actions import Pass, WriteRule
from games.models import Game
from games.store.writes import submit_action
from maosite.asgi import application
from tests.factories import stored_state
from tests.web.helpers import started_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}


def communicator(code: str, session_key: str | None = None, origin: str = "http://localhost",
                 query: str = "") -> WebsocketCommunicator:
    headers = [(b"origin", origin.encode()), (b"host", b"localhost")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    return WebsocketCommunicator(application, f"/ws/g/{code}/{query}", headers=headers)


async def setup(players: int = 3) -> tuple[Game, list[str]]:
    from asgiref.sync import sync_to_async

    game, clients = await sync_to_async(started_game)(players)
    keys = [c.cookies["sessionid"].value for c in clients]
    return game, keys


async def test_connecting_sends_the_whole_view_for_that_seat() -> None:
    game, keys = await setup()
    ws = communicator(game.code, keys[0])
    connected, _ = await ws.connect()
    assert connected
    frame = await ws.receive_from(timeout=5)
    assert 'id="status"' in frame and 'id="stage"' in frame and 'id="log"' in frame
    assert "You make the first rule" in frame
    await ws.disconnect()


async def test_an_unknown_game_closes_the_socket() -> None:
    ws = communicator("NOPE42")
    connected, code = await ws.connect()
    assert not connected and code == 4404


async def test_a_foreign_origin_is_refused() -> None:
    game, keys = await setup()
    ws = communicator(game.code, keys[0], origin="http://evil.example")
    connected, _ = await ws.connect()
    assert not connected


async def test_every_seat_hears_a_change_with_its_own_view() -> None:
    from asgiref.sync import sync_to_async

    game, keys = await setup()
    sockets = [communicator(game.code, key) for key in keys]
    for ws in sockets:
        assert (await ws.connect())[0]
        await ws.receive_from(timeout=5)
    await sync_to_async(submit_action)(game.code, WriteRule(0, RULE), game.version)
    frames = [await ws.receive_from(timeout=5) for ws in sockets]
    for frame in frames:
        assert "Round 1: 5 cards each" in frame
        assert 'data-card="' in frame  # each seat sees its own hand now
    assert "Your secret rules" in frames[0] and "Your secret rules" not in frames[1]
    for ws in sockets:
        await ws.disconnect()


async def test_oversized_frames_close_the_socket() -> None:
    game, keys = await setup()
    ws = communicator(game.code, keys[1])
    await ws.connect()
    await ws.receive_from(timeout=5)
    await ws.send_to(text_data="x" * 10_000)
    output = await ws.receive_output(timeout=5)
    assert output["type"] == "websocket.close" and output["code"] == 4413


async def test_floods_close_the_socket() -> None:
    game, keys = await setup()
    ws = communicator(game.code, keys[1])
    await ws.connect()
    await ws.receive_from(timeout=5)
    closed = None
    for _ in range(40):
        await ws.send_to(text_data="{}")
        output = await ws.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            closed = output["code"]
            break
    assert closed == 4429


async def test_malformed_messages_get_a_clear_answer_and_resync_works() -> None:
    game, keys = await setup()
    ws = communicator(game.code, keys[1])
    await ws.connect()
    await ws.receive_from(timeout=5)
    await ws.send_to(text_data="not json")
    assert "was not understood" in await ws.receive_from(timeout=5)
    await ws.send_to(text_data='{"type": "resync"}')
    assert 'id="stage"' in await ws.receive_from(timeout=5)
    await ws.disconnect()


async def test_a_lobby_page_follows_the_game_to_the_table() -> None:
    from asgiref.sync import sync_to_async

    from games.engine.settings import GameSettings
    from games.lobby.services import join_game, open_game, start_game

    game = await sync_to_async(open_game)(GameSettings(players=2), "Gogol", "k-host")
    ws = communicator(game.code, query="?page=lobby")
    await ws.connect()
    assert 'id="lobby-seats"' in await ws.receive_from(timeout=5)
    await sync_to_async(join_game)(game.code, "Bull", "k-bull")
    assert "Bull" in await ws.receive_from(timeout=5)
    await sync_to_async(start_game)(game.code, "k-host")
    assert "data-follow-now" in await ws.receive_from(timeout=5)
    await ws.disconnect()


async def playing_game() -> tuple[Game, list[str]]:
    from asgiref.sync import sync_to_async

    game, keys = await setup()
    result = await sync_to_async(submit_action)(game.code, WriteRule(0, RULE), game.version)
    return result.game, keys


async def test_actions_over_the_socket_use_the_sockets_own_seat() -> None:
    game, keys = await playing_game()
    state = stored_state(game)
    mover = state.current
    other = next(i for i in range(3) if i != mover)
    ws = communicator(game.code, keys[other])
    await ws.connect()
    await ws.receive_from(timeout=5)
    # A forged seat in the message is ignored: it is played as the socket's own seat.
    await ws.send_json_to({"type": "act", "version": game.version,
                           "action": {"type": "pass", "seat": mover}})
    assert "turn, not yours" in await ws.receive_from(timeout=5)
    await ws.disconnect()


async def test_a_legal_action_over_the_socket_reaches_everyone() -> None:
    game, keys = await playing_game()
    mover = stored_state(game).current
    sockets = [communicator(game.code, key) for key in keys]
    for ws in sockets:
        await ws.connect()
        await ws.receive_from(timeout=5)
    await sockets[mover].send_json_to({"type": "act", "version": game.version,
                                       "action": {"type": "pass"}})
    frames = [await ws.receive_from(timeout=5) for ws in sockets]
    assert any("draws a card" in frame for frame in frames)
    for ws in sockets:
        await ws.disconnect()


@pytest.mark.parametrize("message", [
    {"type": "act", "version": 0, "action": {"type": "pass"}},
    {"type": "act", "version": "1", "action": {"type": "pass"}},
    {"type": "act", "version": 1, "action": {"type": "play", "cards": ["ZZ"]}},
    {"type": "act", "version": 1, "action": "pass"},
    {"type": "act", "version": 1, "action": {"type": "write_rule", "rule": {}}},
])
async def test_bad_actions_over_the_socket_change_nothing(message: dict[str, object]) -> None:
    from asgiref.sync import sync_to_async

    game, keys = await playing_game()
    ws = communicator(game.code, keys[stored_state(game).current])
    await ws.connect()
    await ws.receive_from(timeout=5)
    await ws.send_json_to(message)
    assert "feedback__text--error" in await ws.receive_from(timeout=5)
    await ws.disconnect()
    fresh = await sync_to_async(type(game).objects.get)(pk=game.pk)
    assert (fresh.version, fresh.state) == (game.version, game.state)


async def test_each_socket_gets_one_frame_per_change_with_only_the_new_log_lines() -> None:
    import asyncio
    import re

    game, keys = await playing_game()
    mover = stored_state(game).current
    sockets = [communicator(game.code, key) for key in keys]
    for ws in sockets:
        await ws.connect()
        assert 'id="log"' in await ws.receive_from(timeout=5)  # the whole view first
    await sockets[mover].send_json_to({"type": "act", "version": game.version,
                                       "action": {"type": "pass"}})
    for i, ws in enumerate(sockets):
        frames = [await ws.receive_from(timeout=5) for _ in range(2 if i == mover else 1)]
        # The player who acted also gets the (silent) answer to their action.
        frame = next(f for f in frames if 'id="status"' in f)
        assert f'value="{game.version + 1}"' in frame
        assert 'id="log"' not in frame and 'hx-swap-oob="afterbegin"' in frame
        assert len(re.findall(r'<li class="log__item', frame)) >= 1
        await asyncio.sleep(0.2)
        assert await ws.receive_nothing(timeout=0.2)  # no second frame for the same change
    # A resync sends the whole view again, log included.
    await sockets[0].send_to(text_data='{"type": "resync"}')
    assert 'id="log"' in await sockets[0].receive_from(timeout=5)
    for ws in sockets:
        await ws.disconnect()


async def test_a_socket_that_fails_leaves_its_room() -> None:
    from unittest.mock import patch

    from games.live import rooms

    game, keys = await setup()
    ws = communicator(game.code, keys[0])
    await ws.connect()
    await ws.receive_from(timeout=5)
    key = (game.pk, game.code)
    assert len(rooms._rooms[key].viewers) == 1
    with patch("games.live.consumers.render_to_string", side_effect=RuntimeError("boom")):
        await ws.send_to(text_data="not json")  # the answer cannot be rendered: it fails
        with pytest.raises(RuntimeError):
            await ws.receive_output(timeout=5)
    assert key not in rooms._rooms  # no disconnect came, yet the socket left


async def test_doorbells_reach_sockets_without_a_hop_to_close_connections() -> None:
    from unittest.mock import patch

    from asgiref.sync import sync_to_async

    game, keys = await playing_game()
    ws = communicator(game.code, keys[0])
    await ws.connect()
    await ws.receive_from(timeout=5)
    with patch("channels.consumer.aclose_old_connections",
               side_effect=AssertionError("a hop per message")):
        await sync_to_async(submit_action)(game.code, Pass(stored_state(game).current),
                                           game.version)
        assert f'value="{game.version + 1}"' in await ws.receive_from(timeout=5)
    await ws.disconnect()
