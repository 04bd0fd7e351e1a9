"""The game state: cards on piles, JSON round trips and copies that share nothing."""

from __future__ import annotations

import json

from games.engine.actions import EndGame
from games.engine.state import GameState, Pile, RoundWin, pile_card, read_pile_card
from rules.cards import JOKER, parse
from tests.engine.helpers import act, arrange, example, start


def test_a_joker_lies_on_a_pile_with_the_card_it_stands_for() -> None:
    assert pile_card(JOKER, parse("5H")) == "JK=5H"
    assert read_pile_card("JK=5H") == (JOKER, parse("5H"))
    assert read_pile_card("5H") == (parse("5H"), parse("5H"))


def test_a_piles_top_is_the_card_the_joker_stands_for() -> None:
    pile = Pile(["3D", "JK=QS"])
    assert str(pile.top) == "QS"
    assert [str(c) for c in pile.effective()] == ["3D", "QS"]


def busy_state() -> GameState:
    state = start([(0, example("08")[0]), (2, example("03")[0])])
    state = arrange(state, [["JK", "2C"], ["5H"], ["4D"]], [["KC", "JK=5S"], ["10H"]])
    state.piles[1].suit = "S"
    state.winners.append(RoundWin(1, 1, "emptied"))
    state.revealed.append(2)
    return state


def test_a_busy_state_round_trips_through_json() -> None:
    data = busy_state().to_json()
    assert GameState.from_json(json.loads(json.dumps(data))).to_json() == data


def test_an_ended_state_round_trips_through_json() -> None:
    state, _ = act(busy_state(), EndGame(0))
    data = state.to_json()
    assert GameState.from_json(json.loads(json.dumps(data))).to_json() == data


def test_a_clone_shares_nothing_that_changes() -> None:
    state = busy_state()
    before = json.dumps(state.to_json())
    copy = state.clone()
    copy.hands[0].append("9C")
    copy.piles[0].cards.pop()
    copy.piles[1].suit = None
    copy.stock.pop()
    copy.winners[0] = RoundWin(9, 2, "effect")
    copy.stats[1].broken += 1
    copy.revealed.clear()
    copy.writers.append(1)
    assert json.dumps(state.to_json()) == before


def test_the_rulebook_holds_every_rule_with_its_author() -> None:
    rulebook = busy_state().rulebook()
    assert [(r.jargon, r.author) for r in rulebook.rules] == [("Gronk", 0), ("Fiver", 2)]


def test_to_json_hands_out_no_live_part_of_the_state() -> None:
    """Its data goes to caches other threads read: changing it must not change the state."""
    state = busy_state()
    before = json.dumps(state.to_json())
    data = state.to_json()
    data["hands"][0].append("9C")
    data["piles"][0]["cards"].pop()
    data["stock"].clear()
    data["names"][0] = "Mallory"
    data["writers"].append(2)
    data["rules"][0]["rule"]["jargon"] = "Stolen"
    data["winners"].clear()
    data["history"].append([9, 9, 9])
    data["revealed"].append(7)
    assert json.dumps(state.to_json()) == before
