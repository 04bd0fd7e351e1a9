"""The table under presets: house rules everyone sees, rules disclosed per round, the
match, a pending draw, the dealer's deal and the winner's skip, through both transports."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.utils.html import escape

from games.engine.actions import Deal, Pass, Play
from games.live.fragments import Screen, render_update
from games.models import Seat
from games.presets.format import Preset
from games.presets.registry import preset
from games.store.writes import submit_action
from rules.english import describe
from tests.factories import holder_client, play_until, stacked_deck, stored_state
from tests.web.presets import DEALING, preset_game, with_preset
from tests.web.test_fragments import elements, snapshot_of

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
MESSAGE = re.compile(r'<p class="feedback__text[^"]*">(.*?)</p>', re.S)
HANDS = [["4H", "5H", "6H", "7H", "8H"], ["4C", "5C", "6C", "7C", "8C"],
         ["4D", "5D", "6D", "7D", "8D"]]


@pytest.fixture
def dealing() -> Iterator[Preset]:
    with with_preset(DEALING) as extra:
        yield extra


def page(client: Client, code: str) -> str:
    return client.get(f"/g/{code}/").content.decode()


def act(client: Client, code: str, version: int, **fields: str) -> tuple[bool, str]:
    response = client.post(f"/g/{code}/act/", {**fields, "version": str(version)},
                           headers=HTMX)
    assert response.status_code < 500
    found = MESSAGE.search(response.content.decode())
    return response["X-Mao-Accepted"] == "1", html.unescape(found.group(1)) if found else ""


def test_everyone_sees_the_house_rules_and_the_match() -> None:
    teaching = preset("teaching")
    game, clients = preset_game(teaching)
    for client in (*clients, holder_client()[0]):
        text = page(client, game.code)
        assert 'id="house"' in text and "House rules" in text
        state = stored_state(game)
        for entry in state.rules:
            assert escape(entry.jargon) in text  # the house rules, in full
        assert "0 of 3" in text and "First to 3 round wins" in text
        assert "Referee speaks for them" in text


def test_the_winner_may_skip_where_the_preset_lets_them() -> None:
    game, clients = preset_game(preset("teaching"))
    host_page = page(clients[0], game.code)
    assert "Skip: write no law" in host_page
    assert "You may write the first secret law, or play without one." in host_page
    assert "Skip:" not in page(clients[1], game.code)
    ok, _ = act(clients[1], game.code, game.version, type="skip_rule")
    assert not ok  # only the rule-maker may
    ok, said = act(clients[0], game.code, game.version, type="skip_rule")
    assert ok, said
    game.refresh_from_db()
    assert stored_state(game).phase == "playing"


def test_mini_mao_offers_no_skip_and_refuses_one_clearly() -> None:
    game, clients = preset_game(preset("mini-mao"))
    assert "Skip:" not in page(clients[0], game.code)
    ok, said = act(clients[0], game.code, game.version, type="skip_rule")
    assert not ok and said == "In this game the winner always writes a rule."


def test_the_dealer_names_the_start_and_the_others_wait(dealing: Preset) -> None:
    game, clients = preset_game(dealing)
    assert stored_state(game).phase == "dealing"
    assert 'id="deal-form"' in page(clients[0], game.code)
    for client in (clients[1], holder_client()[0]):
        text = page(client, game.code)
        assert "Gogol is dealing" in text and 'id="deal-form"' not in text
    ok, said = act(clients[1], game.code, game.version, type="deal", first="2",
                   direction="1")
    assert not ok and "Gogol's deal" in said
    ok, said = act(clients[0], game.code, game.version, type="deal", first="2",
                   direction="-1")
    assert ok, said
    game.refresh_from_db()
    state = stored_state(game)
    assert (state.phase, state.current, state.direction) == ("playing", 2, -1)


@pytest.mark.parametrize(("fields", "words"), [
    ({"first": "x"}, "Choose who plays first."),
    ({"first": "7"}, "There is no seat 7 in this game."),
    ({"direction": "sideways"}, "Choose clockwise or anticlockwise."),
    ({"direction": "2"}, "direction must be 1 (clockwise) or -1 (anticlockwise)"),
])
def test_a_bad_deal_is_refused_clearly(dealing: Preset, fields: dict[str, str],
                                       words: str) -> None:
    game, clients = preset_game(dealing)
    ok, said = act(clients[0], game.code, game.version, type="deal", **fields)
    assert not ok and said == words
    game.refresh_from_db()
    assert stored_state(game).phase == "dealing"


def test_a_pending_draw_shows_on_every_screen(dealing: Preset) -> None:
    game, clients = preset_game(dealing)
    with stacked_deck(HANDS, "9S"):
        act(clients[0], game.code, game.version, type="deal", first="1", direction="1")
    game.refresh_from_db()
    game = submit_action(game.code, Play(1, ("4C",)), game.version).game
    assert stored_state(game).pending == 2
    owing = page(clients[2], game.code)
    assert "You owe 2 cards" in owing and "draw 2 or play on it" in owing
    assert "Pass (draw 2 cards)" in owing
    assert "Worms owes 2 cards: draw 2 or play on it" in page(clients[0], game.code)


def test_a_house_rule_refusal_speaks_as_the_chair(dealing: Preset) -> None:
    game, clients = preset_game(dealing)
    hands = [list(HANDS[0]), ["KC", *HANDS[1][1:]], list(HANDS[2])]
    with stacked_deck(hands, "9S"):
        act(clients[0], game.code, game.version, type="deal", first="1", direction="1")
    game.refresh_from_db()
    ok, said = act(clients[1], game.code, game.version, type="play", cards="KC")
    assert ok and "Croupier: that's a No Kings!" in said


def test_the_match_marks_the_dealer_and_counts_wins(dealing: Preset) -> None:
    game, clients = preset_game(dealing)
    with stacked_deck(HANDS, "9S"):
        act(clients[0], game.code, game.version, type="deal", first="1", direction="1")
    game.refresh_from_db()
    # Bull plays out five clubs (nothing but kings is refused) while the others pass.
    cards = iter(HANDS[1])
    while (state := stored_state(game)).phase == "playing":
        action = Play(1, (next(cards),)) if state.current == 1 else Pass(state.current)
        game = submit_action(game.code, action, game.version).game
    assert state.wins() == [0, 1, 0] and state.phase == "dealing"
    text = page(clients[0], game.code)
    assert "Gogol</strong> (you): 0 of 2" in text
    # The deal moved one seat, to Bull.
    assert re.search(r"Bull</strong>: 1 of 2 <span class=\"tag\">dealer</span>", text)
    assert "Bull is dealing" in text


def test_pushes_carry_the_house_rules_the_match_and_the_deal(dealing: Preset) -> None:
    game, _ = preset_game(dealing)
    snapshot = snapshot_of(game)
    screens: dict[Seat | None, Screen] = {}
    for seat in (*snapshot.seats, None):
        frame, screens[seat] = render_update(snapshot, seat, "http://x/", Screen())
        found = elements(frame, top_only=True)
        assert "No Kings" in found["house"] and "0 of 2" in found["house"]
        assert ('id="deal-form"' in found["stage"]) == (seat is snapshot.seats[0])
    # The deal is pushed: the stage and status change for everyone, the house stays.
    with stacked_deck(HANDS, "9S"):
        game = submit_action(game.code, Deal(0, 1, 1), game.version).game
    after = snapshot_of(game)
    for seat in (*after.seats, None):
        frame, _ = render_update(after, seat, "http://x/", screens[seat])
        found = elements(frame, top_only=True)
        assert "stage" in found and "is dealing" not in found["status"]
        assert "house" not in found  # nothing in it changed


def test_a_law_shows_only_once_disclosed_at_the_round_end() -> None:
    game, clients = preset_game(preset("teaching"), law="Wrong Colour")
    watcher = holder_client()[0]
    for client in (*clients, watcher):
        assert "Wrong Colour" not in page(client, game.code)
    game = play_until(game, lambda s: len(s.winners) == 1)
    for client in (*clients, watcher):
        text = page(client, game.code)
        assert "Rules disclosed" in text and "Wrong Colour" in text


def test_no_push_holds_a_law_before_it_is_disclosed() -> None:
    game, _ = preset_game(preset("teaching"), law="Wrong Colour")
    law = preset("teaching").laws[0]
    snapshot = snapshot_of(game)
    for seat in (*snapshot.seats, None):
        frame, _ = render_update(snapshot, seat, "http://x/", Screen(), notebook=True)
        assert law.jargon not in frame and describe(law) not in frame
