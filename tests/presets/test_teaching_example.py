"""Seed 003's worked example (section 07), replayed under the teaching preset: its house rules
and its tutorial law (Wrong Colour: after a played queen, the next card must be black).

"The top is a played Q♥ and the secret law requires a black card next. You hold 9♥, Q♣, 4♠.
[...] Only Q♣ is legal." And section 04's point of order: a pause its caller ends.
"""

from __future__ import annotations

from games.engine.actions import CallOrder, EndOrder, Play, Say
from games.engine.events import (
    CallBroken,
    Drew,
    OrderCalled,
    OrderEnded,
    OutOfTurn,
    Refused,
    RulesDisclosed,
    SpeechBroken,
)
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from tests.engine.helpers import act, arrange, kinds, only, pass_, play, refusal

DEALER, YOU, NEXT, LAST = 0, 1, 2, 3
NAMES = ("Dee", "You", "Nia", "Lou")


def on_a_played_queen_of_hearts(starter: bool = False) -> GameState:
    """You to play on Q♥, played on the starter 5♥ (or, with ``starter``, Q♥ turned up)."""
    settings = settings_for(preset("teaching"), players=4, first_rule_maker=DEALER,
                            law="Wrong Colour")
    state, _ = open_preset(settings, NAMES, 1)
    hands = [["2C", "3C", "4C"], ["9H", "QC", "4S"], ["QD", "5C", "8S"], ["6C", "7C", "8C"]]
    state = arrange(state, hands, [["QH"] if starter else ["5H", "QH"]], draws=["10D"],
                    current=YOU)
    state.piles[0].starter_at = 0
    return state


def test_the_nine_of_hearts_matches_suit_but_is_red() -> None:
    state, events = play(on_a_played_queen_of_hearts(), YOU, "9H")
    assert only(events, Refused).text == "You tries 9♥ on Q♥. Referee: that's a Wrong Colour!"
    assert [(e.count, e.reason) for e in events if isinstance(e, Drew)] == [(1, "penalty")]
    assert state.current == NEXT


def test_the_four_of_spades_is_black_but_matches_neither_suit_nor_rank() -> None:
    _, events = play(on_a_played_queen_of_hearts(), YOU, "4S")
    assert only(events, Refused).text == "You tries 4♠ on Q♥. Referee: that's a Misplay!"


def test_only_the_queen_of_clubs_is_legal_and_two_cards_ask_no_mao() -> None:
    state, events = play(on_a_played_queen_of_hearts(), YOU, "QC")
    assert kinds(events) == ["played"]
    assert not any(isinstance(e, CallBroken) for e in events)
    assert (state.hands[YOU], state.current, state.phase) == (["9H", "4S"], NEXT, "playing")


def test_after_the_queen_of_clubs_the_next_player_again_needs_a_black_matching_card() -> None:
    state, _ = play(on_a_played_queen_of_hearts(), YOU, "QC")
    _, red = play(state, NEXT, "QD")
    assert only(red, Refused).broken[0].jargon == "Wrong Colour"
    _, unmatched = play(state, NEXT, "8S")
    assert [b.jargon for b in only(unmatched, Refused).broken] == ["Misplay"]
    after, black = play(state, NEXT, "5C")
    assert kinds(black) == ["played"]
    assert after.piles[0].cards[-1] == "5C"


def test_drawing_does_not_clear_the_restriction() -> None:
    state, _ = pass_(on_a_played_queen_of_hearts(), YOU)
    _, events = play(state, NEXT, "QD")
    assert only(events, Refused).broken[0].jargon == "Wrong Colour"


def test_a_queen_turned_up_as_the_starter_asks_nothing_of_the_next_card() -> None:
    _, events = play(on_a_played_queen_of_hearts(starter=True), YOU, "9H")
    assert kinds(events) == ["played"]


def test_a_spade_played_silently_misses_its_call() -> None:
    state, _ = play(on_a_played_queen_of_hearts(), YOU, "QC")
    state = arrange(state, [["2C"], ["9H", "4S"], ["QD", "5C", "8S", "QS"], ["6C"]],
                    [["5H", "QC"]], current=NEXT)
    _, silent = play(state, NEXT, "QS")
    assert only(silent, CallBroken).text == "Referee: that's a Spade Call! Nia missed a call."
    _, named = play(state, NEXT, "QS", say="Queen of spades!")
    assert not any(isinstance(e, CallBroken) for e in named)


