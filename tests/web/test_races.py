"""Races at the web table: the race panel pushed to every screen as a race opens (the big
button for a seat that has not answered, none for a spectator), answers through the one
action path on both transports whatever version the screen showed, the same refusals both
ways, the window closed by the timer service, and bots answering after a person's
reaction time."""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from pytest_django import Settings

from games.bots import driver
from games.bots.driver import answer_due, bot_action, race_wait, wake_bots_of
from games.engine.actions import Play, Respond
from games.engine.events import RaceAnswered, RaceClosed
from games.live.fragments import Screen, render_update
from games.models import Game
from games.presets.format import Preset
from games.presets.opening import settings_for
from games.store.reads import game_log, replay
from games.store.writes import submit_action
from games.timers.service import fire
from tests.factories import (
    arranged_table,
    create_game,
    holder_client,
    stacked_deck,
    stored_state,
)
from tests.web.presets import preset_game, with_preset
from tests.web.test_consumer import communicator
from tests.web.test_fragments import LINK, elements, fragments, snapshot_of
from tests.web.test_transports import HTMX, both_ways, post_data, said

pytestmark = pytest.mark.django_db(transaction=True)

RACING: dict[str, Any] = {
    "version": 1, "name": "test-racing", "title": "Racing Table", "seed": None,
    "summary": "A stand-in: sevens are a race to say a phrase, jacks to name the suit.",
    "description": "For tests: nobody writes rules; on a seven everyone says \"Seven up\" "
                   "(the last draws), on a jack anyone names the suit.",
    "settings": {"players": 3, "rule_making": "none", "jokers": False, "chair": "Croupier"},
    "house_rules": [
        {"version": 1, "jargon": "Sevens",
         "rule": {"kind": "trigger", "when": {"type": "rank", "in": ["7"]},
                  "effects": [{"type": "race", "say": "Seven up", "seconds": 4}]}},
        {"version": 1, "jargon": "Jacks",
         "rule": {"kind": "trigger", "when": {"type": "rank", "in": ["J"]},
                  "effects": [{"type": "race", "name": "suit"}]}}],
    "laws": [], "law_choice": False}
HANDS = [["7C", "JC", "2H"], ["9D", "3D", "5C"], ["4C", "6H", "KS"]]
BUTTON = "data-race-key"


@pytest.fixture(autouse=True)
def racing() -> Iterator[Preset]:
    with with_preset(RACING) as extra:
        yield extra


def race_game(racing: Preset, card: str = "7C") -> tuple[Game, list[Client], int]:
    """Gogol (seat 0, the host) has played ``card`` and opened race 1: the game, the
    seats' clients, and the time the race opened."""
    game, clients = preset_game(racing)
    game = arranged_table(game, HANDS, [["8C"]], current=0)
    at = stored_state(game).clock + 1_000
    game = submit_action(game.code, Play(0, (card,)), game.version, at=at).game
    assert stored_state(game).races.open
    return game, clients, at


def respond_over_http(game: Game, client: Client, version: int, **extra: str
                      ) -> tuple[bool, str]:
    response = client.post(f"/g/{game.code}/act/",
                           post_data({"type": "respond", "race": "1", **extra}, version),
                           headers=HTMX)
    assert response.status_code == 200
    return response["X-Mao-Accepted"] == "1", response.content.decode()


def test_the_race_panel_shows_every_seat_the_race_and_its_button(racing: Preset) -> None:
    game, clients, _ = race_game(racing)
    for seat, client in enumerate(clients):
        page = html.unescape(client.get(f"/g/{game.code}/").content.decode())
        panel = elements(page)["race"]
        assert "Race!</span> Say “Seven up”" in panel
        assert 'data-due="' in panel and 'role="timer"' in panel
        assert "Nobody has answered yet." in panel
        assert (BUTTON in panel) is True, seat
    spectator = html.unescape(holder_client()[0].get(f"/g/{game.code}/").content.decode())
    assert "Say “Seven up”" in elements(spectator)["race"]
    assert BUTTON not in spectator


