"""The lobby under presets: the home page offers every preset and only its choices, a
combination it refuses is a form error (never a 500), the lobby shows its house rules to
everyone (never its law), and the start opens the game from the preset."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from games.engine.settings import GameSettings
from games.models import Game, LogEntry
from games.presets.opening import check_settings
from games.presets.registry import DEFAULT, presets
from games.store.reads import load_state, replay
from tests.examples import share
from tests.factories import holder_client, stored_state

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_every_preset_with_the_default_chosen() -> None:
    html = Client().get("/").content.decode()
    for p in presets().values():
        assert f'value="{p.name}"' in html and escape(p.title) in html and escape(p.summary) in html
    assert re.search(rf'value="{DEFAULT}" id="preset-{DEFAULT}" checked', html)


@pytest.mark.parametrize("name", list(presets()))
def test_the_form_offers_only_what_the_preset_lets_the_lobby_choose(name: str) -> None:
    preset = presets()[name]
    html = Client().get("/", {"preset": name}).content.decode()
    assert f'name="preset" value="{name}"' in html  # the hidden field of the form
    for key in ("players", "hand_size", "decks"):
        choice = preset.choices.get(key)
        found = re.search(rf'<select name="{key}"[^>]*>(.*?)</select>', html, re.S)
        if choice is None or len(choice.options) < 2:
            assert found is None, key
            continue
        assert found is not None, key
        values = [int(v) for v in re.findall(r'value="(\d+)"', found.group(1))]
        assert values == list(choice.options)
    assert ('name="law"' in html) == preset.law_choice
    for law in preset.laws if preset.law_choice else ():
        assert f"Start with the law {law.jargon}" in html


def test_an_unknown_preset_in_the_link_shows_the_default() -> None:
    html = Client().get("/", {"preset": "no-such"}).content.decode()
    assert f'name="preset" value="{DEFAULT}"' in html


def post_new(client: Client, **data: str) -> tuple[int, str]:
    response = client.post("/new/", {"name": "Gogol", "first_rule_maker": "host", **data})
    return response.status_code, response.content.decode()


def test_a_combination_the_preset_refuses_is_a_form_error() -> None:
    client, _ = holder_client()
    status, html = post_new(client, preset="mini-mao", players="8", hand_size="7",
                            decks="1")
    assert status == 400 and "8 hands of 7 need two decks" in html
    assert not Game.objects.exists()


def test_a_choice_out_of_the_presets_range_is_a_form_error() -> None:
    client, _ = holder_client()
    status, html = post_new(client, preset="teaching", players="2")
    assert status == 400 and "Select a valid choice" in html
    status, html = post_new(client, preset="teaching", players="4", law="No Such Law")
    assert status == 400 and "Select a valid choice" in html
    assert not Game.objects.exists()


def test_a_forged_preset_name_is_a_form_error() -> None:
    client, _ = holder_client()
    status, html = post_new(client, preset="nope", players="4", hand_size="5", decks="1")
    assert status == 400 and "no such way to play" in html
    assert not Game.objects.exists()


def teaching_lobby(law: str = "") -> tuple[Game, Client, Client]:
    host, _ = holder_client()
    status, _ = post_new(host, preset="teaching", players="3", law=law)
    assert status == 200 or status == 302
    game = Game.objects.get()
    guest, _ = holder_client()
    guest.get(f"/g/{game.code}/")
    guest.post(f"/g/{game.code}/join/", {"name": "Bull"})
    return game, host, guest


def test_the_lobby_shows_the_preset_and_its_house_rules_to_everyone_never_its_law() -> None:
    game, host, guest = teaching_lobby(law="Wrong Colour")
    teaching = presets()["teaching"]
    for client in (host, guest, Client()):
        html = client.get(f"/g/{game.code}/").content.decode()
        assert escape(teaching.title) in html and "House rules" in html
        for rule in teaching.house_rules:
            assert escape(rule.jargon) in html
        for law in teaching.laws:
            assert law.jargon not in html


def test_starting_opens_the_game_from_its_preset() -> None:
    game, host, guest = teaching_lobby()
    guest2, _ = holder_client()
    guest2.get(f"/g/{game.code}/")
    guest2.post(f"/g/{game.code}/join/", {"name": "Cat"})
    host.post(f"/g/{game.code}/start/")
    game.refresh_from_db()
    state = stored_state(game)
    assert [e.jargon for e in state.rules if e.house] == [
        r.jargon for r in presets()["teaching"].house_rules]
    assert state.phase == "writing" and state.settings.preset == "teaching"
    assert replay(game).to_json() == load_state(game).to_json()


def test_a_game_started_with_a_law_is_dealt_and_logs_the_deal() -> None:
    game, host, guest = teaching_lobby(law="Wrong Colour")
    guest2, _ = holder_client()
    guest2.get(f"/g/{game.code}/")
    guest2.post(f"/g/{game.code}/join/", {"name": "Cat"})
    host.post(f"/g/{game.code}/start/")
    game.refresh_from_db()
    state = stored_state(game)
    assert state.phase == "playing" and all(len(h) == 5 for h in state.hands)
    entry = LogEntry.objects.get(game=game)
    assert entry.seq == game.version and entry.action == {"type": "open"}
    assert any(e["kind"] == "dealt" for e in entry.events)
    assert replay(game).to_json() == load_state(game).to_json()
    # The table shows the host their hand and the deal; never the law's name.
    html = host.get(f"/g/{game.code}/").content.decode()
    assert "Wrong Colour" not in html and 'data-card="' in html


FIELD_VALUES = st.one_of(st.sampled_from(["", "0", "1", "2", "3", "5", "7", "8", "9", "on",
                                          "host", "random", "Wrong Colour"]),
                         st.text(max_size=6))


@share(2, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(presets())),
       fields=st.dictionaries(st.sampled_from(["players", "hand_size", "decks", "jokers",
                                               "aces_high", "law", "first_rule_maker"]),
                              FIELD_VALUES))
def test_any_posted_form_opens_an_allowed_table_or_says_why(name: str,
                                                           fields: dict[str, str]) -> None:
    fields = {k: v.replace("\x00", "") for k, v in fields.items()}
    client, _ = holder_client()
    before = Game.objects.count()
    response = client.post("/new/", {"name": "Gogol", "preset": name, **fields})
    assert response.status_code in (302, 400)
    if response.status_code == 302:
        game = Game.objects.order_by("-pk").first()
        assert game is not None
        check_settings(presets()[name], GameSettings.from_json(game.settings))
    else:
        assert Game.objects.count() == before
        # Every refusal is said: on the form, or beside the field it is about.
        page = response.content.decode()
        assert 'class="form__errors" role="alert"' in page or 'class="form__error"' in page