def test_the_last_two_cards_each_call_mao_and_the_win_discloses_the_law() -> None:
    state = arrange(on_a_played_queen_of_hearts(), [["2C"], ["QC", "JC"], ["QD"], ["6C"]],
                    [["5H", "QH"]], current=YOU)
    state, events = play(state, YOU, "QC", say="Mao")
    assert kinds(events) == ["played"]
    state = arrange(state, [["2C"], ["JC"], ["QD"], ["6C"]], [["5H", "QC"]], current=YOU)
    state, events = play(state, YOU, "JC", say="Mao")
    assert kinds(events) == ["played", "won_round", "rules_disclosed"]
    assert [r.jargon for r in only(events, RulesDisclosed).rules] == ["Wrong Colour"]


def test_a_missed_last_mao_cancels_the_win() -> None:
    state = arrange(on_a_played_queen_of_hearts(), [["2C"], ["QC"], ["QD"], ["6C"]],
                    [["5H", "QH"]], draws=["10D"], current=YOU)
    state, events = play(state, YOU, "QC")
    assert only(events, CallBroken).jargon == "Mao"
    assert state.hands[YOU] == ["10D"]
    assert state.phase == "playing"


def test_an_out_of_turn_play_is_restored_and_penalised_without_stealing_the_turn() -> None:
    """Section 06: "An out-of-turn play is restored and penalised without stealing the
    rightful player's turn.\""""
    state, events = play(on_a_played_queen_of_hearts(), NEXT, "5C")
    # The card matches nothing either: every rule is named, one card in all (per refusal).
    assert only(events, OutOfTurn).text == ("Nia tries 5♣ on Q♥ out of turn. Referee: "
                                            "that's Out of Turn! Referee: that's a Misplay!")
    assert [(e.count, e.reason) for e in events if isinstance(e, Drew)] == [(1, "penalty")]
    assert "5C" in state.hands[NEXT] and state.current == YOU
    assert state.piles[0].cards[-1] == "QH"


def test_a_point_of_order_pauses_play_until_its_caller_ends_it() -> None:
    """Section 04: "“Point of order” pauses play: put hands face down, do not touch cards,
    and discuss only turn state or safety, not secret laws. The caller ends the pause and
    the same turn resumes." (What is discussed is not judged.)"""
    state = on_a_played_queen_of_hearts()
    state, events = act(state, CallOrder(LAST), 1_000)
    assert only(events, OrderCalled).text == ("Lou calls a point of order: play stops and "
                                             "every hand is face down.")
    assert all(player_view(state, seat).hand == () for seat in range(4))
    assert refusal(state, Play(YOU, ("QC",)), at=2_000) == "order/paused"
    state, events = act(state, Say(YOU, "Is it my turn?"), 3_000)
    assert kinds(events) == ["said"]
    assert refusal(state, EndOrder(NEXT), at=4_000) == "order/not_yours"
    state, events = act(state, EndOrder(LAST), 5_000)
    assert only(events, OrderEnded).text == ("Lou ends the point of order: play resumes with "
                                            "You to play.")
    assert (state.current, state.turn) == (YOU, 0)
    state, events = play(state, YOU, "QC")
    assert kinds(events) == ["played"]


def test_words_outside_a_play_cost_a_card_but_a_point_of_order() -> None:
    """Section 04: "Otherwise remain silent. ... Missing or unnecessary speech draws 1 penalty
    card." "'Point of order' pauses play." (The calls are said with the play itself.)"""
    state = on_a_played_queen_of_hearts()
    state, events = act(state, Say(NEXT, "Is it my turn?"))
    assert only(events, SpeechBroken).text == ("Referee: that's a Silence! Nia spoke outside a "
                                               "play.")
    assert [(e.count, e.reason) for e in events if isinstance(e, Drew)] == [(1, "penalty")]
    _, events = act(state, Say(LAST, "Point of order"))
    assert not [e for e in events if isinstance(e, SpeechBroken)]
