"""Traps a group of new players met on their first game night, held closed by the views."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from django.utils.html import escape

from games.models import Game
from games.presets.registry import DEFAULT, presets
from tests.factories import holder_client

pytestmark = pytest.mark.django_db

OTHER = next(name for name in presets() if name != DEFAULT)


def _new_game_form(html: str) -> str:
    found = re.search(r'<form method="post" action="/new/".*?</form>', html, re.S)
    assert found is not None
    return found.group()


def test_the_way_to_play_ticked_is_posted_with_the_table() -> None:
    form = _new_game_form(Client().get("/").content.decode())
    for name in presets():
        assert f'type="radio" name="preset" value="{name}"' in form


def test_a_way_ticked_after_the_settings_were_drawn_shows_its_own_settings_first() -> None:
    client, _ = holder_client()
    response = client.post("/new/", {"name": "Ann", "preset": OTHER, "drawn_for": DEFAULT,
                                     "players": "4", "hand_size": "5",
                                     "first_rule_maker": "host"})
    html = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    title = escape(presets()[OTHER].title)
    assert f"{title}: your table" in html
    assert f"These are the settings of {title}" in html
    assert re.search(rf'value="{OTHER}" id="preset-{OTHER}" checked', html)
    assert 'value="Ann"' in html
    # Posted again from that page, the way ticked is the way opened.
    response = client.post("/new/", {"name": "Ann", "preset": OTHER, "drawn_for": OTHER,
                                     "players": "3", "first_rule_maker": "host"})
    assert response.status_code == 302
    assert Game.objects.get().settings["preset"] == OTHER


@override_settings(DEBUG=True)
@pytest.mark.parametrize("path", ["/g/NOPE42/", "/no/such/page/"])
def test_a_mistyped_link_is_the_friendly_404_with_debug_on(path: str) -> None:
    response = Client().get(path)
    html = response.content.decode()
    assert response.status_code == 404
    assert 'data-page="404"' in html and 'class="site-header"' in html
    assert "Using the URLconf" not in html and "technical_404" not in html


def test_a_message_on_the_home_page_is_a_list_inside_an_alert() -> None:
    client = Client()
    html = client.get("/find/", {"code": "NOPE42"}, follow=True).content.decode()
    assert "There is no game with the code" in html
    assert '<ul class="messages">' in html and 'role="alert">\n<ul class="messages">' in html
    assert '<ul class="messages" role=' not in html
