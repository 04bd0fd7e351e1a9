"""The notebook under a preset: its house rules are listed as known (their English, no
hypotheses to make about them), and a secret law's text never shows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client

from games.engine.actions import Play, SkipRule
from games.models import Game
from games.notebook.services import add_hypothesis
from games.presets.format import Preset
from games.presets.registry import preset
from games.store.errors import ServiceError
from games.store.writes import submit_action
from rules.english import describe
from tests.builder.test_house_rules import LAW_GAME
from tests.factories import play_until, stacked_deck, stored_state
from tests.web.presets import preset_game, with_preset

pytestmark = pytest.mark.django_db

HANDS = [["2C", "3C", "4C", "5C", "6C"], ["2D", "3D", "4D", "5D", "6D"],
         ["2H", "3H", "4H", "5H", "6H"]]
HYPOTHESIS = {"kind": "restriction", "must": {"type": "relation", "rel": "same_suit"}}


def misplayed() -> tuple[Game, list[Client]]:
    """A game of the teaching preset in which Bull's 2♦ on 9♠ was refused by Misplay."""
    game, clients = preset_game(preset("teaching"))
    with stacked_deck(HANDS, "9S"):
        game = submit_action(game.code, SkipRule(0), game.version).game
    assert stored_state(game).current == 1
    result = submit_action(game.code, Play(1, ("2D",)), game.version)
    assert any(e.kind == "refused" for e in result.events)
    return result.game, clients


def test_the_notebook_lists_house_rules_as_known() -> None:
    game, clients = misplayed()
    page = clients[2].get(f"/g/{game.code}/notebook/").content.decode()
    assert "House rules" in page and "everyone knows them" in page
    for rule in preset("teaching").house_rules:
        assert rule.jargon in page
    assert "a house rule, known to everyone" in page  # Misplay's evidence, as known
    # No hypothesis is offered about a house rule.
    assert "Write a hypothesis for Misplay" not in page
    response = clients[2].get(f"/g/{game.code}/notebook/hypothesis/", {"jargon": "Misplay"})
    assert response.status_code == 404


def test_a_hypothesis_about_a_house_rule_is_refused() -> None:
    game, _ = misplayed()
    with pytest.raises(ServiceError) as caught:
        add_hypothesis(game, "someone", "Misplay", HYPOTHESIS)
    assert caught.value.code == "notebook/house_rule"


@pytest.fixture
def law_game() -> Iterator[Preset]:
    with with_preset(LAW_GAME) as extra:
        yield extra


def test_a_secret_law_never_shows_in_the_notebook(law_game: Preset) -> None:
    game, clients = preset_game(law_game)
    game = play_until(game, lambda s: s.round == 2 and s.phase == "playing")
    law = law_game.laws[0]
    for client in (*clients, Client()):
        page = client.get(f"/g/{game.code}/notebook/").content.decode()
        assert "House rules" in page
        assert describe(law) not in page and "Chairman" not in page
