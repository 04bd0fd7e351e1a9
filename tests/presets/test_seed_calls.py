"""The seeds' own words for their calls, said through the engine under each preset, never
cost a card: the Lynnfield royalty as its footnotes word it, a king of spades hailed by
name, spades called by rank in the teaching profile, Penn State's "Thank you" said with the
next play, and five-card's suit named aloud with a jack."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine.actions import Play, Say, Tick
from games.engine.events import CallBroken, Event, NamedSuit, RaceClosed, SpeechBroken
from tests.engine.helpers import act, kinds, only
from tests.presets.seated import AVA, seated

#: Four hands: Ava's is the one that plays, with cards to spare (no "Mao" is due).
OTHERS = [["2C", "3C", "4C", "5C", "6C"], ["8C", "10C", "2H", "3H", "4H"],
          ["5D", "6D", "8D", "10D", "AC"]]


def hands(*ava: str) -> list[list[str]]:
    return [OTHERS[0], [*ava, "3D", "4D", "7C"], OTHERS[1], OTHERS[2]]


def penalised(events: Sequence[Event]) -> list[str]:
    """What cost a card: the calls and speech rules broken, by jargon."""
    return [e.jargon for e in events if isinstance(e, CallBroken | SpeechBroken)]


@pytest.mark.parametrize("said", [
    "All hail the Honorable Chairman, King of Hearts",
    "All Hail the Most Honorable Chairman, King of Hearts",
    "all hail the chairwoman: king of hearts!",
    "All hail the honorable Chairman, king hearts"])
def test_royalty_need_not_be_followed_exactly(said: str) -> None:
    """Lynnfield, footnote 5: "The phrase does not need to be followed exactly ('Honorable'
    is not necessary, etc.)\""""
    _, events = act(seated("lynnfield", hands("KH"), ["9H"]), Play(AVA, ("KH",), say=said))
    assert penalised(events) == []


@pytest.mark.parametrize("said", [
    "All Hail the Shining Chairman, King of Diamonds",
    "All hail the shining Chairwoman, king of diamonds",
    "All hail the shining Chairman, king of diamonds",
    "All Hail the Most Honorable Chairman, King of Diamonds... May she shine bright",
    "All Hail the Most Honorable Chairman, King of Diamonds. May He Shine Bright",
    "All hail the most honorable Chairwoman, King of Diamonds. May she shine bright",
    "All hail the chairman, king of diamonds. Shine bright like a diamond"])
def test_the_king_of_diamonds_shines_as_footnote_four_says(said: str) -> None:
    """Lynnfield, footnote 4: "If the card is a King of Diamonds, the player is allowed and
    encouraged to say 'All Hail the Shining Chairman/Chairwoman, King/Queen of Diamonds' or
    'All Hail the Most Honorable Chairman/ Chairwoman, King/Queen of Diamonds. May He/She
    Shine Bright'. This is due to the 'Shine On' Rule.\""""
    for card in ("KD", "QD"):
        words = said.replace("King", "Queen").replace("king", "queen") if card == "QD" else said
        _, events = act(seated("lynnfield", hands(card), ["9D"]),
                        Play(AVA, (card,), say=words))
        assert penalised(events) == [], words


def test_a_hail_without_the_shine_still_misses_shine_on() -> None:
    _, events = act(seated("lynnfield", hands("KD"), ["9D"]),
                    Play(AVA, ("KD",), say="All hail the chairman, king of diamonds"))
    assert penalised(events) == ["Shine On"]


@pytest.mark.parametrize(("card", "said"), [
    ("KS", "All hail the most honorable Chairman, King of Spades"),
    ("QS", "All hail the Chairwoman, Queen of Spades")])
def test_royalty_naming_a_spade_is_its_spade_call(card: str, said: str) -> None:
    """Lynnfield: Royalty ends "King/Queen of ___", and Check Yo Self: "Spade Cards must be
    named when played": the hail names the spade."""
    _, events = act(seated("lynnfield", hands(card), ["9S"]), Play(AVA, (card,), say=said))
    assert penalised(events) == []
    _, wrong = act(seated("lynnfield", hands(card), ["9S"]),
                   Play(AVA, (card,), say=said.replace("Spades", "Clubs")))
    assert penalised(wrong) == ["Royalty", "Check Yo Self"]


