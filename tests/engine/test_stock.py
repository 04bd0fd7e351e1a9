"""The stock: reshuffling the discard piles when it runs out, and a draw it cannot supply."""

from __future__ import annotations

from collections import Counter

from games.engine.events import Drew, NoSupply, Reshuffled, Tie
from games.engine.invariants import card_census, violations
from games.engine.state import GameState, RoundWin
from rules.cards import make_deck
from tests.engine.helpers import arrange, example, kinds, only, pass_, play, start

ANN, BOB, CAT = 0, 1, 2
PILES = [["3D", "8H", "JK=5C", "KS"], ["10H", "2C"]]


def empty_stock() -> GameState:
    state = start([(ANN, example("01")[0])])
    return arrange(state, [["4C"], None, ["4D"]], PILES, current=ANN)


def test_an_empty_stock_is_refilled_from_below_the_tops() -> None:
    state, events = pass_(empty_stock(), ANN)
    assert kinds(events) == ["reshuffled", "drew"]
    assert only(events, Reshuffled).count == 4
    assert [p.cards for p in state.piles] == [["KS"], ["2C"]]


def test_a_reshuffle_returns_jokers_as_jokers() -> None:
    state, events = pass_(empty_stock(), ANN)
    drawn = only(events, Drew).cards
    assert sorted([*state.stock, *drawn]) == sorted(["3D", "8H", "JK", "10H"])


def test_a_reshuffle_conserves_every_card() -> None:
    state, _ = pass_(empty_stock(), ANN)
    deck = Counter(str(c) for c in make_deck(1, True))
    assert card_census(state) == deck
    assert violations(state) == []
    assert len(state.hands[ANN]) == 2


def test_a_reshuffle_is_counted_in_the_state() -> None:
    before = empty_stock()
    state, _ = pass_(before, ANN)
    assert state.shuffles == before.shuffles + 1


def no_supply_game(ann: list[str], cat: list[str]) -> GameState:
    """Bob holds every card but Ann's, Cat's and the single pile card: the stock is empty."""
    state = start([(ANN, example("01")[0])], jokers=False)
    return arrange(state, [ann, None, cat], [["KS"]], current=ANN)


def test_a_pass_that_cannot_be_supplied_ends_the_round() -> None:
    state, events = pass_(no_supply_game(["2C", "3C"], ["4D", "5D"]), ANN)
    assert kinds(events) == ["no_supply", "won_round"]
    assert only(events, "no_supply").text.startswith(
        "The stock cannot supply a draw even after reshuffling, so round 1 ends.")
    assert state.phase == "writing"


def test_no_supply_counts_the_undelivered_card() -> None:
    state, events = pass_(no_supply_game(["2C", "3C"], ["4D", "5D"]), ANN)
    assert only(events, NoSupply).scores == (3, 47, 2)
    assert state.winners == [RoundWin(1, CAT, "no_supply")]
    assert (state.writers, state.round) == ([CAT], 2)


def test_no_supply_win_is_announced() -> None:
    _, events = pass_(no_supply_game(["2C", "3C"], ["4D", "5D"]), ANN)
    assert only(events, "won_round").text == (
        "Cat holds the fewest cards and wins round 1! Cat is writing a new secret rule…")


def test_a_tie_for_fewest_deals_again_without_a_winner() -> None:
    state, events = pass_(no_supply_game(["2C"], ["4D", "5D"]), ANN)
    assert kinds(events)[:3] == ["no_supply", "tie", "dealt"]
    assert only(events, Tie).tied == (ANN, CAT)
    assert state.winners == []
    assert (state.phase, state.round, len(state.rules)) == ("playing", 2, 1)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert violations(state) == []


def test_an_effect_draw_that_cannot_be_supplied_counts_what_is_owed() -> None:
    state = start([(ANN, example("16")[0])], jokers=False)
    state = arrange(state, [["2C", "9C", "8C", "7C"], ["4D", "5D"], None], [["3D"]],
                    current=ANN)
    state, events = play(state, ANN, "2C")
    assert kinds(events)[:4] == ["played", "fired", "reshuffled", "drew"]
    assert (only(events, Drew).count, only(events, Drew).reason) == (1, "effect")
    assert only(events, NoSupply).scores[:2] == (3, 4)
    assert state.winners == [RoundWin(1, ANN, "no_supply")]
