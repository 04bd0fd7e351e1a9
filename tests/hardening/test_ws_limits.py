"""The socket's bounds: its actions count with the table's form against one action limit
per browser, one process keeps a bounded number of sockets per browser and per address
(released however a socket ends), a frame's version is bounded, and what the engine or the
version refuses is refused before any write transaction."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django import Settings

from games.engine.apply import apply as engine_apply
from games.live.consumers import CLOSE_FLOOD, CLOSE_TOO_MANY, RATE_LIMIT, _open_sockets
from games.live.snapshots import read_snapshot
from games.models import Game
from games.store.acting import ActionRequest, perform
from games.store.identity import hash_token
from games.store.writes import submit_action
from tests.factories import stored_state
from tests.hardening.helpers import (
    ERROR,
    HTMX,
    act_frame,
    communicator,
    connected,
    key_of,
    playing_game,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def limits(settings: Settings, steady_rate_windows: None) -> None:
    """Limits on: two actions a minute, two sockets per browser, three per address."""
    settings.RATELIMIT_ENABLE = True
    settings.MAO_RATE_ACT = "2/m"
    settings.MAO_SOCKETS_PER_HOLDER = 2
    settings.MAO_SOCKETS_PER_ADDRESS = 3
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"


def counted() -> dict[str, int]:
    """The sockets counted at this module's addresses (10.1.1.x)."""
    return {key: n for key, n in _open_sockets.items() if key.startswith("ip:10.1.1.")}


def at(ws: WebsocketCommunicator, address: str) -> WebsocketCommunicator:
    """``ws`` as coming from ``address`` (before it connects: its scope is not read yet)."""
    ws.scope["client"] = (address, 50000)
    return ws


async def answer_to(ws: WebsocketCommunicator, frame: str) -> str:
    """The #feedback fragment answering ``frame`` (pushes of the table are skipped)."""
    await ws.send_to(text_data=frame)
    for _ in range(10):
        reply = await ws.receive_from(timeout=5)
        if "data-accepted" in reply:
            return str(reply)
    raise AssertionError("no answer to the frame")


def post_act(client: Client, game: Game, kind: str) -> str:
    response = client.post(f"/g/{game.code}/act/", {"type": kind, "version": str(game.version)},
                           headers=HTMX)
    return str(response.content.decode())


@pytest.mark.asyncio
@pytest.mark.usefixtures("limits")
async def test_socket_actions_count_with_the_forms_against_one_limit() -> None:
    game, clients = await sync_to_async(playing_game)()
    mover = (await sync_to_async(stored_state)(game)).current
    other = (mover + 1) % 3
    for _ in range(2):  # out of turn: refused, but counted
        assert "You are going too fast" not in await sync_to_async(post_act)(
            clients[other], game, "pass")
    ws = await connected(game.code, key_of(clients[other]))
    answer = await answer_to(ws, act_frame(game.version, {"type": "pass"}))
    assert "You are going too fast" in answer
    await ws.disconnect()
    # The mover's own count is apart: their pass over the socket is made.
    ws = await connected(game.code, key_of(clients[mover]))
    answer = await answer_to(ws, act_frame(game.version, {"type": "pass"}))
    assert 'data-accepted="1"' in answer
    await ws.disconnect()


@pytest.mark.asyncio
@pytest.mark.usefixtures("limits")
async def test_the_forms_count_after_the_sockets() -> None:
    game, clients = await sync_to_async(playing_game)()
    mover = (await sync_to_async(stored_state)(game)).current
    other = (mover + 1) % 3
    ws = await connected(game.code, key_of(clients[other]))
    for _ in range(2):
        assert "You are going too fast" not in await answer_to(
            ws, act_frame(game.version, {"type": "pass"}))
    await ws.disconnect()
    assert "You are going too fast" in await sync_to_async(post_act)(clients[other], game,
                                                                       "pass")


async def opened(code: str, key: str | None, address: str = "10.1.1.1") -> tuple[bool, Any]:
    ws = at(communicator(code, key), address)
    ok, _ = await ws.connect(timeout=5)
    if not ok:
        return False, ws
    first = await ws.receive_output(timeout=5)
    if first["type"] == "websocket.close":
        return False, first.get("code")
    return True, ws


