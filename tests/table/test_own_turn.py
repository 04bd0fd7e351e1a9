"""The hand on the viewer's own turn: the cards the engine would refuse for a reason the
table already knows (only the card drawn after a pass; a penalty card drawn this turn) are
shown disabled, with the reason under the hand."""

from __future__ import annotations

from typing import Any

from games.engine.actions import Pass, Play, Say
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.table.seat_context import own_turn
from tests.engine.helpers import act, arrange, start

SILENCE = {"jargon": "Silence", "rule": {"kind": "talking"}}


def _table(**settings: Any) -> GameState:
    state = start([(0, SILENCE)], jokers=False, **settings)
    return arrange(state, [["2C", "3C"], ["5D", "6D"], ["6S"]], [["9H"]],
                   draws=("4H", "KS", "QS"), current=0)


def _refused_for(state: GameState, code: str) -> set[str]:
    """Seat 0's cards the engine refuses with ``code``."""
    refused = set()
    for card in state.hands[0]:
        try:
            apply(state, Play(0, (card,)))
        except EngineError as exc:
            if exc.code == code:
                refused.add(card)
    return refused


def test_after_a_pass_only_the_card_drawn_may_be_played() -> None:
    state, _ = act(_table(play_drawn=True), Pass(0))
    shown = own_turn(player_view(state, 0))
    assert shown.playable == {"4H"}
    assert shown.words == ("You may play only the card you drew, four of hearts, or pass to "
                           "keep it.")
    assert _refused_for(state, "action/drawn_only") == set(state.hands[0]) - {"4H"}


def test_a_penalty_card_drawn_this_turn_is_shown_waiting() -> None:
    state, _ = act(_table(penalty_waits=True), Say(0, "Hello"))
    shown = own_turn(player_view(state, 0))
    assert shown.playable == {"2C", "3C"}
    assert shown.words == ("The penalty card you drew this turn (four of hearts) cannot be "
                           "played until a later turn.")
    assert _refused_for(state, "action/penalty_waits") == {"4H"}
    # Another game's turn: nothing waits, every card may be tried.
    assert own_turn(player_view(_table(), 0)).playable == {"2C", "3C"}
