"""Seed 001's untraditional five-card Mao, its own examples replayed through the engine under
the ``five-card`` preset: the starter, twos, aces, sevens, wild jacks, named spades, the
call and talking penalties, plays out of turn, the point of order and the jack's suit race.

The seed's words are quoted in each test's docstring. A starter is staged with the deal's
own hook (:func:`tests.factories.stacked_deck`), so the engine deals and fires it as ever.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine.actions import CallOrder, EndOrder, Play, Respond, Say, Tick
from games.engine.clock import start_clock
from games.engine.events import (
    CallBroken,
    Dealt,
    Drew,
    Event,
    OrderEnded,
    OutOfTurn,
    RaceAnswered,
    RaceClosed,
    RaceOpened,
    Refused,
    SpeechBroken,
    TimedOut,
    WonRound,
)
from games.engine.races import lot
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from tests.engine.helpers import act, arrange, kinds, of_kind, only, play, refusal
from tests.factories import stacked_deck

DEALER, BOB, JANE, JIM = 0, 1, 2, 3
NAMES = ("Doug", "Bob", "Jane", "Jim")
HANDS = [["2C", "3C", "4C", "5C", "6C"], ["2S", "5S", "JS", "7D", "9H"],
         ["7H", "KH", "3D", "4D", "6D"], ["8C", "9C", "10C", "QC", "KC"]]


def deal(starter: str, draws: tuple[str, ...] = ()) -> tuple[GameState, list[Event]]:
    """Doug deals ``HANDS`` and turns up ``starter``; the clock starts as the lobby starts it
    (at 0 s)."""
    settings = settings_for(preset("five-card"), players=4, first_rule_maker=DEALER)
    with stacked_deck(HANDS, starter, draws):
        state, events = open_preset(settings, NAMES, 1)
    start_clock(state, 0)
    return state, list(events)


def table(hands: list[list[str]], pile: list[str], draws: tuple[str, ...] = (),
          current: int = BOB) -> GameState:
    """The cards laid out in a dealt game (a plain starter), ``current`` to play."""
    state, _ = deal("9D")
    return arrange(state, hands, [pile], draws=draws, current=current)


def penalties(events: Sequence[Event]) -> list[int]:
    return [e.count for e in events if isinstance(e, Drew) and e.reason == "penalty"]


def test_five_cards_each_and_play_begins_to_the_dealers_left() -> None:
    """"The playing of Mao begins with the dealer saying: 'The dealing of the untraditional
    five card Mao now begins to the dealers left.' The cards are dealt. Five to each player
    ... Play goes clockwise." "The dealer then says, 'The playing of the untraditional five
    card Mao now begins to the dealers left.'" (Doug deals.)"""
    state, events = deal("9D")
    assert only(events, Dealt).text == (
        "Doug: “The dealing of the untraditional five card Mao now begins to the dealer's "
        "left.” Round 1: 5 cards each. The starter is 9♦. Bob plays first. Doug: “The "
        "playing of the untraditional five card Mao now begins to the dealer's left.”")
    assert (state.current, state.direction) == (BOB, 1)
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in HANDS]


def test_an_ace_turned_up_skips_the_player_to_the_left() -> None:
    """"If the card is an ACE the player to the left DOES NOT PLAY, but is skipped and the
    next player will play the first card.\""""
    state, events = deal("AD")
    assert only(events, "skipped").text == "Bob is skipped by the starter."
    assert state.current == JANE


def test_a_two_turned_up_reverses_play() -> None:
    """"If the card is a TWO play is reversed and instead of going clockwise, play goes
    counterclockwise.\""""
    state, _ = deal("2D")
    assert (state.direction, state.current) == (-1, JIM)


def test_a_seven_turned_up_makes_the_player_to_the_left_draw_one() -> None:
    """"For the SEVEN the player must draw one" (the dealer's "Have a Nice Day" is the
    dealer's line: nobody is asked a call on the starter)."""
    state, events = deal("7S", draws=("QD",))
    assert [(e.seat, e.count, e.reason) for e in events if isinstance(e, Drew)] == [
        (BOB, 1, "effect")]
    assert "QD" in state.hands[BOB] and state.current == BOB
    # "After the card has been drawn the person may play any valid card."
    _, played = play(state, BOB, "7D", say="Have a very nice day")
    assert kinds(played)[:1] == ["played"]