@pytest.mark.asyncio
@pytest.mark.usefixtures("limits")
async def test_a_browser_keeps_a_bounded_number_of_sockets_and_gets_them_back() -> None:
    game, clients = await sync_to_async(playing_game)()
    key = key_of(clients[0])
    first, second = (await opened(game.code, key))[1], (await opened(game.code, key))[1]
    ok, code = await opened(game.code, key)
    assert (ok, code) == (False, CLOSE_TOO_MANY)
    # Another browser at the same address is not held back by this one's cap.
    ok, other = await opened(game.code, key_of(clients[1]))
    assert ok
    await other.disconnect()
    await first.disconnect()
    ok, again = await opened(game.code, key)
    assert ok
    await again.disconnect()
    await second.disconnect()
    assert not counted()


@pytest.mark.asyncio
@pytest.mark.usefixtures("limits")
async def test_an_address_keeps_a_bounded_number_of_sockets() -> None:
    game, _ = await sync_to_async(playing_game)()
    sockets = [(await opened(game.code, None))[1] for _ in range(3)]
    assert (await opened(game.code, None)) == (False, CLOSE_TOO_MANY)
    ok, elsewhere = await opened(game.code, None, address="10.1.1.2")
    assert ok
    for ws in [*sockets, elsewhere]:
        await ws.disconnect()
    assert not counted()


@pytest.mark.asyncio
@pytest.mark.usefixtures("limits")
async def test_sockets_without_an_address_are_not_capped_as_one_address() -> None:
    game, _ = await sync_to_async(playing_game)()
    sockets = []
    for _ in range(4):
        ws = communicator(game.code)  # no client in the scope: daphne on a Unix socket
        assert (await ws.connect(timeout=5))[0]
        assert (await ws.receive_output(timeout=5))["type"] == "websocket.send"
        sockets.append(ws)
    for ws in sockets:
        await ws.disconnect()


@pytest.mark.asyncio
@pytest.mark.usefixtures("limits")
async def test_a_socket_closed_by_the_server_gives_its_place_back() -> None:
    game, clients = await sync_to_async(playing_game)()
    key = key_of(clients[0])
    flooded = (await opened(game.code, key))[1]
    for _ in range(RATE_LIMIT + 1):
        await flooded.send_to(text_data=json.dumps({"type": "resync"}))
    while (output := await flooded.receive_output(timeout=5))["type"] != "websocket.close":
        pass
    assert output["code"] == CLOSE_FLOOD
    await flooded.wait(timeout=5)
    assert not counted()
    crashed = (await opened(game.code, key))[1]
    await crashed.send_input({"type": "websocket.receive", "bytes": b"\xff" * 10})
    await crashed.receive_from(timeout=5)  # not understood; still open
    crashed.future.cancel()  # the server cancels a socket (daphne's application timeout)
    with contextlib.suppress(asyncio.CancelledError):
        await crashed.wait(timeout=5)
    assert not counted()
    assert (await opened(game.code, key))[0]


@pytest.mark.asyncio
async def test_without_limits_sockets_are_not_counted() -> None:
    game, clients = await sync_to_async(playing_game)()
    sockets = [(await opened(game.code, key_of(clients[0])))[1] for _ in range(10)]
    assert not counted()
    for ws in sockets:
        await ws.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize("version", [10**30, 2**31, -1])
async def test_an_absurd_version_is_malformed_and_never_echoed(version: int) -> None:
    game, clients = await sync_to_async(playing_game)()
    ws = await connected(game.code, key_of(clients[0]))
    answer = await answer_to(ws, act_frame(version, {"type": "pass"}))
    assert ERROR in answer and "needs an" in answer and str(version) not in answer
    await ws.disconnect()


@pytest.mark.asyncio
async def test_the_largest_version_is_read_and_refused_as_stale() -> None:
    game, clients = await sync_to_async(playing_game)()
    ws = await connected(game.code, key_of(clients[0]))
    answer = await answer_to(ws, act_frame(2**31 - 1, {"type": "pass"}))
    assert "Your screen is out of date" in answer
    await ws.disconnect()


