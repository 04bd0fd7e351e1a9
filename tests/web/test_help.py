"""A newcomer's first look: "How to play" from every page, and what the game is before
taking a seat through an invitation link."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from tests.web.helpers import client_with_session, started_game

pytestmark = pytest.mark.django_db

HOW_TO_PLAY = 'href="/how-to-play/"'


def test_how_to_play_explains_the_game_with_a_picture_of_a_refusal(client: Client) -> None:
    response = client.get("/how-to-play/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<h1>How to play Mini Mao</h1>" in html
    assert 'role="img" aria-labelledby="refusal-picture-title refusal-picture-desc"' in html
    assert "that&#x27;s a Pip!" in html or "that's a Pip!" in html
    for section in ("Your turn", "Refusals and secret rules", "writing a rule",
                    "Working the rules out", "The end: the reveal", "Keys at the table",
                    "Seeing and hearing the table"):
        assert section in html
    # The keyboard, the four-colour deck, reduced motion and the switch for the shortcuts.
    for said in ("<kbd>Enter</kbd>", "<kbd>←</kbd> <kbd>→</kbd>", "<strong>Key shortcuts</strong>",
                 "<strong>Four-colour suits</strong>", "reduced motion"):
        assert said in html
    assert client.post("/how-to-play/").status_code == 405


def test_every_page_links_to_how_to_play() -> None:
    game, clients = started_game()
    pages = [Client().get("/"), Client().get("/how-to-play/"),
             clients[0].get(f"/g/{game.code}/"), Client().get(f"/g/{game.code}/")]
    for response in pages:
        assert response.status_code == 200
        assert HOW_TO_PLAY in response.content.decode()


def test_an_invitation_link_explains_the_game_before_the_seat_is_taken() -> None:
    host, _ = client_with_session()
    host.post("/new/", {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
                        "first_rule_maker": "host"})
    game = Game.objects.get()
    guest, _ = client_with_session()
    before = guest.get(f"/g/{game.code}/").content.decode()
    assert "New to Mini Mao?" in before and "refusal-picture" in before
    assert "Take a seat" in before
    after = guest.post(f"/g/{game.code}/join/", {"name": "Bull"},
                       headers={"HX-Request": "true"}).content.decode()
    assert "Bull (you)" in after and "New to Mini Mao?" not in after
    # The host, already seated, is not lectured.
    assert "New to Mini Mao?" not in host.get(f"/g/{game.code}/").content.decode()


def test_removing_a_guest_asks_first() -> None:
    host, _ = client_with_session()
    host.post("/new/", {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
                        "first_rule_maker": "host"})
    game = Game.objects.get()
    guest, _ = client_with_session()
    guest.post(f"/g/{game.code}/join/", {"name": "Bull"}, headers={"HX-Request": "true"})
    lobby = host.get(f"/g/{game.code}/").content.decode()
    assert 'hx-confirm="Remove Bull from the table?"' in lobby
    assert 'hx-confirm="Leave this table?"' in guest.get(f"/g/{game.code}/").content.decode()


def test_a_seated_player_gets_the_first_visit_hint_and_a_spectator_does_not() -> None:
    game, clients = started_game()
    seated = clients[0].get(f"/g/{game.code}/").content.decode()
    assert 'id="first-visit"' in seated and 'id="first-refusal"' in seated
    assert 'id="first-visit"' not in Client().get(f"/g/{game.code}/").content.decode()
