"""Nothing shows a hidden rule before the end: two solo games with the same public history
and different hidden rules give their player byte-identical pages and answers."""

from __future__ import annotations

import re

import pytest

from games.puzzles.library import Puzzle
from games.solo.opening import start_solo
from tests.factories import arranged_table, holder_client
from tests.notebook.helpers import form_of
from tests.solo.helpers import GRONK, HEARTS, RED

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]
HANDS = [["2H", "3H", "5C", "6C"], ["4S", "7S", "8S"], ["9S", "10S", "JS"]]
PAGES = ("/g/{code}/", "/g/{code}/notebook/", "/g/{code}/notebook/hypothesis/?jargon=Pip",
         "/g/{code}/solo/end/", "/solo/daily/")


def _plain(text: str, code: str) -> str:
    """The page without what differs between any two requests: its code, tokens, clock."""
    text = text.replace(code, "CODE")
    text = re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1T", text)
    return re.sub(r'data-server-now="\d+"', "", text)


def _history(puzzle: Puzzle) -> list[str]:
    """Ana's 2♥ refused by Pip, then a wrong prophecy: what she saw along the way."""
    client, holder = holder_client()
    game = arranged_table(start_solo(puzzle, "Ana", holder, seed=7), HANDS, [["7C"]],
                          current=0)
    seen = []
    played = client.post(f"/g/{game.code}/act/", {"type": "play", "cards": "2H",
                                                   "version": game.version})
    seen.append(_plain(played.content.decode(), game.code))
    game.refresh_from_db()
    game = arranged_table(game, HANDS, [["7C"]], current=0)
    answer = client.post(f"/g/{game.code}/solo/prophesy/",
                         form_of(GRONK) | {"jargon": "Pip", "version": str(game.version)},
                         HTTP_HX_REQUEST="true")
    seen.append(_plain(answer.content.decode(), game.code))
    for page in PAGES:
        response = client.get(page.format(code=game.code), follow=True)
        seen.append(_plain(response.content.decode(), game.code))
    return seen


def test_different_hidden_rules_with_the_same_history_look_the_same() -> None:
    seen_hearts, seen_red = _history(HEARTS), _history(RED)
    assert "right on every play seen" in seen_hearts[1]
    for one, other in zip(seen_hearts, seen_red, strict=True):
        assert one == other
