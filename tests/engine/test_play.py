"""Turns: two-player games, refusals naming every broken rule, trigger order, jokers, groups."""

from __future__ import annotations

import pytest

from games.engine.actions import WriteRule
from games.engine.errors import EngineError
from games.engine.events import Drew, Fired, Refused
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from tests.engine.helpers import (
    act,
    arrange,
    example,
    kinds,
    of_kind,
    only,
    play,
    rank_played,
    start,
    trigger,
)

INTRIGUE, GRONK = example("01")[0], example("08")[0]


def two_player_game(seed: int = 5) -> GameState:
    state = new_game(GameSettings(players=2), ["Ann", "Bob"], seed)
    state, _ = act(state, WriteRule(1, INTRIGUE))
    state, _ = act(state, WriteRule(0, GRONK))
    return state


def on_king_of_clubs(state: GameState, seat: int) -> GameState:
    """King of clubs on top; Ann holds a heart, a face card and a face heart; Bob a club."""
    return arrange(state, [["5H", "QS", "QH", "2C"], ["3C", "4D"]], [["KC"]],
                   draws=["9D", "9S"], current=seat)


def test_both_players_of_two_write_a_rule_before_the_deal() -> None:
    state = new_game(GameSettings(players=2), ["Ann", "Bob"], 5)
    assert sorted(state.writers) == [0, 1]
    state, events = act(state, WriteRule(1, INTRIGUE))
    assert (state.phase, state.writers, kinds(events)) == ("writing", [0], ["rule_written"])
    state, events = act(state, WriteRule(0, GRONK))
    assert state.phase == "playing"
    assert kinds(events) == ["rule_written", "dealt", "hand", "hand"]
    assert [(e.author, e.jargon) for e in state.rules] == [(1, "Intrigue"), (0, "Gronk")]


def test_a_two_player_game_starts_with_a_random_player() -> None:
    assert {two_player_game(seed).current for seed in range(12)} == {0, 1}


def test_two_player_game_enforces_the_first_players_rule() -> None:
    _, events = play(on_king_of_clubs(two_player_game(), 0), 0, "5H")
    assert only(events, "refused").text == "Ann tries 5♥ on K♣. Ann: that's a Gronk!"


def test_two_player_game_enforces_the_second_players_rule() -> None:
    _, events = play(on_king_of_clubs(two_player_game(), 0), 0, "QS")
    assert only(events, "refused").text == "Ann tries Q♠ on K♣. Bob: that's an Intrigue!"


def test_two_player_game_allows_what_no_rule_forbids() -> None:
    state, events = play(on_king_of_clubs(two_player_game(), 1), 1, "3C")
    assert kinds(events) == ["played"]
    assert state.current == 0


def test_one_play_breaking_two_rules_names_both() -> None:
    _, events = play(on_king_of_clubs(two_player_game(), 0), 0, "QH")
    refused = only(events, Refused)
    assert refused.text == "Ann tries Q♥ on K♣. Bob: that's an Intrigue! Ann: that's a Gronk!"
    assert [b.jargon for b in refused.broken] == ["Intrigue", "Gronk"]


def test_one_play_breaking_two_rules_draws_one_penalty_card() -> None:
    state, events = play(on_king_of_clubs(two_player_game(), 0), 0, "QH")
    assert (only(events, Drew).count, only(events, Drew).reason) == (1, "penalty")
    assert state.hands[0] == ["5H", "QS", "QH", "2C", "9D"]
    assert state.current == 1


def test_breaking_two_rules_counts_for_both() -> None:
    state, _ = play(on_king_of_clubs(two_player_game(), 0), 0, "QH")
    assert [state.stats[k].broken for k in (1, 2)] == [1, 1]
    assert sorted(state.revealed) == [1, 2]


FIVE_DRAWS = trigger("Blip", rank_played("5"), {"type": "draw", "who": "player", "count": 1})
FIVE_SKIPS = trigger("Zonk", rank_played("5"), {"type": "skip"})
FIVES = [["5C", "6C"], ["5D", "6D"], ["5H", "6H"]]


def fired_authors(active: int) -> list[int | None]:
    state = start([(2, FIVE_DRAWS), (0, FIVE_SKIPS)])
    state = arrange(state, FIVES, [["KC"]], current=active)
    _, events = play(state, active, FIVES[active][0])
    return [e.author for e in of_kind(events, Fired)]


@pytest.mark.parametrize(("active", "order"), [(1, [2, 0]), (0, [0, 2]), (2, [2, 0])])
def test_triggers_fire_clockwise_by_author_from_the_active_player(
        active: int, order: list[int]) -> None:
    assert fired_authors(active) == order


