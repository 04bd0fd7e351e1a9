"""The banner of a won round ("X is writing a new secret rule…") goes once the rule is written,
on every screen, through the live push."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.engine.actions import WriteRule
from games.models import Game
from games.store.writes import submit_action
from tests.factories import play_until, stored_state
from tests.hardening.helpers import communicator, key_of, playing_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SECOND = {"jargon": "Bloom", "rule": {"kind": "restriction", "when": {"type": "rank", "of": "top",
                                                                      "in": ["K"]},
                                      "must": {"type": "colour", "is": "red"}}}
MOMENT = re.compile(r'<div id="moment"[^>]*>(.*?)</div>', re.S)


def won_round() -> tuple[Game, list[str]]:
    """A game whose round 1 has just been won with an emptied hand (seat keys): played on
    through the write path until then."""
    game, clients = playing_game(3)
    game = play_until(game, lambda state: state.phase == "writing")
    assert stored_state(game).winners[-1].how == "emptied"
    return game, [key_of(c) for c in clients]


def moment_of(frame: str) -> str | None:
    found = MOMENT.search(frame)
    return found.group(1).strip() if found else None


async def test_the_banner_goes_on_every_screen_when_the_rule_is_written() -> None:
    game, keys = await sync_to_async(won_round)()
    writer = stored_state(game).writers[0]
    sockets: list[WebsocketCommunicator] = [communicator(game.code, key) for key in keys]
    for ws in sockets:
        assert (await ws.connect())[0]
        first = await ws.receive_from(timeout=5)
        assert "is writing a new secret rule" in (moment_of(first) or "")
    await sync_to_async(submit_action)(game.code, WriteRule(writer, SECOND), game.version)
    for ws in sockets:
        frame = await ws.receive_from(timeout=5)
        assert moment_of(frame) == ""  # the banner is pushed again, empty
        assert "writing a new secret rule" not in frame
        await ws.disconnect()
