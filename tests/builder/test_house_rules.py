"""The builder under a preset: house rules are public, so the author's preview and notes
count them (and say so); a secret law never shows, in any answer."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from games.authoring.forms import form_to_data
from games.authoring.spec_form import spec_to_form
from games.models import Game
from games.presets.format import Preset
from games.presets.registry import DATA as PRESETS
from games.presets.registry import preset
from rules.spec import load_rule, spec_to_json
from tests.builder.helpers import HX
from tests.factories import play_until, stored_state
from tests.web.presets import preset_game, with_preset

pytestmark = pytest.mark.django_db

LAW_GAME: dict[str, Any] = {
    "version": 1, "name": "test-law", "title": "A Secret Law", "seed": None,
    "summary": "A stand-in: one house call and one secret law.",
    "description": "For tests: a house rule everyone knows, a law nobody does.",
    "settings": {"players": 3, "jokers": False},
    "house_rules": [
        {"version": 1, "jargon": "Mao",
         "rule": {"kind": "call", "when": {"type": "compare", "what": "hand_after",
                                           "op": "<=", "value": 1}, "say": "Mao"}}],
    "laws": [
        {"version": 1, "jargon": "Gavel",
         "rule": {"kind": "call", "when": {"type": "rank", "in": ["K"]},
                  "say": "Chairman"}}],
    "law_choice": False}


def call_draft(say: str) -> dict[str, Any]:
    spec = {"kind": "call", "when": {"type": "suit", "of": "played", "in": ["H"]},
            "say": say}
    return form_to_data(spec_to_form(spec_to_json(spec_of(spec)), "Mine")) | {"top": ["QH"]}


def spec_of(data: dict[str, Any]) -> Any:
    return load_rule({"version": 1, "jargon": "Draft", "rule": data}).spec


def preview(client: Client, game: Game, data: dict[str, Any]) -> str:
    response = client.post(f"/g/{game.code}/builder/preview/", data, headers=HX)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def any_kind() -> Iterator[Preset]:
    """The teaching profile, its rule-makers free to write any kind of rule."""
    data = json.loads((PRESETS / "teaching.json").read_text())
    data["name"], data["settings"]["rule_kinds"] = "teaching-any-kind", None
    with with_preset(data) as extra:
        yield extra


def test_a_draft_call_overlapping_a_house_call_is_noted(any_kind: Preset) -> None:
    game, clients = preset_game(any_kind)
    text = preview(clients[0], game, call_draft("Mao"))
    assert "The house rule “Mao” already asks for the same words" in text
    assert "Mao" in text and "rules everyone knows (Misplay, Spade Call, Mao, Silence)" in text


def test_a_kind_of_rule_the_game_does_not_allow_is_a_problem_of_the_form() -> None:
    game, clients = preset_game(preset("teaching"))
    text = preview(clients[0], game, call_draft("Mao"))
    assert "In this game a rule-maker writes only restriction rules." in text


def test_the_grid_counts_the_house_rules() -> None:
    game, clients = preset_game(preset("teaching"))
    spec = {"kind": "restriction", "must_not": {"type": "joker"}}
    data = form_to_data(spec_to_form(spec_to_json(spec_of(spec)), "Mine")) | {"top": ["QH"]}
    text = preview(clients[0], game, data)
    # Misplay (match suit or rank) refuses the two of clubs on the queen of hearts, not
    # the two of hearts nor the queen of spades.
    assert 'gcard-refused" title="Two of clubs: refused by the rules you know"' in text
    assert 'title="Two of hearts: refused' not in text
    assert 'title="Queen of spades: refused' not in text


@pytest.fixture
def law_game() -> Iterator[Preset]:
    with with_preset(LAW_GAME) as extra:
        yield extra


def test_a_secret_law_never_shows_in_the_builder(law_game: Preset) -> None:
    game, clients = preset_game(law_game)
    game = play_until(game, lambda s: s.phase == "writing")
    (writer,) = stored_state(game).writers
    # A draft with the law's own words: no note (the law is secret), no word of it.
    text = preview(clients[writer], game, call_draft("Chairman"))
    assert "already asks" not in text
    assert "Gavel" not in text
    assert "rules everyone knows (Mao)" in text
    text = preview(clients[writer], game, call_draft("Mao"))
    assert "Gavel" not in text
    assert "The house rule “Mao” already asks for the same words" in text
