"""``play_drawn``: a card drawn by passing may be played at once, and only it; a second pass
keeps it. Bot games with it keep every invariant, and a stored state reads back equal."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import Pass, Play
from games.engine.invariants import card_census, violations
from games.engine.settings import GameSettings
from games.engine.simulate import play_game
from games.engine.state import GameState
from games.engine.visibility import player_view
from rules.cards import make_deck
from tests.engine.helpers import act, arrange, kinds, rank_played, refusal, start, trigger

KINDS = [("oracle",), ("experimenter",), ("oracle", "experimenter")]


def _table(play_drawn: bool) -> GameState:
    rule = trigger("Kings", rank_played("K"), {"type": "skip"})
    state = start([(0, rule)], jokers=False, play_drawn=play_drawn)
    return arrange(state, [["2C", "3C"], ["5D"], ["6S"]], [["9H"]], draws=("4H", "KS"),
                   current=0)


def test_off_a_pass_ends_the_turn() -> None:
    state, events = act(_table(False), Pass(0))
    assert kinds(events) == ["drew"] and state.current == 1 and state.drawn is None


def test_on_the_card_drawn_may_be_played_and_no_other() -> None:
    state, _ = act(_table(True), Pass(0))
    assert state.current == 0 and player_view(state, 0).drawn == "4H"
    assert player_view(state, 1).drawn is None and player_view(state, None).drawn is None
    assert refusal(state, Play(0, ("2C",))) == "action/drawn_only"
    state, events = act(state, Play(0, ("4H",)))
    assert kinds(events)[0] == "played" and state.current == 1


def test_a_second_pass_keeps_the_card_and_draws_nothing() -> None:
    state, _ = act(_table(True), Pass(0))
    state, events = act(state, Pass(0))
    assert kinds(events) == ["kept"] and state.current == 1
    assert sorted(state.hands[0]) == ["2C", "3C", "4H"] and state.stock[-1] == "KS"
    # The next player's pass draws as ever.
    state, events = act(state, Pass(1))
    assert kinds(events) == ["drew"] and state.current == 1


def test_a_stored_state_reads_back_with_its_drawn_card() -> None:
    state, _ = act(_table(True), Pass(0))
    again = GameState.from_json(state.to_json())
    assert again.drawn == state.drawn and again.drawn_card() == "4H"
    data = state.to_json()
    del data["drawn"]  # stored before the setting existed
    assert GameState.from_json(data).drawn is None


@settings(deadline=None, max_examples=15)
@given(st.integers(0, 10_000), st.integers(2, 5), st.sampled_from(KINDS))
def test_bot_games_with_it_keep_every_invariant(seed: int, players: int,
                                                bots: tuple[str, ...]) -> None:
    options = GameSettings(players=players, jokers=False, play_drawn=True)
    record = play_game(options, seed, bots, max_actions=150, max_rounds=3, keep_states=True)
    deck = Counter(str(c) for c in make_deck(1, False))
    assert record.problems == []
    assert all(violations(s) == [] for s in record.states)
    assert all(card_census(s) == deck for s in record.states if s.piles)
