"""What a reshuffle keeps on a pile (``reshuffle_keeps``) and what a draw the stock cannot
supply does (``stock_out``): the round ends, or every hand that can donates a card."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.engine.errors import EngineError
from games.engine.events import Donated, Drew, Event, NoSupply, Reshuffled
from games.engine.invariants import card_census, violations
from games.engine.settings import GameSettings
from games.engine.state import GameState
from games.engine.stock import draw
from rules.cards import make_deck
from tests.engine.helpers import arrange, kinds, of_kind, only, pass_, start

ANN, BOB, CAT = 0, 1, 2
NO_RULE = {"jargon": "Quiet", "rule": {"kind": "talking", "allow": ["Hello"]}}


def game(**settings: Any) -> GameState:
    return start([(ANN, NO_RULE)], jokers=False, **settings)


def every_card_but(*held: str) -> list[str]:
    return [str(c) for c in make_deck(1, False) if str(c) not in held]


def test_by_default_a_reshuffle_keeps_only_the_top_card() -> None:
    played = every_card_but("2C", "3C", "4D", "7D", "7H")
    state = arrange(game(), [["2C"], ["3C"], ["4D"]], [[*played, "7D", "7H"]], current=ANN)
    state, _ = pass_(state, ANN)
    assert state.piles[0].cards == ["7H"]


def test_a_reshuffle_may_keep_the_run_on_top() -> None:
    played = every_card_but("2C", "3C", "4D", "7D", "7H", "7S")
    state = arrange(game(reshuffle_keeps="run"), [["2C"], ["3C"], ["4D"]],
                    [[*played, "7D", "7S", "7H"]], current=ANN)
    state, events = pass_(state, ANN)
    assert state.piles[0].cards == ["7D", "7S", "7H"]
    assert only(events, Reshuffled).count == len(played)
    assert violations(state) == []


def test_a_joker_standing_for_the_rank_is_part_of_the_run() -> None:
    state = start([(ANN, NO_RULE)], reshuffle_keeps="run")
    played = every_card_but("2C", "3C", "4D", "7D", "7H")
    state = arrange(state, [["2C"], ["3C"], ["4D", "JK"]], [[*played, "7D", "JK=7S", "7H"]],
                    current=ANN)
    state.stock = []
    state, _ = pass_(state, ANN)
    assert state.piles[0].cards == ["7D", "JK=7S", "7H"]


def test_the_starter_stays_known_inside_a_run_kept() -> None:
    played = every_card_but("2C", "3C", "4D", "7D", "7H")
    state = arrange(game(reshuffle_keeps="run"), [["2C"], ["3C"], ["4D"]],
                    [[*played, "7D", "7H"]], current=ANN)
    state.piles[0].starter_at = len(played)  # 7D, the starter, under 7H
    state, _ = pass_(state, ANN)
    assert state.piles[0].starter_at == 0 and not state.piles[0].on_starter


def test_a_pile_that_is_all_one_run_cannot_refill_the_stock() -> None:
    rest = every_card_but("7D", "7H", "2C", "3C")
    state = arrange(game(reshuffle_keeps="run"), [["2C", "3C"], rest, []], [["7D", "7H"]],
                    current=ANN)
    state, events = pass_(state, ANN)
    assert "reshuffled" not in kinds(events) and only(events, NoSupply)


def stock_out(ann: list[str], cat: list[str], **settings: Any) -> GameState:
    """Bob holds every card but Ann's, Cat's and the pile's one: nothing to reshuffle."""
    rest = every_card_but("KS", *ann, *cat)
    return arrange(game(**settings), [ann, rest, cat], [["KS"]], current=ANN)


def test_a_draw_nothing_can_supply_ends_the_round_by_default() -> None:
    _, events = pass_(stock_out(["2C", "3C"], ["4D", "5D"]), ANN)
    assert kinds(events)[0] == "no_supply"


def test_every_hand_of_two_or_more_donates_one_card() -> None:
    before = stock_out(["2C", "3C"], ["4D"], stock_out="donate")
    state, events = pass_(before, ANN)
    assert [e.seat for e in of_kind(events, Donated)] == [ANN, BOB]
    assert [e.left for e in of_kind(events, Donated)] == [1, len(before.hands[BOB]) - 1]
    assert state.hands[CAT] == ["4D"]
    assert len(state.hands[ANN]) == 2 and len(state.stock) == 1
    assert card_census(state) == Counter(str(c) for c in make_deck(1, False))
    assert violations(state) == [] and state.unanswered[ANN] == ["one_left", "pass"]


def test_the_card_donated_is_secret_to_its_giver() -> None:
    state, events = pass_(stock_out(["2C", "3C"], ["4D"], stock_out="donate"), ANN)
    gift = of_kind(events, Donated)[0]
    assert gift.card in ("2C", "3C") and gift.card not in state.hands[ANN] or (
        gift.card in state.hands[ANN] and gift.card == only(events, Drew).cards[0])
    assert gift.seen_by(BOB).card == "" and gift.seen_by(BOB).private is None
    assert gift.text == "The cards have run out: Ann donates a card to the stock."


def test_a_draw_of_several_cards_asks_for_donations_again() -> None:
    state = stock_out(["2C", "3C"], ["4D"], stock_out="donate")
    events: list[Event] = []
    assert draw(state, ANN, 3, "penalty", events) == 0
    assert [e.seat for e in of_kind(events, Donated)] == [ANN, BOB, ANN, BOB]
    assert len(state.hands[ANN]) == 3 and only(events, Drew).count == 3
    assert card_census(state) == Counter(str(c) for c in make_deck(1, False))


@pytest.mark.parametrize("data", [{"stock_out": "share"}, {"reshuffle_keeps": "all"}])
def test_stock_settings_are_checked(data: dict[str, str]) -> None:
    with pytest.raises(EngineError) as error:
        GameSettings.from_json(data)
    assert error.value.code == "settings/invalid"
    assert next(iter(data)) in str(error.value)
