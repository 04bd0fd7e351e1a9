"""Rows of docs/presets/penn-state.md that no worked example replays: the seed's words
(quoted in each docstring) played through the engine under the ``penn-state`` preset."""

from __future__ import annotations

from games.engine.actions import Deal, Play, Say, Tick
from games.engine.apply import apply
from games.engine.events import CallBroken, Played, Refused, SpeechBroken, WonRound
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from tests.engine.helpers import act, kinds, only, pass_, play
from tests.presets.test_penn_state_example import (
    ANDY,
    BEN,
    DEALER,
    HIDEO,
    NAMES,
    penalties,
    speech,
    table,
)

HANDS = [["2C"], ["5S", "10S", "JD", "4H", "9H"], ["4D", "7H", "9C"], ["6C", "7C", "8C"]]


def test_row_1() -> None:
    """"Players: At least 3, but best for 5 to 7 players.\""""
    chosen = preset("penn-state").choices["players"]
    assert (chosen.default, chosen.options) == (5, tuple(range(3, 9)))
    assert settings_for(preset("penn-state")).players == 5


def test_row_3() -> None:
    """"In this version of mao, it is permitted to tell the players the rules here.\""""
    state, _ = open_preset(settings_for(preset("penn-state"), players=4, first_rule_maker=0),
                           NAMES, 1)
    jargons = {r.jargon for r in preset("penn-state").house_rules}
    for seat in range(4):
        assert {r.jargon for r in player_view(state, seat).house_rules} == jargons


def test_row_8() -> None:
    """"The dealer then turns up the top card of the stock to begin play." (The starter has
    no effect: an eight there skips nobody, an ace reverses nothing, a four asks nothing.)"""
    settings = settings_for(preset("penn-state"), players=4, first_rule_maker=DEALER)
    seen = set()
    for seed in range(1, 200):
        state, _ = open_preset(settings, NAMES, seed)
        state, _ = apply(state, Deal(DEALER, first=HIDEO, direction=1))
        rank = state.piles[0].cards[-1][:-1]
        if rank in ("8", "A", "4", "7", "2"):
            seen.add(rank)
            assert (state.current, state.direction, state.pending) == (HIDEO, 1, 0)
    assert len(seen) >= 3


def test_row_9() -> None:
    """"When it's a player's turn, they must play a valid card or draw one card from the
    stock.\""""
    state, events = pass_(table(HANDS, ["3D"], draws=("KH",)), HIDEO)
    assert kinds(events) == ["drew"] and "KH" in state.hands[HIDEO]
    assert state.current == BEN
    _, events = play(table(HANDS, ["3H"]), HIDEO, "9H")
    assert kinds(events) == ["played"]


def test_row_12() -> None:
    """"Valid cards are those that match the suit or number of the top face-up card.\""""
    _, suit = play(table(HANDS, ["3H"]), HIDEO, "9H")
    _, rank = play(table(HANDS, ["9C"]), HIDEO, "9H")
    _, neither = play(table(HANDS, ["3C"]), HIDEO, "9H")
    assert kinds(suit) == kinds(rank) == ["played"]
    assert only(neither, Refused).broken[0].jargon == "Misplay"


def test_row_27() -> None:
    """"Whenever someone wants to ask a question, he must call a point of order (If he asks a
    question outside of a point of order, he gets a penalty card)." Other words outside a
    play are no question, swearing, malice or rudeness: they cost nothing."""
    state = table(HANDS, ["3D"], draws=("2S", "3S", "4S"))
    for question in ("Whose turn is it?", "is it my turn", "Can I play a jack on a jack?"):
        _, events = act(state, Say(BEN, question))
        assert speech(events) == ["Dealer: that's a Talking! Ben spoke outside a play."]
        assert penalties(events) == [1]
    for remark in ("Nice play", "Oops", "Well done, Hideo."):
        _, events = act(state, Say(BEN, remark))
        assert speech(events) == [] and penalties(events) == []


def test_row_40() -> None:
    """"Failure to say 'Have a nice day.' - One Card Penalty.\""""
    _, events = play(table(HANDS, ["3S"]), HIDEO, "10S", say="Ten of spades")
    assert only(events, CallBroken).jargon == "Nice Day"
    assert penalties(events) == [1]


def test_row_41() -> None:
    """"Swearing - One Card Penalty.\""""
    state = table(HANDS, ["3D"], draws=("2S", "3S"))
    for oath in ("Damn!", "oh hell", "What the fuck"):
        _, events = act(state, Say(BEN, oath))
        assert speech(events) == ["Dealer: that's a Talking! Ben spoke outside a play."]
        assert penalties(events) == [1]


