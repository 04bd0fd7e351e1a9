"""The point of order's panel for one viewer: who may call one, end it or agree to end it,
and which rules it lists (public third-person rules only, never a secret one)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.engine.actions import CallOrder, EndOrder, Say
from games.engine.apply import apply
from games.engine.state import GameState, RuleEntry
from games.engine.visibility import player_view
from games.presets.display import HouseRuleRow
from games.table.point_of_order import ChatRow, OrderPanel, order_panel
from tests.engine.helpers import arrange, start

ANN, BOB, CAT = 0, 1, 2
ANY = {"jargon": "Anything", "rule": {"kind": "restriction", "must": {"type": "always"}}}
THIRD = {"version": 1, "jargon": "Third Person",
         "rule": {"kind": "third_person", "allow": ["Thank you"], "during": "order",
                  "penalty": 1}}


def table(**settings: Any) -> GameState:
    state = start([(0, ANY)])
    state.settings = replace(state.settings, **settings)
    return arrange(state, [["2C"], ["9D", "3D"], ["4C"]], [["7C"]], current=BOB)


def called(state: GameState, seat: int = CAT) -> GameState:
    return apply(state, CallOrder(seat), 1_000)[0]


def test_any_player_may_call_one_unless_the_game_says_otherwise() -> None:
    assert order_panel(player_view(table(), BOB), False) == OrderPanel(may_call=True)
    assert not order_panel(player_view(table(), None), False).may_call  # a spectator
    hosts = table(order_callers="host")
    assert not order_panel(player_view(hosts, BOB), False).may_call
    assert order_panel(player_view(hosts, ANN), True).may_call
    assert not order_panel(player_view(table(order_callers="nobody"), ANN), True).may_call


def test_its_caller_and_the_host_may_end_it_the_others_not() -> None:
    state = called(table())
    assert order_panel(player_view(state, CAT), False).may_end
    assert order_panel(player_view(state, ANN), True).may_end
    other = order_panel(player_view(state, BOB), False)
    assert (other.active, other.caller, other.may_end, other.may_agree, other.others_end) == (
        True, "Cat", False, False, "")
    assert order_panel(player_view(called(table(order_enders="anyone")), BOB), False).may_end


def test_where_everyone_else_may_end_it_the_others_may_agree() -> None:
    state = called(table(order_agree=True))
    panel = order_panel(player_view(state, BOB), False)
    assert (panel.may_agree, panel.others_end) == (True, "everyone else together")
    state = apply(state, EndOrder(BOB), 2_000)[0]
    panel = order_panel(player_view(state, BOB), False)
    assert (panel.may_agree, panel.agreed, panel.agreed_names) == (False, True, ("Bob",))


def test_the_chat_and_the_public_third_person_rules_show_a_secret_one_never() -> None:
    state = table()
    state.rules.append(RuleEntry(9, None, 1, THIRD, house=True))
    state.rules.append(RuleEntry(10, ANN, 1, dict(THIRD, jargon="Secret Person")))
    state = called(state)
    state = apply(state, Say(BOB, "Bob   asks"), 2_000)[0]
    panel = order_panel(player_view(state, BOB), False)
    assert panel.chat == (ChatRow("Bob", "Bob asks"),)
    assert [r.jargon for r in panel.rules] == ["Third Person"]
    assert isinstance(panel.rules[0], HouseRuleRow)


def test_the_host_of_a_game_with_pauses_may_pause_it() -> None:
    pausing = table(host_pause=True)
    assert order_panel(player_view(pausing, ANN), True).may_pause
    assert not order_panel(player_view(pausing, BOB), False).may_pause
    assert not order_panel(player_view(table(), ANN), True).may_pause


def test_in_a_pause_only_the_host_may_end_it_and_no_rule_is_listed() -> None:
    state = table(host_pause=True, order_enders="anyone")
    state.rules.append(RuleEntry(2, None, 1, THIRD, house=True))
    state.disclosed.append(2)
    state = apply(state, CallOrder(ANN, host=True, pause=True), 1_000)[0]
    host = order_panel(player_view(state, ANN), True)
    assert (host.active, host.pause, host.may_end, host.rules) == (True, True, True, ())
    other = order_panel(player_view(state, BOB), False)
    assert (other.pause, other.may_end, other.may_agree, other.may_pause) == (
        True, False, False, False)
