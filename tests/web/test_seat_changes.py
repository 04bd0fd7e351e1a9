"""Seats that change hands during a game, through the one action path on both transports:
the host opens a seat (or its player leaves it) and someone watching takes it over with its
cards; the host removes a seat from the game and its cards go into the stock; a rule expels
a seat; every browser that loses a seat is told why, and nobody sees the cards that left."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.builder.context import own_rules
from games.engine.actions import HandOver, WriteRule
from games.engine.setup import MAX_NAME
from games.engine.vetting import author_knowledge
from games.engine.visibility import player_view
from games.models import Game, LogEntry, Seat, SeatNotice
from games.presets.registry import preset
from games.store.reads import replay
from games.store.writes import submit_action
from tests.factories import holder_client, stored_state
from tests.web.helpers import started_game
from tests.web.presets import preset_game
from tests.web.test_consumer import communicator
from tests.web.test_transports import MESSAGE, both_ways

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HX-Request": "true"}
RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
CARD = re.compile(r'data-card="([^"]+)"')


def playing() -> tuple[Game, list[Client]]:
    """Gogol (host), Bull and de Worms, dealt: Gogol wrote the first rule."""
    game, clients = started_game()
    return submit_action(game, WriteRule(0, RULE), game.version).game, clients


def post(client: Client, game: Game, **fields: Any) -> tuple[str, str, Any]:
    """Post an action as the table's forms do: its message, whether it was accepted, and
    the response."""
    game.refresh_from_db()
    response = client.post(f"/g/{game.code}/act/", {**fields, "version": game.version},
                           headers=HTMX)
    found = MESSAGE.search(response.content.decode())
    message = html.unescape(found.group(1)).strip() if found else ""
    return message, response["X-Mao-Accepted"], response


def page(client: Client, game: Game) -> str:
    return client.get(f"/g/{game.code}/").content.decode().replace("&#x27;", "'")


def test_the_host_opens_a_seat_and_someone_watching_takes_it_over_with_its_cards() -> None:
    game, clients = playing()
    cards = stored_state(game).hands[1]
    message, accepted, _ = post(clients[0], game, type="open_seat", target=1)
    assert accepted == "1"
    assert message == "Gogol opened Bull's seat: someone new may take it over, with its cards."
    seat = Seat.objects.get(game=game, index=1)
    assert (seat.holder, seat.is_bot) == (None, False)
    assert "The host opened your seat (“Bull”) for someone new" in page(clients[1], game)
    newcomer, key = holder_client()
    watching = page(newcomer, game)
    assert "Bull's seat is open." in watching and 'name="type" value="take_seat"' in watching
    message, accepted, response = post(newcomer, game, type="take_seat", target=1, name="Cy")
    assert accepted == "1" and response["HX-Refresh"] == "true"
    assert message == f"Cy takes over Bull's seat, with its {len(cards)} cards."
    seat.refresh_from_db()
    assert (seat.holder, seat.name) == (key, "Cy")
    mine = page(newcomer, game)
    assert sorted(CARD.findall(mine)) == sorted(cards)
    assert "Cy (you)" in mine
    # Bull watches; the one who held the seat may not take it back now it is taken.
    assert not CARD.findall(page(clients[1], game))
    game.refresh_from_db()
    assert replay(game).to_json() == stored_state(game).to_json()


def test_a_player_leaves_their_seat_and_takes_it_back_while_it_is_open() -> None:
    game, clients = playing()
    message, accepted, _ = post(clients[2], game, type="leave_seat")
    assert accepted == "1" and message.startswith("de Worms leaves the table")
    assert "You left your seat (“de Worms”)" in page(clients[2], game)
    _, accepted, _ = post(clients[2], game, type="take_seat", target=2, name="de Worms")
    assert accepted == "1"
    assert Seat.objects.get(game=game, index=2).holder is not None


def test_the_host_removes_a_seat_its_player_is_told_and_nobody_sees_its_cards() -> None:
    game, clients = playing()
    cards = set(stored_state(game).hands[2])
    message, accepted, _ = post(clients[0], game, type="remove_seat", target=2)
    assert accepted == "1"
    assert message == (f"Gogol removed de Worms from the game. Their {len(cards)} cards go "
                       "back into the stock.")
    assert SeatNotice.objects.get(game=game).reason == "taken_out"
    removed = page(clients[2], game)
    assert "The host removed your seat (“de Worms”) from the game" in removed
    state = stored_state(Game.objects.get(pk=game.pk))
    assert state.out == {2: "removed"} and state.hands[2] == []
    for viewer in (*clients, holder_client()[0]):
        shown = page(viewer, game)
        assert not cards & set(CARD.findall(shown))
        assert "left the game" in shown
    assert 'value="2"' not in page(clients[0], game).split('id="remove-seat"', 1)[1]


@pytest.mark.parametrize(("who", "fields", "words"), [
    (1, {"type": "open_seat", "target": 2}, "Only the host can open a seat for someone new."),
    (1, {"type": "remove_seat", "target": 2}, "Only the host can remove a seat from the game."),
    (0, {"type": "remove_seat", "target": 0}, "You cannot remove your own seat."),
    (0, {"type": "open_seat", "target": 0}, "You cannot open your own seat."),
    (0, {"type": "remove_seat", "target": "x"}, "Choose which seat to remove from the game."),
    (0, {"type": "leave_seat"}, "The host keeps their seat: to stop playing, end the game."),
    (1, {"type": "take_seat", "target": 2, "name": "Cy"}, "You already hold a seat at this "
                                                          "table."),
    (3, {"type": "take_seat", "target": 2, "name": "Cy"}, "de Worms's seat is not open: only "
                                                          "a seat its player left, or the host "
                                                          "opened, can be taken over."),
    (3, {"type": "open_seat", "target": 2}, "You are watching this game: only players can "
                                            "act."),
])
def test_a_seat_change_not_allowed_changes_nothing(who: int, fields: dict[str, Any],
                                                   words: str) -> None:
    game, clients = playing()
    clients.append(holder_client()[0])
    before = (game.version, list(Seat.objects.filter(game=game).values_list("holder", "name")))
    message, accepted, _ = post(clients[who], game, **fields)
    assert (accepted, message) == ("0", words)
    game.refresh_from_db()
    assert (game.version, list(Seat.objects.filter(game=game).values_list(
        "holder", "name"))) == before
    assert not SeatNotice.objects.exists()


@pytest.mark.parametrize(("name", "words"), [
    ("", "Please choose a name."), ("Gogol", "Someone here is already called Gogol; choose "
                                             "another name."),
    ("x" * 41, "Names are at most 40 characters."),
])
def test_a_newcomer_needs_a_name_of_their_own(name: str, words: str) -> None:
    game, clients = playing()
    post(clients[0], game, type="open_seat", target=1)
    message, accepted, _ = post(holder_client()[0], game, type="take_seat", target=1, name=name)
    assert (accepted, message) == ("0", words)


@pytest.mark.asyncio
@pytest.mark.parametrize(("who", "action", "words"), [
    (0, {"type": "leave_seat"}, "The host keeps their seat: to stop playing, end the game."),
    (1, {"type": "open_seat", "target": 2}, "Only the host can open a seat for someone new."),
    (1, {"type": "take_seat", "target": 2, "name": "Cy"}, "You already hold a seat at this "
                                                          "table."),
    (0, {"type": "remove_seat", "target": 0}, "You cannot remove your own seat."),
    (3, {"type": "take_seat", "target": 2, "name": "Cy"}, "de Worms's seat is not open: only "
                                                          "a seat its player left, or the host "
                                                          "opened, can be taken over."),
])
async def test_a_seat_change_refused_reads_the_same_on_both_transports(
        who: int, action: dict[str, Any], words: str) -> None:
    game, clients = await sync_to_async(playing)()
    clients.append((await sync_to_async(holder_client)())[0])
    over_http, over_socket = await both_ways(game, clients[who], action, game.version)
    assert over_http == over_socket == words


@pytest.mark.asyncio
async def test_a_seat_is_taken_over_and_removed_over_the_socket_too() -> None:
    game, clients = await sync_to_async(playing)()
    host = communicator(game.code, clients[0].cookies["sessionid"].value)
    newcomer, key = await sync_to_async(holder_client)()
    watcher = communicator(game.code, newcomer.cookies["sessionid"].value)
    for ws in (host, watcher):
        assert (await ws.connect())[0]
        await ws.receive_from(timeout=5)
    await host.send_json_to({"type": "act", "version": game.version,
                             "action": {"type": "open_seat", "target": 1}})
    frames = [await watcher.receive_from(timeout=5)]
    assert any("Bull's seat is open." in f for f in frames)
    await sync_to_async(game.refresh_from_db)()
    await watcher.send_json_to({"type": "act", "version": game.version,
                                "action": {"type": "take_seat", "target": 1, "name": "Cy"}})
    taken = await watcher.receive_from(timeout=5)
    taken += await watcher.receive_from(timeout=5)
    assert "Cy takes over Bull's seat" in taken.replace("&#x27;", "'")
    seat = await sync_to_async(Seat.objects.get)(game=game, index=1)
    assert seat.holder == key
    await sync_to_async(game.refresh_from_db)()
    await host.send_json_to({"type": "act", "version": game.version,
                             "action": {"type": "remove_seat", "target": 2}})
    removed = ""
    while "removed de Worms from the game" not in removed:
        removed += await host.receive_from(timeout=5)
    for ws in (host, watcher):
        await ws.disconnect()
    kinds = await sync_to_async(logged_kinds)(game)
    assert kinds[-3:] == ["open_seat", "take_seat", "remove_seat"]


def logged_kinds(game: Game) -> list[str]:
    """The type of every logged action of ``game``, in order."""
    return [action["type"] for action in LogEntry.objects.filter(game=game).order_by("seq")
            .values_list("action", flat=True)]


def test_an_expelled_host_hands_the_host_tools_on() -> None:
    game, clients = preset_game(preset("lynnfield"), players=3)
    host_page = page(clients[0], game)
    assert 'name="type" value="deal"' in host_page
    post(clients[0], game, type="deal", first=1, direction=1)
    post(clients[0], game, type="name_new", target=0)  # mistakes expel a new player only
    for _ in range(3):
        state = stored_state(Game.objects.get(pk=game.pk))
        assert state.current != 0
        card = state.hands[0][0]
        post(clients[0], game, type="play", cards=card)
    state = stored_state(Game.objects.get(pk=game.pk))
    assert state.out == {0: "expelled"}
    assert list(Seat.objects.filter(game=game, is_host=True).values_list("index", flat=True)) \
        == [1]
    assert "You (“Gogol”) have been expelled from the game" in page(clients[0], game)
    assert 'value="end_game"' in page(clients[1], game)
    assert 'value="end_game"' not in page(clients[0], game)


# Who may take which seat, and what a seat taken over shows of the rules it wrote.

#: What Bull's rule Pip means, in the words a page would show it in.
PIP = "A face card may never be played."
NOT_YOURS = ("You have played at this table already: you may take back only the seat you "
             "played, not another player's.")


def bull_wrote_pip() -> tuple[Game, list[Client]]:
    """Gogol (host), Bull and de Worms, dealt: Bull wrote Pip, the first rule."""
    game, clients = started_game(first_rule_maker=1)
    return submit_action(game, WriteRule(1, RULE), game.version).game, clients


def everything(client: Client, game: Game) -> str:
    """The table, the builder and the notebook as ``client`` sees them."""
    return "".join(client.get(f"/g/{game.code}/{where}").content.decode()
                   for where in ("", "builder/", "notebook/"))


def rows(game: Game) -> list[tuple[int, str | None, str, bool]]:
    return [(s.index, s.holder, s.name, s.is_bot) for s in game.seats.order_by("index")]


@pytest.mark.asyncio
async def test_a_player_who_left_may_not_take_over_another_seat() -> None:
    """de Worms leaves; the host opens Bull's seat: de Worms, who has seen their own hand,
    may not take over Bull's too (HTTP and socket alike), nor may Bull take de Worms's."""
    game, clients = await sync_to_async(playing)()
    await sync_to_async(post)(clients[2], game, type="leave_seat")
    await sync_to_async(post)(clients[0], game, type="open_seat", target=1)
    await sync_to_async(game.refresh_from_db)()
    before = (game.version, game.state, await sync_to_async(rows)(game))
    for who, seat in ((2, 1), (1, 2)):
        action = {"type": "take_seat", "target": seat, "name": "Hopper"}
        over_http, over_socket = await both_ways(game, clients[who], action, game.version)
        assert over_http == over_socket == NOT_YOURS
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state, await sync_to_async(rows)(game)) == before
    # Each takes back their own.
    for who in (1, 2):
        _, accepted, _ = await sync_to_async(post)(clients[who], game, type="take_seat",
                                                   target=who, name=f"Back {who}")
        assert accepted == "1"


def test_a_newcomer_may_take_any_open_seat_but_only_one() -> None:
    game, clients = playing()
    post(clients[0], game, type="open_seat", target=1)
    post(clients[0], game, type="open_seat", target=2)
    newcomer, key = holder_client()
    _, accepted, _ = post(newcomer, game, type="take_seat", target=2, name="Cy")
    assert accepted == "1"
    # Cy leaves again: from now on Cy has played here, and may take back seat 2 only.
    post(newcomer, game, type="leave_seat")
    message, accepted, _ = post(newcomer, game, type="take_seat", target=1, name="Cy")
    assert (message, accepted) == (NOT_YOURS, "0")
    assert Seat.objects.get(game=game, index=1).holder is None
    _, accepted, _ = post(newcomer, game, type="take_seat", target=2, name="Cy")
    assert accepted == "1" and Seat.objects.get(game=game, index=2).holder == key


def test_the_notice_of_a_seat_lost_remembers_which_seat_and_stint_it_was() -> None:
    """(A seat lost in the lobby has none: nothing secret was seen there.)"""
    game, clients = playing()
    post(clients[2], game, type="leave_seat")
    notice = SeatNotice.objects.get(game=game)
    assert (notice.seat, notice.stint, notice.reason) == (2, 0, "left")


def test_a_newcomer_never_reads_the_rules_the_seat_wrote_before() -> None:
    """Bull wrote Pip and leaves; Cy takes the seat over: no page (table, builder,
    notebook), frame or log line shows Cy what Pip means, nor does what a bot knows as
    an author. Bull, back in the seat later, reads it again, and not what Cy wrote meanwhile."""
    game, clients = bull_wrote_pip()
    bull = clients[1]
    assert PIP in everything(bull, game)
    post(bull, game, type="leave_seat")
    cy, _ = holder_client()
    _, accepted, _ = post(cy, game, type="take_seat", target=1, name="Cy")
    assert accepted == "1"
    game.refresh_from_db()
    shown = everything(cy, game)
    assert "Cy (you)" in shown and PIP not in shown
    assert "You wrote Pip" not in shown
    state = stored_state(game)
    assert own_rules(state, 1) == [] and player_view(state, 1).my_rules == ()
    assert author_knowledge(state, 1).own == ()
    post(cy, game, type="leave_seat")
    _, accepted, _ = post(bull, game, type="take_seat", target=1, name="Bull")
    assert accepted == "1"
    game.refresh_from_db()
    assert PIP in everything(bull, game)
    state = stored_state(game)
    assert [r.jargon for r in own_rules(state, 1)] == ["Pip"]
    assert replay(game).to_json() == state.to_json()


@pytest.mark.asyncio
async def test_a_newcomers_first_frame_holds_no_rule_of_the_seat() -> None:
    game, clients = await sync_to_async(bull_wrote_pip)()
    await sync_to_async(post)(clients[1], game, type="leave_seat")
    cy, _ = await sync_to_async(holder_client)()
    await sync_to_async(post)(cy, game, type="take_seat", target=1, name="Cy")
    ws = communicator(game.code, cy.cookies["sessionid"].value)
    assert (await ws.connect())[0]
    frame = await ws.receive_from(timeout=5)
    await ws.disconnect()
    assert "Cy (you)" in frame and PIP not in frame and "You wrote Pip" not in frame


def test_a_bot_standing_in_starts_a_stint_of_its_own() -> None:
    """The host hands Bull's seat to a bot, then opens it: Bull takes it back, in the stint
    Bull played, and a newcomer could not read Bull's rule either way."""
    game, clients = bull_wrote_pip()
    game = submit_action(game, HandOver(0, 1), game.version).game
    assert stored_state(game).stint_of(1) == 1
    post(clients[0], game, type="open_seat", target=1)
    _, accepted, _ = post(clients[1], game, type="take_seat", target=1, name="Bull")
    assert accepted == "1"
    game.refresh_from_db()
    assert stored_state(game).stint_of(1) == 0
    assert PIP in everything(clients[1], game)


def test_the_seat_forms_hold_the_engines_limits() -> None:
    """The host's two seat forms (one template, included twice) and the take-over form,
    whose name field is as long as the engine allows and no longer."""
    game, clients = playing()
    host = page(clients[0], game)
    for kind, select in (("open_seat", "open-seat"), ("remove_seat", "remove-seat")):
        assert f'name="type" value="{kind}"' in host
        assert f'<select id="{select}" name="target">' in host
    assert '<option value="1">Bull</option>' in host
    post(clients[0], game, type="open_seat", target=1)
    watching = page(holder_client()[0], game)
    assert f'maxlength="{MAX_NAME}"' in watching and MAX_NAME == 40
