"""What the two word boxes say before anything is typed: the known rules that judge their
words (a talking rule for the talk box, calls for the words with a card), each named only to
a viewer who may know it: the house's for everyone, a secret rule for its author only."""

from __future__ import annotations

from games.engine.actions import CallOrder
from games.engine.apply import apply
from games.engine.state import GameState, RuleEntry
from games.engine.visibility import player_view
from games.table.speech_hints import SpeechHint, call_hints, talk_hints
from tests.engine.helpers import start

ANN, BOB, CAT = 0, 1, 2
ANY = {"jargon": "Anything", "rule": {"kind": "restriction", "must": {"type": "always"}}}
SILENCE = {"version": 1, "jargon": "Silence",
           "rule": {"kind": "talking", "allow": ["Point of order"], "penalty": 1}}
MAO = {"version": 1, "jargon": "Mao",
       "rule": {"kind": "call", "when": {"type": "compare", "what": "hand_after", "op": "==",
                                         "value": 0}, "say": "Mao"}}
THIRD = {"version": 1, "jargon": "Third Person",
         "rule": {"kind": "third_person", "allow": ["Thank you"], "during": "order",
                  "penalty": 1}}


def table(*entries: RuleEntry) -> GameState:
    state = start([(ANN, ANY)])
    state.rules.extend(entries)
    return state


def jargons(hints: tuple[SpeechHint, ...]) -> list[tuple[str, str]]:
    return [(h.jargon, h.whose) for h in hints]


def test_a_house_talking_rule_and_call_are_named_to_everyone_seated() -> None:
    state = table(RuleEntry(8, None, 1, SILENCE, house=True),
                  RuleEntry(9, None, 1, MAO, house=True))
    for seat in (ANN, BOB, CAT):
        view = player_view(state, seat)
        assert jargons(talk_hints(view)) == [("Silence", "a house rule")]
        assert jargons(call_hints(view)) == [("Mao", "a house rule")]
        assert talk_hints(view)[0].text.startswith("Words said outside a play cost")


def test_a_talking_rule_that_judges_words_with_a_play_is_named_in_both_boxes() -> None:
    judged = {"version": 1, "jargon": "Silence", "rule": {
        "kind": "talking", "allow": ["Point of order"], "penalty": 1, "play_talk": "judged"}}
    view = player_view(table(RuleEntry(8, None, 1, judged, house=True),
                             RuleEntry(9, None, 1, MAO, house=True)), BOB)
    assert jargons(talk_hints(view)) == [("Silence", "a house rule")]
    assert jargons(call_hints(view)) == [("Silence", "a house rule"), ("Mao", "a house rule")]
    assert "so do words said with a play" in call_hints(view)[0].text


def test_a_secret_rule_is_named_to_its_author_only() -> None:
    state = table(RuleEntry(8, BOB, 1, SILENCE), RuleEntry(9, CAT, 1, MAO))
    assert jargons(talk_hints(player_view(state, BOB))) == [("Silence", "your rule")]
    assert jargons(call_hints(player_view(state, CAT))) == [("Mao", "your rule")]
    for seat in (ANN, CAT, None):
        assert talk_hints(player_view(state, seat)) == ()
    for seat in (ANN, BOB, None):
        assert call_hints(player_view(state, seat)) == ()


def test_a_rule_disclosed_at_a_rounds_end_is_named_to_everyone_once() -> None:
    state = table(RuleEntry(8, BOB, 1, SILENCE))
    state.disclosed = [8]
    for seat in (ANN, BOB, CAT):
        hints = talk_hints(player_view(state, seat))
        assert [h.jargon for h in hints] == ["Silence"], seat
    assert jargons(talk_hints(player_view(state, ANN))) == [("Silence", "disclosed")]


def test_a_point_of_order_frees_talking_but_not_a_third_person_rule() -> None:
    state = table(RuleEntry(8, None, 1, SILENCE, house=True),
                  RuleEntry(9, None, 1, THIRD, house=True))
    assert jargons(talk_hints(player_view(state, ANN))) == [("Silence", "a house rule")]
    state = apply(state, CallOrder(CAT), 1_000)[0]
    assert jargons(talk_hints(player_view(state, ANN))) == [("Third Person", "a house rule")]


def test_a_talking_rule_with_phrases_costly_in_a_point_of_order_is_named_in_one() -> None:
    costly = {"version": 1, "jargon": "No Speaking", "rule": {
        "kind": "talking", "allow": ["End point of order"], "in_order": ["Point of order"]}}
    state = table(RuleEntry(8, None, 1, costly, house=True))
    state = apply(state, CallOrder(CAT), 1_000)[0]
    hints = talk_hints(player_view(state, ANN))
    assert jargons(hints) == [("No Speaking", "a house rule")]
    assert "in a point of order, saying “Point of order” costs a card too" in hints[0].text
