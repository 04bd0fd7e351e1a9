"""The table socket's route: what stays alive for each open socket, and what is refused."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from games.live.notify import crosses_processes
from maosite.asgi import application
from tests.web.test_consumer import communicator, setup

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def awaiting(task: asyncio.Task[Any]) -> list[str]:
    """The coroutines ``task`` is suspended in, outermost first."""
    chain: list[str] = []
    coro: Any = task.get_coro()
    while coro is not None and hasattr(coro, "cr_code"):
        chain.append(coro.cr_code.co_qualname)
        coro = coro.cr_await
    return chain


async def test_an_open_socket_is_one_task_in_its_consumer_alone() -> None:
    # No frame of a router, an origin check or Channels' dispatch loop stays alive for the
    # socket's life, and no receiving task beside it (the in-process layer: no channel).
    game, keys = await setup()
    ws = communicator(game.code, keys[0])
    before = len(asyncio.all_tasks())
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await asyncio.sleep(0.05)  # the room's pump ends after sending the first frame
    chain = awaiting(ws.future)
    assert chain[0] == "GameConsumer.__call__"  # no router's or origin check's frame around it
    if crosses_processes(get_channel_layer(DEFAULT_CHANNEL_LAYER)):
        # With a layer between processes (Redis), Channels' own loop waits on its channel.
        assert chain[1:3] == ["AsyncConsumer.__call__", "await_many_dispatch"]
    else:
        assert chain == ["GameConsumer.__call__", "Queue.get"]
        assert len(asyncio.all_tasks()) == before + 1
    await ws.disconnect()


async def test_the_consumer_still_handles_frames_and_closes() -> None:
    game, keys = await setup()
    ws = communicator(game.code, keys[0])
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await ws.send_to(text_data="not json")
    assert "not understood" in await ws.receive_from(timeout=5)
    await ws.disconnect()
    await ws.wait(timeout=5)
    assert ws.future.done() and ws.future.exception() is None


@pytest.mark.parametrize("path", ["/ws/nowhere/", "/ws/g/", "/ws/g/ABC/extra/", "/g/ABC/"])
async def test_another_path_is_refused_before_it_is_accepted(path: str) -> None:
    ws = WebsocketCommunicator(application, path,
                               headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")])
    connected, _ = await ws.connect()  # refused, not failed: connect() would raise
    assert not connected


async def test_the_root_path_is_taken_off_before_routing() -> None:
    game, keys = await setup()
    ws = communicator(game.code, keys[0])
    ws.scope["root_path"] = "/mao"
    ws.scope["path"] = f"/mao/ws/g/{game.code}/"
    assert (await ws.connect())[0]
    await ws.disconnect()
    outside = communicator(game.code, keys[0])
    outside.scope["root_path"] = "/mao"
    assert not (await outside.connect())[0]
