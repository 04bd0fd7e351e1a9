"""Seed 002's Penn State variant (its first half), its own examples replayed through the
engine under the ``penn-state`` preset: the dealer's named start, the card rules (jacks,
aces, twos, eights, stacking fours and sevens), the calls and their penalties, plays out of
turn and the point of order. The seed's words are quoted in each test's docstring.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.actions import CallOrder, Deal, EndOrder, Play, Say, Tick
from games.engine.apply import apply
from games.engine.events import (
    CallBroken,
    Dealt,
    Drew,
    Event,
    HeldOn,
    OrderEnded,
    OutOfTurn,
    Played,
    Refused,
    SpeechBroken,
    TimedOut,
    WonRound,
)
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from tests.engine.helpers import act, arrange, kinds, of_kind, only, pass_, play, refusal

DEALER, HIDEO, BEN, ANDY = 0, 1, 2, 3
NAMES = ("Dee", "Hideo", "Ben", "Andy")


def dealt(first: int = HIDEO, direction: int = 1) -> tuple[GameState, Dealt]:
    """A four-seat game of Penn State dealt by Dee, who names who begins and which way."""
    settings = settings_for(preset("penn-state"), players=4, first_rule_maker=DEALER)
    state, opening = open_preset(settings, NAMES, 1)
    assert state.phase == "dealing" and kinds(opening) == ["dealing"]
    state, events = apply(state, Deal(DEALER, first=first, direction=direction))
    return state, only(events, Dealt)


def table(hands: list[list[str]], pile: list[str], draws: tuple[str, ...] = (),
          current: int = HIDEO) -> GameState:
    """The cards laid out in a dealt game, ``current`` to play on ``pile`` (bottom first)."""
    state, _ = dealt()
    return arrange(state, hands, [pile], draws=draws, current=current)


HANDS = [["2C", "3C", "3D"], ["5S", "5C", "10S", "JD", "4H"], ["4D", "7H", "9C"],
         ["6C", "7C", "8C"]]


def penalties(events: Sequence[Event]) -> list[int]:
    return [e.count for e in events if isinstance(e, Drew) and e.reason == "penalty"]


def test_the_dealer_names_who_begins_and_which_way_six_cards_each() -> None:
    """"'The playing of Mao will begin with (name) and will go (clockwise/counterclockwise).'"
    "Then he deals out six cards.\""""
    state, deal = dealt(first=BEN, direction=-1)
    assert deal.text == ("Round 1: Dee deals 6 cards each. The starter is K♥. Ben plays "
                         "first, and play goes anticlockwise.")
    assert (state.current, state.direction) == (BEN, -1)
    assert [len(h) for h in state.hands] == [6, 6, 6, 6]
    assert len(state.stock) == 104 - 24 - 1  # two decks, no jokers


def test_a_spade_must_be_named() -> None:
    """"If a player plays the five of spades, he must say 'five of spades.'" Failure to name a
    spade: one card penalty."""
    _, silent = play(table(HANDS, ["5H"]), HIDEO, "5S")
    assert only(silent, CallBroken).text == "Dealer: that's a Spade! Hideo missed a call."
    assert penalties(silent) == [1]
    _, named = play(table(HANDS, ["5H"]), HIDEO, "5S", say="five of spades")
    assert kinds(named) == ["played"]


def test_the_same_exact_card_says_two() -> None:
    """"Whenever a card is played on the same exact card (example, a five of clubs on another
    five of clubs), he must say 'two'." (Two decks hold two of each card, so "two" is the
    most there is.)"""
    _, silent = play(table(HANDS, ["5C"]), HIDEO, "5C")
    assert only(silent, CallBroken).text == "Dealer: that's a Multiple! Hideo missed a call."
    _, two = play(table(HANDS, ["5C"]), HIDEO, "5C", say="two")
    assert kinds(two) == ["played"]
    # The same rank in another suit is no multiple: "two" there is needless.
    _, needless = play(table(HANDS, ["5H"]), HIDEO, "5C", say="two")
    assert only(needless, CallBroken).text == ("Dealer: that's a Multiple! Hideo said "
                                               "something needless.")


def test_the_first_ten_of_spades_says_both_things() -> None:
    """"If he plays the first ten of spades on top of a card that isn't a ten, then he must
    say 'Ten of Spades, have a nice day.'\""""
    _, both = play(table(HANDS, ["9S"]), HIDEO, "10S", say="Ten of Spades, have a nice day.")
    assert kinds(both) == ["played"]
    _, half = play(table(HANDS, ["9S"]), HIDEO, "10S", say="Ten of spades")
    assert only(half, CallBroken).jargon == "Nice Day"


