"""A time limit the host sets during play, at the web table: the host's tools offer it where
the game allows it, only the host may set it, and every screen then counts the game down."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.clock import END
from tests.factories import stored_state
from tests.web.presets import with_preset
from tests.web.test_order import ORDER, act_over_http, page, table

pytestmark = pytest.mark.django_db(transaction=True)

TIMING: dict[str, Any] = {**ORDER, "name": "test-timing", "settings": {
    **ORDER["settings"], "host_times": True}}


@pytest.fixture()
def timing() -> Any:
    with with_preset(TIMING) as extra:
        yield extra


def test_only_the_host_sets_a_time_limit(timing: Any) -> None:
    game, clients, other = table(timing)
    assert 'id="time-minutes"' in page(game, clients[0])
    assert 'id="time-minutes"' not in page(game, clients[other])
    accepted, answer = act_over_http(game, clients[other], {"type": "time_game", "minutes": "5"})
    assert not accepted and "Only the host can set the game&#x27;s time limit." in answer
    accepted, answer = act_over_http(game, clients[0], {"type": "time_game", "minutes": "x"})
    assert not accepted and "Choose how many minutes the game has left." in answer
    assert act_over_http(game, clients[0], {"type": "time_game", "minutes": "20"})[0]
    game.refresh_from_db()
    assert END in stored_state(game).timers
    for client in clients:
        assert "Game ends in" in page(game, client)


def test_a_game_without_it_offers_no_time_limit() -> None:
    with with_preset(ORDER) as plain:
        game, clients, _ = table(plain)
        assert 'id="time-minutes"' not in page(game, clients[0])
        accepted, answer = act_over_http(game, clients[0], {"type": "time_game", "minutes": "5"})
        assert not accepted and "the time is not set during play" in answer