@pytest.mark.parametrize(("said", "wrong"), [
    ("four spades", "five spades"), ("4 of spades", "4 of clubs"),
    ("Four of Spades!", "Four!"), ("4 spades", "44 spades"), ("FOUR, spades", "spades")])
def test_teaching_spades_are_called_by_rank_and_spades(said: str, wrong: str) -> None:
    """Teaching, section 04: "When playing a spade say its rank and 'spades'"."""
    _, events = act(seated("teaching", hands("4S"), ["9S"]), Play(AVA, ("4S",), say=said))
    assert penalised(events) == []
    _, missed = act(seated("teaching", hands("4S"), ["9S"]), Play(AVA, ("4S",), say=wrong))
    assert penalised(missed) == ["Spade Call"]  # one mistake: the words were the call


@pytest.mark.parametrize("said", ["six of spades", "6 spades", "Six of Spades!"])
def test_teaching_a_spade_named_when_none_was_played_is_a_false_spade_call(said: str) -> None:
    """Teaching, section 04: "Missing or unnecessary speech draws 1 penalty card": a spade
    call said with a heart is needless, and costs the Spade Call's card."""
    _, events = act(seated("teaching", hands("6H"), ["9H"]), Play(AVA, ("6H",), say=said))
    assert penalised(events) == ["Spade Call"]
    _, named = act(seated("teaching", hands("6H"), ["9H"]),
                   Play(AVA, ("6H",), say="six of hearts"))
    assert penalised(named) == ["Silence"]


def test_penn_state_thanks_said_with_the_next_play() -> None:
    """Penn State: "After a penalty is given, the recipient of the penalty card must say
    'Thank You'": said with the player's next play, it is said."""
    state = seated("penn-state", hands("5H", "6H"), ["9H"], draws=["2D"])
    state, talked = act(state, Say(AVA, "Whose turn is it?"))
    assert penalised(talked) == ["Talking"]
    state, events = act(state, Play(AVA, ("5H",), say="Thank you"))
    assert penalised(events) == [] and kinds(events)[:1] == ["played"]
    # Not said, the thanks is still owed, and missed, with the play.
    state = seated("penn-state", hands("5H", "6H"), ["9H"], draws=["2D"])
    state, _ = act(state, Say(AVA, "Whose turn is it?"))
    _, silent = act(state, Play(AVA, ("5H",), say="Five of hearts"))
    assert penalised(silent) == ["Thank You"]


def test_penn_state_thanks_with_a_spade_named() -> None:
    state = seated("penn-state", hands("5S", "6H"), ["9S"], draws=["2D"])
    state, _ = act(state, Say(AVA, "Hold on, what?"))
    _, events = act(state, Play(AVA, ("5S",), say="Thank you. Five of spades"))
    assert penalised(events) == []
    _, thanks_only = act(state, Play(AVA, ("5S",), say="Thank you"))
    assert penalised(thanks_only) == ["Spade"]


@pytest.mark.parametrize(("said", "suit"), [("Jack of spades. Hearts!", "H"),
                                            ("jack of spades, hearts", "H"),
                                            ("Jack of Spades: clubs", "C"),
                                            ("Jack of spades. Spades!", "S")])
def test_five_card_suit_named_in_words_with_a_jack(said: str, suit: str) -> None:
    """Five-card: "Call all Spades ... All spades must be called including Jacks!" and "Jack -
    Once played anyone can call out a suit": the suit said after the spade's name sets it."""
    state = seated("five-card", hands("JS"), ["9S"])
    state, played = act(state, Play(AVA, ("JS",), say=said), at=state.clock)
    assert penalised(played) == []
    state, events = act(state, Tick(), at=state.clock + 1)  # the first answer closes it
    assert only(events, RaceClosed).winner == AVA
    assert only(events, NamedSuit).suit == suit
    assert state.piles[0].suit == suit


def test_five_card_jack_named_alone_names_no_suit() -> None:
    state, events = act(seated("five-card", hands("JS", "JH"), ["9S"]),
                        Play(AVA, ("JS",), say="Jack of spades"))
    assert penalised(events) == [] and state.races.open  # the race runs on
    state, _ = act(seated("five-card", hands("JH"), ["9H"]),
                   Play(AVA, ("JH",), say="Jack of hearts, diamonds"))
    _, events = act(state, Tick(), at=state.clock + 1)
    assert only(events, NamedSuit).suit == "D"