def test_a_jack_turned_up_lets_anyone_call_the_suit() -> None:
    """"If it is a Jack anyone can call suit": the starter opens a race to name the suit,
    and the first to name one sets it."""
    state, events = deal("JH")
    assert only(events, RaceOpened).text == ("Race! Anyone may name the suit within 5 "
                                             "seconds; the first to name one sets it.")
    state, _ = act(state, Say(JANE, "Clubs!"), at=1_500)
    assert state.timers["race:1"] == 1_501
    assert refusal(state, Respond(JIM, 1, "D"), at=1_700) == "action/race_closed"  # too late
    state, events = act(state, Tick(), at=1_700)
    assert kinds(events) == ["race_closed", "named_suit"]
    assert only(events, RaceClosed).text == "Dealer: Wild Jack! Jane named a suit first."
    assert state.piles[0].suit == "C"
    _, heart = play(state, BOB, "9H")
    assert only(heart, Refused).text == "Bob tries 9♥ on J♥. Dealer: that's a Misplay!"


def test_the_dealer_wins_a_tie_for_the_starters_suit() -> None:
    """"... but since the dealer 'played' the card dealer has special rights": a tie goes
    to the dealer."""
    state, _ = deal("JH")
    state, _ = act(state, Respond(JANE, 1, "C"), at=1_500)
    state, _ = act(state, Say(DEALER, "Spades"), at=1_500)
    state, events = act(state, Tick(), at=1_501)
    assert only(events, RaceClosed).text == ("Dealer: Wild Jack! Doug and Jane named a suit in "
                                             "the same instant: it is Doug's, whose card it "
                                             "is.")
    assert state.piles[0].suit == "S"


def test_nobody_calling_the_starters_suit_leaves_the_jacks_own() -> None:
    """The jack's own suit stands when nobody calls one in time."""
    state, _ = deal("JH")
    assert refusal(state, Play(BOB, ("9H",)), at=2_000) == "action/race_open"
    state, events = act(state, Tick(), at=5_000)
    assert only(events, RaceClosed).winner is None and state.piles[0].suit is None
    _, heart = play(state, BOB, "9H")
    assert kinds(heart) == ["played"]


def test_a_seven_wishes_a_nice_day_and_the_next_draws_one_then_plays() -> None:
    """"7 - Player that laid the seven says, 'Have a Nice Day' and the next player must then
    draw one card. After the card has been drawn the person may play any valid card.\""""
    hands = [["2C"], ["7D", "3S", "4S"], ["7H", "KH", "3D"], ["8C"]]
    state, events = play(table(hands, ["9D"], draws=("5H",)), BOB, "7D",
                         say="Have a nice day")
    assert [(e.seat, e.count, e.reason) for e in events if isinstance(e, Drew)] == [
        (JANE, 1, "effect")]
    assert state.current == JANE and "5H" in state.hands[JANE]
    _, silent = play(table(hands, ["9D"], draws=("5H",)), BOB, "7D")
    assert only(silent, CallBroken).text == "Dealer: that's a Nice Day! Bob missed a call."


def test_another_seven_is_a_very_nice_day_and_two_cards() -> None:
    """"If the card played is another SEVEN the player says 'Have a VERY Nice Day' and the
    next person draws TWO penalty cards.\""""
    hands = [["2C"], ["7D", "3S", "4S"], ["7H", "KH", "3D"], ["8C"]]
    state, _ = play(table(hands, ["9D"], draws=("5H", "6H", "8H")), BOB, "7D",
                    say="Have a nice day")
    state, events = play(state, JANE, "7H", say="Have a very nice day")
    assert [(e.seat, e.count) for e in events if isinstance(e, Drew)] == [(JIM, 2)]
    assert not of_kind(events, CallBroken)


def test_a_jack_is_wild_and_its_player_naming_the_suit_with_it_is_first() -> None:
    """"Jack - Once played anyone can call out a suit and the suit that is called becomes the
    current suit. The same thing as a wild card." The jack's player who names the suit as
    they lay the jack is first."""
    hands = [["2C"], ["JD", "3S", "4S"], ["7H", "KH", "3C"], ["8C"]]
    state, events = act(table(hands, ["9H"]), Play(BOB, ("JD",), suit="C"), at=1_000)
    assert only(events, RaceAnswered).text == "Bob names clubs ♣ (at once)."
    state, events = act(state, Tick(), at=1_001)
    assert only(events, "named_suit").text == "Bob names clubs ♣."
    _, heart = play(state, JANE, "KH")
    assert only(heart, Refused).broken[0].jargon == "Misplay"
    _, club = play(state, JANE, "3C")
    assert kinds(club) == ["played"]