# Refusals before any write transaction.


def seated(game: Game, client: Client) -> tuple[str, Any]:
    """The holder of ``client``'s seat, and the game's snapshot."""
    return hash_token(client.session["mao_holder"]), read_snapshot(game.pk, game.code)


@pytest.mark.parametrize("case", ["out of turn", "stale", "card not in hand"])
def test_what_the_engine_or_the_version_refuses_opens_no_transaction(
        case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, clients = playing_game()
    state = stored_state(game)
    mover = state.current
    seat = mover if case == "card not in hand" else (mover + 1) % 3
    holder, snapshot = seated(game, clients[seat])
    missing = next(str(card) for card in state.hands[(mover + 1) % 3]
                   if card not in state.hands[mover])
    action = {"type": "play", "cards": [missing]} if case == "card not in hand" else \
        {"type": "pass"}
    version = game.version - 1 if case == "stale" else game.version
    submitted: list[Any] = []
    monkeypatch.setattr("games.store.acting.submit_action",
                        lambda *args, **_kw: submitted.append(args))
    with CaptureQueriesContext(connection) as queries:
        outcome = perform(snapshot.game, holder, ActionRequest(action, version),
                          snapshot.seats, state=snapshot.state())
    assert not outcome.accepted and outcome.code == {
        "out of turn": "action/not_your_turn", "stale": "action/stale_version",
        "card not in hand": "action/card_not_held"}[case]
    assert submitted == [] and len(queries) == 0


def test_an_action_the_engine_takes_goes_on_to_the_write_path() -> None:
    game, clients = playing_game()
    mover = stored_state(game).current
    holder, snapshot = seated(game, clients[mover])
    outcome = perform(snapshot.game, holder, ActionRequest({"type": "pass"}, game.version),
                      snapshot.seats, state=snapshot.state())
    assert outcome.accepted
    assert Game.objects.get(pk=game.pk).version == game.version + 1


def test_the_engine_runs_once_for_an_action_it_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The early check's answer is the one written when the game this process keeps holds
    the state it was worked out on (the snapshot's, after a write made here): the engine is
    not asked twice."""
    game, clients = playing_game()
    mover = stored_state(game).current
    holder, snapshot = seated(game, clients[mover])
    first = perform(snapshot.game, holder, ActionRequest({"type": "pass"}, game.version),
                    snapshot.seats, state=snapshot.state())
    assert first.accepted and first.result is not None
    after = first.result.state
    holder, snapshot = seated(game, clients[after.current])
    assert snapshot.version == game.version + 1 and snapshot.state() is after
    calls: list[str] = []

    def counted(module: str) -> Any:
        def apply(*args: Any) -> Any:
            calls.append(module)
            return engine_apply(*args)
        return apply

    for module in ("games.store.acting", "games.store.writes"):
        monkeypatch.setattr(f"{module}.apply", counted(module))
    second = perform(snapshot.game, holder, ActionRequest({"type": "pass"}, snapshot.version),
                     snapshot.seats, state=snapshot.state())
    assert second.accepted and second.result is not None
    assert calls == ["games.store.acting"]
    stored = Game.objects.get(pk=game.pk)
    assert stored.version == game.version + 2
    assert second.result.events and stored_state(stored) == second.result.state


@pytest.mark.asyncio
async def test_an_out_of_turn_frame_opens_no_write_transaction(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, clients = await sync_to_async(playing_game)()
    other = ((await sync_to_async(stored_state)(game)).current + 1) % 3
    submitted: list[Any] = []
    real = submit_action

    def counted(*args: Any, **kwargs: Any) -> Any:
        submitted.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr("games.store.acting.submit_action", counted)
    ws = await connected(game.code, key_of(clients[other]))
    answer = await answer_to(ws, act_frame(game.version, {"type": "pass"}))
    assert 'data-accepted="0"' in answer and "turn, not yours" in answer
    assert submitted == []
    await ws.disconnect()
