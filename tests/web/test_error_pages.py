"""The site's own error pages (DEBUG off): a friendly 404 for a bad game code or a mistyped
link, and a 500 page, both in the site's layout with its links home and to How to play."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory, override_settings
from django.views.defaults import server_error

from games.engine.settings import GameSettings
from games.lobby.services import open_game
from tests.factories import new_holder

pytestmark = pytest.mark.django_db

HOW_TO_PLAY = 'href="/how-to-play/"'
HOME = 'href="/"'


@override_settings(DEBUG=False)
def test_a_bad_game_code_is_a_friendly_404() -> None:
    response = Client().get("/g/NOPE42/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "<h1 id=\"error-title\">Nothing here</h1>" in html
    assert "There is no game with the code “NOPE42”." in html
    assert HOW_TO_PLAY in html and HOME in html
    assert 'class="site-header"' in html  # the site's layout, not Django's bare page
    assert 'data-page="404"' in html  # which page template drew it, for the browser tests


@override_settings(DEBUG=False)
def test_a_mistyped_address_is_the_same_page_without_django_internals() -> None:
    response = Client().get("/no/such/page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "There is no page at this address." in html
    assert "Resolver404" not in html and "tried" not in html
    assert HOW_TO_PLAY in html


@override_settings(DEBUG=False)
def test_a_notebook_before_the_game_starts_says_why() -> None:
    game = open_game(GameSettings(players=3), "Gogol", new_holder())
    html = Client().get(f"/g/{game.code}/notebook/").content.decode()
    assert "This game has not started yet: its notebook opens with the first play." in html
    assert HOW_TO_PLAY in html


def test_the_500_page_needs_no_request_context() -> None:
    """Django draws it with an empty context: it still has the layout and its links."""
    response = server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in html
    assert HOW_TO_PLAY in html and HOME in html and 'class="site-header"' in html
    assert 'data-page="500"' in html