def test_each_ten_in_a_row_asks_one_more_very() -> None:
    """"10 - Player says 'Have a (Very * (NumberOfConsecutiveTens - 1)) Nice Day.'\""""
    hands = [["2C"], ["10H", "3H", "3S"], ["4D"], ["6C"]]
    _, second = play(table(hands, ["10C"]), HIDEO, "10H", say="Have a very nice day")
    assert kinds(second) == ["played"]
    _, forgot = play(table(hands, ["10C"]), HIDEO, "10H", say="Have a nice day")
    assert only(forgot, CallBroken).jargon == "Nice Day"
    _, third = play(table(hands, ["10C", "10D"]), HIDEO, "10H",
                    say="Have a very very nice day")
    assert kinds(third) == ["played"]


def test_a_four_asks_a_four_or_four_cards_then_eight() -> None:
    """"If a player plays a 4, the next player must play a 4 or draw 4 cards. If he plays a
    4, then the player after him must play a 4 or draw 8 cards.\""""
    state, four = play(table(HANDS, ["9H"]), HIDEO, "4H")
    assert (state.pending, state.current) == (4, BEN)
    assert only(four, "fired").text.startswith("Dealer: Fours!")
    state, _ = play(state, BEN, "4D")
    assert (state.pending, state.current) == (8, ANDY)
    state, drew = pass_(state, ANDY)
    assert [(e.count, e.reason) for e in drew if isinstance(e, Drew)] == [(8, "effect")]
    assert (state.pending, len(state.hands[ANDY]), state.current) == (0, 11, DEALER)


def test_playing_when_one_must_draw_is_a_misplay_and_the_total_is_drawn() -> None:
    """Misplay: "plays a card when he must be drawing cards - One card penalty and player
    takes back his card.\""""
    state, _ = play(table(HANDS, ["9H"]), HIDEO, "4H")
    state, refused = play(state, BEN, "9C", say="")
    assert only(refused, Refused).text == "Ben tries 9♣ on 4♥. Dealer: that's a Misplay!"
    assert [(e.count, e.reason) for e in refused if isinstance(e, Drew)] == [
        (1, "penalty"), (4, "effect")]
    assert "9C" in state.hands[BEN] and state.piles[0].cards[-1] == "4H"
    assert (state.pending, state.current) == (0, ANDY)


def test_a_seven_asks_a_seven_or_two_cards_per_seven() -> None:
    """"If a player plays a 7, the next player must play a 7 or draw (NumberOfConsecutiveSevens
    * 2) cards.\""""
    hands = [["2C", "7S"], ["7D", "3D"], ["7H", "9C"], ["6C", "7C"]]
    state, _ = play(table(hands, ["9D"]), HIDEO, "7D")
    state, _ = play(state, BEN, "7H")
    assert (state.pending, state.current) == (4, ANDY)
    state, drew = pass_(state, ANDY)
    assert [e.count for e in drew if isinstance(e, Drew)] == [4]


def test_jacks_are_wild_but_never_on_jacks() -> None:
    """"Jacks are also valid cards since they are wild. Important: Jacks can't be played on
    Jacks. Doing so would result in a misplay penalty." The jack's player calls the suit of
    the next card."""
    state, wild = act(table(HANDS, ["9C"]), Play(HIDEO, ("JD",), suit="S"), at=1_000)
    assert [e.text for e in of_kind(wild, "race_answered")] == [
        "Hideo names spades ♠ (at once)."]
    state, named = act(state, Tick(), at=1_001)
    assert [e.text for e in of_kind(named, "named_suit")] == ["Hideo names spades ♠."]
    _, club = play(state, BEN, "9C")
    assert only(club, Refused).broken[0].jargon == "Misplay"
    _, on_jack = play(table(HANDS, ["JC"]), HIDEO, "JD")
    assert only(on_jack, Refused).text == "Hideo tries J♦ on J♣. Dealer: that's a Misplay!"


