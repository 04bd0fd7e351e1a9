"""Properties of speech outside a play: a Say by any seat at any moment is refused with a
clear error that changes nothing, or is a valid transition that keeps every invariant, never
moves the turn, and changes hands only by the speaker's penalty cards; without speech rules
it changes nothing but the history."""

from __future__ import annotations

from collections import Counter
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import MAX_SAY, Pass, Play, Say
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.events import Drew, SpeechBroken
from games.engine.invariants import violations
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from rules.spec import load_rule
from rules.speech import perfect_reply
from tests.engine.helpers import snapshot

SPEECH_RULES = [
    load_rule({"version": 1, "jargon": "Talking", "rule": {
        "kind": "talking", "allow": ["Point of order", "All hail the (Chairman|Chairwoman)"]}}),
    load_rule({"version": 1, "jargon": "Thanks", "rule": {
        "kind": "reply", "say": "Thank you", "after": ["penalty", "effect", "pass"]}}),
    load_rule({"version": 1, "jargon": "Much", "rule": {
        "kind": "reply", "say": "Thank you very much", "after": ["pass"], "penalty": 2}}),
    load_rule({"version": 1, "jargon": "Match", "rule": {
        "kind": "restriction", "must": {"type": "any", "of": [
            {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"}]}}}),
]
CODES = {"action/bad_seat", "action/wrong_phase", "action/nothing_said", "action/too_long"}
WORDS = st.one_of(
    st.sampled_from(["Thank you", "thank you very much", "Point of order", "Hello?", "",
                     " ?! ", "All hail the chairwoman. Thank you", "Mao"]),
    st.text(max_size=40), st.text(min_size=MAX_SAY - 2, max_size=MAX_SAY + 2))


def table(seed: int, players: int, speech: bool) -> GameState:
    """A game a few random steps into play (passes and plays, so some seats owe replies)."""
    house = SPEECH_RULES if speech else SPEECH_RULES[3:]
    state = open_game(GameSettings(players=players, jokers=False), ["Ann", "Bob", "Cat",
                                                                    "Dan"][:players],
                      seed, house=house)[0]
    rng = Random(seed)
    for _ in range(rng.randrange(6)):
        if state.phase != "playing":
            break
        seat = state.current
        action = Pass(seat) if rng.random() < 0.4 else Play(seat, (rng.choice(
            state.hands[seat]),))
        state, _ = apply(state, action)
    return state


@settings(deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(-2, 5), WORDS, st.booleans())
def test_a_say_is_refused_unchanged_or_keeps_every_invariant(
        seed: int, players: int, seat: int, words: str, speech: bool) -> None:
    state = table(seed, players, speech)
    before = snapshot(state)
    try:
        new, events = apply(state, Say(seat, words))
    except EngineError as exc:
        assert exc.code in CODES
        assert str(exc)
        assert state.to_json() == before
        return
    assert state.to_json() == before
    assert violations(new) == []
    # Speech never moves the turn, the direction or the round's cards on the piles.
    assert (new.current, new.direction, new.turn, new.round) == (
        state.current, state.direction, state.turn, state.round)
    assert [p.cards for p in new.piles] == [p.cards for p in state.piles] or new.phase != (
        "playing")
    drawn = [e for e in events if isinstance(e, Drew)]
    assert all(d.seat == seat and d.reason == "penalty" for d in drawn)
    if new.phase == "playing":
        for other in range(players):
            if other != seat:
                assert new.hands[other] == state.hands[other]
        gained = Counter(new.hands[seat]) - Counter(state.hands[seat])
        assert sorted(gained.elements()) == sorted(c for d in drawn for c in d.cards)
    # Each card drawn follows a breach of a speech rule: penalties come from rules only.
    breaches = [e for e in events if isinstance(e, SpeechBroken)]
    assert bool(drawn) <= bool(breaches)
    if not speech:
        assert breaches == []
        expected = dict(before, history=[*before["history"], list(map(len, state.hands))])
        expected["unanswered"] = {k: v for k, v in before["unanswered"].items()
                                  if k != str(seat)}
        assert new.to_json() == expected


@settings(deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_saying_what_one_owes_costs_nothing_and_clears_the_debt(seed: int, players: int
                                                                ) -> None:
    state = table(seed, players, True)
    if state.phase != "playing":
        return
    for seat in range(players):
        owed = state.rulebook().owed_replies(state.unanswered.get(seat, []))
        words = perfect_reply(owed) or "Point of order"
        new, events = apply(state, Say(seat, words))
        assert not any(isinstance(e, SpeechBroken) for e in events), words
        assert seat not in new.unanswered