def test_row_46() -> None:
    """"Failure to Say Very(s) - one card penalty per 'very' forgotten.\""""
    hands = [["2C"], ["10H", "3H", "3S"], ["4D"], ["6C"]]
    third = table(hands, ["10C", "10D"], draws=("2S", "3S", "4S"))
    for said, cards in (("Have a nice day", 2), ("Have a very nice day", 1),
                        ("Have a very very nice day", 0)):
        _, events = play(third, HIDEO, "10H", say=said)
        assert penalties(events) == ([cards] if cards else []), said
    _, silent = play(third, HIDEO, "10H")
    assert penalties(silent) == [1]  # "Failure to say 'Have a nice day'": one card


def test_row_47() -> None:
    """"Failure to Say Correct Multiple - one card penalty.\""""
    _, events = play(table([["2C"], ["5C", "3H", "4H"], ["4D"], ["6C"]], ["5C"]), HIDEO, "5C")
    assert only(events, CallBroken).jargon == "Multiple" and penalties(events) == [1]


def test_row_48() -> None:
    """"Saying the Incorrect Multiple - one card penalty.\""""
    hands = [["2C"], ["5C", "3H", "4H"], ["4D"], ["6C"]]
    _, three = play(table(hands, ["5C"]), HIDEO, "5C", say="three")
    assert only(three, CallBroken).jargon == "Multiple" and penalties(three) == [1]
    _, needless = play(table(hands, ["5H"]), HIDEO, "5C", say="two")
    assert only(needless, CallBroken).required is False and penalties(needless) == [1]