def calls_at_once(*calls: tuple[int, str]) -> tuple[GameState, RaceClosed]:
    """Bob plays the jack of diamonds at 1 s; each seat of ``calls`` calls its suit aloud
    0.6 s later, all in the same millisecond; the race closes the millisecond after."""
    hands = [["2C"], ["JD", "3S", "4S"], ["7H", "KH", "3C"], ["8C"]]
    state, _ = act(table(hands, ["9H"]), Play(BOB, ("JD",)), at=1_000)
    for seat, words in calls:
        state, _ = act(state, Say(seat, words), at=1_600)
    state, events = act(state, Tick(), at=1_601)
    return state, only(events, RaceClosed)


def test_a_tie_for_the_suit_goes_to_the_jacks_player() -> None:
    """"In the case of a tie suit call it goes to the person who played the Jack.\""""
    state, closed = calls_at_once((JANE, "Clubs"), (BOB, "Hearts"))
    assert (closed.winner, closed.suit, closed.tied) == (BOB, "H", (BOB, JANE))
    assert state.piles[0].suit == "H"


def test_two_others_tying_for_the_suit_call_again() -> None:
    """"In the case that two players call a suit in a tie it goes to the first person that
    can call the suit again. i.e.. Bob played a Jack and then Jane and Jim say 'Clubs' &
    'Diamonds' respectively at the same time. Jane then says 'Clubs' before Jim can say his
    suit again. The suit call goes to Jane and it is now changed to 'Clubs'.\""""
    state, closed = calls_at_once((JANE, "Clubs"), (JIM, "Diamonds"))
    assert (closed.winner, closed.tied) == (None, (JANE, JIM))
    assert closed.text == ("Dealer: Wild Jack! Jane and Jim named a suit in the same instant: "
                           "the first of them to name one again sets it.")
    [again] = state.races.open
    assert again.seats == (JANE, JIM) and state.piles[0].suit is None
    assert refusal(state, Respond(DEALER, again.number, "S"), at=1_700) == "action/not_racing"
    state, _ = act(state, Say(JANE, "Clubs!"), at=2_000)
    state, events = act(state, Say(JIM, "Diamonds!"), at=2_300)  # too late: Jane was first
    assert only(events, RaceClosed).winner == JANE and state.piles[0].suit == "C"
    assert not of_kind(events, SpeechBroken)


def test_two_others_tying_when_calling_again_draw_lots() -> None:
    """Calling again in the same millisecond too: the server draws lots, seeded by the game
    and the race, the same on every replay."""
    state, _ = calls_at_once((JANE, "Clubs"), (JIM, "Diamonds"))
    [again] = state.races.open
    state, _ = act(state, Say(JANE, "Clubs"), at=2_000)
    state, events = act(state, Say(JIM, "Diamonds"), at=2_000)  # both answered: it closes
    closed = only(events, RaceClosed)
    winner = lot(state.seed, again.number, (JANE, JIM))
    assert (closed.winner, closed.tied) == (winner, (JANE, JIM))
    assert state.piles[0].suit == {JANE: "C", JIM: "D"}[winner]
    assert closed.text.endswith(f"it is {NAMES[winner]}'s, on whom the lot falls.")


def test_all_spades_are_called_jacks_included() -> None:
    """"Bob plays the 2 of Spades. He then says 'Two of Spades'. All spades must be called
    including Jacks!\""""
    hands = [["2C"], ["2S", "JS", "3S", "4S"], ["7H"], ["8C"]]
    _, two = play(table(hands, ["9S"]), BOB, "2S", say="Two of Spades")
    assert not of_kind(two, CallBroken)
    _, jack = play(table(hands, ["9H"]), BOB, "JS", suit="H")
    assert only(jack, CallBroken).text == "Dealer: that's a Spade! Bob missed a call."
    _, named = play(table(hands, ["9H"]), BOB, "JS", suit="H", say="Jack of spades")
    assert not of_kind(named, CallBroken)


