"""Naming a new player at the web table (``expel_new_only``, Lynnfield): the host's tools
offer it, only the host may, and a player named leaves the list."""

from __future__ import annotations

import pytest

from games.models import Game
from games.presets.registry import preset
from tests.factories import stored_state
from tests.web.presets import preset_game
from tests.web.test_seat_changes import page, post

pytestmark = pytest.mark.django_db(transaction=True)


def test_only_the_host_names_a_new_player() -> None:
    game, clients = preset_game(preset("lynnfield"), players=3)
    post(clients[0], game, type="deal", first=1, direction=1)
    assert 'id="new-player"' in page(clients[0], game)
    assert 'id="new-player"' not in page(clients[1], game)
    message, accepted, _ = post(clients[1], game, type="name_new", target=1)
    assert accepted == "0" and message == "Only the host can name a new player."
    message, accepted, _ = post(clients[0], game, type="name_new", target="")
    assert accepted == "0" and message == "Choose who is new."
    _, accepted, _ = post(clients[0], game, type="name_new", target=2)
    assert accepted == "1"
    assert stored_state(Game.objects.get(pk=game.pk)).new_players == [2]
    host = page(clients[0], game)
    assert 'value="2">' not in host.split('id="new-player"')[1].split("</select>")[0]
    assert "names Worms a new player: 3 mistakes in a row expel Worms" in page(clients[1], game)
