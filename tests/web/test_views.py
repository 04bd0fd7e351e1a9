"""HTTP views: home, opening and finding tables, the lobby, the table and actions."""

from __future__ import annotations

import pytest

from games.engine.actions import MAX_SAY, WriteRule
from games.models import LOBBY, Game
from games.store.writes import submit_action
from tests.factories import stored_state
from tests.web.helpers import client_with_session, started_game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}  # the headers of a request htmx sends
FACE_RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "when": {"type": "face", "of": "top"},
                                       "must_not": {"type": "face"}}}


def test_home_offers_to_open_and_join() -> None:
    client, _ = client_with_session()
    html = client.get("/").content.decode()
    assert "Open a table" in html and "Join a table" in html


def test_opening_a_table_redirects_to_its_lobby() -> None:
    client, key = client_with_session()
    response = client.post("/new/", {"name": "Gogol", "players": "4", "hand_size": "5",
                                     "decks": "1", "jokers": "on",
                                     "first_rule_maker": "random"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/g/{game.code}/"
    assert game.phase == LOBBY and game.seats.get().holder == key
    page = client.get(response["Location"]).content.decode()
    assert f"Table {game.code}" in page and "Gogol (you)" in page


def test_a_bad_new_game_form_shows_errors_and_creates_nothing() -> None:
    client, _ = client_with_session()
    response = client.post("/new/", {"name": "", "players": "12"})
    assert response.status_code == 400 and not Game.objects.exists()
    html = response.content.decode()
    assert "This field is required" in html
    # The error is read with its field: the field's aria-describedby names it.
    assert 'aria-describedby="id_name_error"' in html
    assert '<p class="form__error" id="id_name_error">This field is required.</p>' in html


def test_finding_an_unknown_code_says_so() -> None:
    client, _ = client_with_session()
    response = client.get("/find/", {"code": "zzzzzz"}, follow=True)
    assert "There is no game with the code “ZZZZZZ”" in response.content.decode()


def test_an_unknown_game_link_is_404() -> None:
    client, _ = client_with_session()
    assert client.get("/g/NOPE42/").status_code == 404


def test_joining_from_the_lobby_with_htmx() -> None:
    host, host_key = client_with_session()
    host.post("/new/", {"name": "Gogol", "players": "2", "hand_size": "5", "decks": "1",
                        "first_rule_maker": "host"})
    game = Game.objects.get()
    guest, _ = client_with_session()
    response = guest.post(f"/g/{game.code}/join/", {"name": "gogol"}, headers=HTMX)
    assert "already called gogol" in response.content.decode()
    response = guest.post(f"/g/{game.code}/join/", {"name": "Bull"}, headers=HTMX)
    assert "Bull (you)" in response.content.decode()
    late, _ = client_with_session()
    response = late.post(f"/g/{game.code}/join/", {"name": "Late"}, headers=HTMX)
    assert "This table is full" in response.content.decode()


def test_the_host_seats_a_detective_from_the_lobby_menu() -> None:
    host, _ = client_with_session()
    host.post("/new/", {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
                        "first_rule_maker": "host"})
    game = Game.objects.get()
    assert 'value="detective"' in host.get(f"/g/{game.code}/").content.decode()
    response = host.post(f"/g/{game.code}/bots/", {"kind": "detective"}, headers=HTMX)
    assert "bot · detective" in response.content.decode()
    assert game.seats.get(is_bot=True).bot_kind == "detective"


def test_the_host_starts_and_everyone_gets_the_table() -> None:
    host, _ = client_with_session()
    host.post("/new/", {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
                        "first_rule_maker": "host"})
    game = Game.objects.get()
    host.post(f"/g/{game.code}/bots/", {"kind": "oracle"}, headers=HTMX)
    response = host.post(f"/g/{game.code}/start/", headers=HTMX)
    assert response.status_code == 204 and response["HX-Redirect"] == f"/g/{game.code}/"
    page = host.get(f"/g/{game.code}/").content.decode()
    assert "You make the first rule" in page


def test_spectators_see_the_table_but_cannot_act() -> None:
    game, _ = started_game()
    watcher, _ = client_with_session()
    page = watcher.get(f"/g/{game.code}/").content.decode()
    assert "You are watching this game" in page
    response = watcher.post(f"/g/{game.code}/act/", {"type": "pass", "version": game.version},
                            headers=HTMX)
    assert "only players can act" in response.content.decode()


def playing(game: Game) -> Game:
    submit_action(game, WriteRule(0, FACE_RULE), game.version)
    game.refresh_from_db()
    return game


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    game, clients = started_game()
    game = playing(game)
    state = stored_state(game)
    waiting = next(i for i in range(3) if i != state.current)
    response = clients[waiting].post(f"/g/{game.code}/act/",
                                     {"type": "pass", "version": game.version}, headers=HTMX)
    assert "turn, not yours" in response.content.decode()
    assert response["X-Mao-Accepted"] == "0"
    game.refresh_from_db()
    assert game.state == state.to_json()


def test_a_stale_version_is_refused() -> None:
    game, clients = started_game()
    game = playing(game)
    mover = clients[stored_state(game).current]
    response = mover.post(f"/g/{game.code}/act/", {"type": "pass", "version": 0}, headers=HTMX)
    assert "Your screen is out of date" in response.content.decode()


def test_forged_and_malformed_plays_are_refused() -> None:
    game, clients = started_game()
    game = playing(game)
    seat = stored_state(game).current
    mover = clients[seat]
    url = f"/g/{game.code}/act/"
    before = (game.version, game.state)
    not_held = next(c for c in ("AS", "2S", "3S", "4S", "5S", "6S")
                    if c not in stored_state(game).hands[seat])
    cases = [
        ({"type": "play", "cards": [not_held], "version": game.version}, "You do not hold"),
        ({"type": "play", "cards": ["ZZ"], "version": game.version}, "not a card"),
        ({"type": "play", "version": game.version}, "Choose a card"),
        ({"type": "explode", "version": game.version}, "Unknown action"),
        ({"type": "pass"}, "no game version"),
        ({"type": "play", "cards": ["AS"], "say": "x" * (MAX_SAY + 1),
          "version": game.version}, f"at most {MAX_SAY}"),
    ]
    for data, message in cases:
        response = mover.post(url, data, headers=HTMX)
        assert message in response.content.decode(), data
    game.refresh_from_db()
    assert (game.version, game.state) == before


def test_a_legal_pass_is_accepted() -> None:
    game, clients = started_game()
    game = playing(game)
    seat = stored_state(game).current
    response = clients[seat].post(f"/g/{game.code}/act/",
                                  {"type": "pass", "version": game.version}, headers=HTMX)
    assert response["X-Mao-Accepted"] == "1"
    game.refresh_from_db()
    assert len(stored_state(game).hands[seat]) == 6


def test_only_the_host_ends_the_game() -> None:
    game, clients = started_game()
    response = clients[1].post(f"/g/{game.code}/act/",
                               {"type": "end_game", "version": game.version}, headers=HTMX)
    assert "Only the host" in response.content.decode()
    clients[0].post(f"/g/{game.code}/act/", {"type": "end_game", "version": game.version},
                    headers=HTMX)
    game.refresh_from_db()
    assert game.phase == "ended"


def test_acting_on_a_game_in_its_lobby_is_a_clear_409_that_changes_nothing() -> None:
    host, _ = client_with_session()
    host.post("/new/", {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
                        "first_rule_maker": "host"})
    game = Game.objects.get()
    response = host.post(f"/g/{game.code}/act/", {"type": "pass", "version": game.version},
                         headers=HTMX)
    assert response.status_code == 409
    assert "has not started yet" in response.content.decode()
    game.refresh_from_db()
    assert (game.phase, game.version, game.state) == (LOBBY, 0, None)
