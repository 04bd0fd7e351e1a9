"""The host's sanctions for points of order at the web table (``order_sanctions``): the
host's tools offer them, only the host may give one, and a player barred sees no call
button."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import stored_state
from tests.web.presets import with_preset
from tests.web.test_order import ORDER, act_over_http, page, table

pytestmark = pytest.mark.django_db(transaction=True)

SANCTIONING: dict[str, Any] = {**ORDER, "name": "test-sanctioning", "settings": {
    **ORDER["settings"], "order_sanctions": True}}


@pytest.fixture()
def sanctioning() -> Any:
    with with_preset(SANCTIONING) as extra:
        yield extra


def test_only_the_host_sanctions_and_a_barred_player_calls_none(sanctioning: Any) -> None:
    game, clients, other = table(sanctioning)
    assert 'id="sanction-player"' in page(game, clients[0])
    assert 'id="sanction-player"' not in page(game, clients[other])
    assert 'id="order-call"' in page(game, clients[other])
    accepted, answer = act_over_http(game, clients[other], {
        "type": "sanction_order", "target": str(other), "sanction": "card"})
    assert not accepted and "Only the host can sanction a player for points of order." in answer
    accepted, answer = act_over_http(game, clients[0], {
        "type": "sanction_order", "target": str(other), "sanction": "jail"})
    assert not accepted
    assert act_over_http(game, clients[0], {"type": "sanction_order", "target": str(other),
                                            "sanction": "bar"})[0]
    game.refresh_from_db()
    assert stored_state(game).order.barred == [other]
    shown = page(game, clients[other])
    assert 'id="order-call"' not in shown
    assert "right to call a point of order, for excessive points of order." in shown