def test_a_misplay_takes_the_card_back_with_one_penalty() -> None:
    """Misplay: "9 of clubs on a 7 of diamonds ... One card penalty and player takes back his
    card.\""""
    hands = [["2C"], ["9C", "3H"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["7D"]), HIDEO, "9C")
    assert only(events, Refused).text == "Hideo tries 9♣ on 7♦. Dealer: that's a Misplay!"
    assert penalties(events) == [1]
    assert sorted(state.hands[HIDEO])[:2] == ["3H", "9C"] and len(state.hands[HIDEO]) == 3


def test_an_ace_reverses_a_two_plays_again_an_eight_skips() -> None:
    """"Ace - Reverse", "2 - Player plays again (unless it's his last card.)", "8 - Skip"."""
    hands = [["2C"], ["AH", "2H", "8H", "3H"], ["4D"], ["6C"]]
    state, _ = play(table(hands, ["9H"]), HIDEO, "AH")
    assert (state.direction, state.current) == (-1, DEALER)
    state, again = play(table(hands, ["9H"]), HIDEO, "2H")
    assert (state.current, kinds(again)[-1]) == (HIDEO, "again")
    state, skip = play(table(hands, ["9H"]), HIDEO, "8H")
    assert state.current == ANDY
    assert only(skip, "skipped").text == "Ben is skipped."


