"""Speech outside a play: any seat says something at any moment of a round; talking rules
cost a card for words they do not allow, reply rules ("Thank you") are owed as a player's
next action after a draw; the chair speaks for house rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.engine.actions import MAX_SAY, Pass, Say, action_to_json, parse_action
from games.engine.errors import EngineError
from games.engine.events import Drew, Said, SpeechBroken, event_from_json
from games.engine.invariants import violations
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import (
    act,
    arrange,
    example,
    kinds,
    of_kind,
    only,
    pass_,
    play,
    rank_played,
    refusal,
    start,
    trigger,
)

MATCH, _ = example("09")
TALKING = {"jargon": "Talking", "rule": {"kind": "talking", "allow": ["Point of order"]}}
THANKS = {"jargon": "Thanks", "rule": {"kind": "reply", "say": "Thank you",
                                       "after": ["penalty", "effect"]}}
SEVEN = trigger("Nice Day", rank_played("7"), {"type": "draw", "who": "next", "count": 1})


def house(*rules: dict[str, Any]) -> GameState:
    """A dealt three-seat game (Ann, Bob, Cat) whose ``rules`` are house rules, spoken for by
    the chair (Referee), with Bob to play: Ann 2C 8C, Bob 9D 3D 5C, Cat 4C 6C; the
    stock gives QS, then KS, then JS; 7C lies on the pile."""
    state = start([(0, r) for r in rules])
    for entry in state.rules:
        entry.author, entry.house = None, True
    state.settings = replace(state.settings, chair="Referee")
    return arrange(state, [["2C", "8C"], ["9D", "3D", "5C"], ["4C", "6C"]], [["7C"]],
                   draws=["QS", "KS", "JS"], current=1)


def say(state: GameState, seat: int, words: str) -> tuple[GameState, list[Any]]:
    return act(state, Say(seat, words))


def texts(events: list[Any]) -> list[str]:
    return [e.text for e in events]


def test_anyone_may_speak_and_everyone_hears_it_without_the_turn_moving() -> None:
    state = house(MATCH)
    new, events = say(state, 2, "  What   time is it? ")
    assert texts(events) == ["Cat says “What time is it?”."]
    said = only(events, Said)
    assert (said.seat, said.words, said.to) == (2, "  What   time is it? ", None)
    assert (new.current, new.turn, new.hands) == (state.current, state.turn, state.hands)
    assert player_view(new, 0, events).log[0].text == "Cat says “What time is it?”."


def test_talking_costs_the_speaker_a_card_in_the_chairs_name() -> None:
    state = house(TALKING)
    new, events = say(state, 0, "Who played that?")
    assert texts(events) == ["Ann says “Who played that?”.",
                             "Referee: that's a Talking! Ann spoke outside a play.",
                             "Ann draws a card as a penalty."]
    broken = only(events, SpeechBroken)
    assert (broken.jargon, broken.author, broken.what, broken.rule) == ("Talking", None,
                                                                        "talking", 1)
    assert new.hands[0] == ["2C", "8C", "QS"]
    assert new.current == 1
    assert new.stats[1].broken == 1
    assert new.stats[1].first_broken == "Round 1, turn 0: Ann said “Who played that?”"
    assert 1 in new.revealed


@pytest.mark.parametrize("words", ["Point of order", "POINT OF ORDER!", "point of order. "
                                   "Point of order?"])
def test_an_allowed_phrase_is_never_talking(words: str) -> None:
    new, events = say(house(TALKING), 0, words)
    assert kinds(events) == ["said"]
    assert new.hands[0] == ["2C", "8C"]


def test_an_allowed_phrase_with_other_words_is_talking() -> None:
    _, events = say(house(TALKING), 0, "Point of order: whose turn is it?")
    assert kinds(events) == ["said", "speech_broken", "drew"]


def test_words_said_with_a_play_are_not_talking() -> None:
    state = house(TALKING, MATCH)
    _, events = play(state, 1, "5C", say="Five of clubs, everyone")
    assert kinds(events) == ["played"]


def test_a_penalty_owes_a_reply_and_saying_it_settles_it() -> None:
    state = house(MATCH, THANKS)
    state, events = play(state, 1, "9D")
    assert texts(events)[-1] == "Bob draws a card as a penalty."
    assert state.unanswered == {1: ["penalty"]}
    assert player_view(state, 1).unanswered == ("penalty",)
    assert player_view(state, 0).unanswered == ()
    state, events = say(state, 1, "Thank you!")
    assert texts(events) == ["Bob says “Thank you!”."]
    assert state.unanswered == {}
    assert state.stats[2].fired == 1
    # A correct reply names nothing: the rule stays unknown.
    assert 2 not in state.revealed


def test_a_reply_not_said_costs_a_card_on_the_next_action_and_is_owed_again() -> None:
    state = house(MATCH, THANKS)
    state, _ = play(state, 1, "9D")
    state, _ = play(state, 2, "4C")
    state, _ = play(state, 0, "2C")
    state, events = pass_(state, 1)
    assert texts(events) == ["Referee: that's a Thanks! Bob did not say “thank you”.",
                             "Bob draws a card as a penalty.", "Bob draws a card."]
    broken = only(events, SpeechBroken)
    assert (broken.what, broken.phrase) == ("reply", "thank you")
    # The penalty for not saying it is a penalty too: Bob owes the reply again.
    assert state.unanswered == {1: ["penalty", "pass"]}
    assert state.current == 2


def test_speech_without_the_reply_breaks_it_and_may_be_talking_too() -> None:
    state = house(TALKING, MATCH, THANKS)
    state, _ = play(state, 1, "9D")
    new, events = say(state, 1, "Sorry")
    assert texts(events) == ["Bob says “Sorry”.",
                             "Referee: that's a Thanks! Bob did not say “thank you”.",
                             "Bob draws a card as a penalty.",
                             "Referee: that's a Talking! Bob spoke outside a play.",
                             "Bob draws a card as a penalty."]
    assert new.unanswered == {1: ["penalty", "penalty"]}


def test_a_reply_owed_is_not_talking_but_the_same_words_unowed_are() -> None:
    state = house(TALKING, MATCH, THANKS)
    state, _ = play(state, 1, "9D")
    state, events = say(state, 1, "Thank you")
    assert kinds(events) == ["said"]
    _, events = say(state, 1, "Thank you")
    assert texts(events)[1] == "Referee: that's a Talking! Bob spoke outside a play."


def test_a_draw_by_a_rule_owes_a_reply_where_the_rule_says_so() -> None:
    state = house(SEVEN, THANKS)
    state = arrange(state, [["2C", "8C"], ["7D", "3D"], ["4C", "6C"]], [["5H"]],
                    draws=["QS"], current=1)
    state, events = play(state, 1, "7D")
    assert of_kind(events, Drew)[0].text == "Cat draws a card."
    assert state.unanswered == {2: ["effect"]}
    state, events = play(state, 2, "4C")
    assert texts(events)[:2] == ["Referee: that's a Thanks! Cat did not say “thank you”.",
                                 "Cat draws a card as a penalty."]


def test_replies_are_forgotten_when_the_round_ends() -> None:
    state = house(MATCH, THANKS)
    state = arrange(state, [["2C", "8C"], ["9D", "5C"], ["4C"]], [["7C"]], draws=["QS"],
                    current=1)
    state, _ = play(state, 1, "9D")
    assert state.unanswered == {1: ["penalty"]}
    state, _ = play(state, 2, "4C")
    assert state.phase != "playing"
    assert state.unanswered == {}
    assert violations(state) == []


def test_a_player_who_drew_owes_nothing_without_a_reply_rule() -> None:
    state, _ = play(house(MATCH), 1, "9D")
    state, events = pass_(state, 2)
    assert kinds(events) == ["drew"]


@pytest.mark.parametrize(("action", "code"), [
    (Say(3, "Hello"), "action/bad_seat"),
    (Say(-1, "Hello"), "action/bad_seat"),
    (Say(0, "  ?! "), "action/nothing_said"),
    (Say(0, ""), "action/nothing_said"),
    (Say(0, "a" * (MAX_SAY + 1)), "action/too_long"),
])
def test_bad_speech_is_refused_and_changes_nothing(action: Say, code: str) -> None:
    assert refusal(house(TALKING), action) == code


def test_speech_outside_a_round_is_refused() -> None:
    state = new_game(GameSettings(players=3), ["Ann", "Bob", "Cat"], 1)
    assert state.phase == "writing"
    assert refusal(state, Say(0, "Hello")) == "action/wrong_phase"
    with pytest.raises(EngineError) as caught:
        act(state, Say(0, "Hello"))
    assert caught.value.code == "action/wrong_phase"
    assert str(caught.value) == "Words are heard only while a round is being played."


def test_say_round_trips_as_json_and_bad_json_is_refused() -> None:
    assert parse_action(action_to_json(Say(2, "Thank you"))) == Say(2, "Thank you")
    for data in ({"type": "say", "seat": 0}, {"type": "say", "seat": 0, "words": 5},
                 {"type": "say", "seat": 0, "words": "x" * (MAX_SAY + 1)},
                 {"type": "say", "seat": 0, "words": "hi", "cards": []}):
        with pytest.raises(EngineError) as caught:
            parse_action(data)
        assert caught.value.code == "action/malformed"


def test_speech_events_and_the_state_round_trip() -> None:
    state = house(TALKING, MATCH, THANKS)
    state, _ = play(state, 1, "9D")
    new, events = say(state, 1, "Sorry")
    assert [event_from_json(e.to_json()) for e in events] == events
    assert GameState.from_json(new.to_json()) == new
    old = new.to_json()
    del old["unanswered"]
    assert GameState.from_json(old).unanswered == {}


def test_a_dearer_talking_rule_costs_its_penalty() -> None:
    dear = {"jargon": "Hush", "rule": {"kind": "talking", "penalty": 2}}
    new, events = say(house(dear), 2, "Point of order")
    assert texts(events)[1:] == ["Referee: that's a Hush! Cat spoke outside a play.",
                                 "Cat draws 2 cards as a penalty."]
    assert new.hands[2] == ["4C", "6C", "QS", "KS"]


def test_a_secret_speech_rule_speaks_in_its_authors_name() -> None:
    state = arrange(start([(0, TALKING)]), [["2C"], ["9D"], ["4C"]], [["7C"]], current=1)
    _, events = say(state, 1, "Hm")
    assert texts(events)[1] == "Ann: that's a Talking! Bob spoke outside a play."
    assert only(events, SpeechBroken).author == 0


def test_a_reply_penalty_the_stock_cannot_supply_never_lets_a_wrong_action_through() -> None:
    state = arrange(house(MATCH, THANKS), [None, ["9D", "3D"], ["4C", "6C"]], [["7C"]],
                    draws=["QS"], current=1)
    state, _ = play(state, 1, "9D")
    assert (state.stock, state.unanswered, state.current) == ([], {1: ["penalty"]}, 2)
    # Bob's penalty for no thanks could not be drawn, but passing out of turn is refused.
    assert refusal(state, Pass(1)) == "action/not_your_turn"


@pytest.mark.parametrize("words", ["Five of DIAMONDS", "Who played that?", "What time is it?",
                                   "Hold on."])
def test_five_cards_grounds_for_talking_each_cost_a_card(words: str) -> None:
    """Seed 001: "Talking is saying anything that is not needed for the game. These would
    all be grounds for talking: ...", under five-card's rule (nothing allowed)."""
    plain = {"jargon": "Talking", "rule": {"kind": "talking"}}
    new, events = say(house(plain), 1, words)
    assert texts(events)[1:] == ["Referee: that's a Talking! Bob spoke outside a play.",
                                 "Bob draws a card as a penalty."]
    assert len(new.hands[1]) == 4
