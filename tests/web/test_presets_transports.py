"""The new actions of presets (the dealer's deal, the winner's skip) through both
transports: the same refusal reads the same over an htmx POST and a socket ``act`` frame,
and a socket frame is accepted like a POST."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from games.presets.format import Preset
from games.presets.registry import preset
from tests.factories import stored_state
from tests.web.presets import DEALING, preset_game, with_preset
from tests.web.test_consumer import communicator
from tests.web.test_transports import both_ways

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

CASES: dict[str, tuple[str, int, dict[str, Any], str]] = {
    "a bad direction": ("test-dealing", 0, {"type": "deal", "first": 1, "direction": 2},
                        "direction must be 1 (clockwise) or -1 (anticlockwise)"),
    "not the dealer": ("test-dealing", 1, {"type": "deal", "first": 1, "direction": 1},
                       "It is Gogol's deal, not yours."),
    "no seat": ("test-dealing", 0, {"type": "deal", "first": 6, "direction": 1},
                "There is no seat 6 in this game."),
    "a skip in Mini Mao": ("mini-mao", 0, {"type": "skip_rule"},
                           "In this game the winner always writes a rule."),
    "a skip by another": ("teaching", 1, {"type": "skip_rule"},
                          "It is not your turn to write a rule."),
}


@pytest.fixture(autouse=True)
def dealing() -> Iterator[Preset]:
    with with_preset(DEALING) as extra:
        yield extra


@pytest.mark.parametrize("name", sorted(CASES))
async def test_the_same_refusal_reads_the_same_on_both_transports(name: str) -> None:
    preset_name, who, action, words = CASES[name]
    game, clients = await sync_to_async(preset_game)(preset(preset_name))
    before = (game.version, game.state)
    over_http, over_socket = await both_ways(game, clients[who], action, game.version)
    assert over_http == over_socket
    assert words in over_http
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


@pytest.mark.parametrize(("preset_name", "action", "phase"), [
    ("test-dealing", {"type": "deal", "first": 2, "direction": -1}, "playing"),
    ("teaching", {"type": "skip_rule"}, "playing"),
])
async def test_a_socket_frame_is_accepted_like_a_post(preset_name: str, action: dict[str, Any],
                                                      phase: str) -> None:
    game, clients = await sync_to_async(preset_game)(preset(preset_name))
    ws = communicator(game.code, clients[0].cookies["sessionid"].value)
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "version": game.version, "action": action})
    await ws.receive_from(timeout=5)
    await ws.disconnect()
    await sync_to_async(game.refresh_from_db)()
    state = stored_state(game)
    assert state.phase == phase
    if action["type"] == "deal":
        assert (state.current, state.direction) == (2, -1)
