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


def lifecycle_state() -> GameState:
    """A busy state using every part of the lifecycle: a house rule, a retired law, a
    disclosed rule, a dealer, cards owed and a starter lying on a pile."""
    state = busy_state()
    state.rules[0].author, state.rules[0].house = None, True
    state.rules[1].retired = 1
    state.disclosed = [1, 2]
    state.dealer, state.pending = 2, 4
    state.piles[0].starter_at = 0
    state.phase = "dealing"
    return state


def test_a_state_with_house_rules_laws_and_debts_round_trips_through_json() -> None:
    data = lifecycle_state().to_json()
    assert GameState.from_json(json.loads(json.dumps(data))).to_json() == data
    assert data["rules"][0] | {"rule": None} == {"id": 1, "author": None, "round": 1,
                                                 "rule": None, "house": True,
                                                 "retired": None, "stint": 0}
    assert data["rules"][1]["retired"] == 1
    assert (data["disclosed"], data["dealer"], data["pending"]) == ([1, 2], 2, 4)
    assert data["piles"][0]["starter_at"] == 0


def test_a_state_stored_before_the_lifecycle_loads_with_its_defaults() -> None:
    data = json.loads(json.dumps(busy_state().to_json()))
    for key in ("disclosed", "dealer", "pending"):
        del data[key]
    for rule in data["rules"]:
        del rule["house"], rule["retired"]
    for pile in data["piles"]:
        del pile["starter_at"]
    state = GameState.from_json(data)
    assert (state.disclosed, state.dealer, state.pending) == ([], state.rule_maker, 0)
    assert [(e.house, e.retired) for e in state.rules] == [(False, None), (False, None)]
    assert [p.starter_at for p in state.piles] == [None, None]


def test_a_clone_shares_no_lifecycle_part_that_changes() -> None:
    state = lifecycle_state()
    before = json.dumps(state.to_json())
    copy = state.clone()
    copy.disclosed.append(9)
    copy.rules[0].retired = 3
    copy.piles[0].starter_at = None
    copy.pending = 0
    assert json.dumps(state.to_json()) == before


def test_the_rulebook_holds_only_the_rules_in_force() -> None:
    state = busy_state()
    assert len(state.rulebook().rules) == 2
    state.rules[0].retired = 1
    # Retiring changes no count of rules: the cache must still see it.
    assert [r.jargon for r in state.rulebook().rules] == ["Fiver"]


def test_a_house_rule_joins_the_rulebook_without_an_author() -> None:
    state = GameState.from_json(lifecycle_state().to_json())
    assert [(r.jargon, r.author) for r in state.rulebook().rules] == [("Gronk", None)]


def test_a_rule_no_player_wrote_is_spoken_for_by_the_chair() -> None:
    state = busy_state()
    assert (state.author_name(None), state.author_name(2)) == ("Dealer", "Cat")


def test_the_starter_is_known_where_it_lies() -> None:
    pile = Pile(["5H", "QH"], starter_at=1)
    assert pile.on_starter
    pile.cards.append("QC")
    assert not pile.on_starter
    assert not Pile(["5H"]).on_starter
