"""A puzzle of two hidden rules is cracked only once both have had an exact prophecy."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game, SoloRun
from tests.factories import arranged_table, holder_client
from tests.notebook.helpers import form_of
from tests.solo.helpers import NO_DIAMONDS, NO_HEARTS, open_puzzle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]
HANDS = [["2H", "9D", "5C", "6C"], ["4S", "7S", "8S"], ["9S", "10S", "JS"]]


def _act(client: Client, game: Game, **data: str) -> Game:
    response = client.post(f"/g/{game.code}/act/", data | {"version": str(game.version)})
    assert response["X-Mao-Accepted"] == "1", response.content
    game.refresh_from_db()
    return arranged_table(game, HANDS, [["7C"]], current=0)


def _prophesy(client: Client, game: Game, jargon: str, spec: dict[str, Any]) -> Any:
    return client.post(f"/g/{game.code}/solo/prophesy/",
                       form_of(spec) | {"jargon": jargon, "version": str(game.version)},
                       HTTP_HX_REQUEST="true")


def test_both_rules_must_be_named_exactly() -> None:
    client, _ = holder_client()
    game = arranged_table(open_puzzle(client, "two"), HANDS, [["7C"]], current=0)
    game = _act(client, game, type="play", cards="2H")  # refused: Pip
    game = _act(client, game, type="play", cards="9D")  # refused: Zog
    first = _prophesy(client, game, "Pip", NO_HEARTS)
    assert "Exact: that is Pip. Crack the rest." in first.content.decode()
    game.refresh_from_db()
    assert game.phase == "playing" and SoloRun.objects.get().outcome == "playing"
    again = _prophesy(client, game, "Pip", NO_HEARTS)
    assert again["X-Mao-Accepted"] == "0"  # (answered 200, so that htmx shows it)
    game = _act(client, game, type="pass")
    assert "cracked: Pip" in client.get(f"/g/{game.code}/").content.decode()
    last = _prophesy(client, game, "Zog", NO_DIAMONDS)
    assert last["HX-Redirect"] == f"/g/{game.code}/solo/end/"
    assert SoloRun.objects.get().outcome == "cracked"