def test_trigger_events_name_author_and_jargon_in_order() -> None:
    state = start([(2, FIVE_DRAWS), (0, FIVE_SKIPS)])
    state = arrange(state, FIVES, [["KC"]], current=1)
    _, events = play(state, 1, "5D")
    assert kinds(events) == ["played", "fired", "drew", "fired", "skipped"]
    assert [e.text for e in of_kind(events, "fired")] == [
        "Cat: Blip! (its player draws a card)", "Ann: Zonk! (the next player is skipped)"]


def test_triggers_wait_for_a_legal_play() -> None:
    pip = {"jargon": "Pip", "rule": example("10")[0]["rule"]}
    state = start([(0, pip), (2, FIVE_DRAWS)])
    state = arrange(state, [["2C"], ["5C", "6C"], ["3D"]], [["9C"]], draws=["8D"], current=1)
    _, events = play(state, 1, "5C")
    assert kinds(events) == ["refused", "drew"]


def test_a_joker_must_be_named() -> None:
    state = arrange(two_player_game(), [["JK", "3C"], ["2D"]], [["KC"]], current=0)
    with pytest.raises(EngineError) as caught:
        play(state, 0, "JK")
    assert caught.value.code == "action/name_joker"


def test_a_joker_cannot_stand_for_a_joker() -> None:
    state = arrange(two_player_game(), [["JK", "3C"], ["2D"]], [["KC"]], current=0)
    with pytest.raises(EngineError) as caught:
        play(state, 0, "JK", named=("JK",))
    assert caught.value.code == "action/name_joker"


def test_a_joker_is_judged_as_the_card_it_is_named() -> None:
    state = arrange(two_player_game(), [["JK", "3C"], ["2D"]], [["KC"]], draws=["4S"],
                    current=0)
    _, events = play(state, 0, "JK", named=("QH",))
    refused = only(events, Refused)
    assert refused.text == ("Ann tries 🃏 as Q♥ on K♣. Bob: that's an Intrigue! "
                            "Ann: that's a Gronk!")
    assert refused.stands_for == ("QH",)


def test_a_legal_joker_lies_on_the_pile_as_the_named_card() -> None:
    state = arrange(two_player_game(), [["JK", "3C"], ["2D"]], [["KC"]], current=0)
    state, events = play(state, 0, "JK", named=("3S",))
    assert only(events, "played").text == "Ann plays 🃏 as 3♠ on K♣."
    assert state.piles[0].cards == ["KC", "JK=3S"]
    assert str(state.piles[0].top) == "3S"
    assert state.hands[0] == ["3C"]


def test_a_joker_on_top_is_judged_as_the_named_card() -> None:
    state = arrange(two_player_game(), [["JK", "3C"], ["QS", "3H"]], [["KC", "JK=4C"]],
                    draws=["5D"], current=1)
    _, events = play(state, 1, "3H")
    assert only(events, "refused").text == "Bob tries 3♥ on 🃏 as 4♣. Ann: that's a Gronk!"


def test_only_a_joker_may_stand_for_another_card() -> None:
    state = arrange(two_player_game(), [["JK", "3C"], ["2D"]], [["KC"]], current=0)
    with pytest.raises(EngineError) as caught:
        play(state, 0, "3C", named=("4C",))
    assert caught.value.code == "action/malformed"


LADDER = example("05")[0]


def test_a_permission_lets_a_run_go_down_at_once() -> None:
    state = start([(0, LADDER)])
    state = arrange(state, [["2C"], ["3H", "4C", "5D", "KS"], ["2D"]], [["9S"]], current=1)
    state, events = play(state, 1, "3H", "4C", "5D")
    assert only(events, "played").text == "Bob plays 3♥ 4♣ 5♦ on 9♠."
    assert state.piles[0].cards == ["9S", "3H", "4C", "5D"]
    assert state.hands[1] == ["KS"]


def test_a_group_no_permission_allows_is_refused_with_a_penalty() -> None:
    state = start([(0, LADDER)])
    state = arrange(state, [["2C"], ["3H", "5D", "KS"], ["2D"]], [["9S"]], draws=["7H"],
                    current=1)
    state, events = play(state, 1, "3H", "5D")
    assert only(events, "refused").text == (
        "Bob tries 3♥ 5♦ on 9♠. No rule lets those cards go down together.")
    assert state.hands[1] == ["3H", "5D", "KS", "7H"]
