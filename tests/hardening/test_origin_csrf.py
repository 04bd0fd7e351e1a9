"""Origin validation on the WebSocket and CSRF on every POST hold."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client, override_settings
from pytest_django import Settings

from games.models import Game
from tests.factories import stored_state
from tests.games.helpers import snapshot
from tests.hardening.helpers import HTMX, communicator, key_of, playing_game
from tests.web.helpers import started_game


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("origin", [
    "http://evil.example", "http://localhost.evil.example", "https://evil.example:443",
    "http://evil.example/http://localhost", "null", "file://", "", None,
])
async def test_a_socket_from_a_foreign_origin_is_refused(origin: str | None) -> None:
    game, clients = await sync_to_async(playing_game)()
    ws = communicator(game.code, key_of(clients[0]), origin=origin)
    connected, _ = await ws.connect(timeout=5)
    assert not connected


async def connects(origin: str, host: str = "localhost", scheme: str = "ws",
                   headers: tuple[tuple[bytes, bytes], ...] = ()) -> bool:
    """Whether a socket on a playing game's table from ``origin``, for the page at
    ``scheme://host``, connects."""
    game, clients = await sync_to_async(playing_game)()
    ws = communicator(game.code, key_of(clients[0]), origin=origin, host=host)
    ws.scope["scheme"] = scheme  # (read when it connects)
    ws.scope["headers"] = [*ws.scope["headers"], *headers]
    connected, _ = await ws.connect(timeout=5)
    if connected:
        await ws.disconnect()
    return bool(connected)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(("origin", "host", "scheme"), [
    ("http://localhost", "localhost", "ws"),
    ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws"),
    ("https://localhost:8443", "localhost:8443", "wss"),
    ("https://localhost", "localhost", "wss"),
])
async def test_a_socket_from_its_pages_own_origin_connects(origin: str, host: str,
                                                           scheme: str) -> None:
    assert await connects(origin, host, scheme)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize(("origin", "host", "scheme"), [
    ("http://localhost:1", "localhost", "ws"),  # another port of an allowed host
    ("http://localhost", "localhost:8000", "ws"),
    ("http://127.0.0.1:8000", "localhost:8000", "ws"),  # another allowed host
    ("https://localhost", "localhost", "ws"),  # another scheme
    ("http://localhost", "localhost", "wss"),
    ("ws://localhost", "localhost", "ws"),
    ("http://localhost", "evil.example", "ws"),  # a host the site does not serve
])
async def test_a_socket_from_another_origin_of_an_allowed_host_is_refused(
        origin: str, host: str, scheme: str) -> None:
    assert not await connects(origin, host, scheme)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_trusted_origin_connects(settings: Settings) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://mao.example", "https://*.play.example"]
    assert await connects("https://mao.example")
    assert await connects("https://eu.play.example")
    assert not await connects("http://mao.example")
    assert not await connects("https://play.example.evil")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_behind_a_tls_proxy_the_pages_scheme_is_the_proxys(settings: Settings) -> None:
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proto = ((b"x-forwarded-proto", b"https"),)
    assert await connects("https://localhost", headers=proto)
    assert not await connects("http://localhost", headers=proto)
    assert await connects("http://localhost")  # no header: the socket's own scheme


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_forged_host_header_does_not_make_an_origin_allowed() -> None:
    game, clients = await sync_to_async(playing_game)()
    ws = communicator(game.code, key_of(clients[0]), origin="http://evil.example",
                      host="evil.example")
    connected, _ = await ws.connect(timeout=5)
    assert not connected


def csrf_client(session_client: Client) -> Client:
    """A client that enforces CSRF, holding the same session as ``session_client``."""
    client = Client(enforce_csrf_checks=True)
    client.cookies["sessionid"] = key_of(session_client)
    return client


@pytest.mark.django_db
def test_posts_without_a_csrf_token_are_refused() -> None:
    game, clients = playing_game()
    current = stored_state(game).current
    client = csrf_client(clients[current])
    before = snapshot(game)
    posts = [
        ("/new/", {"name": "Mallory", "players": "3", "hand_size": "5", "decks": "1",
                   "first_rule_maker": "random"}),
        (f"/g/{game.code}/act/", {"type": "pass", "version": game.version}),
        (f"/g/{game.code}/act/", {"type": "end_game", "version": game.version}),
        (f"/g/{game.code}/join/", {"name": "Mallory"}),
        (f"/g/{game.code}/start/", {}),
        (f"/g/{game.code}/builder/submit/", {"kind": "restriction", "version": game.version}),
    ]
    for url, data in posts:
        assert client.post(url, data, headers=HTMX).status_code == 403, url
    assert snapshot(game) == before
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_a_post_with_the_pages_token_is_accepted() -> None:
    game, clients = playing_game()
    current = stored_state(game).current
    client = csrf_client(clients[current])
    client.get(f"/g/{game.code}/")  # the page sets the token (and puts it in hx-headers)
    token = client.cookies["csrftoken"].value
    response = client.post(f"/g/{game.code}/act/", {"type": "pass", "version": game.version},
                           HTTP_X_CSRFTOKEN=token, headers=HTMX)
    assert response.status_code == 200 and response["X-Mao-Accepted"] == "1"


@pytest.mark.django_db
def test_a_post_from_a_foreign_origin_is_refused_even_with_a_token() -> None:
    game, clients = playing_game()
    client = csrf_client(clients[stored_state(game).current])
    client.get(f"/g/{game.code}/")
    token = client.cookies["csrftoken"].value
    before = snapshot(game)
    response = client.post(f"/g/{game.code}/act/", {"type": "pass", "version": game.version},
                           HTTP_X_CSRFTOKEN=token, HTTP_ORIGIN="https://evil.example", headers=HTMX)
    assert response.status_code == 403
    assert snapshot(game) == before


@pytest.mark.django_db
def test_csrf_trusted_origins_let_a_proxy_origin_post() -> None:
    game, clients = playing_game()
    client = csrf_client(clients[stored_state(game).current])
    client.get(f"/g/{game.code}/")
    token = client.cookies["csrftoken"].value
    with override_settings(CSRF_TRUSTED_ORIGINS=["https://mao.example"]):
        response = client.post(f"/g/{game.code}/act/",
                               {"type": "pass", "version": game.version},
                               HTTP_X_CSRFTOKEN=token, HTTP_ORIGIN="https://mao.example",
                               headers=HTMX)
    assert response.status_code == 200 and response["X-Mao-Accepted"] == "1"


@pytest.mark.django_db
def test_a_made_up_token_is_refused() -> None:
    game, clients = started_game(2)
    victim = csrf_client(clients[0])
    victim.get(f"/g/{game.code}/")
    attacker = Client(enforce_csrf_checks=True)
    attacker.cookies["sessionid"] = key_of(clients[0])
    response = attacker.post(f"/g/{game.code}/start/", HTTP_X_CSRFTOKEN="x" * 32, headers=HTMX)
    assert response.status_code == 403
