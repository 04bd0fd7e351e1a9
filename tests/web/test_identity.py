"""Identities cannot be forged: a bad session cookie is a fresh session, never someone's seat.

A seat is held by the hash of a random token kept in a session cookie the server signs
(games/store/identity.py). Whatever cookie a browser sends (forged with another key, made
up, over-long, holding NUL or non-ASCII characters, or the 32-character key of the old
database sessions), the page, an action and a join answer without a 500, give the browser
a fresh session, and seat it nowhere it did not sit down; the database holds only hashes.
"""

from __future__ import annotations

import hashlib
import re
import secrets

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.contrib.sessions.serializers import JSONSerializer
from django.core import signing
from django.http import HttpResponseBase
from django.test import Client

from games.engine.settings import GameSettings
from games.lobby.services import open_game
from games.models import Game, Seat
from games.store.identity import SESSION_KEY, hash_token
from maosite.asgi import application
from tests.web.helpers import client_with_session, started_game

pytestmark = pytest.mark.django_db

COOKIE = "sessionid"
SALT = "django.contrib.sessions.backends.signed_cookies"
WATCHING = "You are watching this game."

#: Cookies no browser was given by this server, by kind. "forged" is made per test: a
#: session holding the host's own token, signed with a key that is not the server's.
BAD_COOKIES = {
    "unknown": secrets.token_urlsafe(32),
    "over-long": "x" * 5000,
    "NUL": "abc\x00def:ghi",
    # UTF-8 bytes (a check mark, an e-acute) as a server reads header bytes: Latin-1.
    "non-ASCII": "\xe2\x9c\x93caf\xc3\xa9",
    # The key of a session of the old database backend: 32 lowercase letters and digits.
    "old database key": "k5e0q3m2y8x1w4v7u6t9s2r5p8n1m4l7",
}
KINDS = [*BAD_COOKIES, "forged"]


def forged(token: str) -> str:
    """A session cookie holding ``token``, in the server's format but not with its key."""
    return signing.dumps({SESSION_KEY: token}, key="not the server's secret key", salt=SALT,
                         serializer=JSONSerializer, compress=True)


def signed(data: dict[str, str]) -> str:
    """A session cookie the server itself signed, holding ``data``."""
    session = SessionStore()
    session.update(data)
    session.save()
    assert session.session_key is not None
    return session.session_key


def token_of(client: Client) -> str:
    return str(client.session[SESSION_KEY])


def cookie(kind: str, victim: Client) -> str:
    return forged(token_of(victim)) if kind == "forged" else BAD_COOKIES[kind]


def with_cookie(value: str) -> dict[str, str]:
    """Request headers that send exactly this session cookie (and no other)."""
    return {"Cookie": f"{COOKIE}={value}"}


def new_session(response: HttpResponseBase, sent: str) -> dict[str, object]:
    """The session the response gave the browser: a new cookie, never the one sent (empty
    when the server only cleared the bad one)."""
    assert COOKIE in response.cookies, "no Set-Cookie for the session"
    value = response.cookies[COOKIE].value
    assert value != sent
    return dict(SessionStore(session_key=value).load()) if value else {}


def holders(game: Game) -> set[str | None]:
    return set(Seat.objects.filter(game=game).values_list("holder", flat=True))


@pytest.fixture
def table() -> tuple[Game, Client]:
    """A started game (the host writes the first rule) and its host's client."""
    game, clients = started_game()
    return game, clients[0]


@pytest.fixture
def lobby() -> tuple[Game, Client]:
    """A lobby with its host seated, and the host's client."""
    host, holder = client_with_session()
    return open_game(GameSettings(players=4), "Gogol", holder), host


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_cookie_on_a_table_page_is_a_fresh_session_that_watches(
        kind: str, table: tuple[Game, Client]) -> None:
    game, host = table
    sent = cookie(kind, host)
    response = Client().get(f"/g/{game.code}/", headers=with_cookie(sent))
    assert response.status_code == 200 and WATCHING in response.content.decode()
    fresh = new_session(response, sent)
    assert fresh[SESSION_KEY] != token_of(host)
    assert hash_token(str(fresh[SESSION_KEY])) not in holders(game)


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_cookie_on_a_lobby_page_is_a_fresh_session_without_a_seat(
        kind: str, lobby: tuple[Game, Client]) -> None:
    game, host = lobby
    sent = cookie(kind, host)
    response = Client().get(f"/g/{game.code}/", headers=with_cookie(sent))
    assert response.status_code == 200 and "(you)" not in response.content.decode()
    fresh = new_session(response, sent)
    assert hash_token(str(fresh[SESSION_KEY])) not in holders(game)


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_cookie_cannot_act_and_its_session_is_replaced(
        kind: str, table: tuple[Game, Client]) -> None:
    game, host = table
    sent = cookie(kind, host)
    response = Client().post(f"/g/{game.code}/act/",
                             {"type": "end_game", "version": str(game.version)},
                             HTTP_HX_REQUEST="true", headers=with_cookie(sent))
    assert response.status_code == 200 and response["X-Mao-Accepted"] == "0"
    assert "You are watching this game" in response.content.decode()
    assert SESSION_KEY not in new_session(response, sent)
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.phase) == (game.version, game.phase)


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_cookie_joins_only_as_a_new_player_with_a_fresh_session(
        kind: str, lobby: tuple[Game, Client]) -> None:
    game, host = lobby
    sent = cookie(kind, host)
    response = Client().post(f"/g/{game.code}/join/", {"name": "Bull"}, headers=with_cookie(sent))
    assert response.status_code == 302
    fresh = new_session(response, sent)
    seats = dict(Seat.objects.filter(game=game).values_list("name", "holder"))
    assert seats == {"Gogol": hash_token(token_of(host)),
                     "Bull": hash_token(str(fresh[SESSION_KEY]))}


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_cookie_joining_a_started_game_gets_no_seat(
        kind: str, table: tuple[Game, Client]) -> None:
    game, host = table
    before = holders(game)
    sent = cookie(kind, host)
    response = Client().post(f"/g/{game.code}/join/", {"name": "Bull"}, headers=with_cookie(sent))
    assert response.status_code == 302
    new_session(response, sent)
    assert holders(game) == before


