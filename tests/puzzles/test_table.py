"""The solo table: the player in seat 0 with two bots, the puzzle's rules in force as laws
that no player wrote and nobody sees, the deal a function of the seed alone."""

from __future__ import annotations

from games.engine.visibility import player_view
from games.puzzles.library import builtin_puzzles, find
from games.puzzles.table import PLAYER_SEAT, SOLO_BOTS, open_solo, solo_settings


def test_the_player_sits_in_seat_zero_with_the_bots_beside_them() -> None:
    puzzle = builtin_puzzles()[0]
    state, events = open_solo(puzzle, 7, "Bull")
    assert state.players == 1 + SOLO_BOTS == solo_settings().players
    assert state.names[PLAYER_SEAT] == "Bull"
    assert len({n.casefold() for n in state.names}) == state.players
    assert state.phase == "playing" and events


def test_the_puzzle_rules_are_secret_laws_with_no_author() -> None:
    puzzle = find("mourning")
    assert puzzle is not None
    state, _ = open_solo(puzzle, 1, "Ann")
    assert [e.author for e in state.rules] == [None, None]
    assert not any(e.house for e in state.rules) and not state.disclosed
    assert [r.jargon for r in state.rulebook().rules] == [r.jargon for r in puzzle.rules]
    view = player_view(state, PLAYER_SEAT)
    assert view.my_rules == () and view.disclosed == () and view.house_rules == ()


def test_the_deal_depends_on_the_seed_not_the_name() -> None:
    puzzle = builtin_puzzles()[0]
    a, _ = open_solo(puzzle, 3, "Ann")
    b, _ = open_solo(puzzle, 3, "Bob")
    c, _ = open_solo(puzzle, 4, "Ann")
    assert a.hands == b.hands and a.piles == b.piles
    assert a.hands != c.hands
