"""Per-client rate limits on HTTP: over its limit a request changes nothing, says so, and
other clients (another address, another seat holder) are not held back."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.test import Client, RequestFactory
from pytest_django import Settings

from games.authoring.model import Row
from games.engine.settings import GameSettings
from games.lobby.services import open_game
from games.models import Game
from games.store.limits import over_limit
from tests.builder.helpers import as_previewed, post_form, restriction
from tests.factories import holder_client, new_holder
from tests.web.helpers import started_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}  # the headers of a request htmx sends
TOO_FAST = "You are going too fast"
NEW_GAME = {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
            "first_rule_maker": "host"}


@pytest.fixture(autouse=True)
def limits(settings: Settings, steady_rate_windows: None) -> None:
    """Limits on, at two requests a minute each, counted from 0: under a key prefix of this
    test's own. (Not ``cache.clear()``: on Redis, as under ``make test-postgres``, that
    empties the whole Redis database, other test runs' and sites' keys included.)"""
    settings.RATELIMIT_ENABLE = True
    settings.MAO_RATE_NEW_GAME = settings.MAO_RATE_JOIN = settings.MAO_RATE_ACT = "2/m"
    settings.MAO_RATE_LOBBY = settings.MAO_RATE_BUILDER = "2/m"
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"


def lobby() -> Game:
    return open_game(GameSettings(players=8), "Gogol", new_holder())


def test_opening_tables_over_the_limit_answers_429_and_creates_nothing() -> None:
    client = Client()
    for _ in range(2):
        assert client.post("/new/", NEW_GAME).status_code == 302
    response = client.post("/new/", NEW_GAME)
    assert response.status_code == 429 and TOO_FAST in response.content.decode()
    assert Game.objects.count() == 2


def test_the_new_game_limit_is_per_address() -> None:
    client = Client()
    for _ in range(3):
        client.post("/new/", NEW_GAME)
    assert Client(REMOTE_ADDR="10.0.0.2").post("/new/", NEW_GAME).status_code == 302


def test_joins_over_the_limit_say_so_and_seat_nobody() -> None:
    game = lobby()
    client = Client()
    for name in ("Gogol", "gogol"):  # refused (the host's name), but counted
        client.post(f"/g/{game.code}/join/", {"name": name}, headers=HTMX)
    response = client.post(f"/g/{game.code}/join/", {"name": "Bull"}, headers=HTMX)
    assert TOO_FAST in response.content.decode()
    assert list(game.seats.values_list("name", flat=True)) == ["Gogol"]


def test_joins_over_the_limit_without_htmx_show_the_message_on_the_page() -> None:
    game = lobby()
    client = Client()
    for name in ("Gogol", "gogol"):
        client.post(f"/g/{game.code}/join/", {"name": name})
    response = client.post(f"/g/{game.code}/join/", {"name": "Bull"}, follow=True)
    assert TOO_FAST in response.content.decode()
    assert game.seats.count() == 1


def test_the_join_limit_is_per_address() -> None:
    game = lobby()
    for name in ("Gogol", "gogol", "GOGOL"):
        Client().post(f"/g/{game.code}/join/", {"name": name}, headers=HTMX)
    response = Client(REMOTE_ADDR="10.0.0.2").post(f"/g/{game.code}/join/", {"name": "Bull"},
                                                   headers=HTMX)
    assert "Bull (you)" in response.content.decode()


def act(client: Client, game: Game, kind: str, version: int) -> tuple[str, str]:
    """POST an action as htmx does; the message shown and X-Mao-Accepted."""
    response = client.post(f"/g/{game.code}/act/", {"type": kind, "version": str(version)},
                           headers=HTMX)
    return response.content.decode(), response["X-Mao-Accepted"]


def test_actions_over_the_limit_say_so_and_change_nothing() -> None:
    game, (host, _, _) = started_game()
    for _ in range(2):
        act(host, game, "pass", 999)  # stale: refused, but counted
    message, accepted = act(host, game, "end_game", game.version)
    assert TOO_FAST in message and accepted == "0"
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.phase) == (game.version, game.phase)


def test_the_action_limit_is_per_seat_holder_not_per_address() -> None:
    game, (host, guest, _) = started_game()
    for _ in range(3):
        act(guest, game, "pass", 999)
    message, accepted = act(host, game, "end_game", game.version)
    assert accepted == "1", message
    assert Game.objects.get(pk=game.pk).phase == "ended"


def test_a_browser_without_a_seat_token_is_limited_by_its_address() -> None:
    game, _ = started_game()
    for _ in range(3):
        act(Client(), game, "pass", game.version)
    message, _ = act(Client(REMOTE_ADDR="10.0.0.2"), game, "pass", game.version)
    assert TOO_FAST not in message and "You are watching" in message


def test_the_limit_of_a_browser_without_a_seat_token_holds_at_its_address() -> None:
    game, _ = started_game()
    for _ in range(2):
        act(Client(), game, "pass", game.version)
    message, _ = act(Client(), game, "pass", game.version)
    assert TOO_FAST in message


def test_a_seated_browser_is_not_held_back_by_its_address() -> None:
    game, (host, _, _) = started_game()
    for _ in range(3):
        act(Client(), game, "pass", game.version)  # spectators at the host's address
    message, accepted = act(host, game, "end_game", game.version)
    assert accepted == "1", message


def test_a_request_without_a_client_address_is_limited_not_an_error() -> None:
    client = Client(REMOTE_ADDR="")  # daphne on a Unix socket, without --proxy-headers
    responses = [client.post("/new/", NEW_GAME).status_code for _ in range(3)]
    assert responses == [302, 302, 429]


def test_a_request_with_no_address_at_all_is_limited_not_an_error() -> None:
    requests = [RequestFactory().post("/new/") for _ in range(3)]
    for request in requests:
        del request.META["REMOTE_ADDR"]  # what Django's ASGI handler leaves with no client
        request.session = SessionStore()
    assert [over_limit(request, "new_game") for request in requests] == [False, False, True]


def test_an_ipv6_client_is_one_client_across_its_64_bit_prefix() -> None:
    for suffix in ("1", "2"):
        Client(REMOTE_ADDR=f"2001:db8:1:2::{suffix}").post("/new/", NEW_GAME)
    response = Client(REMOTE_ADDR="2001:db8:1:2:ffff::9").post("/new/", NEW_GAME)
    assert response.status_code == 429


def test_ipv4_clients_of_a_dual_stack_socket_are_told_apart() -> None:
    for _ in range(3):
        Client(REMOTE_ADDR="::ffff:10.0.0.5").post("/new/", NEW_GAME)
    response = Client(REMOTE_ADDR="::ffff:10.0.0.6").post("/new/", NEW_GAME)
    assert response.status_code == 302


# The host's lobby changes, and the rule builder (each request of which checks, most preview,
# and one estimates a draft: CPU a flood must not take).


def lobby_post(client: Client, game: Game, path: str, data: dict[str, str] | None = None
               ) -> str:
    response = client.post(f"/g/{game.code}/{path}", data or {}, headers=HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_lobby_changes_over_the_limit_say_so_and_change_nothing() -> None:
    host, holder = holder_client()
    game = open_game(GameSettings(players=8), "Gogol", holder)
    for _ in range(2):
        lobby_post(host, game, "bots/", {"kind": "experimenter"})
    page = lobby_post(host, game, "bots/", {"kind": "oracle"})
    assert TOO_FAST in page
    assert game.seats.count() == 3
    assert TOO_FAST in lobby_post(host, game, "seats/1/remove/")
    assert TOO_FAST in lobby_post(host, game, "start/")
    game.refresh_from_db()
    assert (game.phase, game.seats.count()) == ("lobby", 3)


def test_the_lobby_limit_is_per_seat_holder() -> None:
    host, holder = holder_client()
    game = open_game(GameSettings(players=8), "Gogol", holder)
    other, _ = holder_client()
    for _ in range(3):
        other.post(f"/g/{game.code}/bots/", {"kind": "oracle"}, headers=HTMX)  # not the host
    assert TOO_FAST not in lobby_post(host, game, "bots/", {"kind": "oracle"})
    assert game.seats.filter(is_bot=True).count() == 1


def builder_post(client: Client, game: Game, name: str, data: dict[str, Any]) -> Any:
    return client.post(f"/g/{game.code}/builder/{name}/", data, headers=HTMX)


def test_builder_requests_over_the_limit_answer_429_with_the_message() -> None:
    game, (writer, _, _) = started_game()
    data = post_form(restriction(Row(test="face")), version=game.version)
    for _ in range(2):
        assert builder_post(writer, game, "preview", data).status_code == 200
    for name in ("preview", "form", "submit"):
        response = builder_post(writer, game, name, as_previewed(data))
        assert response.status_code == 429 and TOO_FAST in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == game.version  # nothing written


def test_difficulty_estimates_count_apart_from_the_builders_other_requests() -> None:
    game, (writer, _, _) = started_game()
    data = post_form(restriction(Row(test="face")), version=game.version)
    for _ in range(3):
        builder_post(writer, game, "preview", data)
    assert builder_post(writer, game, "difficulty", data).status_code == 200
    builder_post(writer, game, "difficulty", data)
    assert builder_post(writer, game, "difficulty", data).status_code == 429


def test_writing_a_rule_counts_as_an_action() -> None:
    game, (writer, _, _) = started_game()
    for _ in range(2):
        act(writer, game, "pass", game.version)  # refused while rules are written, but counted
    response = builder_post(writer, game, "submit", as_previewed(
        post_form(restriction(Row(test="face")), version=game.version)))
    assert response.status_code == 200 and TOO_FAST in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == game.version
