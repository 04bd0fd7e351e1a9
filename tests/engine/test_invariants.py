"""The invariant checker itself: it finds what is wrong, and nothing in a sound state."""

from __future__ import annotations

from games.engine.invariants import violations
from games.engine.state import GameState
from tests.engine.helpers import example, start


def sound() -> GameState:
    return start([(0, example("08")[0])])


def test_a_freshly_dealt_game_is_sound() -> None:
    assert violations(sound()) == []


def test_a_lost_card_is_found() -> None:
    state = sound()
    state.hands[0].pop()
    assert violations(state) == [
        "cards are not conserved: stock + piles + hands differ from the deck"]


def test_a_duplicated_card_is_found() -> None:
    state = sound()
    state.hands[0].append(state.hands[1][0])
    assert "cards are not conserved" in violations(state)[0]


def test_nobody_to_move_is_found() -> None:
    state = sound()
    state.current = 3
    assert violations(state) == ["no valid player to move (3)"]


def test_a_writer_while_playing_is_found() -> None:
    state = sound()
    state.writers = [1]
    assert violations(state) == ["someone is writing a rule while cards are played"]


def test_an_empty_pile_while_playing_is_found() -> None:
    state = sound()
    state.stock += state.piles[0].cards
    state.piles[0].cards = []
    assert violations(state) == ["a discard pile is empty while playing"]
