"""Seats that change hands during a game, and seats that leave it for good
(games/engine/seats.py): every count of the table skips a seat out of the game."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.engine.actions import (
    Action,
    Deal,
    HandOver,
    LeaveSeat,
    OpenSeat,
    Pass,
    Play,
    RemoveSeat,
    Say,
    TakeSeat,
    WriteRule,
    action_to_json,
    parse_action,
)
from games.engine.errors import EngineError
from games.engine.events import (
    Dealing,
    Dealt,
    Drew,
    GameOver,
    Hand,
    HandedOver,
    NoSupply,
    SeatLeft,
    SeatOpened,
    SeatRemoved,
    SeatTaken,
    Skipped,
    WonRound,
    event_from_json,
)
from games.engine.invariants import card_census, violations
from games.engine.settings import GameSettings
from games.engine.setup import new_game, open_game
from games.engine.state import GameState
from games.engine.visibility import SeatOut, player_view
from rules.cards import make_deck
from tests.engine.helpers import (
    act,
    arrange,
    of_kind,
    only,
    pass_,
    play,
    rank_played,
    refusal,
    start,
    trigger,
)

ANN, BOB, CAT, DAN = 0, 1, 2, 3
NAMES = ("Ann", "Bob", "Cat", "Dan")
QUIET = trigger("Quiet", rank_played("K"), {"type": "draw", "who": "player", "count": 1})
SKIP = trigger("Hop", rank_played("8"), {"type": "skip"})
TURN = trigger("Turn", rank_played("2"), {"type": "reverse"})
ALL_DRAW = trigger("Share", rank_played("9"), {"type": "draw", "who": "everyone", "count": 1})
OTHERS_DRAW = trigger("Gift", rank_played("6"), {"type": "draw", "who": "others", "count": 1})
PASS_LEFT = trigger("Swap", rank_played("4"), {"type": "pass_hands", "direction": "left"})


def four(*rules: dict[str, Any], **settings: Any) -> GameState:
    """A dealt game of four whose rules Ann wrote."""
    return start([(ANN, rule) for rule in rules or (QUIET,)], NAMES, **settings)


def without(state: GameState, *seats: int, by: int = ANN) -> GameState:
    """``state`` after ``by`` removed ``seats``, one after the other."""
    for seat in seats:
        state, _ = act(state, RemoveSeat(by, seat))
    return state


def assert_sound(state: GameState) -> None:
    assert violations(state) == []


def test_a_removed_seats_cards_are_shuffled_into_the_stock() -> None:
    state = arrange(four(), [["3C"], ["5H", "QS", "7D"], ["4D"], ["9C"]], [["KC"]],
                    current=ANN)
    stock = len(state.stock)
    state, events = act(state, RemoveSeat(ANN, BOB))
    removed = only(events, SeatRemoved)
    assert removed.text == "Ann removed Bob from the game. Their 3 cards go back into the stock."
    assert (removed.seat, removed.returned) == (BOB, 3)
    assert state.hands[BOB] == [] and state.out == {BOB: "removed"}
    assert len(state.stock) == stock + 3
    assert {"5H", "QS", "7D"} <= set(state.stock)
    assert card_census(state) == card_census(four())
    assert_sound(state)


def test_the_stock_is_shuffled_with_them_not_just_added_on_top() -> None:
    state = arrange(four(), [["3C"], ["5H", "QS", "7D"], ["4D"], ["9C"]], [["KC"]],
                    current=ANN)
    after = without(state, BOB)
    assert after.stock[-3:] != ["5H", "QS", "7D"]
    assert after.stock != state.stock + ["5H", "QS", "7D"]


def test_turns_skip_a_seat_out_of_the_game() -> None:
    state = arrange(four(), [["3C", "3D"], ["5C", "5D"], ["6C"], ["7C", "7D"]], [["KC"]],
                    current=ANN)
    state = without(state, CAT)
    state, _ = play(state, ANN, "3C")
    assert state.current == BOB
    state, _ = play(state, BOB, "5C")
    assert state.current == DAN
    state, _ = play(state, DAN, "7C")
    assert state.current == ANN
    assert_sound(state)


def test_removing_the_player_to_move_passes_the_turn_and_forgets_their_debt() -> None:
    state = arrange(four(), [["3C"], ["5C", "5D"], ["6C"], ["7C"]], [["KC"]], current=BOB)
    state.pending = 4
    state = without(state, BOB)
    assert (state.current, state.pending) == (CAT, 0)
    assert_sound(state)


def test_removing_someone_else_leaves_the_turn_and_the_debt_alone() -> None:
    state = arrange(four(), [["3C"], ["5C", "5D"], ["6C"], ["7C"]], [["KC"]], current=BOB)
    state.pending = 4
    state = without(state, DAN)
    assert (state.current, state.pending) == (BOB, 4)


def test_a_skip_skips_the_next_seat_in_the_game() -> None:
    state = arrange(four(SKIP), [["8C", "3C"], ["5C"], ["6C"], ["7C"]], [["KC"]],
                    current=ANN)
    state = without(state, BOB)
    state, events = play(state, ANN, "8C")
    assert only(events, Skipped).seat == CAT
    assert state.current == DAN


def test_a_reverse_turns_play_back_past_a_seat_out_of_the_game() -> None:
    state = arrange(four(TURN), [["3C"], ["5C"], ["2C", "6C"], ["7C"]], [["KC"]],
                    current=CAT)
    state = without(state, BOB)
    state, _ = play(state, CAT, "2C")
    assert (state.direction, state.current) == (-1, ANN)


def test_everyone_and_the_others_are_the_seats_still_in_the_game() -> None:
    state = arrange(four(ALL_DRAW, OTHERS_DRAW), [["9C", "6C", "3D"], ["5C"], ["6D"], ["7C"]],
                    [["KC"]], current=ANN)
    state = without(state, CAT)
    state, events = play(state, ANN, "9C")
    assert [e.seat for e in of_kind(events, Drew)] == [ANN, BOB, DAN]
    state.current = ANN
    state, events = play(state, ANN, "6C")
    assert [e.seat for e in of_kind(events, Drew)] == [BOB, DAN]
    assert state.hands[CAT] == []


def test_hands_pass_among_the_seats_still_in_the_game() -> None:
    state = arrange(four(PASS_LEFT), [["4C", "3D"], ["5C"], ["6D"], ["7C", "7H"]], [["KC"]],
                    current=ANN)
    state = without(state, CAT)
    state, events = play(state, ANN, "4C")
    assert state.hands[BOB] == ["3D"] and state.hands[DAN] == ["5C"]
    assert state.hands[ANN] == ["7C", "7H"] and state.hands[CAT] == []
    assert [e.seat for e in of_kind(events, Hand)] == [ANN, BOB, DAN]
    assert_sound(state)


def test_an_empty_hand_out_of_the_game_wins_nothing() -> None:
    state = arrange(four(), [["3C", "3D"], ["5C", "5D"], ["6C"], ["7C"]], [["KC"]],
                    current=ANN)
    state = without(state, CAT)
    state, events = play(state, ANN, "3C")
    assert not of_kind(events, WonRound)
    assert state.phase == "playing"


def test_the_rules_count_the_players_still_in_the_game() -> None:
    pair = trigger("Pair", {"type": "compare", "what": "players", "op": "==", "value": 3},
                   {"type": "skip"})
    state = arrange(four(pair), [["3C", "3D"], ["5C"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    _, events = play(state, ANN, "3C")
    assert not of_kind(events, Skipped)
    state = without(state, DAN)
    _, events = play(state, ANN, "3C")
    assert only(events, Skipped).seat == BOB


def test_a_stock_that_cannot_supply_counts_only_the_seats_in_the_game() -> None:
    state = arrange(four(), [None, ["5C", "5D"], ["6C", "6D"], ["7C", "7D", "7H"]], [["KC"]],
                    current=BOB)
    state = without(state, ANN, by=BOB)
    state.stock = []
    state.piles[0].cards = ["KC"]
    state, events = pass_(state, BOB)
    supply = only(events, NoSupply)
    assert supply.text.endswith("Cards held and owed: Bob 3, Cat 2, Dan 3.")
    assert only(events, WonRound).seat == CAT


def test_the_next_round_is_dealt_to_the_seats_in_the_game_only() -> None:
    state = arrange(four(), [["3C"], ["5C", "5D"], ["6C", "6D"], ["7C", "7D"]], [["KC"]],
                    current=ANN)
    state = without(state, BOB)
    state, _ = play(state, ANN, "3C")
    assert state.phase == "writing" and state.writers == [ANN]
    state, events = act(state, WriteRule(ANN, {"jargon": "Late", "rule": QUIET["rule"]}))
    dealt = only(events, Dealt)
    assert [len(h) for h in state.hands] == [5, 0, 5, 5]
    assert [e.seat for e in of_kind(events, Hand)] == [ANN, CAT, DAN]
    assert dealt.first == CAT  # the seat after the dealer (Ann, the winner) still in it
    assert len(state.stock) == 52 + 2 - 15 - 1
    assert_sound(state)


def test_a_rotating_deal_skips_a_seat_out_of_the_game() -> None:
    state = arrange(four(dealer_rotates=True), [["3C"], ["5C", "5D"], ["6C"], ["7C"]],
                    [["KC"]], current=ANN)
    state.dealer = ANN
    state = without(state, BOB, by=CAT)
    state, _ = play(state, ANN, "3C")
    assert state.dealer == CAT


def test_the_rule_maker_removed_while_writing_deals_the_round_without_their_rule() -> None:
    state = new_game(GameSettings(players=3, first_rule_maker=BOB), NAMES[:3], 1)
    state, events = act(state, RemoveSeat(ANN, BOB))
    assert state.phase == "playing" and state.writers == []
    assert only(events, Dealt).first in (ANN, CAT)
    assert [len(h) for h in state.hands] == [5, 0, 5]
    assert_sound(state)


def test_the_dealer_removed_while_dealing_hands_the_deal_on() -> None:
    settings = GameSettings(players=4, rule_making="none", name_start=True,
                            first_rule_maker=BOB)
    state, _ = open_game(settings, NAMES, 1)
    assert state.phase == "dealing" and state.dealer == BOB
    state, events = act(state, RemoveSeat(ANN, BOB))
    assert state.dealer == CAT
    assert only(events, Dealing).seat == CAT
    assert refusal(state, Deal(CAT, first=BOB)) == "seat/out"
    state, events = act(state, Deal(CAT, first=DAN, direction=-1))
    assert only(events, Dealt).first == DAN
    assert [len(h) for h in state.hands] == [5, 0, 5, 5]
    assert_sound(state)


def test_the_last_seat_left_wins_the_round_and_the_game() -> None:
    state = arrange(start([(ANN, QUIET)]), [["3C"], ["5C"], ["6C"]], [["KC"]], current=BOB)
    state = without(state, BOB)
    state, events = act(state, RemoveSeat(ANN, CAT))
    assert state.phase == "ended" and state.end is not None
    assert state.end.reason == "last_player"
    assert state.end.text == "Ann is the last player left and wins the game."
    won = only(events, WonRound)
    assert (won.seat, won.how) == (ANN, "last_player")
    assert only(events, GameOver).reason == "last_player"
    assert_sound(state)


def test_the_last_seat_left_between_rounds_wins_the_game_alone() -> None:
    state = new_game(GameSettings(players=2, first_rule_maker=ANN), NAMES[:2], 1)
    assert state.writers == [ANN, BOB]
    state, events = act(state, RemoveSeat(ANN, BOB))
    assert state.phase == "ended" and not of_kind(events, WonRound)
    assert state.end is not None and state.end.reason == "last_player"


@pytest.mark.parametrize(("action", "code"), [
    (RemoveSeat(ANN, ANN), "action/own_seat"),
    (RemoveSeat(ANN, 4), "action/bad_seat"),
    (RemoveSeat(7, BOB), "action/bad_seat"),
    (RemoveSeat(ANN, CAT), "seat/out"),
    (OpenSeat(ANN, ANN), "action/own_seat"),
    (OpenSeat(ANN, CAT), "seat/out"),
    (HandOver(ANN, CAT), "seat/out"),
    (LeaveSeat(CAT), "action/out_of_game"),
    (Play(CAT, ("6C",)), "action/out_of_game"),
    (Pass(CAT), "action/out_of_game"),
    (Say(CAT, "Hello"), "action/out_of_game"),
    (RemoveSeat(CAT, BOB), "action/out_of_game"),
    (TakeSeat(CAT, "Cy"), "seat/out"),
    (TakeSeat(BOB, "Cy"), "seat/not_open"),
])
def test_seat_changes_refused_change_nothing(action: Action, code: str) -> None:
    state = arrange(four(), [["3C"], ["5C"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    state = without(state, CAT)
    assert refusal(state, action) == code


def test_refusals_say_what_is_wrong() -> None:
    state = without(arrange(four(), [["3C"], ["5C"], ["6C"], ["7C"]], [["KC"]]), CAT)
    cases: list[tuple[Action, str]] = [
            (RemoveSeat(ANN, CAT), "Cat has left the game already."),
            (TakeSeat(BOB, "Cy"), "Bob's seat is not open: only a seat its player left, or "
                                  "the host opened, can be taken over."),
            (Play(CAT, ("6C",)), "You are out of this game: you can only watch it now.")]
    for action, words in cases:
        with pytest.raises(EngineError) as caught:
            act(state, action)
        assert str(caught.value) == words


def test_a_seat_left_is_open_and_someone_new_takes_it_over_with_its_cards() -> None:
    state = arrange(four(), [["3C"], ["5C", "5D"], ["6C"], ["7C"]], [["KC"]], current=BOB)
    state.pending = 2
    state, events = act(state, LeaveSeat(BOB))
    assert only(events, SeatLeft).text == ("Bob leaves the table: someone new may take over "
                                           "their seat, with its cards.")
    assert state.vacant == [BOB] and state.current == BOB
    assert refusal(state, LeaveSeat(BOB)) == "seat/already_open"
    state, events = act(state, TakeSeat(BOB, "  Cy  "))
    taken = only(events, SeatTaken)
    assert taken.text == "Cy takes over Bob's seat, with its 2 cards."
    assert (taken.seat, taken.name, taken.former) == (BOB, "Cy", "Bob")
    assert state.names[BOB] == "Cy" and state.vacant == []
    assert state.hands[BOB] == ["5C", "5D"]
    assert (state.current, state.pending) == (BOB, 2)
    assert player_view(state, BOB).hand == ("5C", "5D")
    assert_sound(state)


def test_the_host_opens_a_seat_for_someone_new() -> None:
    state = arrange(four(), [["3C"], ["5C"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    state, events = act(state, OpenSeat(ANN, DAN))
    assert only(events, SeatOpened).text == ("Ann opened Dan's seat: someone new may take it "
                                             "over, with its cards.")
    assert refusal(state, OpenSeat(ANN, DAN)) == "seat/already_open"
    assert player_view(state, None).vacant == (DAN,)


@pytest.mark.parametrize(("name", "code"), [
    ("", "seat/bad_name"), ("   ", "seat/bad_name"), ("x" * 41, "seat/bad_name"),
    ("Cy\x00", "seat/bad_name"), ("ann", "seat/name_taken"), ("CAT", "seat/name_taken"),
])
def test_a_newcomer_needs_a_name_of_their_own(name: str, code: str) -> None:
    state = arrange(four(), [["3C"], ["5C"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    state, _ = act(state, LeaveSeat(BOB))
    assert refusal(state, TakeSeat(BOB, name)) == code


def test_the_player_who_left_may_take_their_seat_back_under_their_name() -> None:
    state = arrange(four(), [["3C"], ["5C"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    state, _ = act(state, LeaveSeat(BOB))
    state, _ = act(state, TakeSeat(BOB, "bob"))
    assert state.names[BOB] == "bob"


def test_an_open_seat_handed_to_a_bot_or_removed_is_no_longer_open() -> None:
    state = arrange(four(), [["3C"], ["5C"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    state, _ = act(state, LeaveSeat(BOB))
    state, _ = act(state, LeaveSeat(CAT))
    state, events = act(state, HandOver(ANN, BOB))
    assert only(events, HandedOver).seat == BOB and state.vacant == [CAT]
    state = without(state, CAT)
    assert state.vacant == [] and state.out == {CAT: "removed"}


def test_the_rules_a_seat_wrote_stay_in_force_when_it_leaves_the_game() -> None:
    state = start([(BOB, QUIET)], NAMES)
    state = arrange(state, [["KD", "3C"], ["5C"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    state = without(state, BOB)
    _, events = play(state, ANN, "KD")
    assert [e.seat for e in of_kind(events, Drew)] == [ANN]
    assert "Bob: Quiet!" in " ".join(e.text for e in events)


def test_nobody_sees_a_removed_seats_cards_and_every_view_says_it_is_out() -> None:
    state = arrange(four(), [["3C"], ["5C", "QS"], ["6C"], ["7C"]], [["KC"]], current=ANN)
    state, events = act(state, RemoveSeat(ANN, BOB))
    for viewer in (None, ANN, BOB, CAT, DAN):
        view = player_view(state, viewer, events)
        assert view.hand_counts[BOB] == 0
        assert view.out == (SeatOut(BOB, "removed"),)
        assert view.table_size == 3
        assert "QS" not in str(view.to_json())


def test_a_two_deck_removal_keeps_every_card() -> None:
    state = start([(ANN, QUIET)], NAMES, decks=2)
    state = without(state, BOB, DAN)
    deck = sorted(str(c) for c in make_deck(2, True))
    assert sorted(card_census(state).elements()) == deck
    assert_sound(state)


def test_a_seat_taken_over_before_any_deal_says_no_cards() -> None:
    state = new_game(GameSettings(players=3, first_rule_maker=ANN), NAMES[:3], 1)
    state, _ = act(state, LeaveSeat(BOB))
    state, events = act(state, TakeSeat(BOB, "Cy"))
    assert only(events, SeatTaken).text == "Cy takes over Bob's seat."
    assert state.writers == [ANN]


# Stints: which of a seat's players plays it, and which rules are theirs.

def bob_wrote_quiet() -> GameState:
    """Four players, dealt; Bob wrote Quiet."""
    return start([(BOB, QUIET)], NAMES)


def taken_over(state: GameState, seat: int = BOB, name: str = "Cy") -> GameState:
    state, _ = act(state, LeaveSeat(seat))
    state, _ = act(state, TakeSeat(seat, name))
    return state


def test_someone_new_in_a_seat_never_reads_the_rules_it_wrote_before() -> None:
    state = bob_wrote_quiet()
    assert [r.jargon for r in player_view(state, BOB).my_rules] == ["Quiet"]
    state = taken_over(state)
    assert (state.stint_of(BOB), state.stint_count) == (1, {BOB: 2})
    assert player_view(state, BOB).my_rules == ()
    assert not state.wrote(BOB, state.rules[0])
    assert state.rules[0].author == BOB  # still the seat's rule, judged in its name
    assert_sound(state)


def test_a_player_taking_their_seat_back_resumes_their_stint() -> None:
    state = taken_over(bob_wrote_quiet())
    state, _ = act(state, LeaveSeat(BOB))
    state, _ = act(state, TakeSeat(BOB, "Bob", stint=0))
    assert state.stint_of(BOB) == 0
    assert [r.jargon for r in player_view(state, BOB).my_rules] == ["Quiet"]
    # Cy comes back too, later: Cy's stint, in which Cy wrote nothing.
    state, _ = act(state, LeaveSeat(BOB))
    state, _ = act(state, TakeSeat(BOB, "Cy", stint=1))
    assert player_view(state, BOB).my_rules == ()


def test_a_stint_the_seat_never_had_is_refused() -> None:
    state = bob_wrote_quiet()
    state, _ = act(state, LeaveSeat(BOB))
    assert refusal(state, TakeSeat(BOB, "Bob", stint=1)) == "seat/bad_stint"


def test_a_bot_handed_a_seat_starts_a_stint_of_its_own() -> None:
    state, _ = act(bob_wrote_quiet(), HandOver(ANN, BOB))
    assert state.stint_of(BOB) == 1 and player_view(state, BOB).my_rules == ()


def test_a_rule_belongs_to_the_stint_that_wrote_it() -> None:
    state = taken_over(bob_wrote_quiet())
    entry = GameState.from_json(state.to_json()).rules[0]
    assert entry.stint == 0
    state.phase, state.writers = "writing", [BOB]
    state, _ = act(state, WriteRule(BOB, SKIP))
    assert [(e.jargon, e.stint) for e in state.rules] == [("Quiet", 0), ("Hop", 1)]
    assert [r.jargon for r in player_view(state, BOB).my_rules] == ["Hop"]
    assert GameState.from_json(state.to_json()).to_json() == state.to_json()


def test_a_private_event_of_an_earlier_player_reads_as_public_to_a_later_one() -> None:
    state = arrange(taken_over(bob_wrote_quiet()), [["3C"], ["5H"], ["4D"], ["9C"]],
                    [["KC"]], current=BOB, draws=["QS"])
    state, events = pass_(state, BOB)
    drew = only(events, Drew)
    assert (drew.to, drew.stint, drew.cards) == (BOB, 1, ("QS",))
    assert event_from_json(drew.to_json()) == drew
    assert drew.read_by(BOB, 1) == drew
    earlier = drew.read_by(BOB, 0)
    assert (earlier.to, earlier.private, earlier.cards) == (None, None, ())
    assert earlier.text == drew.text
    first = replace(drew, stint=0)
    assert "stint" not in first.to_json()  # stored as before stints existed


def test_taking_a_seat_back_round_trips_through_json() -> None:
    for action in (TakeSeat(BOB, "Bob", 0), TakeSeat(BOB, "Cy")):
        assert parse_action(action_to_json(action)) == action
    assert action_to_json(TakeSeat(BOB, "Cy")) == {"type": "take_seat", "seat": BOB,
                                                   "name": "Cy"}
    for bad in (-1, True, "0"):
        with pytest.raises(EngineError) as caught:
            parse_action({"type": "take_seat", "seat": BOB, "name": "Cy", "stint": bad})
        assert caught.value.code == "action/malformed"
