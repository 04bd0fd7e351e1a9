"""The prophet's bound: whatever a player tries within one turn, at most one prophecy is
judged and at most one penalty card drawn (a property over scripted turns)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game, Prophecy
from tests.factories import arranged_table, holder_client, stored_state, undone
from tests.notebook.helpers import form_of
from tests.solo.helpers import GRONK, NO_HEARTS, NO_RED, open_puzzle

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]
HANDS = [["2H", "3H", "5C", "6C"], ["4S", "7S", "8S"], ["9S", "10S", "JS"]]
GUESSES: list[dict[str, Any]] = [GRONK, NO_RED, NO_HEARTS,
                                 {"kind": "restriction", "must_not": {"type": "rank",
                                                                      "in": ["2"]}}]


@pytest.fixture
def table() -> tuple[Client, Game]:
    """Ana to play, after Pip refused her 2♥."""
    client, _ = holder_client()
    game = arranged_table(open_puzzle(client, "red"), HANDS, [["7C"]], current=0)
    client.post(f"/g/{game.code}/act/", {"type": "play", "cards": "2H",
                                          "version": game.version})
    game.refresh_from_db()
    return client, arranged_table(game, HANDS, [["7C"]], current=0)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(range(len(GUESSES))), min_size=2, max_size=6))
def test_one_prophecy_a_turn_however_many_are_tried(table: tuple[Client, Game],
                                                    tries: list[int]) -> None:
    client, game = table
    hand = len(stored_state(game).hands[0])
    with undone():
        answers = []
        for index in tries:
            now = Game.objects.get()
            answers.append(client.post(
                f"/g/{game.code}/solo/prophesy/",
                form_of(GUESSES[index]) | {"jargon": "Pip", "version": str(now.version)},
                HTTP_HX_REQUEST="true"))
        after = Game.objects.get()
        assert [a["X-Mao-Accepted"] for a in answers[1:]] == ["0"] * (len(tries) - 1)
        assert Prophecy.objects.count() == 1
        assert len(stored_state(after).hands[0]) <= hand + 1
        assert after.version <= game.version + 2  # the prophecy (and an exact one's end)
