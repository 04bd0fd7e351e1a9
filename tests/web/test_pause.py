"""The host's pause at the web table: the table's form asks for it (``pause``), the engine
decides from who asks (the host only, never the request's word), every screen shows it, and
only the host's screen offers to resume it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import stored_state
from tests.web.presets import with_preset
from tests.web.test_order import ORDER, act_over_http, page, table

pytestmark = pytest.mark.django_db(transaction=True)

PAUSING: dict[str, Any] = {**ORDER, "name": "test-pausing", "settings": {
    **ORDER["settings"], "host_pause": True}}


@pytest.fixture()
def pausing() -> Any:
    with with_preset(PAUSING) as extra:
        yield extra


def test_only_the_host_pauses_and_resumes(pausing: Any) -> None:
    game, clients, other = table(pausing)
    assert 'id="order-pause"' in page(game, clients[0])
    assert 'id="order-pause"' not in page(game, clients[other])
    accepted, answer = act_over_http(game, clients[other],
                                     {"type": "call_order", "pause": "1", "host": "true"})
    assert not accepted and "Only the host can pause the game." in answer
    assert act_over_http(game, clients[0], {"type": "call_order", "pause": "1"})[0]
    game.refresh_from_db()
    state = stored_state(game)
    assert state.order.current is not None and state.order.current.pause
    for client in clients:
        shown = page(game, client)
        assert 'class="status__paused">Paused</strong>' in shown
        assert "paused the game: play is stopped and every hand is face down." in shown
    assert 'id="order-resume"' in page(game, clients[0])
    assert 'id="order-resume"' not in page(game, clients[other])
    accepted, answer = act_over_http(game, clients[other], {"type": "end_order", "order": 1})
    assert not accepted and "Only the host can resume the game." in answer
    assert act_over_http(game, clients[0], {"type": "end_order", "order": 1})[0]
    game.refresh_from_db()
    assert stored_state(game).order.current is None
