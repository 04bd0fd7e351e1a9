"""The notebook's filter "only plays refused by several rules": what it keeps, in the lists
and in the grids, and how the page marks it (a CSS toggle, tried in tests/browser)."""

from __future__ import annotations

from django.template.loader import render_to_string

from games.deduction.notebook import grid
from games.deduction.record import PublicRecord, public_record
from games.display.notebook_rows import evidence_context, evidence_view, grid_pair
from games.engine.actions import Play
from games.engine.apply import apply
from games.engine.events import Event
from tests.engine.helpers import arrange, start
from tests.notebook.helpers import GRONK

#: Pip (Bob's): no five on a king.
PIP = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["K"]},
       "must_not": {"type": "rank", "in": ["5"]}}


def _record() -> PublicRecord:
    """Cat's 5♥ on K♣ is refused by Gronk and Pip; Ann's 9♥ on K♣ by Gronk alone; Bob's
    6♦ goes down."""
    state = start([(0, {"jargon": "Gronk", "rule": GRONK}), (1, {"jargon": "Pip", "rule": PIP})],
                  jokers=False)
    state = arrange(state, [["9H", "2S"], ["6D", "8S"], ["5H", "3D"]], [["KC"]], current=2)
    events: list[Event] = []
    for action in (Play(2, ("5H",)), Play(0, ("9H",)), Play(1, ("6D",))):
        state, found = apply(state, action)
        events += found
    return public_record(events, None, state.names)


def test_the_grid_of_several_rules_keeps_only_plays_refused_by_two_or_more() -> None:
    record = _record()
    assert [len(a.broken) for a in record.attempts] == [2, 1, 0]
    everything = grid(record)
    assert set(everything.cells) == {("KC", "5H"), ("KC", "9H"), ("KC", "6D")}
    several = grid(record, several_only=True)
    assert set(several.cells) == {("KC", "5H")}
    cell = several.cell("KC", "5H")
    assert cell is not None and cell.refused == 1
    # For one jargon: the plays it was among several to refuse.
    assert set(grid(record, "Gronk", several_only=True).cells) == {("KC", "5H")}
    assert grid(record, "Gronk").cell("KC", "9H") is not None


def test_the_lists_mark_the_refusals_by_several_rules_for_the_filter() -> None:
    record = _record()
    view = evidence_view(record)
    assert view.several == 1
    gronk = next(j for j in view.jargons if j.jargon == "Gronk")
    assert [(line.several, line.sentence) for line in gronk.refusals] == [
        (True, "Cat tried 5♥ on K♣, holding 2 cards, saying nothing; also refused by Pip."),
        (False, "Ann tried 9♥ on K♣, holding 2 cards, saying nothing.")]
    html = render_to_string("games/notebook/evidence.html#evidence",
                            evidence_context(record, "ABCDEF", full=True))
    marked = [chunk for chunk in html.split("<li")[1:] if "tried" in chunk]
    assert [" data-several" in chunk.split(">")[0] for chunk in marked] == [True, False, True]
    assert "(1 by several rules at once)" in html


def test_the_grid_page_draws_both_grids_for_the_toggle() -> None:
    pair = grid_pair(_record(), "", 3)
    html = render_to_string("games/notebook/evidence.html#grids", {"pair": pair,
                                                                   "code": "ABCDEF"})
    whole, several = html.split('class="nb-grid-wrap nb-grid--several"')
    assert "nb-grid--all" in whole and whole.count("nb-cell--refused") == 2
    assert several.count("nb-cell--refused") == 1 and "9♥" not in several.split("<tbody>")[1]