def test_row_51() -> None:
    """"Saying Mao instead of Mao Mao - one card penalty.\""""
    hands = [["2C"], ["JH"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9C"], draws=("3D", "4S")), HIDEO, "JH", suit="C",
                         say="Mao")
    assert only(events, CallBroken).jargon == "Mao Mao"
    assert penalties(events) == [1] and state.hands[HIDEO] == ["3D"]
    assert not [e for e in events if isinstance(e, WonRound)]


def test_row_53() -> None:
    """"He is given the same number of cards as the number of rules he has broken." A ten of
    spades played in silence misses two calls: two cards."""
    _, events = play(table(HANDS, ["3S"]), HIDEO, "10S")
    assert sorted(e.jargon for e in events if isinstance(e, CallBroken)) == ["Nice Day",
                                                                              "Spade"]
    assert penalties(events) == [1, 1]
    assert only(events, Played).seat == HIDEO


def test_rows_42_and_43_listed_malice_and_rudeness() -> None:
    """"Malice (other than swearing) - One Card Penalty." "Rudeness - One Card Penalty."
    (Heard in listed words only: outside a play, and with one.)"""
    state = table(HANDS, ["3D"], draws=("2S", "3S"))
    for rude in ("Shut up, Hideo", "You suck", "Hideo is an idiot"):
        _, events = act(state, Say(BEN, rude))
        assert penalties(events) == [1], rude
    on = table(HANDS, ["3H"], draws=("2S", "3S"))
    for rude, heard in (("Nine of hearts. Get lost, Ben", "get lost"),
                        ("I hate you", "i hate you"), ("Take that, loser", "loser")):
        _, events = play(on, HIDEO, "9H", say=rude)
        assert only(events, "speech_broken").text == (
            f"Dealer: that's a Talking! Hideo said “{heard}”."), rude
        assert penalties(events) == [1] and only(events, Played).seat == HIDEO
    for kind in ("Take that!", "Nine of hearts, sorry Ben"):
        _, events = play(on, HIDEO, "9H", say=kind)
        assert kinds(events) == ["played"], kind


def test_row_27_a_question_said_with_a_play() -> None:
    """A question asked with a play is asked outside a point of order too: a card; the
    spade named with it is still named."""
    _, events = play(table(HANDS, ["3S"]), HIDEO, "5S", say="Five of spades. Is it my turn?")
    assert [e.jargon for e in events if isinstance(e, CallBroken | SpeechBroken)] == [
        "Talking"]
    assert penalties(events) == [1]
    _, events = play(table(HANDS, ["3S"]), HIDEO, "5S", say="Five of spades?")
    assert kinds(events) == ["played"]


def test_row_32() -> None:
    """"If the card played requires you to say something, you must say every element you're
    required to say before saying 'Last Card,' 'Mao,' or 'Mao Mao.'" An element said after
    them is not said in time: its own penalty ("Failure to name a Spade - One card
    penalty"), and the game is not won."""
    hands = [["2C"], ["5S"], ["4D"], ["6C"]]
    state, events = play(table(hands, ["9S"]), HIDEO, "5S", say="Five of spades. Mao!")
    assert only(events, WonRound).seat == HIDEO
    late = table(hands, ["9S"], draws=("3D",))
    state, events = play(late, HIDEO, "5S", say="Mao! Five of spades")
    assert only(events, CallBroken).text == (
        "Dealer: that's a Spade! Hideo said a call after “Mao”.")
    assert penalties(events) == [1] and state.hands[HIDEO] == ["3D"]
    assert not [e for e in events if isinstance(e, WonRound)]
    # Last Card too: a ten of spades leaving one card says both calls before it.
    two = [["2C"], ["10S", "3H"], ["4D"], ["6C"]]
    _, events = play(table(two, ["9S"]), HIDEO, "10S",
                     say="Have a nice day, ten of spades. Last card")
    assert kinds(events) == ["played"]
    _, events = play(table(two, ["9S"], draws=("3D", "4D")), HIDEO, "10S",
                     say="Ten of spades. Last card. Have a nice day")
    assert [e.jargon for e in events if isinstance(e, CallBroken)] == ["Nice Day"]
    assert penalties(events) == [1]
    # A jack going out: "Jack of spades, Mao Mao"; Mao Mao first misses the spade.
    jack = [["2C"], ["JS"], ["4D"], ["6C"]]
    _, events = play(table(jack, ["9C"]), HIDEO, "JS", suit="C", say="Jack of spades, Mao Mao")
    assert only(events, WonRound).seat == HIDEO
    _, events = play(table(jack, ["9C"], draws=("3D",)), HIDEO, "JS", suit="C",
                     say="Mao Mao, jack of spades")
    assert [e.jargon for e in events if isinstance(e, CallBroken)] == ["Spade"]


def test_row_34() -> None:
    """"If the penalty giver gives a bad call, the player's he's giving the penalty to gives
    the card back to him and says 'Bad Call.'" The chair gives every penalty due; a player
    who calls one that the last play did not earn ("Misplay!" after a legal play) is handed
    the card: "Bad Call", and owes the "Thank You" of any penalty card."""
    state, _ = play(table(HANDS, ["3H"], draws=("2S", "3S")), HIDEO, "9H")
    after, events = act(state, Say(ANDY, "Misplay!"))
    assert only(events, "bad_call").text == (
        "Dealer: Bad Call! Andy called a Misplay that the last play or pass did not make.")
    assert penalties(events) == [1] and "2S" in after.hands[ANDY]
    _, events = act(after, Say(ANDY, "Thank you"))
    assert penalties(events) == []
    # A call the last play earned costs its caller nothing: the chair already gave it.
    refused, events = play(table(HANDS, ["3H"], draws=("2S", "3S")), HIDEO, "5S")
    assert kinds(events)[0] == "refused"
    for good in ("Misplay!", "That's a misplay.", "That's a Misplay, Hideo"):
        _, events = act(refused, Say(ANDY, good))
        assert penalties(events) == [], good
    # Words that only sound like a call are no call: "Mao" and "Last card" are words the
    # rules ask for, and a jargon among other words is a remark.
    for remark in ("Mao", "Last card", "Nice day!", "What a misplay that would have been"):
        _, events = act(state, Say(ANDY, remark))
        assert penalties(events) == [], remark


def test_row_22() -> None:
    """"Whenever a jack is played, the player has to hold the card with his finger and call
    the suit ... If he releases his finger before he calls the suit, then the first player to
    call the suit has control." On a screen the jack is held while its player names the suit
    with it; a jack laid down with none named is released: the first to call one sets it."""
    hands = [["2C"], ["JD", "3S", "4S"], ["7H", "KH", "3C"], ["8C", "9C"]]
    state, events = act(table(hands, ["9C"]), Play(HIDEO, ("JD",)), at=1_000)
    assert "race_opened" in kinds(events)
    state, _ = act(state, Say(BEN, "Hearts!"), at=1_700)
    state, events = act(state, Tick(), at=1_701)
    assert [e.text for e in events if e.kind == "named_suit"] == ["Ben names hearts ♥."]
    assert state.piles[0].suit == "H"
    # Nobody calls one: the jack's own suit stands.
    state, _ = act(table(hands, ["9C"]), Play(HIDEO, ("JD",)), at=1_000)
    state, events = act(state, Tick(), at=6_000)
    assert not [e for e in events if e.kind == "named_suit"]
    _, heart = play(state, BEN, "KH")
    assert only(heart, Refused).broken[0].jargon == "Misplay"


def test_row_35_thanks_owed_said_with_a_play_before_or_after_the_last_call() -> None:
    """"After a penalty is given, the recipient of the penalty card must say 'Thank You'":
    said with the next play it is said, wherever it comes among the calls (a reply is no
    thing the card played requires, so "Last Card" need not come after it)."""
    hands = [["2C"], ["5H"], ["4D"], ["6C"]]
    owing, events = act(table(hands, ["9H"], draws=("2D",)), Say(HIDEO, "Is it my turn?"))
    assert penalties(events) == [1] and len(owing.hands[HIDEO]) == 2
    for said in ("Thank you. Last card", "Last card, thank you!"):
        _, events = play(owing, HIDEO, "5H", say=said)
        assert kinds(events) == ["played"], said