def test_naming_a_diamond_with_its_play_is_talk_not_a_false_spade_call() -> None:
    """"These would all be grounds for talking: 'Five of DIAMONDS'": said with the five of
    diamonds, which asks for no call, the words are talk (one card), not a spade call."""
    hands = [["2C"], ["5D", "3S", "4S"], ["7H"], ["8C"]]
    state, events = play(table(hands, ["9D"], draws=("QD",)), BOB, "5D",
                         say="Five of DIAMONDS")
    assert only(events, SpeechBroken).text == ("Dealer: that's a Talking! Bob said something "
                                               "needless.")
    assert not of_kind(events, CallBroken)
    assert penalties(events) == [1] and state.hands[BOB] == ["3S", "4S", "QD"]
    _, silent = play(table(hands, ["9D"]), BOB, "5D")
    assert kinds(silent) == ["played"]


def test_a_misplay_draws_one_and_takes_the_card_back() -> None:
    """"Misplay - player draws one card and takes their card back ... For example: The five of
    spades on the four of hearts.\""""
    hands = [["2C"], ["5S", "3D", "4D"], ["7H"], ["8C"]]
    state, events = play(table(hands, ["4H"]), BOB, "5S")
    assert only(events, Refused).text == "Bob tries 5♠ on 4♥. Dealer: that's a Misplay!"
    assert penalties(events) == [1]
    assert "5S" in state.hands[BOB] and state.current == JANE


def test_an_ace_skips_and_a_two_reverses_in_play() -> None:
    """"2 - Reverse." "A - Skip.\""""
    hands = [["2C"], ["AH", "2H", "3D", "4D"], ["7H"], ["8C"]]
    state, _ = play(table(hands, ["9H"]), BOB, "AH")
    assert state.current == JIM
    state, _ = play(table(hands, ["9H"]), BOB, "2H")
    assert (state.direction, state.current) == (-1, DEALER)


def test_a_missed_last_card_costs_two_cards() -> None:
    """"Failure to Say Last Card - one card LYING and one card CHEATING.\""""
    hands = [["2C"], ["5H", "6H"], ["7H"], ["8C"]]
    _, events = play(table(hands, ["9H"]), BOB, "5H")
    assert only(events, CallBroken).text == "Dealer: that's a Last Card! Bob missed a call."
    assert penalties(events) == [2]
    _, said = play(table(hands, ["9H"]), BOB, "5H", say="Last card")
    assert kinds(said) == ["played"]


def test_a_missed_mao_costs_three_cards_and_the_win() -> None:
    """"Failure to Say Mao - one card LYING, one card CHEATING and one card TAKING THE GREAT
    NAME OF MAO IN VAIN.\""""
    hands = [["2C"], ["6H"], ["7H"], ["8C"]]
    state, events = play(table(hands, ["9H"], draws=("3D", "4D", "5D")), BOB, "6H")
    assert only(events, CallBroken).jargon == "Mao"
    assert penalties(events) == [3]
    assert (sorted(state.hands[BOB]), state.phase) == (["3D", "4D", "5D"], "playing")
    state, events = play(table(hands, ["9H"]), BOB, "6H", say="Mao")
    assert only(events, WonRound).seat == BOB and state.phase == "ended"


@pytest.mark.parametrize("words", ["Five of DIAMONDS", "Who played that?", "What time is it?",
                                   "Hold on."])


def test_talking_costs_one_card(words: str) -> None:
    """"Talking - one card. Talking is saying anything that is not needed for the game.
    These would all be grounds for talking: 'Five of DIAMONDS', 'Who played that?', 'What
    time is it?' or 'Hold on.'" Said outside a play, by a player whose turn it is not."""
    state = table([h[:] for h in HANDS], ["9D"], draws=("QD",))
    new, events = act(state, Say(JIM, words))
    assert [e.text for e in events if isinstance(e, SpeechBroken)] == [
        "Dealer: that's a Talking! Jim spoke outside a play."]
    assert penalties(events) == [1] and len(new.hands[JIM]) == 6
    assert new.current == BOB  # talking out of turn takes nobody's turn


def test_a_point_of_order_may_be_called_and_ended_without_a_card() -> None:
    """"Point of Order - Anyone can call this out in the middle of the game." / "End Point
    of Order - The player that called point of order must say, 'End Point of Order'." (The
    words cost nothing; the pause is the Point of order button's, below.)"""
    state = table([h[:] for h in HANDS], ["9D"])
    for words in ("Point of order!", "End point of order."):
        state, events = act(state, Say(JANE, words))
        assert not of_kind(events, SpeechBroken) and len(state.hands[JANE]) == 5