def test_an_answer_over_http_counts_whatever_version_the_screen_showed(racing: Preset) -> None:
    game, clients, _ = race_game(racing)
    accepted, answer = respond_over_http(game, clients[1], version=1)
    assert accepted and "feedback__text" not in answer
    game.refresh_from_db()
    events = game_log(game, since=game.version - 1)
    assert [e.seat for e in events if isinstance(e, RaceAnswered)] == [1]
    page = html.unescape(clients[1].get(f"/g/{game.code}/").content.decode())
    assert "You answered" in page and "Answered: Bull." in page
    assert BUTTON not in elements(page)["race"]


@pytest.mark.asyncio
async def test_an_answer_over_the_socket_counts_like_the_button(racing: Preset) -> None:
    game, clients, _ = await sync_to_async(race_game)(racing)
    ws = communicator(game.code, clients[2].cookies["sessionid"].value)
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "version": 0,
                           "action": {"type": "respond", "race": 1, "seat": 0}})
    frames = [await ws.receive_from(timeout=5) for _ in range(2)]
    await ws.disconnect()
    assert any("You answered" in f for f in frames)
    await sync_to_async(game.refresh_from_db)()
    events = await sync_to_async(game_log)(game, game.version - 1)
    # The seat is the socket's own, whatever the frame says.
    assert [e.seat for e in events if isinstance(e, RaceAnswered)] == [2]


REFUSALS: dict[str, tuple[dict[str, Any], str]] = {
    "late": ({"type": "respond", "race": 9}, "Too late: that race is over."),
    "not a number": ({"type": "respond", "race": "x"}, "race must be a race's number"),
    "a suit where none is asked": ({"type": "respond", "race": 1, "suit": "H"},
                                   "Name a suit for this race, and only for it."),
}


@pytest.mark.asyncio
@pytest.mark.parametrize("name", sorted(REFUSALS))
async def test_a_refused_answer_reads_the_same_on_both_transports(name: str,
                                                                  racing: Preset) -> None:
    action, words = REFUSALS[name]
    game, clients, _ = await sync_to_async(race_game)(racing)
    before = (game.version, game.state)
    over_http, over_socket = await both_ways(game, clients[1], action, game.version)
    assert over_http == over_socket
    assert words in over_http
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


@pytest.mark.asyncio
async def test_a_spectator_cannot_answer_on_either_transport(racing: Preset) -> None:
    game, _, _ = await sync_to_async(race_game)(racing)
    spectator = (await sync_to_async(holder_client)())[0]
    over_http, over_socket = await both_ways(game, spectator, {"type": "respond", "race": 1},
                                             game.version)
    assert over_http == over_socket == "You are watching this game: only players can act."


def test_a_second_answer_is_refused_with_a_message(racing: Preset) -> None:
    game, clients, _ = race_game(racing)
    assert respond_over_http(game, clients[1], game.version)[0]
    accepted, answer = respond_over_http(game, clients[1], game.version)
    assert not accepted and said(answer) == "You have already answered that race."


def test_nobody_plays_while_the_table_races(racing: Preset) -> None:
    game, clients, _ = race_game(racing)
    response = clients[1].post(f"/g/{game.code}/act/",
                               post_data({"type": "pass"}, game.version), headers=HTMX)
    assert said(response.content.decode()) == (
        "Wait for the race to end: everyone is racing to say “Seven up”.")


def test_the_window_closes_on_time_and_the_result_is_the_banner(racing: Preset) -> None:
    game, clients, at = race_game(racing)
    assert respond_over_http(game, clients[2], game.version)[0]
    assert fire(game.pk, at=at + 3_999) == at + 4_000  # not yet: nothing happens
    assert fire(game.pk, at=at + 4_000) is None
    game.refresh_from_db()
    closed = [e for e in game_log(game, since=game.version - 1) if isinstance(e, RaceClosed)]
    assert [e.text for e in closed] == [
        "Croupier: Sevens! Gogol and Bull did not say “Seven up” in time and draw a card "
        "each."]
    page = html.unescape(clients[2].get(f"/g/{game.code}/").content.decode())
    assert "Gogol and Bull did not say “Seven up” in time" in elements(page)["moment"]
    assert "moment--race_closed" in page
    assert 'id="race" class="race" aria-label="Races" hidden' in page


