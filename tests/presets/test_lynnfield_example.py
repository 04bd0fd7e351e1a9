"""Seed 000's Lynnfield rulebook (version 4.6): its card rules, speech, expulsions,
substitutions, points of order and races, replayed through the engine under the
``lynnfield`` preset. The seed's words are quoted in each test's docstring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.engine.actions import (
    CallOrder,
    Deal,
    EndOrder,
    LeaveSeat,
    NameNew,
    OpenSeat,
    Pass,
    Play,
    Respond,
    Say,
    TakeSeat,
    Tick,
)
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.events import (
    CallBroken,
    Dealt,
    Drew,
    Event,
    Expelled,
    Fired,
    GameOver,
    OrderEnded,
    OutOfTurn,
    RaceAnswered,
    RaceClosed,
    RaceOpened,
    Refused,
    Said,
    SpeechBroken,
    TimedOut,
    TimeUp,
    WonRound,
)
from games.engine.races import lot
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from tests.engine.helpers import act, arrange, kinds, of_kind, only, play, refusal

CHAIRMAN, AVA, BEN, CAL = 0, 1, 2, 3
NAMES = ("Chair", "Ava", "Ben", "Cal")


def dealt(first: int = AVA, players: int = 4, **chosen: Any) -> tuple[GameState, Dealt]:
    """A Lynnfield game dealt by the Chairman, who names ``first`` (the youngest)."""
    settings = settings_for(preset("lynnfield"), players=players, first_rule_maker=CHAIRMAN,
                            **chosen)
    state, _ = open_preset(settings, NAMES[:players], 1)
    state, events = apply(state, Deal(CHAIRMAN, first=first))
    return state, only(events, Dealt)


def table(hands: list[list[str]], pile: list[str], draws: tuple[str, ...] = (),
          current: int = AVA) -> GameState:
    state, _ = dealt()
    return arrange(state, hands, [pile], draws=draws, current=current)


def calls(events: Sequence[Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, CallBroken)]


def test_the_youngest_goes_first_then_clockwise() -> None:
    """"The youngest player always goes first, and then the game proceeds in a clockwise
    direction." The Chairman (who deals) names the youngest."""
    state, deal = dealt(first=BEN)
    assert deal.text == ("Round 1: Chair deals 5 cards each. The starter is 5♠. Ben plays "
                         "first. Chair: “The Game of Mao Has Begun.”")
    assert (state.current, state.direction) == (BEN, 1)


def test_a_blitzkrieg_round_deals_three_and_two_decks_may_be_used() -> None:
    """"A 3 card game is called a Blitzkrieg round." "If the players agree, the players are
    allowed to play with 2 decks of cards.\""""
    state, _ = dealt(hand_size=3, decks=2)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.stock) == 104 - 12 - 1