def test_the_others_end_a_point_of_order_its_caller_does_not() -> None:
    """"When the player says this everyone must stop playing and put their cards face down in
    front of them." "i.e. player 1 says, 'Point of Order'. After enough time has passed that
    player 1 should be able to end Point of Order player 1 should. If player 1 shouldn't
    Players 2,3 and 4 would all say 'End Point of Order' and the game would resume."
    ("Enough time": ten seconds of quiet in the preset.) "Touching Cards During Point of
    Order - player draws one card": nobody can touch one."""
    state = table([h[:] for h in HANDS], ["9D"])
    state, _ = act(state, CallOrder(DEALER), 1_000)
    assert all(player_view(state, seat).hand == () for seat in range(4))
    assert refusal(state, Play(BOB, ("5S",)), at=2_000) == "order/paused"
    assert refusal(state, EndOrder(BOB), at=5_000) == "order/not_quiet"
    for seat in (BOB, JANE):
        state, events = act(state, EndOrder(seat), 11_000)
        assert kinds(events) == ["order_agreed"]
    state, events = act(state, EndOrder(JIM), 11_000)
    assert only(events, OrderEnded).text == ("Everyone but Doug agrees: the point of order "
                                            "ends, and play resumes with Bob to play.")
    state, events = play(state, BOB, "7D", say="Have a nice day")
    assert of_kind(events, Refused) == []


def test_taking_over_five_seconds_is_called_for_time() -> None:
    """"Time Limit Exceeded - player draws one card. If someone takes over 5 seconds (or a
    different time limit set before game started) then they are called for time and given
    one card.\""""
    state = table(HANDS, ["9D"], draws=("KS",))
    state, events = act(state, Tick(), at=5_000)
    assert only(events, TimedOut).text == ("Dealer: that's a Time Limit Exceeded! Bob took "
                                           "longer than 5 seconds.")
    assert penalties(events) == [1] and state.hands[BOB][-1] == "KS"
    # "given one card", and still Bob's turn: called again when the next 5 seconds run out.
    assert state.current == BOB and state.timers["turn"] == 10_000
    state, events = act(state, Tick(), at=10_000)
    assert only(events, TimedOut).seat == BOB and state.current == BOB
    # "a different time limit set before game started": the lobby's choice.
    settings = settings_for(preset("five-card"), players=4, first_rule_maker=DEALER,
                            turn_seconds=30)
    with stacked_deck(HANDS, "9D"):
        slower, _ = open_preset(settings, NAMES, 1)
    start_clock(slower, 0)
    assert slower.timers == {"turn": 30_000}


def test_a_play_out_of_turn_draws_one_and_takes_the_card_back() -> None:
    """"Out of Turn - Player draws one card and takes their card back. One of the players
    makes a play out of turn. For instance: Jane plays when it is Bob's turn.\""""
    hands = [["2C"], ["5S", "3D", "4D"], ["7H", "4C"], ["8C"]]
    state, events = play(table(hands, ["4H"]), JANE, "4C")
    assert only(events, OutOfTurn).text == ("Jane tries 4♣ on 4♥ out of turn. Dealer: that's "
                                            "Out of Turn!")
    assert penalties(events) == [1]
    assert "4C" in state.hands[JANE] and state.piles[0].cards == ["4H"]
    assert state.current == BOB  # Bob keeps his turn


def test_a_club_on_a_heart_out_of_turn_costs_two_cards() -> None:
    """"A player may get more than one penalty call on a single play. If Bob plays a Club on
    a Heart and it is not his turn he will get two penalty cards.\""""
    hands = [["2C"], ["5S", "3C", "4D"], ["7H"], ["8C"]]
    state, events = play(table(hands, ["4H"], current=JANE), BOB, "3C")
    assert only(events, OutOfTurn).text == ("Bob tries 3♣ on 4♥ out of turn. Dealer: that's "
                                            "Out of Turn! Dealer: that's a Misplay!")
    assert penalties(events) == [2]
    assert state.current == JANE


def test_a_flinch_that_plays_the_card_is_out_of_turn() -> None:
    """"Bob plays a skip that would skip Jane and go to Jim. Jane begins to take out a card
    to play it and then realizes that it is not her turn ... If Jane plays the card it is
    called Out of Turn and the Flinch is waived off.\""""
    hands = [["2C"], ["AH", "3D", "4D"], ["7H", "5H"], ["8C"]]
    state, _ = play(table(hands, ["4H"]), BOB, "AH")
    assert state.current == JIM
    state, events = play(state, JANE, "5H")
    assert only(events, OutOfTurn).current == JIM
    assert penalties(events) == [1] and state.current == JIM
