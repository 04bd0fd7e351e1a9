"""The table's play form sent over the socket (``{"type": "act", "form": {...}}``), as
``table.js`` sends it while the socket is open: read as the POST reads it, answered with
a ``#feedback`` fragment that says whether the action was accepted."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.engine.actions import WriteRule
from games.models import Game
from games.store.writes import submit_action
from scripts.loadtest import pages
from tests.factories import stored_state
from tests.web.helpers import started_game
from tests.web.test_consumer import communicator

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}


async def playing_game() -> tuple[Game, list[Client], list[str]]:
    game, clients = await sync_to_async(started_game)(3)
    result = await sync_to_async(submit_action)(game.code, WriteRule(0, RULE), game.version)
    return result.game, clients, [c.cookies["sessionid"].value for c in clients]


def pass_form(version: int) -> dict[str, list[str]]:
    """What the play form holds for a pass on a screen at ``version`` (one pile, no joker)."""
    return {"type": ["pass"], "say": [""], "suit": [""], "version": [str(version)]}


async def test_a_pass_sent_as_the_form_is_made_and_answered_as_accepted() -> None:
    game, _, keys = await playing_game()
    mover = stored_state(game).current
    sockets = [communicator(game.code, key) for key in keys]
    for ws in sockets:
        await ws.connect()
        await ws.receive_from(timeout=5)
    await sockets[mover].send_json_to({"type": "act", "form": pass_form(game.version)})
    frames = [await sockets[mover].receive_from(timeout=5) for _ in range(2)]
    answer = next(f for f in frames if pages.is_feedback(f))
    assert pages.feedback_accepted(answer) is True
    assert 'data-answer="act"' in answer
    for ws in sockets:
        if ws is not sockets[mover]:
            assert f'value="{game.version + 1}"' in await ws.receive_from(timeout=5)
        await ws.disconnect()
    fresh = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert fresh.version == game.version + 1


async def test_a_refused_form_reads_as_the_post_reads_and_changes_nothing() -> None:
    game, clients, keys = await playing_game()
    mover = stored_state(game).current
    form = {"type": ["play"], "say": [""], "suit": [""], "version": [str(game.version)]}
    ws = communicator(game.code, keys[mover])
    await ws.connect()
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "form": form})
    answer = await ws.receive_from(timeout=5)
    await ws.disconnect()
    posted = await sync_to_async(clients[mover].post)(
        f"/g/{game.code}/act/", {k: v[0] for k, v in form.items()}, headers={"HX-Request": "true"})
    assert posted["X-Mao-Accepted"] == "0"
    assert pages.feedback_accepted(answer) is False
    assert pages.feedback_text(answer) == pages.answer_text(posted.content.decode()) \
        == "Choose a card to play."
    fresh = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert (fresh.version, fresh.state) == (game.version, game.state)


async def test_a_form_from_an_out_of_date_screen_is_refused_as_stale() -> None:
    game, _, keys = await playing_game()
    ws = communicator(game.code, keys[stored_state(game).current])
    await ws.connect()
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "form": pass_form(game.version - 1)})
    answer = await ws.receive_from(timeout=5)
    await ws.disconnect()
    assert pages.feedback_accepted(answer) is False
    assert pages.STALE in pages.feedback_text(answer)


@pytest.mark.parametrize("form", [
    "type=pass",
    ["pass"],
    {"type": "pass", "version": "1"},
    {"type": ["pass"], "version": [1]},
    {"type": ["pass"], "version": ["1"], "cards": ["2H"] * 65},
    {f"f{i}": ["x"] for i in range(17)},
])
async def test_malformed_forms_over_the_socket_change_nothing(form: object) -> None:
    game, _, keys = await playing_game()
    ws = communicator(game.code, keys[stored_state(game).current])
    await ws.connect()
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "form": form})
    answer = await ws.receive_from(timeout=5)
    await ws.disconnect()
    assert pages.feedback_accepted(answer) is False
    assert re.search(r"feedback__text--error\">[^<]+</p>", answer)
    fresh = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert (fresh.version, fresh.state) == (game.version, game.state)


async def test_a_message_that_is_no_action_is_not_marked_as_an_answer() -> None:
    game, _, keys = await playing_game()
    ws = communicator(game.code, keys[0])
    await ws.connect()
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "what"})
    answer = await ws.receive_from(timeout=5)
    await ws.disconnect()
    assert pages.is_feedback(answer) and "not understood" in answer
    assert pages.feedback_accepted(answer) is None and "data-answer" not in answer