def test_a_two_as_the_last_card_wins_instead_of_playing_again() -> None:
    hands = [["2C"], ["2H"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9H"]), HIDEO, "2H", say="Mao")
    assert kinds(events) == ["played", "won_round", "game_over"]
    assert state.phase == "ended"


def test_last_card_then_mao() -> None:
    """"If after a player who plays a card, which results in his having one card left, he
    must say 'Last Card.' If he has no cards left, he says 'Mao' ... and he wins the game.\""""
    hands = [["2C"], ["5H", "6H"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9H"]), HIDEO, "5H", say="Last card")
    assert kinds(events) == ["played"]
    state = arrange(state, [["2C"], ["6H"], ["4D"], ["6C"]], [["9H", "5H"]], current=HIDEO)
    state, events = play(state, HIDEO, "6H", say="Mao")
    assert only(events, WonRound).seat == HIDEO
    assert state.end is not None and state.end.reason == "match"


def test_failing_to_say_last_card_costs_one_card() -> None:
    hands = [["2C"], ["5H", "6H"], ["4D"], ["6C"]]
    _, events = play(table(hands, ["9H"]), HIDEO, "5H")
    assert only(events, CallBroken).text == "Dealer: that's a Last Card! Hideo missed a call."
    assert penalties(events) == [1]


def test_a_jack_going_out_says_mao_mao_or_draws_two() -> None:
    """"If he has no cards left, he says 'Mao,' unless he plays a jack, where he has to say
    'Mao Mao'"; "Failure to Say Mao Mao - two card penalty.\""""
    hands = [["2C"], ["JH"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9C"], draws=("3D", "4S")), HIDEO, "JH", suit="C",
                         say="Mao Mao")
    assert only(events, WonRound).seat == HIDEO
    state, events = play(table(hands, ["9C"], draws=("3D", "4S")), HIDEO, "JH", suit="C")
    assert only(events, CallBroken).text == "Dealer: that's a Mao Mao! Hideo missed a call."
    assert penalties(events) == [2]
    assert (sorted(state.hands[HIDEO]), state.phase) == (["3D", "4S"], "playing")


def test_failing_to_say_mao_costs_one_card_and_the_win() -> None:
    """"Failure to Say Mao - one card penalty.\""""
    hands = [["2C"], ["6H"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9H"], draws=("3D",)), HIDEO, "6H")
    assert only(events, CallBroken).jargon == "Mao"
    assert (state.hands[HIDEO], state.phase) == (["3D"], "playing")


def speech(events: Sequence[Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, SpeechBroken)]


def test_the_recipient_of_a_penalty_says_thank_you_even_for_a_missed_thank_you() -> None:
    """"After a penalty is given, the recipient of the penalty card must say 'Thank You,' and
    that includes penalty cards incurred for failure to say 'Thank You.'" / "Failure to Say
    'Thank You' After a Penalty - One Card Penalty.\""""
    hands = [["2C"], ["9C", "3H"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["7D"], draws=("2S", "3S", "4S")), HIDEO, "9C")
    assert penalties(events) == [1] and state.unanswered == {HIDEO: ["penalty"]}
    # "Thanks!" is not the words owed (no question or swearing, so no talking): a card.
    state, events = act(state, Say(HIDEO, "Thanks!"))
    assert speech(events) == ["Dealer: that's a Thank You! Hideo did not say “thank you”."]
    assert penalties(events) == [1]
    assert state.unanswered == {HIDEO: ["penalty"]}
    # One "Thank you" answers the card: the rule asks for its words once.
    state, events = act(state, Say(HIDEO, "Thank you."))
    assert speech(events) == [] and state.unanswered == {}
    assert len(state.hands[HIDEO]) == 4


def test_a_question_outside_a_point_of_order_costs_a_card_and_hold_on_does_not() -> None:
    """"Asking Questions Outside of a Point Of Order - One Card Penalty." "Swearing - One Card
    Penalty." "unless he says 'Hold on' and has a large number of cards" ('Hold on' is the
    game's own words)."""
    hands = [["2C"], ["9C", "3H"], ["4D"], ["6C"]]
    state = table(hands, ["7D"], draws=("2S", "3S"))
    state, events = act(state, Say(HIDEO, "Hold on"))
    assert speech(events) == [] and len(state.hands[HIDEO]) == 2
    state, events = act(state, Say(BEN, "Whose turn is it?"))
    assert speech(events) == ["Dealer: that's a Talking! Ben spoke outside a play."]
    assert len(state.hands[BEN]) == 2 and state.unanswered == {BEN: ["penalty"]}
    state, events = act(state, Say(BEN, "Point of order. Thank you"))
    assert speech(events) == [] and state.unanswered == {}


def test_in_a_point_of_order_questions_cost_nothing_and_nobody_sees_a_hand() -> None:
    """"Whenever someone wants to ask a question, he must call a point of order ... During a
    point of order, no penalties are to be given and no one is allowed to look at their
    cards and any questions that need to be asked or things that need to be said can be done
    during a point of order." (A thanks owed stays owed until it is said.)"""
    hands = [["2C"], ["9C", "3H"], ["4D"], ["6C"]]
    state = table(hands, ["7D"], draws=("2S", "3S"))
    state, events = act(state, Say(BEN, "Is it mine?"), 1_000)  # a Talking card: thanks owed
    assert state.unanswered == {BEN: ["penalty"]}
    state, _ = act(state, CallOrder(BEN), 2_000)
    assert all(player_view(state, seat).hand == () for seat in range(4))
    for words in ("Whose turn is it?", "Is a jack on a jack a misplay?"):
        state, events = act(state, Say(BEN, words), 3_000)
        assert speech(events) == [] and len(state.hands[BEN]) == 2
    assert state.unanswered == {BEN: ["penalty"]}
    state, events = act(state, Say(BEN, "Thank you"), 4_000)
    assert speech(events) == [] and state.unanswered == {}
    assert refusal(state, Play(HIDEO, ("9C",)), at=5_000) == "order/paused"


def test_its_caller_or_the_oldest_ends_it_or_everyone_else_after_ten_silent_seconds() -> None:
    """"The caller of the point of order or the oldest player in the group can end a point
    of order after talking has stopped. If talking has stopped for a period of time (say, 10
    seconds) and neither the caller of the point of order nor the oldest player ends the
    point of order by saying 'End Point Of Order,' everyone else can agree to end the point
    of order by saying 'End Point of Order' together." (The host stands for the oldest.)"""
    hands = [["2C"], ["9C", "3H"], ["4D"], ["6C"]]
    state, _ = act(table(hands, ["7D"]), CallOrder(BEN), 1_000)
    state, _ = act(state, Say(HIDEO, "Whose turn is it?"), 2_000)
    assert refusal(state, EndOrder(ANDY), at=11_999) == "order/not_quiet"
    for seat in (ANDY, DEALER):
        state, events = act(state, EndOrder(seat), 12_000)
        assert kinds(events) == ["order_agreed"]
    state, events = act(state, EndOrder(HIDEO), 12_500)
    assert only(events, OrderEnded).text == ("Everyone but Ben agrees: the point of order "
                                            "ends, and play resumes with Hideo to play.")
    # The oldest player (the host) ends one at once.
    state, _ = act(state, CallOrder(ANDY), 13_000)
    _, events = act(state, EndOrder(DEALER, host=True), 13_500)
    assert only(events, OrderEnded).how == "host"


def test_seven_seconds_to_play_or_draw_and_hold_on_gives_a_minute_to_many_cards() -> None:
    """"When it's a player's turn, they must play a valid card or draw one card from the stock
    within 5 to 7 seconds or they get a penalty card for delay of game, unless he says 'Hold
    on' and has a large number of cards, then he has up to a minute to play a valid card or
    draw from the stock." "Delay Of Game (Taking more than 5 to 7 seconds to play or draw
    cards) - One Card Penalty." (The host chooses 5 to 30 seconds; 7 by default.)"""
    many = ["2C", "3C", "4C", "5C", "6C", "8C", "9C", "QC", "KC", "AC"]
    state = table([["2D"], many, ["4D", "7H"], ["6D"]], ["7D"], draws=("2S", "3S"))
    assert state.timers == {"turn": 7_000}  # the deal started Hideo's seven seconds
    state, events = act(state, Tick(), at=7_000)
    assert only(events, TimedOut).text == ("Dealer: that's a Delay of Game! Hideo took longer "
                                           "than 7 seconds.")
    assert penalties(events) == [1] and state.current == BEN
    # Ben, with two cards, gains nothing by holding on: his seven seconds run from 7 s.
    state, events = act(state, Say(BEN, "Hold on"), at=8_000)
    assert of_kind(events, HeldOn) == [] and state.timers == {"turn": 14_000}
    state, _ = act(state, Tick(), at=14_000)
    assert state.current == ANDY
    state, _ = act(state, Tick(), at=21_000)
    state, _ = act(state, Tick(), at=28_000)  # Dee's turn runs out too: Hideo again
    assert state.current == HIDEO and len(state.hands[HIDEO]) == 11
    state, events = act(state, Say(HIDEO, "Thank you. Hold on!"), at=30_000)
    assert only(events, HeldOn).text == "Hideo holds on: a minute to play or draw."
    assert refusal(state, Tick(), at=35_000) == "action/not_due"
    state, events = act(state, Tick(), at=90_000)
    assert only(events, TimedOut).seat == HIDEO


def test_a_multiple_may_be_played_out_of_turn_and_play_continues_after_it() -> None:
    """"This is the only time where someone can play out of turn without triggering a
    penalty. Play continues with the next person after the person who plays the multiple in
    the current direction of play.\""""
    hands = [["2C", "3C", "5C"], ["5S", "10S", "JD", "4H"], ["4D", "7H", "9C"],
             ["6C", "7C", "8C"]]
    state, events = play(table(hands, ["5C"], current=HIDEO), DEALER, "5C", say="two")
    assert only(events, Played).text == ("Dee plays 5♣ on 5♣, out of turn (a multiple), "
                                         "saying “two”.")
    assert penalties(events) == []
    assert state.current == HIDEO  # the next person after Dee, clockwise
    state, events = play(table(hands, ["5C"], current=BEN), DEALER, "5C", say="two")
    assert state.current == HIDEO and penalties(events) == []


def test_playing_out_of_turn_costs_a_card_and_the_card_goes_back() -> None:
    """"Playing Out of Turn (Except to play a duplicate card that is on the top of the pile)
    - One Card Penalty and player takes back his card." The card is owed its "Thank You"."""
    hands = [["2C", "5H"], ["5S", "10S", "JD", "4H"], ["4D", "7H", "9C"], ["6C", "7C", "8C"]]
    state, events = play(table(hands, ["5C"]), DEALER, "5H")
    assert only(events, OutOfTurn).text == ("Dee tries 5♥ on 5♣ out of turn. Dealer: that's "
                                            "Out of Turn!")
    assert penalties(events) == [1]
    assert "5H" in state.hands[DEALER] and state.current == HIDEO
    state, events = act(state, Say(DEALER, "Thank you"))
    assert not of_kind(events, SpeechBroken)


def test_a_misplay_out_of_turn_costs_two_cards() -> None:
    """"If a player plays a 7 of clubs on a 6 of diamonds, and it's not his turn, he gets 2
    penalty cards and takes his card back, one for playing out of turn and one for
    misplay.\""""
    hands = [["2C"], ["5S", "10S", "JD", "4H"], ["4D", "7H", "9C"], ["6C", "7C", "8C"]]
    state, events = play(table(hands, ["6D"]), ANDY, "7C")
    refused = only(events, OutOfTurn)
    assert refused.text == ("Andy tries 7♣ on 6♦ out of turn. Dealer: that's Out of Turn! "
                            "Dealer: that's a Misplay!")
    assert penalties(events) == [2]
    assert "7C" in state.hands[ANDY] and state.current == HIDEO
