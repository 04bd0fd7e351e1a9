"""Seed 001's rows (docs/presets/five-card.md) that no example test replays, each through
the engine under the ``five-card`` preset, the seed's words in its docstring."""

from __future__ import annotations

from games.engine.visibility import player_view
from tests.presets.test_five_card_example import BOB, DEALER, deal


def test_row_3() -> None:
    """"The remaining deck is placed face down in the middle of the table. The top card is
    turned over and placed beside the deck.\""""
    state, events = deal("9D")
    assert [p.cards for p in state.piles] == [["9D"]]
    assert len(state.stock) == 52 - 4 * 5 - 1
    view = player_view(state, BOB)
    assert view.stock == len(state.stock)  # face down: only its size is seen
    assert [p.cards[-1] for p in view.piles] == ["9D"]
    assert state.dealer == DEALER and events
