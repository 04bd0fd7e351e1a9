"""The evidence as drawn: the table's notebook shows the latest lines of each list, the
notebook page every line."""

from __future__ import annotations

import re

from django.template.loader import render_to_string

from games.notebook.display import RECENT, EvidenceView, JargonView, Line, anchor


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
