"""The evidence as drawn: the table's notebook shows the latest lines of each list, the
notebook page every line."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string

from games.display.notebook_rows import RECENT, EvidenceView, JargonView, Line, anchor
from games.engine.actions import Play
from games.live.fragments import notebook_evidence
from games.live.snapshots import read_snapshot
from tests.notebook.helpers import GRONK, story_game


def _context(full: bool, lines: int) -> dict[str, object]:
    refusals = tuple(Line(1, n, f"Refusal number {n}.") for n in range(1, lines + 1))
    jargon = JargonView("Gronk", anchor("Gronk"), "Ann", 1, refusals, (), (), (), 3)
    evidence = EvidenceView(lines + 3, lines, 0, (jargon,))
    return {"evidence": evidence, "code": "ABCDEF", "full": full, "recent": RECENT,
            "minus_recent": -RECENT, "cap": ":" if full else f"-{RECENT}:"}


def test_the_table_shows_the_latest_lines_and_says_how_many_came_before() -> None:
    html = render_to_string("games/notebook/evidence.html#evidence", _context(False, 11))
    shown = re.findall(r"Refusal number (\d+)\.", html)
    assert shown == [str(n) for n in range(4, 12)]
    assert len(shown) == RECENT
    assert "3 earlier: every one is in the notebook page." in html
    assert 'start="4"' in html


def test_the_page_shows_every_line() -> None:
    html = render_to_string("games/notebook/evidence.html#evidence", _context(True, 11))
    assert re.findall(r"Refusal number (\d+)\.", html) == [str(n) for n in range(1, 12)]
    assert "earlier" not in html


def test_anchors_tell_jargons_apart_and_are_stable() -> None:
    assert anchor("Pip!") != anchor("Pip?")
    assert anchor("Pip!") == anchor("Pip!")
    assert re.fullmatch(r"nb-pip-[0-9a-f]{8}", anchor("Pip!"))
    assert anchor("!!!").startswith("nb-rule-")


@pytest.mark.django_db
def test_a_refusal_shows_the_pile_under_the_card_it_went_on() -> None:
    """Gronk refuses Bob's 5♥ on K♣, which lies on 8♥ 2♠ 9♣ 4♦ (nearest first)."""
    game, clients = story_game("Gronk", GRONK, [["2C", "7D"], ["5H", "6D"], ["9H", "4S"]],
                               ["4D", "9C", "2S", "8H", "KC"], (Play(1, ("5H",)),))
    page = clients[2].get(f"/g/{game.code}/notebook/").content.decode()
    assert ('Bob tried 5♥ on K♣ <span class="nb-under">(over 8♥ 2♠ 9♣ 4♦)</span>, holding 2 '
            'cards, saying nothing.') in page
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    # The table's notebook: the nearest three, and how many more lie below.
    assert "(over 8♥ 2♠ 9♣ and 1 more)</span>, holding 2 cards" in notebook_evidence(snapshot)
    hypothesis = clients[2].get(f"/g/{game.code}/notebook/hypothesis/?jargon=Gronk")
    assert "(over 8♥ 2♠ 9♣ 4♦)" in hypothesis.content.decode()


def test_a_line_reads_as_one_sentence() -> None:
    line = Line(1, 2, "Bob tried 5♥ on K♣", under=("8♥", "2♠"), rest=", saying nothing.")
    assert line.sentence == "Bob tried 5♥ on K♣ (over 8♥ 2♠), saying nothing."
    assert Line(1, 2, "Ann played 7♦.").sentence == "Ann played 7♦."