def test_a_card_must_match_suit_or_number() -> None:
    """"... they must place down a card that is the same suit as the card before or the same
    number.\""""
    hands = [["2C"], ["9C", "5C", "3D"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9H"]), AVA, "5C")
    assert only(events, Refused).text == "Ava tries 5♣ on 9♥. Chairman: that's a Mistake!"
    assert [e.count for e in events if isinstance(e, Drew)] == [1]
    # Scangas's Second Law: the penalty card cannot be used this turn: the turn is over.
    assert state.current == BEN
    _, number = play(table(hands, ["9H"]), AVA, "9C")
    # (Two nines in a row are a Chauncey too: everyone races to say it.)
    assert kinds(number) == ["played", "fired", "race_opened"]


def test_an_ace_skips_the_next_player_and_in_two_gives_another_turn() -> None:
    """"An Ace skips the next player. In a 2-player game, the Ace gives the player who put
    down the Ace another turn.\""""
    hands = [["2C"], ["AH", "5C", "3D"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9H"]), AVA, "AH")
    assert only(events, "skipped").text == "Ben is skipped."
    assert state.current == CAL
    two, _ = dealt(first=AVA, players=2)
    two = arrange(two, [["2C", "3C"], ["AH", "5C", "3D"]], [["9H"]], current=AVA)
    two, _ = play(two, AVA, "AH")
    assert two.current == AVA


def test_an_eight_after_a_skip_makes_it_the_skipped_players_turn() -> None:
    """"Even if the previous player put down an ace to skip the next player, if the player
    after the skipped player puts down an eight, the order switches and it becomes the
    skipped player's turn.\""""
    hands = [["2C"], ["AH", "5C", "3D"], ["4D", "5D"], ["8H", "6C", "7C"]]
    state, _ = play(table(hands, ["9H"]), AVA, "AH")
    state, events = play(state, CAL, "8H")
    assert (state.direction, state.current) == (-1, BEN)
    assert only(events, Fired).jargon == "Switcheroo"


def test_consideration_one_card_then_two_with_a_very() -> None:
    """"If a player places down a 7, they must state, 'Have a Nice Day'. The next person will
    receive a penalty card ... then resume with their turn. If the next card is a 7, the next
    player will take two cards and say 'Have a Very Nice Day'.\""""
    hands = [["2C"], ["7H", "5C", "3D"], ["7D", "5D", "KC"], ["8C", "6C", "9C"]]
    state, events = play(table(hands, ["9H"], draws=("QS", "2S", "3S")), AVA, "7H",
                         say="Have a nice day")
    assert [(e.seat, e.count) for e in events if isinstance(e, Drew)] == [(BEN, 1)]
    assert (state.current, "QS" in state.hands[BEN]) == (BEN, True)
    state, _ = act(state, Say(BEN, "Thank you"))  # "(and say 'Thank You')"
    state, events = play(state, BEN, "7D",
                         say="Have a very nice day. Shine bright like a diamond")
    assert [(e.seat, e.count) for e in events if isinstance(e, Drew)] == [(CAL, 2)]
    assert not of_kind(events, CallBroken)
    _, silent = play(table(hands, ["9H"]), AVA, "7H")
    assert calls(silent) == ["Chairman: that's a Nice Day! Ava missed a call."]


def test_the_card_a_seven_gives_may_be_played_at_once() -> None:
    """Scangas's Second Law: "The penalty card from 'Have a Nice Day' from the previous player
    does not count with this rule.\""""
    hands = [["2C"], ["7H", "5C", "3D"], ["KD", "5D", "KC"], ["8C"]]
    state, _ = play(table(hands, ["9H"], draws=("5H",)), AVA, "7H", say="Have a nice day")
    state, _ = act(state, Say(BEN, "Thank you"))
    state, events = play(state, BEN, "5H")
    assert kinds(events) == ["played"]


def test_a_jack_changes_the_suit_or_by_jess_clause_keeps_it() -> None:
    """"A Jack allows the person who placed it to change suits (wild card). The next player is
    required to place down a card of that suit, or they can place down another Jack." Jess'
    Clause: "the player is not required to state a suit change. If a suit change is not
    stated, then the suit stays the same.\""""
    hands = [["2C"], ["JC", "5C", "3D"], ["KH", "JD", "4S"], ["8C"]]
    state, events = play(table(hands, ["9H"]), AVA, "JC", suit="S")
    assert only(events, "named_suit").text == "Ava names spades ♠."
    _, heart = play(state, BEN, "KH", say="All hail the chairman, king of hearts")
    assert only(heart, Refused).broken[0].jargon == "Mistake"
    _, jack = play(state, BEN, "JD", suit="H", say="Shine bright like a diamond")
    assert kinds(jack)[0] == "played" and not of_kind(jack, Refused)
    _, spade = play(state, BEN, "4S", say="Four of spades")
    assert kinds(spade) == ["played"]
    kept, _ = play(table(hands, ["9H"]), AVA, "JC")
    assert kept.piles[0].suit == "H"
    _, heart = play(kept, BEN, "KH", say="All hail the chairman, king of hearts")
    assert kinds(heart)[0] == "played" and not of_kind(heart, Refused)
    clubs = [["2C"], ["JC", "5C"], ["8C", "4S"], ["8D"]]
    kept, _ = play(table(clubs, ["9H"]), AVA, "JC")
    _, club = play(kept, BEN, "8C")
    assert only(club, Refused).broken[0].jargon == "Mistake"
    # After a suit named, a jack naming none keeps the suit named.
    state, _ = play(table(hands, ["9H"]), AVA, "JC", suit="S")
    state, _ = play(state, BEN, "JD", say="Shine bright like a diamond")
    assert state.piles[0].suit == "S"


def test_holidays_on_a_six() -> None:
    """"A six requires the player to say 'Merry Christmas', 'Happy Hanukkah', 'Happy
    Holidays', or another holiday name.\""""
    hands = [["2C"], ["6H", "5C", "3D"], ["4D"], ["8C"]]
    for greeting in ("Merry Christmas!", "Happy Hanukkah", "happy holidays"):
        _, events = play(table(hands, ["9H"]), AVA, "6H", say=greeting)
        assert kinds(events) == ["played"], greeting
    _, silent = play(table(hands, ["9H"]), AVA, "6H")
    assert calls(silent) == ["Chairman: that's a Holidays! Ava missed a call."]


def test_royalty_hails_the_chairman_and_honorable_may_be_left_out() -> None:
    """"A King/Queen requires a player to say 'All Hail the Most Honorable Chairman/Chairwoman,
    King/Queen of ___' ... The phrase does not need to be followed exactly ('Honorable' is
    not necessary, etc.)\""""
    hands = [["2C"], ["KH", "QH", "3D"], ["4D"], ["8C"]]
    for said in ("All Hail the Most Honorable Chairman, King of Hearts",
                 "All hail the Chairwoman, king of hearts!"):
        _, events = play(table(hands, ["9H"]), AVA, "KH", say=said)
        assert kinds(events) == ["played"], said
    _, queen = play(table(hands, ["9H"]), AVA, "QH", say="All hail the chairman, king of hearts")
    assert calls(queen) == ["Chairman: that's a Royalty! Ava missed a call."]


def test_the_king_of_diamonds_shines() -> None:
    """"If the card is a King of Diamonds, the player is allowed and encouraged to say 'All
    Hail the Shining Chairman/Chairwoman, King/Queen of Diamonds'"; Shine On: "If any card
    with a suit of a diamond is played, the person who played it must say 'Shine Bright like
    a Diamond'.\""""
    hands = [["2C"], ["KD", "5D", "3S"], ["4D"], ["8C"]]
    _, events = play(table(hands, ["9D"]), AVA, "KD",
                     say="All Hail the Shining Chairman, King of Diamonds. Shine bright like a "
                         "diamond")
    assert kinds(events) == ["played"]
    _, plain = play(table(hands, ["9D"]), AVA, "5D")
    assert calls(plain) == ["Chairman: that's a Shine On! Ava missed a call."]


def test_spade_cards_must_be_named() -> None:
    """Check Yo Self: "Spade Cards must be named when played. Ex: 'Two of Spades'.\""""
    hands = [["2C"], ["2S", "5D", "3D"], ["4D"], ["8C"]]
    _, named = play(table(hands, ["9S"]), AVA, "2S", say="Two of Spades")
    assert kinds(named) == ["played", "fired", "race_opened"]  # and Deuces: fingers down
    _, silent = play(table(hands, ["9S"]), AVA, "2S")
    assert calls(silent) == ["Chairman: that's a Check Yo Self! Ava missed a call."]


def test_mao_with_one_card_left_and_never_otherwise() -> None:
    """"When you have one card left, you must say 'Mao'." "You cannot say the word 'Mao'
    anytime during the game unless you have one card left.\""""
    hands = [["2C"], ["5H", "3C"], ["4D"], ["8C"]]
    _, said = play(table(hands, ["9H"]), AVA, "5H", say="Mao")
    assert kinds(said) == ["played"]
    _, silent = play(table(hands, ["9H"]), AVA, "5H")
    assert calls(silent) == ["Chairman: that's a Mao! Ava missed a call."]
    early = [["2C"], ["5H", "3C", "3D"], ["4D"], ["8C"]]
    _, needless = play(table(early, ["9H"]), AVA, "5H", say="Mao")
    assert calls(needless) == ["Chairman: that's a Mao! Ava said something needless."]


def test_the_winner_states_that_the_game_of_mao_has_ended() -> None:
    """"If a player has won the game, the player must state 'The Game of Mao Has Ended' and
    the game ends.\""""
    hands = [["2C"], ["5H"], ["4D"], ["8C"]]
    state, events = play(table(hands, ["9H"]), AVA, "5H", say="The Game of Mao Has Ended")
    assert only(events, WonRound).seat == AVA
    assert state.end is not None and state.end.reason == "match"
    state, events = play(table(hands, ["9H"], draws=("6D",)), AVA, "5H")
    assert calls(events) == ["Chairman: that's a Game Ended! Ava missed a call."]
    assert state.phase == "playing"


def speech(events: Sequence[Event]) -> list[str]:
    return [e.text for e in events if isinstance(e, SpeechBroken)]


def test_no_speaking_but_for_its_exceptions() -> None:
    """"No speaking during a game of Mao (Except for Point of Orders). Exceptions are
    phrases such as 'Merry Christmas' and 'All hail the chairman', etc.\""""
    hands = [["2C"], ["7H", "5C", "3D"], ["7D", "5D", "KC"], ["8C", "6C", "9C"]]
    state = table(hands, ["9H"], draws=("QS", "2S"))
    for words in ("Merry Christmas!", "All hail the chairman", "Happy Diwali"):
        state, events = act(state, Say(CAL, words))
        assert speech(events) == [] and [len(h) for h in state.hands] == [1, 3, 3, 3]
    state, events = act(state, Say(CAL, "Whose turn is it?"))
    assert speech(events) == ["Chairman: that's a No Speaking! Cal spoke outside a play."]
    assert (len(state.hands[CAL]), state.current) == (4, AVA)
    # "A player must respond 'Thank You' when dealt a penalty card."
    assert state.unanswered == {CAL: ["penalty"]}


def test_thank_you_when_dealt_a_penalty_card() -> None:
    """"A player must respond 'Thank You' when dealt a penalty card." A misplay costs a card;
    the player's next action is the thanks, or another penalty card (and another thanks)."""
    hands = [["10H", "3C"], ["KC", "5H", "3D"], ["9S", "4H", "6D"], ["9C", "3H", "5D"]]
    state, events = play(table(hands, ["9H"], draws=("QS", "2S", "3S")), AVA, "KC",
                         say="All hail the chairman, king of clubs")
    assert of_kind(events, Refused) and state.unanswered == {AVA: ["penalty"]}
    state, _ = play(state, BEN, "4H")
    state, _ = play(state, CAL, "3H")
    state, _ = play(state, CHAIRMAN, "10H", say="Mao")
    # Forgotten: the next play costs a card for the missing thanks, and thanks are owed again.
    state, events = play(state, AVA, "5H")
    assert speech(events) == ["Chairman: that's a Thank You! Ava did not say “thank you”."]
    assert state.unanswered == {AVA: ["penalty"]}
    state, events = act(state, Say(AVA, "Thank you"))
    assert speech(events) == [] and state.unanswered == {}
    assert [e.words for e in events if isinstance(e, Said)] == ["Thank you"]


def test_a_second_sevens_cards_are_answered_thank_you_very_much() -> None:
    """"The next person will receive a penalty card (and say 'Thank You') ... If the next
    card is a 7, the next player will take two cards and say 'Have a Very Nice Day' with a
    respective 'Thank you Very Much'.\""""
    hands = [["2C"], ["7H", "5C", "3D"], ["7D", "5D", "KC"], ["8C", "6C", "9C"]]
    state, _ = play(table(hands, ["9H"], draws=("QS", "2S", "3S")), AVA, "7H",
                    say="Have a nice day")
    assert state.unanswered == {BEN: ["effect"]}
    state, events = act(state, Say(BEN, "Thank you"))
    assert speech(events) == []
    state, _ = play(state, BEN, "7D", say="Have a very nice day. Shine bright like a diamond")
    state, events = act(state, Say(CAL, "Thank you very much"))
    assert speech(events) == [] and state.unanswered == {}
    # Three sevens would add a very: "Thank you very very much" answers too, and is no talk.
    _, events = act(state, Say(AVA, "Thank you very very much"))
    assert speech(events) == ["Chairman: that's a No Speaking! Ava spoke outside a play."]



def race(state: GameState, card: str, say: str = "", at: int = 1_000
         ) -> tuple[GameState, list[Event]]:
    """Ava plays ``card`` at ``at`` ms, saying ``say``."""
    return act(state, Play(AVA, (card,), say=say), at=at)


def opened(events: Sequence[Event]) -> list[tuple[str, str]]:
    return [(e.jargon, e.words) for e in events if isinstance(e, RaceOpened)]


def test_chauncey_the_last_to_say_it_gets_a_penalty_card() -> None:
    """Chauncey: "If two identical cards are played in sequential order, all players must
    say 'Chauncey'. The last player to do so gets a penalty card." Ava, who knew first,
    says it with her card; the others as they see it, on the button or aloud."""
    hands = [["2C", "3D"], ["9C", "5C", "3H"], ["4D", "6D"], ["6C", "8D"]]
    state, events = race(table(hands, ["9H"], draws=("QS",)), "9C", say="Chauncey")
    assert opened(events) == [("Chauncey", "Chauncey")]
    assert only(events, RaceAnswered).text == "Ava says “Chauncey” (at once)."
    state, _ = act(state, Respond(BEN, 1), at=1_800)
    state, _ = act(state, Say(CAL, "Chauncey!"), at=2_100)
    state, events = act(state, Respond(CHAIRMAN, 1), at=2_600)
    assert only(events, RaceClosed).text == ("Chairman: Chauncey! Chair was last to say "
                                             "“Chauncey” and draws a card.")
    assert [(e.seat, e.cards) for e in events if isinstance(e, Drew)] == [(CHAIRMAN, ("QS",))]
    # "A player must respond 'Thank You' when dealt a penalty card": this one too.
    assert state.unanswered == {CHAIRMAN: ["penalty"]} and state.current == BEN


def test_uno_dos_tres_replaces_chauncey_and_illuminati_confirmed_four() -> None:
    """Uno Dos Tres: "If three identical cards are played in sequential order, the chauncey
    rule is ignored and instead, all players must say 'Uno Dos Tres'." Conspiracy: "If four
    cards that are the same are played in sequential order, the chauncey rule is ignored
    and instead, all players must say 'Illuminati confirmed'.\""""
    hands = [["2C", "3D"], ["9C", "9S", "3H"], ["4D", "6D"], ["6C", "8D"]]
    _, events = race(table(hands, ["9H", "9D"]), "9C")
    assert opened(events) == [("Uno Dos Tres", "Uno dos tres")]
    four = [["2C", "3D"], ["9S", "5C", "3H"], ["4D", "6D"], ["6C", "8D"]]
    _, events = race(table(four, ["9H", "9D", "9C"]), "9S", say="Nine of spades")
    assert opened(events) == [("Conspiracy", "Illuminati confirmed")]


def test_three_sixes_are_devils_advocate_and_uno_dos_tres_at_once() -> None:
    """Devil's Advocate: "Three sixes require all players to say 'Hail Satan'. The last
    player to do so is dealt one penalty card." Three sixes are also three identical
    cards: both races run, and one breath answers both."""
    hands = [["2C", "3D"], ["6C", "5C", "3H"], ["4D", "7D"], ["2H", "8D"]]
    state, events = race(table(hands, ["6H", "6D"], draws=("QS", "KS")), "6C",
                         say="Merry Christmas")
    assert opened(events) == [("Uno Dos Tres", "Uno dos tres"), ("Devil's Advocate",
                                                                   "Hail Satan")]
    state, events = act(state, Say(BEN, "Hail Satan! Uno dos tres!"), at=1_500)
    assert [e.race for e in of_kind(events, RaceAnswered)] == [1, 2]
    assert speech(events) == []  # the races' words are no talking
    state, events = act(state, Tick(), at=6_000)
    assert [e.text for e in of_kind(events, RaceClosed)] == [
        "Chairman: Uno Dos Tres! Chair, Ava and Cal did not say “Uno dos tres” in time and "
        "draw a card each.",
        "Chairman: Devil's Advocate! Chair, Ava and Cal did not say “Hail Satan” in time "
        "and draw a card each."]


def test_three_kings_are_konfirmed_with_the_public_alternatives() -> None:
    """KKK: "Three kings require all players to say ... The last player to do so is dealt
    one penalty card. If the game is played in public, alternate phrases, such as 'Kool
    Kids Klub Konfirmed' and 'Dominic Spinella Konfirmed' are to be used." A web table is
    public: the alternatives are the phrase."""
    hands = [["2C", "3D"], ["KC", "5C", "3H"], ["4D", "7D"], ["2H", "8D"]]
    state, events = race(table(hands, ["KH", "KD"]), "KC")
    assert ("Kool Kids Klub", "(Kool Kids Klub|Dominic Spinella) Konfirmed") in opened(events)
    state, events = act(state, Say(CAL, "Dominic Spinella Konfirmed"), at=1_400)
    assert [e.race for e in of_kind(events, RaceAnswered)] == [2]


def test_an_ace_four_and_three_are_ofori_confirmed() -> None:
    """James Ofori: "If an Ace, 4, and 3 are placed in sequential order, all players must say
    'Ofori Confirmed'.\""""
    hands = [["2C", "3D"], ["3H", "5C", "3C"], ["4D", "7D"], ["2H", "8D"]]
    _, events = race(table(hands, ["AH", "4H"]), "3H")
    assert opened(events) == [("James Ofori", "Ofori confirmed")]
    _, events = race(table(hands, ["2D", "4H"]), "3H")
    assert opened(events) == []


def test_deuces_the_last_to_touch_the_table_draws() -> None:
    """Deuces: "A Two requires everyone to touch their middle and index fingers to the table.
    The last player to do so draws a penalty card." The button says it."""
    hands = [["2C", "3D"], ["2H", "5C", "3C"], ["4D", "7D"], ["6H", "8D"]]
    state, events = race(table(hands, ["9H"], draws=("QS",)), "2H")
    assert only(events, RaceOpened).text == ("Race! Everyone: press “Fingers on the table” "
                                             "within 5 seconds; the last draws a card.")
    for seat, at in ((BEN, 1_300), (AVA, 1_450), (CAL, 1_500), (CHAIRMAN, 1_700)):
        state, events = act(state, Respond(seat, 1), at=at)
    assert only(events, RaceClosed).text == ("Chairman: Deuces! Chair was last to press "
                                             "“Fingers on the table” and draws a card.")


def test_the_four_of_clubs_raises_hands() -> None:
    """Musical Chairs: "Otherwise, players will raise their hands. The last to do so gets a
    penalty card.\""""
    hands = [["2C", "3D"], ["4C", "5C", "3C"], ["4D", "7D"], ["6H", "8D"]]
    _, events = race(table(hands, ["9C"]), "4C")
    assert opened(events) == [("Musical Chairs", "Hands up")]
    # On another four it is a Chauncey too: both races run.
    _, events = race(table(hands, ["4H"]), "4C")
    assert opened(events) == [("Musical Chairs", "Hands up"), ("Chauncey", "Chauncey")]


def test_a_tie_for_last_is_settled_like_rock_paper_scissors_by_lot() -> None:
    """"If there are 2+ players who said the phrase at the same time, they may resolve the
    dispute with rock, paper, scissors. The loser receives the penalty card." The server
    draws lots, seeded by the game and the race, the same on every replay."""
    hands = [["2C", "3D"], ["9C", "5C", "3H"], ["4D", "6D"], ["6C", "8D"]]
    state, _ = race(table(hands, ["9H"]), "9C", say="Chauncey")
    state, _ = act(state, Respond(CHAIRMAN, 1), at=1_500)
    state, _ = act(state, Respond(BEN, 1), at=2_000)
    state, events = act(state, Respond(CAL, 1), at=2_000)
    loser = lot(state.seed, 1, (BEN, CAL))
    closed = only(events, RaceClosed)
    assert (closed.tied, closed.losers) == ((BEN, CAL), (loser,))
    assert closed.text.endswith(f"the lot falls on {NAMES[loser]}, who draws a card.")


def test_a_mistaken_chauncey_is_speaking() -> None:
    """Scangas's First Law's example: "saying 'Chauncey' when 'Chauncey' should not be
    said" is a mistaken phrase; with no race open, it is speaking outside a play."""
    hands = [["2C", "3D"], ["9C", "5C", "3H"], ["4D", "6D"], ["6C", "8D"]]
    _, events = act(table(hands, ["9H"]), Say(BEN, "Chauncey"), at=1_000)
    assert speech(events) == ["Chairman: that's a No Speaking! Ben spoke outside a play."]


def test_a_point_of_order_is_talked_in_the_third_person_thank_you_excepted() -> None:
    """"Any player can call a point of order by simply saying 'Point of Order'." "All players
    put down their cards, and general discussion is done exclusively in the third person. Any
    personal pronouns or inability to use third person results in a penalty card." Footnote
    3: "Personal pronouns are defined as first or second person pronouns (I, you, we, you
    all, me, my, your, our, us, yours, etc.) The phrase 'Thank you' is exempt from this rule
    and is allowed to be said." "Players are allowed to discuss another player's cards or
    other strategies during a 'Point of Order'." No Speaking judges nothing in one."""
    hands = [["2C"], ["7H", "5C", "3D"], ["7D", "5D", "KC"], ["8C", "6C", "9C"]]
    state = table(hands, ["9H"], draws=("QS", "2S", "3S"))
    state, _ = act(state, CallOrder(CAL), 1_000)
    assert all(player_view(state, seat).hand == () for seat in range(4))
    for words in ("Cal wonders whose turn it is", "Ben thinks Ava holds the seven",
                  "Thank you"):
        state, events = act(state, Say(BEN, words), 2_000)
        assert speech(events) == [], words
    state, events = act(state, Say(BEN, "I think you all lost count"), 3_000)
    assert speech(events) == ["Chairman: that's a Third Person! Ben spoke in the first or "
                              "second person."]
    assert len(state.hands[BEN]) == 4


def test_any_player_ends_it_and_the_turn_it_was_called_in_goes_on() -> None:
    """"A point of order is ended when any player says 'End point of order'." "A player can
    continue their turn during a 'Point of Order' or 'Pause' so long as the 'Point of
    Order' or 'Pause' was called during the turn of the player." Here with the buttons;
    the words do it too (``tests/presets/test_rows_lynnfield_talk.py::test_row_29``)."""
    hands = [["2C"], ["7H", "5C", "3D"], ["7D", "5D", "KC"], ["8C", "6C", "9C"]]
    state, _ = act(table(hands, ["9H"]), CallOrder(CAL), 1_000)
    state, events = act(state, EndOrder(BEN), 2_000)
    assert only(events, OrderEnded).text == ("Ben ends Cal's point of order: play resumes "
                                            "with Ava to play.")
    assert (state.current, state.turn) == (AVA, 0)
    _, events = play(state, AVA, "7H", say="Have a nice day")
    assert kinds(events)[0] == "played"


def test_a_minute_a_move_counted_by_the_clock() -> None:
    """"A player has 1 minute, counted with a watch, to make a move or take a card from the
    'take pile' during their turn. If a player fails to do so in 1 minute, they receive a
    penalty card." The move is still owed, with a new minute; and Scangas's Second Law: "If
    a player receives a penalty card during their turn before placing a card on the 'play
    pile', the player cannot use the penalty card for their turn.\""""
    state = table([["2C"], ["9C", "3H"], ["4D"], ["6C"]], ["7D"], draws=("KS", "7S"))
    state, events = act(state, Tick(), at=60_000)
    assert only(events, TimedOut).text == ("Chairman: that's a Delay of Game! Ava took longer "
                                           "than a minute.")
    assert state.hands[AVA] == ["9C", "3H", "KS"] and state.current == AVA
    assert state.timers["turn"] == 120_000
    state, _ = act(state, Say(AVA, "Thank you"), at=61_000)
    assert refusal(state, Play(AVA, ("KS",), say="All hail the chairman, king of spades"),
                   at=62_000) == "action/penalty_waits"
    state, events = act(state, Pass(AVA), at=62_000)
    assert kinds(events) == ["drew"] and state.hands[AVA][-1] == "7S"


def test_under_a_time_constraint_the_fewest_cards_win() -> None:
    """"If there is a time constraint while playing a game of Mao, the Chairman can decide on
    a specific time to end the game. The player at the end of the time to have the least
    amount of cards is considered the winner of the game." (The time is chosen when the
    table is opened.)"""
    state, _ = dealt(game_minutes=30)
    assert state.timers["end"] == 30 * 60_000
    state = arrange(state, [["2C", "5C"], ["9C", "3H", "4H"], ["4D"], ["6C", "7C"]], [["7D"]])
    state, events = act(state, Tick(), at=30 * 60_000)
    assert only(events, TimeUp).winners == (BEN,)
    assert only(events, GameOver).text == ("The game is over. Time is up: Ben holds the fewest "
                                           "cards (1) and wins the game.")


def test_more_than_double_the_cards_dealt_is_expelled_into_the_deck() -> None:
    """"If a player is in possession of more than double the number of cards dealt ... they
    are expelled from the game." "When expelled, the player's cards are all absorbed into the
    deck." "The Honorable Chairman of the game must declare '[Name] has been EXPULSED from
    the game!'" Footnote 6: "if the players were originally dealt 7 cards, if a player has 15
    cards during gameplay, the player would be expelled.\""""
    state, _ = dealt(hand_size=7)
    fourteen = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AD",
                "2D"]
    state = arrange(state, [["3D"], fourteen, ["4D"], ["6D"]], [["9H"]], current=AVA)
    stock = len(state.stock)
    state, events = act(state, Pass(AVA))
    assert only(events, Expelled).text == (
        "Ava holds 15 cards, more than twice the 7 dealt. Chairman: Ava has been EXPULSED from "
        "the game! Their 15 cards go back into the stock.")
    assert state.hands[AVA] == [] and len(state.stock) == stock + 14
    assert state.current == BEN
    # "The expelled player is now considered to be a spectator."
    with pytest.raises(EngineError) as caught:
        act(state, Say(AVA, "Thank you"))
    assert caught.value.code == "action/out_of_game"


def test_three_mistakes_in_a_row_expel() -> None:
    """"If a new player makes 3 mistakes in a row before or during the game ... they are
    expelled from the game." The Chairman names Ava new; thanking the Chairman between
    mistakes does not break the run, a legal play or a pass does."""
    hands = [["2C", "3C"], ["KC", "5C", "3D"], ["9S", "4H", "5H"], ["9C", "4D", "5D"]]
    state, _ = act(table(hands, ["9H"]), NameNew(CHAIRMAN, AVA))
    for mistake in (1, 2, 3):
        state.current = AVA
        state, events = play(state, AVA, "5C")
        if mistake < 3:
            assert state.mistakes == {AVA: mistake}
            state, _ = act(state, Say(AVA, "Thank you"))
    assert only(events, Expelled).text.startswith(
        "Ava made 3 mistakes in a row. Chairman: Ava has been EXPULSED from the game!")


def test_if_all_other_players_are_expulsed_the_last_one_wins() -> None:
    """"If all other players except one are expulsed, the one player becomes the winner of
    the game.\""""
    state, _ = dealt(first=AVA, players=2)
    ten = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC"]
    state = arrange(state, [["3D"], ten], [["9H"]], current=AVA)
    state, events = act(state, Pass(AVA))
    assert only(events, GameOver).text == ("The game is over. Chair is the last player left "
                                           "and wins the game.")
    assert state.winners[-1].seat == CHAIRMAN


def test_a_turn_started_early_costs_the_next_player_a_card() -> None:
    """Wilkinson Lapse Clause: "if the next player deliberately starts their turn while the
    current player is still in the process of going through the card rules ... The next
    player receives a penalty card and the current player is allowed to continue their
    turn.\""""
    hands = [["2C"], ["9C", "5C", "3D"], ["9D", "4D"], ["6C"]]
    state, events = play(table(hands, ["9H"]), BEN, "9D")
    assert only(events, OutOfTurn).text == ("Ben tries 9♦ on 9♥ out of turn. Chairman: "
                                            "that's Out of Turn!")
    assert [e.count for e in events if isinstance(e, Drew)] == [1]
    assert state.current == AVA
    state, _ = play(state, AVA, "9C")
    assert state.current == BEN


def test_a_substitute_holds_a_missing_players_seat_and_gives_it_back() -> None:
    """"All players except one are present, so the Chairman decides to allow another player
    to substitute in for the missing player. When the missing player returns, the substitute
    must give the missing player their seat and cards back.\""""
    hands = [["2C"], ["9C", "5C", "3D"], ["9D", "4D"], ["6C"]]
    state = table(hands, ["9H"])
    state, _ = act(state, OpenSeat(CHAIRMAN, BEN))
    state, _ = act(state, TakeSeat(BEN, "Sub"))
    assert state.names[BEN] == "Sub" and state.hands[BEN] == ["9D", "4D"]
    state, _ = act(state, OpenSeat(CHAIRMAN, BEN))  # the Chairman sees the seat given back
    state, events = act(state, TakeSeat(BEN, "Ben", stint=0))
    assert only(events, "seat_taken").text == "Ben takes over Sub's seat, with its 2 cards."
    assert state.hands[BEN] == ["9D", "4D"]


def test_a_new_player_assumes_all_cards_and_penalties() -> None:
    """"One player, with the consent of the Chairman, allows another player to take their
    place in the game. The new player assumes all cards, penalties, etc., from the original
    player. The original player is ejected from the game, and is considered to be a
    spectator.\""""
    hands = [["2C", "3C"], ["KC", "5C", "3D"], ["9S", "4H", "5H"], ["9C", "4D", "5D"]]
    state, _ = play(table(hands, ["9H"]), AVA, "5C")
    assert state.unanswered == {AVA: ["penalty"]}
    assert refusal(state, LeaveSeat(AVA)) == "seat/consent"
    state, _ = act(state, OpenSeat(CHAIRMAN, AVA))  # the Chairman's consent
    state, _ = act(state, TakeSeat(AVA, "Dot"))
    assert len(state.hands[AVA]) == 4 and state.unanswered == {AVA: ["penalty"]}
    state, events = act(state, Say(AVA, "Thank you"))
    assert speech(events) == [] and state.unanswered == {}
