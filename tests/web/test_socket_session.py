"""Who a table socket is: read from the session cookie of its handshake, once, on connect."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from games.live.consumers import GameConsumer, session_holder
from maosite.asgi import application
from tests.web.helpers import client_with_session

pytestmark = pytest.mark.django_db


def _cookie(value: str) -> list[tuple[bytes, bytes]]:
    return [(b"host", b"localhost"), (b"cookie", value.encode())]


def test_the_session_cookie_gives_its_holder() -> None:
    client, holder = client_with_session()
    key = client.cookies["sessionid"].value

    assert session_holder(_cookie(f"csrftoken=abc; sessionid={key}; theme=dark")) == holder


def test_no_cookie_or_no_session_cookie_is_nobody() -> None:
    assert session_holder([(b"host", b"localhost")]) is None
    assert session_holder(_cookie("csrftoken=abc")) is None
    assert session_holder(_cookie("sessionid=")) is None


def test_a_forged_or_tampered_session_cookie_is_nobody() -> None:
    client, _ = client_with_session()
    key = client.cookies["sessionid"].value

    assert session_holder(_cookie("sessionid=not-a-signed-value")) is None
    assert session_holder(_cookie(f"sessionid={key[:-2]}xx")) is None


def test_a_session_without_a_holder_token_is_nobody() -> None:
    from django.contrib.sessions.backends.signed_cookies import SessionStore

    store = SessionStore()
    store["other"] = "value"
    store.save()

    assert session_holder(_cookie(f"sessionid={store.session_key}")) is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_keeps_no_session_nor_user_in_its_scope(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The socket's stack loads no session for the socket's life (it would keep it in memory)."""
    from asgiref.sync import sync_to_async

    from tests.web.helpers import started_game

    game, clients = await sync_to_async(started_game)(2)
    key = clients[0].cookies["sessionid"].value
    scopes: list[dict[str, object]] = []
    original = GameConsumer._open

    def spy(self: GameConsumer) -> bool:
        scopes.append(self.scope)
        return original(self)

    monkeypatch.setattr(GameConsumer, "_open", spy)
    ws = WebsocketCommunicator(application, f"/ws/g/{game.code}/", headers=[
        (b"origin", b"http://localhost"), (b"host", b"localhost"),
        (b"cookie", f"sessionid={key}".encode())])
    connected, _ = await ws.connect()
    assert connected
    assert "You make the first rule" in await ws.receive_from(timeout=5)
    await ws.disconnect()
    assert scopes and not {"session", "user", "cookies"} & set(scopes[0])
