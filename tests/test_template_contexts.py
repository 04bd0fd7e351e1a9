"""The guard on template contexts (tests/contexts.py, hooked in tests/conftest.py) finds a
stored game, a seat, a queryset or a game state wherever it hides, and sees every render."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.template.loader import render_to_string

from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.models import Game, Seat
from games.table.fragments import render_fragment
from tests.conftest import Renders
from tests.contexts import forbidden_values, is_ours
from tests.web.helpers import started_game


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    inside: Any


class Holder:
    """A plain object of the project's own (tests count as ours: see ``_parts``)."""

    def __init__(self, inside: Any) -> None:
        self.inside = inside


Holder.__module__ = "games.planted"


def test_plain_display_values_pass() -> None:
    view = new_game(GameSettings(players=3), ["A", "B", "C"], 1)
    assert forbidden_values({"rows": [Row("a", 1), Row("b", ("x", None))],
                             "names": view.names, "n": 3, "text": "hello"}) == []


@pytest.mark.django_db
def test_a_model_a_queryset_or_a_state_is_found_however_deep() -> None:
    state = new_game(GameSettings(players=3), ["A", "B", "C"], 1)
    game = Game(seed=1, settings={})
    context = {"game": game, "rows": [Row("a", {"deep": [Row("b", Seat(index=1))]})],
               "games": Game.objects.all(), "view": Holder(Row("c", state)),
               "seats": game.seats}
    assert forbidden_values(context) == [
        "game: Game", "games: QuerySet", "rows[0].inside['deep'][0].inside: Seat",
        "seats: RelatedManager", "view.inside.inside: GameState"]


def test_djangos_own_keys_and_templates_are_left_alone() -> None:
    assert forbidden_values({"user": Seat()}) == []
    assert not is_ours("admin/change_list.html") and is_ours("games/table.html")


@pytest.mark.django_db(transaction=True)
def test_every_render_is_seen_and_a_planted_game_fails_the_test(
        template_renders: Renders) -> None:
    game, clients = started_game()
    assert clients[0].get(f"/g/{game.code}/").status_code == 200
    assert "games/table.html" in template_renders.names
    assert template_renders.problems == []
    render_to_string("games/feedback.html", {"message": "x", "game": game})
    assert template_renders.problems == ["games/feedback.html: game: Game"]
    template_renders.problems.clear()  # planted here on purpose: the test itself passes


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_fragments_rendered_for_a_socket_are_seen(template_renders: Renders) -> None:
    from asgiref.sync import sync_to_async

    from tests.web.test_consumer import communicator

    game, clients = await sync_to_async(started_game)()
    ws = communicator(game.code, clients[0].cookies["sessionid"].value)
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await ws.disconnect()
    # The named partials of games/table.html, one per fragment (a partial is named so), and
    # the Jinja2 templates of the hot ones.
    assert {"games/table/status.html", "games/table/hand.html", "stage", "log"} <= set(
        template_renders.names)


@pytest.mark.django_db
def test_a_game_planted_in_a_jinja2_fragment_fails_the_test(template_renders: Renders) -> None:
    game, _ = started_game()
    render_fragment("piles", {"piles": [], "view": game})
    assert template_renders.problems == ["games/table/piles.html: view: Game"]
    template_renders.problems.clear()  # planted here on purpose: the test itself passes
