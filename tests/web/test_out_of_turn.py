"""Plays off one's turn at the web table: where the game penalises them a player may try one
(the cards stay enabled, with a warning), the chair refuses it with a penalty on every
screen, and the rightful player keeps the turn, on both transports alike; where it refuses
them (Mini Mao) the cards stay blocked with a clear message, and a multiple (Penn State's
identical card) may go down out of turn."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.engine.actions import WriteRule
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.models import Game
from games.presets.registry import preset
from games.store.writes import submit_action
from games.table.seat_context import OffTurn, off_turn
from tests.engine.helpers import arrange, start
from tests.factories import stored_state
from tests.web.helpers import started_game
from tests.web.presets import preset_game
from tests.web.test_consumer import communicator
from tests.web.test_transports import MESSAGE

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HX-Request": "true"}
CARD = re.compile(r'<button type="button" class="card [^>]*data-card="([^"]+)"[^>]*>')


def five_card() -> tuple[Game, list[Client], int]:
    """A dealt game of five-card Mao (out-of-turn plays penalised): the game, its clients
    and a seat whose turn it is not."""
    game, clients = preset_game(preset("five-card"), players=3)
    state = stored_state(game)
    return game, clients, next(s for s in range(3) if s != state.current)


def answer(client: Client, game: Game, action: dict[str, Any]) -> tuple[str, str]:
    game.refresh_from_db()
    response = client.post(f"/g/{game.code}/act/", {**action, "version": game.version},
                           headers=HTMX)
    found = MESSAGE.search(response.content.decode())
    return (html.unescape(found.group(1)).strip() if found else ""), response["X-Mao-Accepted"]


def enabled(page: str) -> list[str]:
    """The cards of the hand shown that may be clicked (not ``aria-disabled``)."""
    return [m.group(1) for m in CARD.finditer(page) if "aria-disabled" not in m.group(0)]


def test_a_play_out_of_turn_is_refused_by_the_chair_and_the_turn_stays() -> None:
    game, clients, waiting = five_card()
    before = stored_state(game)
    card = before.hands[waiting][0]
    message, accepted = answer(clients[waiting], game, {"type": "play", "cards": card})
    assert accepted == "1"
    assert "out of turn. Dealer: that's Out of Turn!" in message
    game.refresh_from_db()
    after = stored_state(game)
    assert (after.current, after.turn) == (before.current, before.turn)
    assert card in after.hands[waiting] and len(after.hands[waiting]) > len(
        before.hands[waiting])


def test_the_table_lets_a_player_try_off_their_turn_only_where_it_is_penalised() -> None:
    game, clients, waiting = five_card()
    page = clients[waiting].get(f"/g/{game.code}/").content.decode()
    assert sorted(enabled(page)) == sorted(stored_state(game).hands[waiting])
    assert ("It is not your turn: a card you play now is out of turn, so Dealer refuses it "
            "and you draw a penalty card.") in page
    mini, players = started_game()
    mini = submit_action(mini, WriteRule(0, {"jargon": "Pip", "rule": {
        "kind": "restriction", "must_not": {"type": "face"}}}), mini.version).game
    state = stored_state(mini)
    other = next(s for s in range(3) if s != state.current)
    page = players[other].get(f"/g/{mini.code}/").content.decode()
    assert enabled(page) == [] and "It is not your turn: wait for it." in page


@pytest.mark.asyncio
async def test_the_penalty_is_on_every_screen_and_reads_the_same_over_the_socket() -> None:
    game, clients, waiting = await sync_to_async(five_card)()
    sockets = [communicator(game.code, c.cookies["sessionid"].value) for c in clients]
    for ws in sockets:
        assert (await ws.connect())[0]
        await ws.receive_from(timeout=5)
    state = await sync_to_async(stored_state)(game)
    card = state.hands[waiting][0]
    await sockets[waiting].send_json_to({"type": "act", "version": game.version,
                                         "action": {"type": "play", "cards": [card]}})
    frames = ["" for _ in sockets]
    for i, ws in enumerate(sockets):
        # (The answer to the one who tried comes in a frame of its own, before or after.)
        while "moment--out_of_turn" not in frames[i] or (
                i == waiting and not MESSAGE.search(frames[i])):
            frames[i] += await ws.receive_from(timeout=5)
    for frame in frames:
        assert "Dealer: that&#x27;s Out of Turn!" in frame
    # The one who tried hears it as an answer too, in the words the POST gives.
    told = MESSAGE.search(frames[waiting])
    assert told is not None and "out of turn." in html.unescape(told.group(1))
    for ws in sockets:
        await ws.disconnect()


def test_a_multiple_is_the_one_card_a_refusing_table_lets_go_down_off_turn() -> None:
    state = start([(0, {"jargon": "Pip", "rule": {
        "kind": "restriction", "must_not": {"type": "rank", "in": ["K"]}}})], multiples=True,
        decks=2)
    state = arrange(state, [["5H", "9D"], ["5S"], ["2C"]], [["3H", "5H"]], current=1)
    found = off_turn(player_view(state, 0))
    assert found.playable == frozenset({"5H"})
    assert "a card identical to the top of a pile (a multiple)" in found.words
    assert off_turn(player_view(state, 1)).words == ""
    assert off_turn(player_view(state, None)) == OffTurn(frozenset(), "")


def test_a_penalising_table_warns_of_multiples_where_they_go_down() -> None:
    state: GameState = start([(0, {"jargon": "Pip", "rule": {
        "kind": "restriction", "must_not": {"type": "rank", "in": ["K"]}}})], multiples=True,
        out_of_turn="penalised", chair="Chairman")
    words = off_turn(player_view(state, (state.current + 1) % 3)).words
    assert words == ("It is not your turn: a card you play now is out of turn unless it is "
                     "the same card as the top of a pile (a multiple), so Chairman refuses it "
                     "and you draw a penalty card.")


@pytest.mark.asyncio
async def test_the_same_play_out_of_turn_reads_the_same_on_both_transports() -> None:
    """Two games dealt alike: the same seat tries the same card out of turn, over HTTP in
    one and over the socket in the other; the answers are the same words, and so are the
    games after it."""
    first, by_post, waiting = await sync_to_async(five_card)()
    second, by_socket, _ = await sync_to_async(five_card)()
    card = (await sync_to_async(stored_state)(first)).hands[waiting][0]
    over_http, accepted = await sync_to_async(answer)(by_post[waiting], first,
                                                      {"type": "play", "cards": card})
    ws = communicator(second.code, by_socket[waiting].cookies["sessionid"].value)
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "version": second.version,
                           "action": {"type": "play", "cards": [card]}})
    frames = ""
    while not MESSAGE.search(frames):
        frames += await ws.receive_from(timeout=5)
    await ws.disconnect()
    told = MESSAGE.search(frames)
    assert told is not None and accepted == "1"
    assert html.unescape(told.group(1)).strip() == over_http
    for game in (first, second):
        await sync_to_async(game.refresh_from_db)()
    assert stored_state(first).hands == stored_state(second).hands
