"""Solo tables for tests: a puzzle of one known rule, opened through the views, with the
player to move on a table laid out by the test."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game, SoloRun
from games.puzzles.library import Puzzle
from rules.spec import load_rule

NO_HEARTS: dict[str, Any] = {"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}}
NO_RED: dict[str, Any] = {"kind": "restriction", "must_not": {"type": "suit", "in": ["H", "D"]}}
GRONK: dict[str, Any] = {"kind": "restriction",
                         "when": {"type": "suit", "of": "top", "in": ["C"]},
                         "must_not": {"type": "suit", "of": "played", "in": ["H"]}}


def puzzle(slug: str, spec: dict[str, Any], title: str = "Test") -> Puzzle:
    """A one-rule puzzle whose rule is called Pip."""
    return Puzzle(slug, title, (load_rule({"version": 1, "jargon": "Pip", "rule": spec}),),
                  "easy", "A test.")


NO_DIAMONDS: dict[str, Any] = {"kind": "restriction",
                               "must_not": {"type": "suit", "in": ["D"]}}
HEARTS = puzzle("hearts", NO_HEARTS)
RED = puzzle("red", NO_RED)
TWO = Puzzle("two", "Two", (HEARTS.rules[0], load_rule({"version": 1, "jargon": "Zog",
                                                         "rule": NO_DIAMONDS})),
             "very_hard", "Two at once.")


@pytest.fixture
def test_library(monkeypatch: pytest.MonkeyPatch) -> None:
    """The puzzles offered are the tests' own."""
    monkeypatch.setattr("games.solo.opening.library", lambda: (HEARTS, RED, TWO))


def open_puzzle(client: Client, slug: str = "hearts", name: str = "Ana") -> Game:
    """Open a solo table through the view; the game."""
    response = client.post("/solo/start/", {"puzzle": slug, "name": name})
    assert response.status_code == 303
    return SoloRun.objects.get(game__code=response["Location"].split("/")[2]).game