def test_a_race_to_name_a_suit_has_a_button_per_suit(racing: Preset) -> None:
    game, clients, _ = race_game(racing, "JC")
    page = html.unescape(clients[1].get(f"/g/{game.code}/").content.decode())
    panel = elements(page)["race"]
    assert "Name the suit" in panel
    assert [f'data-race-suit="{s}"' in panel for s in "CDHS"] == [True] * 4
    assert respond_over_http(game, clients[1], game.version, suit="H")[0]
    game.refresh_from_db()
    assert fire(game.pk, at=stored_state(game).clock + 1) is None
    game.refresh_from_db()
    assert stored_state(game).piles[0].suit == "H"


@pytest.mark.asyncio
async def test_a_race_opening_is_pushed_to_every_seat_and_a_spectator(racing: Preset) -> None:
    game, clients = await sync_to_async(preset_game)(racing)
    game = await sync_to_async(arranged_table)(game, HANDS, [["8C"]], 0)
    spectator = (await sync_to_async(holder_client)())[0]
    sockets = [communicator(game.code, c.cookies["sessionid"].value)
               for c in (*clients, spectator)]
    for ws in sockets:
        assert (await ws.connect())[0]
        await ws.receive_from(timeout=5)
    await sync_to_async(submit_action)(game.code, Play(0, ("7C",)), game.version)
    frames = [await ws.receive_from(timeout=5) for ws in sockets]
    for ws in sockets:
        await ws.disconnect()
    for seat, frame in enumerate(frames):
        assert fragments(frame).get("race") == "true"
        panel = html.unescape(elements(frame)["race"])
        assert "Say “Seven up”" in panel and "hidden" not in panel.split(">")[0]
        assert (BUTTON in panel) == (seat < 3)  # the spectator's has no button


def test_a_push_carries_the_panel_only_when_it_changes(racing: Preset) -> None:
    game, _, _ = race_game(racing)
    snapshot = snapshot_of(game)
    seat = snapshot.seats[1]
    first, screen = render_update(snapshot, seat, LINK, Screen())
    assert "race" in fragments(first)
    submit_action(game, Respond(2, 1), game.version)
    game.refresh_from_db()
    pushed, screen = render_update(snapshot_of(game), seat, LINK, screen)
    assert "Answered: Worms." in html.unescape(elements(pushed)["race"])


def test_bots_answer_at_once_when_they_act_at_once_and_the_last_person_draws(
        racing: Preset) -> None:
    game = create_game(settings_for(racing, first_rule_maker=0), ["Gogol", "Bull", "Worms"],
                       bots={1: "oracle", 2: "experimenter"})
    game = arranged_table(game, HANDS, [["8C"]], current=0)
    game = submit_action(game.code, Play(0, ("7C",)), game.version).game
    wake_bots_of(game.pk)
    game.refresh_from_db()
    state = stored_state(game)
    (race,) = state.races.open
    assert sorted(r.seat for r in race.responses) == [1, 2]
    # (No time passes in a game with the clocks off, as in the tests: the person's answer
    # is given its second.)
    later = stored_state(game).clock + 1_000
    game = submit_action(game.code, Respond(0, 1), game.version, at=later).game
    closed = [e for e in game_log(game, since=game.version - 1) if isinstance(e, RaceClosed)]
    assert [e.losers for e in closed] == [(0,)]


def oracle_in_a_race(racing: Preset) -> tuple[Game, int, int]:
    """Gogol (seat 0) has played a seven to Bull, an oracle bot, and Worms: the game, the
    time the race opened and the time Bull answers it."""
    game = create_game(settings_for(racing, first_rule_maker=0), ["Gogol", "Bull", "Worms"],
                       bots={1: "oracle"})
    game = arranged_table(game, HANDS, [["8C"]], current=0)
    at = stored_state(game).clock + 1_000
    game = submit_action(game.code, Play(0, ("7C",)), game.version, at=at).game
    (race,) = stored_state(game).races.open
    return game, at, answer_due(game.seed, race, 1)


