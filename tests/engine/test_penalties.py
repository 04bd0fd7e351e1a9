"""What a refused play costs: one card however many rules it broke (Mini Mao), or one card
per rule broken (Penn State), at most the game's cap."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.events import Drew, Refused
from games.engine.state import GameState
from tests.engine.helpers import arrange, example, only, play, start

ANN, BOB, CAT = 0, 1, 2
MATCH, MOURNING = example("09")


def on_queen(**settings: Any) -> GameState:
    state = start([(ANN, MATCH), (CAT, MOURNING)], jokers=False, **settings)
    return arrange(state, [["2C"], ["4D", "QS", "5C", "6C"], ["3C"]], [["QH"]],
                   draws=["7C", "8C", "9C"], current=BOB)


def cost(state: GameState, *cards: str) -> int:
    """How many cards Bob draws for trying ``cards`` (which break Match and Mourning)."""
    state, events = play(state, BOB, *cards)
    assert only(events, Refused)
    return sum(e.count for e in events if isinstance(e, Drew))


def test_one_card_however_many_rules_a_play_broke() -> None:
    assert cost(on_queen(), "4D") == 1


def test_one_card_per_rule_broken() -> None:
    assert cost(on_queen(penalty="per_rule"), "4D") == 2


@pytest.mark.parametrize(("cap", "drawn"), [(1, 1), (2, 2), (3, 2)])
def test_a_cap_limits_what_one_refused_play_costs(cap: int, drawn: int) -> None:
    assert cost(on_queen(penalty="per_rule", penalty_cap=cap), "4D") == drawn


def test_a_group_no_rule_allows_counts_as_one_rule_broken() -> None:
    # Q♠ then 5♣: legal alone (a black queen), but no permission lets them go down together.
    assert cost(on_queen(penalty="per_rule"), "QS", "5C") == 1


def test_a_group_breaking_a_rule_too_costs_one_more() -> None:
    # 4♦ breaks both rules on the queen, and nothing lets a group go down.
    assert cost(on_queen(penalty="per_rule"), "4D", "5C") == 3