def test_the_same_cookie_signed_by_the_server_is_the_host(table: tuple[Game, Client]) -> None:
    # The control for the forged cookie: only the signature makes the difference.
    game, host = table
    sent = signed({SESSION_KEY: token_of(host)})
    page = Client().get(f"/g/{game.code}/", headers=with_cookie(sent)).content.decode()
    assert WATCHING not in page and "You make the first rule" in page


def test_a_made_up_holder_hash_in_a_cookie_shows_no_seat(table: tuple[Game, Client]) -> None:
    game, _ = table
    host_seat = game.seats.get(index=0)
    sent = signed({SESSION_KEY: str(host_seat.holder)})
    page = Client().get(f"/g/{game.code}/", headers=with_cookie(sent)).content.decode()
    assert WATCHING in page


def test_a_made_up_holder_hash_in_a_cookie_cannot_act(table: tuple[Game, Client]) -> None:
    game, _ = table
    sent = signed({SESSION_KEY: str(game.seats.get(index=0).holder)})
    response = Client().post(f"/g/{game.code}/act/",
                             {"type": "end_game", "version": str(game.version)},
                             HTTP_HX_REQUEST="true", headers=with_cookie(sent))
    assert response["X-Mao-Accepted"] == "0"
    assert Game.objects.get(pk=game.pk).version == game.version


def seat_row_text(seat: Seat) -> str:
    """Every stored field of a seat, as text."""
    return repr(Seat.objects.filter(pk=seat.pk).values().get())


def test_the_host_seat_stores_the_hash_of_the_token_never_the_token() -> None:
    client = Client()
    client.post("/new/", {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
                          "first_rule_maker": "host"})
    seat = Seat.objects.get()
    token = token_of(client)
    assert re.fullmatch(r"[0-9a-f]{64}", str(seat.holder))
    assert seat.holder == hashlib.sha256(token.encode()).hexdigest()
    assert token not in seat_row_text(seat)


def test_a_joined_seat_stores_the_hash_of_the_token_never_the_token(
        lobby: tuple[Game, Client]) -> None:
    game, _ = lobby
    guest = Client()
    guest.get(f"/g/{game.code}/")
    guest.post(f"/g/{game.code}/join/", {"name": "Bull"})
    seat = game.seats.get(name="Bull")
    token = token_of(guest)
    assert re.fullmatch(r"[0-9a-f]{64}", str(seat.holder))
    assert seat.holder == hashlib.sha256(token.encode()).hexdigest()
    assert token not in seat_row_text(seat)


def socket(code: str, cookie_value: str) -> WebsocketCommunicator:
    """A table socket that sends this session cookie, as raw header bytes (Latin-1, as a
    server reads them)."""
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost"),
               (b"cookie", f"{COOKIE}={cookie_value}".encode("latin-1"))]
    return WebsocketCommunicator(application, f"/ws/g/{code}/", headers=headers)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("kind", [*KINDS, "holder hash"])
async def test_a_socket_with_a_bad_cookie_is_a_spectator(kind: str) -> None:
    game, clients = await sync_to_async(started_game)()
    host = clients[0]
    if kind == "holder hash":
        holder = await sync_to_async(lambda: str(game.seats.get(index=0).holder))()
        sent = await sync_to_async(signed)({SESSION_KEY: holder})
    else:
        sent = await sync_to_async(cookie)(kind, host)
    ws = socket(game.code, sent)
    connected, _ = await ws.connect()
    assert connected
    frame = await ws.receive_from(timeout=5)
    assert WATCHING in frame and "You make the first rule" not in frame
    await ws.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_with_the_hosts_cookie_is_the_host() -> None:
    # The control for the spectator sockets above.
    game, clients = await sync_to_async(started_game)()
    ws = socket(game.code, clients[0].cookies[COOKIE].value)
    assert (await ws.connect())[0]
    frame = await ws.receive_from(timeout=5)
    assert WATCHING not in frame and "You make the first rule" in frame
    await ws.disconnect()
