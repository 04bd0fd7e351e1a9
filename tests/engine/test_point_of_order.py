"""Points of order: calling one (who may, how often), what it stops (plays, the clock, every
hand on show), the table's chat (no talking penalty, replies still owed, the third person),
ending one (its caller, the host, anyone where the game says so, everyone else agreeing
after a quiet), and what it never outlives (the round, the game)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.engine.actions import (
    CallOrder,
    ClaimWin,
    EndGame,
    EndOrder,
    Pass,
    Play,
    Say,
    Tick,
    action_to_json,
    parse_action,
)
from games.engine.clock import TURN, start_clock
from games.engine.errors import EngineError
from games.engine.events import (
    HeldOn,
    OrderAgreed,
    OrderCalled,
    OrderEnded,
    Said,
    SpeechBroken,
)
from games.engine.invariants import violations
from games.engine.point_of_order import bot_move
from games.engine.point_of_order_state import CHAT_KEPT, ChatLine
from games.engine.simulate import play_on
from games.engine.state import GameState, RuleEntry
from games.engine.timers import seconds_left
from games.engine.visibility import player_view
from tests.engine.helpers import act, arrange, kinds, only, refusal, snapshot, start

ANN, BOB, CAT = 0, 1, 2
ANY = {"jargon": "Anything", "rule": {"kind": "restriction", "must": {"type": "always"}}}


def table(rules: tuple[dict[str, Any], ...] = (), draws: tuple[str, ...] = ("QS", "KS", "JS"),
          **settings: Any) -> GameState:
    """A dealt three-seat game (Ann, Bob, Cat) with ``settings`` (a five-second turn clock
    unless told), its clock started at 0: Ann 2C 8C, Bob 9D 3D 5C, Cat 4C 6C, Bob to play
    on 7C; house rules ``rules`` (spoken for by the chair) in force."""
    state = start([(0, ANY)])
    state.settings = replace(state.settings, **({"turn_seconds": 5} | settings))
    for i, rule in enumerate(rules):
        state.rules.append(RuleEntry(len(state.rules) + 1, None, 1,
                                     {"version": 1, "jargon": f"House {i + 1}", **rule},
                                     house=True))
    state = arrange(state, [["2C", "8C"], ["9D", "3D", "5C"], ["4C", "6C"]], [["7C"]],
                    draws=list(draws), current=BOB)
    start_clock(state, 0)
    return state


def called(state: GameState | None = None, seat: int = CAT, at: int = 2_000,
           host: bool = False) -> GameState:
    """``state`` (a fresh table) with a point of order called by ``seat`` at ``at`` ms."""
    state, _ = act(state or table(), CallOrder(seat, host), at)
    return state


THIRD = {"rule": {"kind": "third_person", "allow": ["Thank you"]}}
TALKING = {"rule": {"kind": "talking", "allow": ["Point of order", "End point of order"]}}
THANKS = {"rule": {"kind": "reply", "say": "Thank you", "after": ["penalty"]}}


# Calling one.

def test_a_call_stops_play_and_the_clock_and_is_heard_by_everyone() -> None:
    state, events = act(table(), CallOrder(CAT), 2_000)
    event = only(events, OrderCalled)
    assert event.text == "Cat calls a point of order: play stops and every hand is face down."
    assert (event.seat, event.to) == (CAT, None)
    assert state.frozen_at == 2_000 and state.timers == {TURN: 5_000}
    assert (state.current, state.turn) == (BOB, 0)
    assert state.order.current is not None and state.order.current.caller == CAT
    assert violations(state) == []


def test_any_seat_calls_one_on_its_turn_or_not() -> None:
    for seat in (ANN, BOB, CAT):
        assert called(seat=seat).order.current is not None


def test_every_hand_is_face_down_on_every_screen_and_counts_still_show() -> None:
    state = called()
    for viewer in (ANN, BOB, CAT, None):
        view = player_view(state, viewer)
        assert view.hand == ()
        assert view.hand_counts == (2, 3, 2)
        assert view.order is not None and view.order.caller == CAT
    assert player_view(table(), BOB).hand == ("9D", "3D", "5C")


def test_a_seat_reads_the_log_as_a_spectator_while_its_hand_is_face_down() -> None:
    state, drawn = act(table(), Pass(BOB), 1_000)  # Bob is told which card he drew
    told = [e for e in drawn if e.to == BOB]
    assert told and told[0].private == "You draw Q♠."
    paused, called_events = act(state, CallOrder(CAT), 2_000)
    log = [*drawn, *called_events]
    assert "You draw Q♠." not in [line.text for line in player_view(paused, BOB, log).log]
    assert "You draw Q♠." in [line.text for line in player_view(state, BOB, log).log]


@pytest.mark.parametrize(("action", "code"), [
    (Play(BOB, ("9D",)), "order/paused"), (Pass(BOB), "order/paused"),
    (ClaimWin(BOB), "order/paused"), (Tick(), "action/not_due"),
])
def test_nothing_moves_play_on_while_one_lasts(action: Any, code: str) -> None:
    assert refusal(called(), action, at=60_000) == code


def test_the_refusal_says_who_stopped_play() -> None:
    state = called()
    with pytest.raises(Exception) as caught:
        act(state, Pass(BOB), 3_000)
    assert str(caught.value) == ("Play is stopped: Cat called a point of order. Wait until "
                                 "it ends.")


def test_no_call_outside_a_rounds_play() -> None:
    state = table()
    state.phase, state.writers = "writing", [ANN]
    assert refusal(state, CallOrder(BOB), at=1_000) == "action/wrong_phase"


def test_no_call_from_a_seat_that_does_not_exist() -> None:
    assert refusal(table(), CallOrder(5), at=1_000) == "action/bad_seat"


def test_a_game_without_points_of_order_refuses_every_call() -> None:
    state = table(order_callers="nobody")
    assert refusal(state, CallOrder(CAT), at=1_000) == "order/not_allowed"
    assert refusal(state, CallOrder(ANN, host=True), at=1_000) == "order/not_allowed"


def test_where_only_the_host_calls_one_nobody_else_can() -> None:
    state = table(order_callers="host")
    assert refusal(state, CallOrder(CAT), at=1_000) == "order/host_only"
    assert called(state, ANN, host=True).order.current is not None


def test_one_at_a_time() -> None:
    state = called()
    assert refusal(state, CallOrder(ANN), at=3_000) == "order/already"


def test_a_player_calls_at_most_the_games_number_a_round() -> None:
    state = table(order_calls=1, order_gap_seconds=0)
    state, _ = act(called(state), EndOrder(CAT), 3_000)
    with pytest.raises(Exception) as caught:
        act(state, CallOrder(CAT), 4_000)
    assert str(caught.value) == ("You have called a point of order once this round: the "
                                 "most this game allows.")
    assert refusal(state, CallOrder(CAT), at=4_000) == "order/too_many"
    assert called(state, ANN, at=4_000).order.current is not None  # others still may


def test_the_count_starts_again_each_round() -> None:
    state = table(order_calls=1, order_gap_seconds=0)
    state, _ = act(called(state), EndOrder(CAT), 3_000)
    state.round += 1
    assert called(state, CAT, at=4_000).order.current is not None


def test_a_player_waits_the_gap_after_their_last_one_ended() -> None:
    state, _ = act(called(table()), EndOrder(CAT), 3_000)
    with pytest.raises(Exception) as caught:
        act(state, CallOrder(CAT), 23_500)
    assert str(caught.value) == "You can call another point of order in 10 seconds."
    assert refusal(state, CallOrder(CAT), at=32_999) == "order/too_soon"
    assert called(state, CAT, at=33_000).order.current is not None
    assert called(state, BOB, at=4_000).order.current is not None  # the gap is Cat's own


def test_the_host_is_held_to_no_limit() -> None:
    state = table(order_calls=1)
    state, _ = act(called(state, ANN, host=True), EndOrder(ANN, host=True), 3_000)
    assert called(state, ANN, at=3_001, host=True).order.current is not None


# The table's chat.

def test_words_said_are_the_chat_and_talking_costs_nothing() -> None:
    state = called(table((TALKING,)))
    state, events = act(state, Say(BOB, "Whose   turn is it?"), 3_000)
    assert kinds(events) == ["said"]
    assert only(events, Said).text == "Bob says “Whose turn is it?”."
    assert state.order.current is not None
    assert state.order.current.said == [ChatLine(BOB, "Whose turn is it?")]
    assert state.order.current.quiet_since == 3_000
    assert state.hands[BOB] == ["9D", "3D", "5C"]


def test_the_chat_keeps_its_latest_lines() -> None:
    state = called()
    for i in range(CHAT_KEPT + 5):
        state, _ = act(state, Say(ANN, f"Line {i}"), 3_000 + i)
    assert state.order.current is not None
    said = state.order.current.said
    assert len(said) == CHAT_KEPT and said[-1].words == f"Line {CHAT_KEPT + 4}"


def test_hold_on_gives_no_time_during_one() -> None:
    state = called(table(hold_on_seconds=60, hold_on_cards=1))
    state, events = act(state, Say(BOB, "Hold on"), 3_000)
    assert not any(isinstance(e, HeldOn) for e in events)
    assert state.timers == {TURN: 5_000}


def test_a_reply_owed_is_not_broken_by_other_words_and_stays_owed() -> None:
    state = table((TALKING, THANKS))
    state, _ = act(state, Say(BOB, "Oops"), 1_000)  # talking: a card, a thanks owed
    assert state.unanswered == {BOB: ["penalty"]}
    state, events = act(called(state), Say(BOB, "Who dealt?"), 3_000)
    assert kinds(events) == ["said"]
    assert state.unanswered == {BOB: ["penalty"]}
    state, _ = act(state, EndOrder(CAT), 4_000)
    state, events = act(state, Pass(BOB), 5_000)
    assert only(events, SpeechBroken).text == ("Dealer: that's a House 2! Bob did not say "
                                               "“thank you”.")


def test_a_reply_owed_is_answered_by_its_words_during_one() -> None:
    state = table((TALKING, THANKS))
    state, _ = act(state, Say(BOB, "Oops"), 1_000)
    state, events = act(called(state), Say(BOB, "Thank you"), 3_000)
    assert kinds(events) == ["said"]
    assert state.unanswered == {}
    state, _ = act(state, EndOrder(CAT), 4_000)
    _, events = act(state, Pass(BOB), 5_000)
    assert kinds(events) == ["drew"]


def test_the_third_person_costs_a_card_during_one_thank_you_excepted() -> None:
    state = called(table((THIRD,)))
    state, events = act(state, Say(ANN, "I think you play next"), 3_000)
    broken = only(events, SpeechBroken)
    assert broken.text == ("Dealer: that's a House 1! Ann spoke in the first or second "
                           "person.")
    assert (broken.what, broken.seat) == ("third_person", ANN)
    assert state.hands[ANN] == ["2C", "8C", "QS"]
    for words in ("Thank you", "Ann thinks Bob plays next", "Thank-you, Bob."):
        _, events = act(state, Say(CAT, words), 4_000)
        assert kinds(events) == ["said"], words


def test_the_third_person_rule_of_points_of_order_is_silent_outside_one() -> None:
    _, events = act(table((THIRD,)), Say(ANN, "I think so"), 1_000)
    assert kinds(events) == ["said"]


# Ending one.

def test_its_caller_ends_it_and_the_same_turn_resumes_with_its_time_left() -> None:
    state = called()  # at 2 s: Bob had 3 s left
    state, events = act(state, EndOrder(CAT), 65_000)
    ended = only(events, OrderEnded)
    assert ended.text == "Cat ends the point of order: play resumes with Bob to play."
    assert (ended.seat, ended.caller, ended.how) == (CAT, CAT, "caller")
    assert state.order.current is None and state.frozen_at is None
    assert (state.current, state.turn) == (BOB, 0)
    assert seconds_left(state, TURN, 65_000) == 3.0
    assert player_view(state, BOB).hand == ("9D", "3D", "5C")
    state, _ = act(state, Play(BOB, ("9D",)), 66_000)  # play goes on
    assert state.current == CAT


def test_nobody_else_ends_it_where_only_its_caller_may() -> None:
    state = called()
    with pytest.raises(Exception) as caught:
        act(state, EndOrder(BOB), 3_000)
    assert str(caught.value) == ("Only Cat, who called it, or the host can end this point "
                                 "of order.")
    assert refusal(state, EndOrder(BOB), at=3_000) == "order/not_yours"


def test_the_host_ends_anyones() -> None:
    _, events = act(called(), EndOrder(ANN, host=True), 3_000)
    ended = only(events, OrderEnded)
    assert ended.text == "Ann ends Cat's point of order: play resumes with Bob to play."
    assert ended.how == "host"


def test_any_player_ends_it_where_the_game_says_so() -> None:
    _, events = act(called(table(order_enders="anyone")), EndOrder(BOB), 3_000)
    assert only(events, OrderEnded).how == "player"


def test_there_is_nothing_to_end_without_one() -> None:
    assert refusal(table(), EndOrder(CAT), at=1_000) == "order/none"


def test_everyone_else_together_ends_it_once_talking_stopped() -> None:
    state = called(table(order_agree=True, order_quiet_seconds=10))
    state, _ = act(state, Say(ANN, "Whose deal was it?"), 5_000)
    with pytest.raises(Exception) as caught:
        act(state, EndOrder(BOB), 12_000)
    assert str(caught.value) == ("The others may agree to end it once nobody has spoken for "
                                 "10 seconds: 3 more.")
    assert refusal(state, EndOrder(BOB), at=12_000) == "order/not_quiet"
    state, events = act(state, EndOrder(BOB), 15_000)
    assert only(events, OrderAgreed).text == "Bob agrees to end the point of order (1 of 2)."
    assert refusal(state, EndOrder(BOB), at=16_000) == "order/agreed"
    state, events = act(state, EndOrder(ANN), 16_000)
    assert kinds(events) == ["order_agreed", "order_ended"]
    ended = only(events, OrderEnded)
    assert ended.text == ("Everyone but Cat agrees: the point of order ends, and play resumes "
                          "with Bob to play.")
    assert (ended.seat, ended.how) == (None, "agreed")
    assert state.order.current is None


def test_words_said_after_an_agreement_start_the_agreeing_again() -> None:
    state = called(table(order_agree=True))
    state, _ = act(state, EndOrder(BOB), 3_000)
    state, _ = act(state, Say(CAT, "One more thing"), 4_000)
    assert state.order.current is not None and state.order.current.agreed == []
    state, events = act(state, EndOrder(ANN), 5_000)
    assert kinds(events) == ["order_agreed"]


def test_its_caller_still_ends_it_where_others_may_agree() -> None:
    _, events = act(called(table(order_agree=True)), EndOrder(CAT), 3_000)
    assert only(events, OrderEnded).how == "caller"


# What it never outlives.

def test_a_penalty_the_stock_cannot_supply_ends_the_round_and_the_point_of_order() -> None:
    # Ann holds every card the others do not: the stock is empty, the pile one card.
    state = arrange(table((THIRD,)), [None, ["9D", "3D", "5C"], ["4C", "6C"]], [["7C"]])
    state, events = act(state, CallOrder(CAT), 2_000)
    state, events = act(state, Say(ANN, "I give up"), 3_000)
    assert kinds(events)[-1] == "order_ended"
    assert only(events, OrderEnded).text == "The point of order ends with the round."
    assert state.order.current is None and state.frozen_at is None
    assert state.phase != "playing"
    assert violations(state) == []


def test_the_host_ending_the_game_ends_it_too() -> None:
    state, _ = act(called(), EndGame(ANN), 3_000)
    assert state.phase == "ended" and state.order.current is None
    assert violations(state) == []


# Kept in the state.

def test_a_state_in_a_point_of_order_round_trips_through_json() -> None:
    state, _ = act(called(table(order_agree=True)), EndOrder(BOB), 3_000)
    assert GameState.from_json(snapshot(state)).to_json() == state.to_json()


def test_a_state_stored_before_points_of_order_loads_without_one() -> None:
    data = snapshot(table())
    del data["order"]
    state = GameState.from_json(data)
    assert state.order.current is None and state.order.calls == {}


def test_a_clone_shares_no_part_of_the_point_of_order() -> None:
    state = called()
    copy = state.clone()
    assert copy.order.current is not None
    copy.order.current.said.append(ChatLine(ANN, "Hello"))
    copy.order.calls[ANN] = 9
    assert state.order.current is not None and state.order.current.said == []
    assert ANN not in state.order.calls


# Bots.

def test_a_bot_plays_nothing_and_says_nothing_during_one() -> None:
    state = called()
    assert bot_move(player_view(state, BOB)) is None
    assert bot_move(player_view(state, ANN)) is None


def test_a_bot_holding_the_callers_seat_ends_it() -> None:
    assert bot_move(player_view(called(), CAT)) == EndOrder(CAT, order=1)


def test_a_bot_agrees_once_someone_else_has() -> None:
    state = called(table(order_agree=True))
    assert bot_move(player_view(state, ANN)) is None
    state, _ = act(state, EndOrder(BOB), 3_000)
    assert bot_move(player_view(state, ANN)) == EndOrder(ANN, order=1)
    assert bot_move(player_view(state, BOB)) is None


def test_simulated_bots_end_their_pause_and_say_what_they_owe_before_playing() -> None:
    state = table((TALKING, THANKS))
    state, _ = act(state, Say(BOB, "Oops"), 1_000)  # Bob owes a thanks
    state = called(state)  # Cat's seat calls one: at a table of bots, a bot's now
    record = play_on(state, ("oracle",), seed=3, max_actions=3)
    assert record.actions[0] == EndOrder(CAT, order=1)
    assert [a for a in record.actions if getattr(a, "seat", None) == BOB][0] == Say(
        BOB, "thank you")
    assert not any(isinstance(e, SpeechBroken) for e in record.events)
    assert record.problems == []


# Ending the one it means.

def test_points_of_order_are_numbered_in_the_game() -> None:
    state = called()
    assert state.order.current is not None and state.order.current.number == 1
    assert player_view(state, ANN).order is not None
    assert player_view(state, ANN).order.number == 1  # type: ignore[union-attr]
    state, _ = act(state, EndOrder(CAT, order=1), 3_000)
    state = called(state, ANN, at=4_000)
    assert state.order.current is not None and state.order.current.number == 2


def test_a_late_end_meant_for_an_earlier_one_does_not_end_the_next() -> None:
    state, _ = act(called(table(order_enders="anyone")), EndOrder(CAT, order=1), 3_000)
    state = called(state, ANN, at=4_000)
    assert refusal(state, EndOrder(CAT, order=1), at=5_000) == "order/stale"
    with pytest.raises(Exception) as caught:
        act(state, EndOrder(BOB, order=1), 5_000)
    assert str(caught.value) == ("That point of order is over already: Ann has called "
                                 "another since. Look again before ending this one.")
    assert act(state, EndOrder(CAT, order=2), 5_000)[0].order.current is None


def test_a_late_agreement_is_no_agreement_to_the_next() -> None:
    state = table(order_agree=True, order_quiet_seconds=0, order_gap_seconds=0)
    state, _ = act(called(state), EndOrder(CAT, order=1), 3_000)
    state = called(state, CAT, at=4_000)
    assert refusal(state, EndOrder(ANN, order=1), at=5_000) == "order/stale"


def test_a_bot_ends_the_one_it_sees() -> None:
    state, _ = act(called(table(), ANN), EndOrder(ANN), 3_000)
    state = called(state, CAT, at=4_000)
    assert bot_move(player_view(state, CAT)) == EndOrder(CAT, order=2)


def test_the_number_of_an_end_round_trips_and_a_bad_one_is_malformed() -> None:
    action = EndOrder(ANN, host=True, order=3)
    assert parse_action(action_to_json(action)) == action
    assert action_to_json(EndOrder(ANN)) == {"type": "end_order", "seat": 0, "host": False}
    for bad in (0, -1, True, "1", 1.5):
        with pytest.raises(EngineError) as caught:
            parse_action({"type": "end_order", "seat": 0, "order": bad})
        assert caught.value.code == "action/malformed"
