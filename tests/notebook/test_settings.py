"""The game's settings are the hypotheses' too: with aces high, an ace is above a king in
every check, on the hypothesis page and in the notebook, and in every experiment."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.actions import Play
from tests.notebook.helpers import form_of, story_game

pytestmark = pytest.mark.django_db

#: Sinker: no card lower than the top card (an ace is the highest card with aces high).
SINKER: dict[str, Any] = {"kind": "restriction",
                          "must_not": {"type": "relation", "rel": "lower"}}


def _aces_high_game() -> tuple[str, Any]:
    """Bob's A♥ goes down on K♣ (aces high), Cat's 4♠ on the ace is refused by Sinker."""
    game, clients = story_game("Sinker", SINKER,
                               [["2C", "7D"], ["AH", "6D"], ["4S", "3D", "AD"]], ["KC"],
                               (Play(1, ("AH",)), Play(2, ("4S",))), aces_high=True)
    return game.code, clients[2]


def test_the_hypothesis_page_checks_under_the_games_aces() -> None:
    code, cat = _aces_high_game()
    answer = cat.post(f"/g/{code}/notebook/hypothesis/preview/",
                      {**form_of(SINKER), "jargon": "Sinker"}).content.decode()
    # With aces low the ace on the king would have been refused: "Contradicted by 1".
    assert "Consistent with all 2 plays seen." in answer
    assert "Contradicted" not in answer


def test_the_notebook_checks_and_suggests_under_the_games_aces() -> None:
    code, cat = _aces_high_game()
    cat.post(f"/g/{code}/notebook/hypothesis/save/", {**form_of(SINKER), "jargon": "Sinker"})
    mine = cat.get(f"/g/{code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "Consistent with all 2 plays seen." in mine
    # 3♦ is lower than the ace on the pile only when aces are high.
    # (with aces low, Sinker would let it through and H1 would be out if it were refused).
    advice = mine.split("Worth trying")[1]
    three = next(line for line in advice.split("<li>") if line.startswith("Play 3♦ here"))
    assert "if Sinker refuses it, H1" not in three
    assert "if it lets it through, H1 is out" in three
