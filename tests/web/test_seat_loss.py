"""Losing a seat: the host hands a silent player's seat to a bot, or removes a guest from
the lobby; either way the browser that held the seat is told why, and a bot takes over."""

from __future__ import annotations

import pytest
from django.test import Client

from games.engine.actions import Pass, WriteRule
from games.engine.settings import GameSettings
from games.lobby.services import join_game, open_game, remove_seat
from games.models import Game, LogEntry, Seat, SeatNotice
from games.store.writes import submit_action
from tests.factories import stored_state
from tests.web.helpers import client_with_session, started_game

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HX-Request": "true"}
RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
HANDED = "The host handed your seat (“de Worms”) to a bot: you are watching now."


def hand_over(client: Client, game: Game, target: object) -> tuple[str, str]:
    """Post a hand-over as the table's form does; the message and whether it was accepted."""
    game.refresh_from_db()
    response = client.post(f"/g/{game.code}/act/", {"type": "hand_over", "target": target,
                                                    "version": game.version}, headers=HTMX)
    assert response.status_code in (200, 400, 409)
    return response.content.decode(), response["X-Mao-Accepted"]


def test_the_host_hands_a_silent_seat_to_a_bot_and_its_player_is_told() -> None:
    game, clients = started_game()
    before = game.version
    message, accepted = hand_over(clients[0], game, 2)
    assert accepted == "1" and "Gogol handed de Worms&#x27;s seat to a bot." in message
    seat = Seat.objects.get(game=game, index=2)
    assert (seat.is_bot, seat.bot_kind, seat.holder) == (True, "experimenter", None)
    game.refresh_from_db()
    assert game.version == before + 1
    assert LogEntry.objects.get(game=game, seq=game.version).action == {
        "type": "hand_over", "seat": 0, "target": 2}
    # The former holder watches, and reads why; nobody else reads it.
    page = clients[2].get(f"/g/{game.code}/").content.decode()
    assert HANDED in page and "You are watching this game." in page
    for other in clients[:2]:
        assert "handed your seat" not in other.get(f"/g/{game.code}/").content.decode()
    # The table hears it; the host may no longer hand that seat over.
    host_page = clients[0].get(f"/g/{game.code}/").content.decode()
    assert "Gogol handed de Worms's seat to a bot." in host_page.replace("&#x27;", "'")
    chooser = host_page.split('id="hand-seat"', 1)[1].split("</select>", 1)[0]
    assert '<option value="2">' not in chooser and '<option value="1">Bull' in chooser


@pytest.mark.parametrize(("who", "target", "refusal"), [
    (1, 2, "Only the host can hand a seat to a bot."),
    (0, 0, "You cannot hand your own seat to a bot."),
    (0, 3, "There is no such seat."),
    (0, "x", "Choose whose seat to hand to a bot."),
    (0, "", "Choose whose seat to hand to a bot."),
])
def test_a_hand_over_not_allowed_changes_nothing(who: int, target: object,
                                                 refusal: str) -> None:
    game, clients = started_game()
    before = (game.version, list(Seat.objects.filter(game=game).values_list("is_bot", "holder")))
    message, accepted = hand_over(clients[who], game, target)
    assert accepted == "0" and refusal in message
    game.refresh_from_db()
    after = (game.version, list(Seat.objects.filter(game=game).values_list("is_bot", "holder")))
    assert after == before and not SeatNotice.objects.exists()


def test_a_bots_seat_cannot_be_handed_over_again() -> None:
    game, clients = started_game()
    assert hand_over(clients[0], game, 2)[1] == "1"
    game.refresh_from_db()
    version = game.version
    message, accepted = hand_over(clients[0], game, 2)
    assert accepted == "0" and "already played by a bot" in message
    game.refresh_from_db()
    assert game.version == version and SeatNotice.objects.count() == 1


def test_the_bot_plays_the_seat_it_took_over_at_once() -> None:
    game, clients = started_game()
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    state = stored_state(game)
    assert (state.phase, state.current) == ("playing", 1)
    assert hand_over(clients[0], game, 1)[1] == "1"
    # The bot (seat 1) moved, and so it is no longer seat 1's turn.
    game.refresh_from_db()
    seats = [entry.action["seat"] for entry in LogEntry.objects.filter(game=game).order_by("seq")]
    assert seats[:3] == [0, 0, 1]
    # The person who held seat 1 can no longer act in it.
    assert stored_state(game).current != 1
    response = clients[1].post(f"/g/{game.code}/act/", {"type": "pass",
                                                        "version": game.version}, headers=HTMX)
    assert "You are watching this game" in response.content.decode()


def test_a_bot_writes_the_rule_of_a_seat_it_took_over_while_writing() -> None:
    game, clients = started_game(players=2)
    assert stored_state(game).writers == [0, 1]
    assert hand_over(clients[0], game, 1)[1] == "1"
    game.refresh_from_db()
    assert stored_state(game).writers == [0]
    assert [rule.author for rule in stored_state(game).rules] == [1]


def test_a_guest_removed_from_the_lobby_is_told_and_one_who_leaves_is_not() -> None:
    host, host_key = client_with_session()
    guest, guest_key = client_with_session()
    leaver, leaver_key = client_with_session()
    game = open_game(GameSettings(players=4), "Gogol", host_key)
    seat = join_game(game.code, "Bull", guest_key)
    left = join_game(game.code, "Ada", leaver_key)
    remove_seat(game.code, host_key, seat.index)
    remove_seat(game.code, leaver_key, left.index)
    page = guest.get(f"/g/{game.code}/").content.decode()
    assert "The host removed you (“Bull”) from this table." in page
    assert 'id="join-name"' in page  # and may join again
    assert "removed you" not in leaver.get(f"/g/{game.code}/").content.decode()
    assert "removed you" not in host.get(f"/g/{game.code}/").content.decode()
    # Seated again, the notice goes.
    join_game(game.code, "Bull", guest_key)
    assert "removed you" not in guest.get(f"/g/{game.code}/").content.decode()


def test_the_bot_moves_when_the_seat_it_took_over_is_due() -> None:
    """Seat 2 is handed over before its turn: once seat 1 (a person) passes, the bot plays."""
    game, clients = started_game()
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    assert hand_over(clients[0], game, 2)[1] == "1"
    game.refresh_from_db()
    version = game.version
    submit_action(game, Pass(1), version)
    game.refresh_from_db()
    assert LogEntry.objects.filter(game=game, seq__gt=version + 1,
                                   action__seat=2).exists()


@pytest.mark.asyncio
async def test_every_screen_hears_the_hand_over_and_the_former_player_is_told() -> None:
    from asgiref.sync import sync_to_async

    from tests.web.test_consumer import communicator

    game, clients = await sync_to_async(started_game)()
    keys = [c.cookies["sessionid"].value for c in clients]
    sockets = [communicator(game.code, key) for key in keys]
    for ws in sockets:
        assert (await ws.connect())[0]
        await ws.receive_from(timeout=5)
    await sync_to_async(hand_over)(clients[0], game, 2)
    frames = [await ws.receive_from(timeout=5) for ws in sockets]
    for frame in frames:
        assert "handed de Worms&#x27;s seat to a bot." in frame
        assert '<span class="tag">bot</span>' in frame  # the seat list shows the bot
    assert HANDED in frames[2] and "You are watching this game." in frames[2]
    assert "handed your seat" not in frames[0] + frames[1]
    for ws in sockets:
        await ws.disconnect()