def test_a_bot_answers_after_its_reaction_time(racing: Preset, settings: Settings,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    settings.MAO_BOT_DELAY = 0.8
    # No bot job on the scheduler's thread: this test asks the driver itself (a job left
    # running would write to the database as the test's flush empties it).
    monkeypatch.setattr(driver, "_schedule", lambda *args: None)
    game, at, due = oracle_in_a_race(racing)
    assert at + 300 <= due <= at + 3_000
    monkeypatch.setattr(driver, "now_ms", lambda: due - 1)
    assert bot_action(game) is None
    wait = race_wait(game)
    assert wait is not None and wait <= 0.001
    monkeypatch.setattr(driver, "now_ms", lambda: due)
    assert bot_action(game) == Respond(1, 1)


def test_a_window_closes_once_however_many_processes_fire_it(racing: Preset) -> None:
    game, _, at = race_game(racing)
    assert fire(game.pk, at=at + 4_000) is None
    assert fire(game.pk, at=at + 4_001) is None  # another process, a moment later
    game.refresh_from_db()
    closed = [e for e in game_log(game, since=0) if isinstance(e, RaceClosed)]
    assert len(closed) == 1


def test_a_game_with_races_replays_to_the_state_stored(racing: Preset) -> None:
    """The log keeps each action's time: a replay closes the same windows on the same
    answers, and draws the same lots."""
    hands = [["2H", "4C", "6H", "3S", "5S"], ["7C", "9D", "3D", "8S", "9S"],
             ["5C", "KS", "QH", "10S", "JH"]]
    with stacked_deck(hands, "8C"):
        game, clients = preset_game(racing)
    at = stored_state(game).clock + 1_000
    game = submit_action(game.code, Play(1, ("7C",)), game.version, at=at).game
    game = submit_action(game.code, Respond(2, 1), game.version, at=at + 600).game
    game = submit_action(game.code, Respond(0, 1), game.version, at=at + 900).game
    game = submit_action(game.code, Respond(1, 1), game.version, at=at + 900).game
    fire(game.pk, at=at + 4_000)
    game.refresh_from_db()
    state = stored_state(game)
    assert state.races.count == 1 and not state.races.open
    (closed,) = [e for e in game_log(game, since=0) if isinstance(e, RaceClosed)]
    assert closed.tied == (0, 1)  # a draw of lots, which the replay must draw the same
    with stacked_deck(hands, "8C"):
        assert replay(game).to_json() == state.to_json()


def test_the_driver_waits_only_for_bots_answers_still_to_come(
        racing: Preset, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the bot has answered, the people's answers (or a bot already due that chose
    not to) are no reason to wake again: waking for them, the driver would reschedule
    itself at once, over and over, for as long as the race stayed open."""
    settings.MAO_BOT_DELAY = 0.8
    scheduled: list[float] = []
    monkeypatch.setattr(driver, "_schedule", lambda wait, *args: scheduled.append(wait))
    game, _, due = oracle_in_a_race(racing)
    monkeypatch.setattr(driver, "now_ms", lambda: due - 500)
    scheduled.clear()  # the wakes of the changes above
    driver._act_in_thread(game.pk)  # too early: wakes when the bot's answer is due
    assert scheduled == [pytest.approx(0.5)]
    monkeypatch.setattr(driver, "now_ms", lambda: due + 60_000)
    assert race_wait(game) == 0.0 and race_wait(game, not_yet_due=True) is None
    driver._act_in_thread(game.pk)  # the bot answers
    game.refresh_from_db()
    (race,) = stored_state(game).races.open
    assert race.answered(1) and not race.answered(0) and not race.answered(2)
    assert race_wait(game) is None  # the people's answers are theirs to give
    scheduled.clear()  # the usual wake after the bot's own change
    driver._act_in_thread(game.pk)
    assert scheduled == []
