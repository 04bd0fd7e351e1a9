"""Points of order at the web table: called and ended through the one action path on both
transports (an htmx POST, a socket ``act`` frame) at the game's version of the moment;
refusals read the same either way; the host's powers come from who asks, never from the
request; every screen shows the panel, a stopped status and a hand face down; bots play
nothing while one lasts, and a bot given the caller's seat ends it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.bots.driver import bot_action, wake_bots_of
from games.engine.actions import CallOrder, EndOrder, HandOver, OpenSeat, RemoveSeat, TakeSeat
from games.engine.events import OrderCalled, OrderEnded
from games.models import Game
from games.presets.format import Preset
from games.presets.opening import settings_for
from games.store.acting import ActionRequest, perform
from games.store.reads import game_log
from games.store.writes import submit_action
from tests.factories import create_game, holder_client, stored_state
from tests.web.presets import preset_game, with_preset
from tests.web.test_consumer import communicator
from tests.web.test_transports import HTMX, both_ways, post_data

pytestmark = pytest.mark.django_db(transaction=True)

#: A stand-in preset with points of order: nobody writes rules, talking costs a card, and
#: a point of order's words are judged in the third person ("Thank you" excepted).
ORDER: dict[str, Any] = {
    "version": 1, "name": "test-order", "title": "Orderly Table", "seed": None,
    "summary": "A stand-in: points of order in the third person.",
    "description": "For tests: nobody writes rules; talking costs a card, but not in a "
                   "point of order, where only the third person may be used.",
    "settings": {"players": {"default": 3, "min": 3, "max": 4}, "rule_making": "none",
                 "jokers": False, "chair": "Chairman", "turn_seconds": 30,
                 "order_callers": {"default": "anyone", "options": ["anyone", "host"]}},
    "house_rules": [
        {"version": 1, "jargon": "Talking",
         "rule": {"kind": "talking", "allow": ["Point of order"]}},
        {"version": 1, "jargon": "Third Person",
         "rule": {"kind": "third_person", "allow": ["Thank you"]}}],
    "laws": [], "law_choice": False}
#: The same, where everyone but the caller may end one together.
AGREEING: dict[str, Any] = {**ORDER, "name": "test-agreeing", "settings": {
    **ORDER["settings"], "order_agree": True}}
CARD_ATTR = re.compile(r'data-card="')
PANEL = 'class="order__panel"'


@pytest.fixture()
def orderly() -> Any:
    with with_preset(ORDER) as extra:
        yield extra


def table(preset: Preset) -> tuple[Game, list[Client], int]:
    """A game of ``preset`` in play, its three seats' clients (seat 0 the host), and a seat
    that is neither the host nor on turn."""
    game, clients = preset_game(preset)
    current = stored_state(game).current
    other = next(s for s in (1, 2) if s != current)
    return game, clients, other


def act_over_http(game: Game, client: Client, action: dict[str, Any],
                  version: int | None = None) -> tuple[bool, str]:
    game.refresh_from_db()
    response = client.post(f"/g/{game.code}/act/",
                           post_data(action, game.version if version is None else version),
                           headers=HTMX)
    assert response.status_code == 200
    return response["X-Mao-Accepted"] == "1", response.content.decode()


def page(game: Game, client: Client) -> str:
    return client.get(f"/g/{game.code}/").content.decode()


def test_a_point_of_order_hides_every_hand_and_resumes_the_same_turn(orderly: Preset) -> None:
    game, clients, caller = table(orderly)
    before = stored_state(game)
    assert 'id="order-call"' in page(game, clients[caller])
    assert act_over_http(game, clients[caller], {"type": "call_order"})[0]
    game.refresh_from_db()
    state = stored_state(game)
    assert state.order.current is not None and state.frozen_at is not None
    name = state.names[caller]
    watcher = holder_client()[0]
    for viewer, client in (*enumerate(clients), (None, watcher)):
        shown = page(game, client)
        assert PANEL in shown and not CARD_ATTR.search(shown), viewer
        assert f"{name} called a point of order: play is stopped" in shown
        assert 'class="status__paused">Point of order</strong>' in shown
        assert "Your turn" not in shown
        assert ('id="order-end"' in shown) == (viewer in (caller, 0)), viewer
    assert "face down until the point of order ends" in page(game, clients[caller])
    assert f"{name} or the host ends it." in page(game, clients[before.current])
    # Ended over the socket, at a version the screen never saw: the same turn resumes.
    outcome = perform(game.code, _holder(clients[caller]),
                      ActionRequest({"type": "end_order", "order": 1}, game.version - 5))
    assert outcome.accepted, outcome.message
    game.refresh_from_db()
    after = stored_state(game)
    assert after.order.current is None and after.frozen_at is None
    assert (after.current, after.turn, after.hands) == (before.current, before.turn,
                                                        before.hands)
    assert CARD_ATTR.search(page(game, clients[after.current]))
    texts = [e.text for e in game_log(game, since=game.version - 2)]
    assert texts == [f"{name} calls a point of order: play stops and every hand is face down.",
                     f"{name} ends the point of order: play resumes with "
                     f"{after.names[after.current]} to play."]


def test_the_chat_shows_the_words_said_and_the_third_person_costs_a_card(
        orderly: Preset) -> None:
    game, clients, caller = table(orderly)
    act_over_http(game, clients[caller], {"type": "call_order"})
    before = stored_state(game)
    accepted, _ = act_over_http(game, clients[caller], {"type": "say",
                                                        "words": "Whose turn is it?"})
    assert accepted
    accepted, _ = act_over_http(game, clients[0], {"type": "say", "words": "I think Bull's"})
    assert accepted
    game.refresh_from_db()
    after = stored_state(game)
    assert len(after.hands[caller]) == len(before.hands[caller])  # no talking penalty
    assert len(after.hands[0]) == len(before.hands[0]) + 1  # the first person
    shown = page(game, clients[1])
    assert re.search(r"<strong>[^<]+</strong>: Whose turn is it\?</li>", shown)
    assert "<strong>Third Person</strong>: Words that use the first or second person" in shown
    assert "Chairman: that&#x27;s a Third Person!" in shown


@pytest.mark.asyncio
@pytest.mark.parametrize(("who", "action", "words"), [
    ("other", {"type": "end_order", "order": 1}, "or the host can end this point of order."),
    ("current", {"type": "pass"}, "called a point of order. Wait until it ends."),
    ("other", {"type": "call_order"}, "has already called a point of order."),
])
async def test_refusals_during_one_read_the_same_on_both_transports(
        orderly: Preset, who: str, action: dict[str, Any], words: str) -> None:
    game, clients, caller = await sync_to_async(table)(orderly)
    current = (await sync_to_async(stored_state)(game)).current
    await sync_to_async(act_over_http)(game, clients[current], {"type": "call_order"})
    await sync_to_async(game.refresh_from_db)()
    before = (game.version, game.state)
    client = clients[caller if who == "other" else current]
    over_http, over_socket = await both_ways(game, client, action, game.version)
    assert over_http == over_socket
    assert words in over_http
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


@pytest.mark.asyncio
async def test_a_forged_host_flag_gives_no_host_power(orderly: Preset) -> None:
    def hosts_only() -> tuple[Game, Client]:
        game, clients = preset_game(orderly, order_callers="host")
        return game, clients[1]

    game, guest = await sync_to_async(hosts_only)()
    over_http, over_socket = await both_ways(game, guest, {"type": "call_order",
                                                           "host": True}, game.version)
    assert over_http == over_socket == "Only the host can call a point of order in this game."


@pytest.mark.asyncio
async def test_a_call_over_the_socket_pushes_the_panel_to_every_screen(
        orderly: Preset) -> None:
    game, clients, caller = await sync_to_async(table)(orderly)
    sockets = []
    for client in clients:
        ws = communicator(game.code, client.cookies["sessionid"].value)
        assert (await ws.connect())[0]
        await ws.receive_from(timeout=5)
        sockets.append(ws)
    await sockets[caller].send_json_to({"type": "act", "version": game.version - 3,
                                        "action": {"type": "call_order"}})
    for seat, ws in enumerate(sockets):
        frames = [await ws.receive_from(timeout=5)]
        while PANEL not in frames[-1]:
            frames.append(await ws.receive_from(timeout=5))
        pushed = "".join(frames)
        assert 'id="order"' in pushed and 'class="hand-down"' in pushed, seat
        assert not CARD_ATTR.search(pushed), seat
        await ws.disconnect()


def test_bots_play_nothing_during_one_and_a_bot_in_the_callers_seat_ends_it(
        orderly: Preset) -> None:
    host, host_key = holder_client()
    guest, guest_key = holder_client()
    game = create_game(settings_for(orderly, players=4, first_rule_maker=0),
                       ["Gogol", "Bull", "Worms", "Ada"], bots={2: "oracle", 3: "oracle"},
                       holders=[host_key, guest_key, None, None])
    game = submit_action(game, CallOrder(1), None).game
    assert bot_action(game) is None
    version = game.version
    wake_bots_of(game.pk)
    game.refresh_from_db()
    assert game.version == version
    # The guest went silent: the host hands their seat to a bot, which ends the pause.
    submit_action(game, HandOver(0, 1), game.version)
    game.refresh_from_db()
    events = game_log(game, since=version)
    assert any(isinstance(e, OrderEnded) and e.seat == 1 for e in events)
    assert stored_state(game).order.current is None


def test_a_bot_agrees_to_end_it_once_a_person_has() -> None:
    clients = [holder_client() for _ in range(3)]
    with with_preset(AGREEING) as agreeing:
        game = create_game(settings_for(agreeing, players=4, first_rule_maker=0),
                           ["Gogol", "Bull", "Worms", "Ada"], bots={3: "oracle"},
                           holders=[k for _, k in clients] + [None])
        game = submit_action(game, CallOrder(1), None).game
        game = submit_action(game, EndOrder(2), game.version).game  # Worms agrees: so does Ada
        game.refresh_from_db()
        assert stored_state(game).order.current is not None  # the host has not agreed yet
        assert [e.kind for e in game_log(game, since=game.version - 1)] == ["order_agreed"]
        assert game.log.order_by("-seq").values_list("action", flat=True)[0] == {
            "type": "end_order", "seat": 3, "host": False, "order": 1}
        submit_action(game, EndOrder(0), game.version)
        game.refresh_from_db()
        assert stored_state(game).order.current is None


def test_a_bot_whose_seat_left_the_game_stands_in_for_no_bot_still_in_it() -> None:
    """A removed bot keeps its seat row (and ``is_bot``): it must not be asked to agree, for
    the engine refuses a seat out of the game, which held up every bot after it."""
    clients = [holder_client() for _ in range(2)]
    with with_preset(AGREEING) as agreeing:
        game = create_game(settings_for(agreeing, players=4, first_rule_maker=0),
                           ["Gogol", "Bull", "Worms", "Ada"], bots={2: "oracle", 3: "oracle"},
                           holders=[k for _, k in clients] + [None, None])
        game = submit_action(game, RemoveSeat(0, 2), game.version).game
        game = submit_action(game, CallOrder(1), None).game
        game = submit_action(game, EndOrder(0), None).game  # Gogol agrees (not as the host)
        game.refresh_from_db()
        # Ada, the bot still in the game, agreed at once (bots act at once in the tests),
        # which ended it: everyone still in the game but its caller agreed.
        assert game.log.order_by("-seq").values_list("action", flat=True)[0] == {
            "type": "end_order", "seat": 3, "host": False, "order": 1}
        assert stored_state(game).order.current is None


def test_a_call_is_one_log_entry_heard_by_everyone(orderly: Preset) -> None:
    game, clients, caller = table(orderly)
    act_over_http(game, clients[caller], {"type": "call_order"})
    game.refresh_from_db()
    entry = game.log.order_by("-seq").first()
    assert entry is not None
    assert entry.action == {"type": "call_order", "seat": caller, "host": False}
    (event,) = game_log(game, since=game.version - 1)
    assert isinstance(event, OrderCalled) and event.to is None


def _holder(client: Client) -> str:
    from tests.web.test_no_leak import holder_of
    return holder_of(client)


def test_the_host_chooses_who_may_call_one_when_opening_a_table() -> None:
    client, _ = holder_client()
    home = client.get("/?preset=lynnfield").content.decode()
    assert '<label for="id_order_callers">Points of order</label>' in home
    assert '<option value="host">Only I may call one</option>' in home
    form = {"name": "Gogol", "first_rule_maker": "host", "preset": "lynnfield",
            "players": "4", "hand_size": "5", "decks": "1", "turn_seconds": "60"}
    response = client.post("/new/", form | {"order_callers": "host"})
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.settings["order_callers"] == "host"
    refused = client.post("/new/", form | {"order_callers": "everyone"})
    assert refused.status_code == 400
    assert "Select a valid choice" in refused.content.decode()


@pytest.mark.asyncio
async def test_a_late_end_form_does_not_end_the_next_point_of_order(orderly: Preset) -> None:
    """The caller's screen still showed their point of order (number 1) when they pressed
    End; meanwhile it ended and another seat called number 2: refused on both transports,
    and number 2 goes on."""
    game, clients, caller = await sync_to_async(table)(orderly)
    current = (await sync_to_async(stored_state)(game)).current
    ok, _ = await sync_to_async(act_over_http)(game, clients[caller], {"type": "call_order"})
    assert ok
    ok, _ = await sync_to_async(act_over_http)(game, clients[caller],
                                               {"type": "end_order", "order": "1"})
    assert ok
    ok, _ = await sync_to_async(act_over_http)(game, clients[current], {"type": "call_order"})
    assert ok
    await sync_to_async(game.refresh_from_db)()
    before = (game.version, game.state)
    over_http, over_socket = await both_ways(game, clients[caller],
                                             {"type": "end_order", "order": 1}, game.version)
    assert over_http == over_socket
    assert "That point of order is over already" in over_http
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


@pytest.mark.asyncio
async def test_ending_one_names_it(orderly: Preset) -> None:
    """A form or frame that does not say which point of order it ends is refused."""
    game, clients, caller = await sync_to_async(table)(orderly)
    await sync_to_async(act_over_http)(game, clients[caller], {"type": "call_order"})
    await sync_to_async(game.refresh_from_db)()
    before = (game.version, game.state)
    over_http, over_socket = await both_ways(game, clients[caller], {"type": "end_order"},
                                             game.version)
    assert over_http == over_socket
    assert "Your screen does not say which point of order to end" in over_http
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


def test_the_end_form_names_the_point_of_order_shown(orderly: Preset) -> None:
    game, clients, caller = table(orderly)
    act_over_http(game, clients[caller], {"type": "call_order"})
    assert '<input type="hidden" name="order" value="1">' in page(game, clients[caller])


@pytest.mark.parametrize("action", [{"type": "say", "words": "Whose turn is it?"},
                                    {"type": "call_order"}])
@pytest.mark.parametrize("change", ["handed_over", "taken_over"])
def test_a_seat_that_changed_hands_since_it_was_read_cannot_act_without_a_version(
        orderly: Preset, action: dict[str, Any], change: str) -> None:
    """Bob's socket found his seat in its snapshot; before his words reached the write path,
    the host handed his seat to a bot (or opened it, and a newcomer took it over). Words
    and calls carry no version, so the write path checks the seat's holder under the lock:
    refused, nothing changed."""
    game, clients, bob = table(orderly)
    snapshot = list(game.seats.order_by("index"))
    if change == "handed_over":
        submit_action(game, HandOver(0, bob), game.version)
    else:
        game = submit_action(game, OpenSeat(0, bob), game.version).game
        submit_action(game, TakeSeat(bob, "Newcomer"), game.version,
                      taker=holder_client()[1])
    game.refresh_from_db()
    before = (game.version, game.state)
    outcome = perform(game.code, _holder(clients[bob]), ActionRequest(action, 0),
                      seats=snapshot)
    assert (outcome.accepted, outcome.code) == (False, "seat/lost")
    assert outcome.message == ("You no longer hold this seat: it changed hands just before "
                               "your action came, which was not made. Reload the page.")
    game.refresh_from_db()
    assert (game.version, game.state) == before
