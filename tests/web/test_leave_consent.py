"""A seat handed on only with the host's consent (``leave_consent``, Lynnfield): a player's
screen offers no "Leave my seat" but says how to ask, the action path refuses a leave, and
the host's opening the seat hands it on."""

from __future__ import annotations

import pytest

from games.models import Game
from games.presets.registry import preset
from tests.factories import stored_state
from tests.web.presets import preset_game
from tests.web.test_seat_changes import page, post

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_hands_on_their_seat_only_with_the_hosts_consent() -> None:
    game, clients = preset_game(preset("lynnfield"), players=3)
    post(clients[0], game, type="deal", first=1, direction=1)
    shown = page(clients[1], game)
    assert 'value="leave_seat"' not in shown
    assert "To hand your place to someone new, ask the host" in shown
    assert "To hand your place to someone new" not in page(clients[0], game)  # the host
    message, accepted, _ = post(clients[1], game, type="leave_seat")
    assert accepted == "0" and message == ("In this game a seat is handed on only with the "
                                           "host's consent: ask the host to open yours for "
                                           "someone new.")
    message, accepted, _ = post(clients[0], game, type="open_seat", target=1)
    assert accepted == "1"
    assert stored_state(Game.objects.get(pk=game.pk)).vacant == [1]
