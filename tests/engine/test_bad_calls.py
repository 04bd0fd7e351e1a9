"""Bad calls (``bad_call_penalty``) tell nobody a secret rule's jargon: only a jargon the
whole table has heard can be called, so a secret one said aloud is talk, whatever it is."""

from __future__ import annotations

from typing import Any

from games.engine.actions import Play, Say
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import act, arrange, kinds, start


def _gronk(jargon: str) -> dict[str, Any]:
    """Ann's secret rule: no heart on a club."""
    return {"jargon": jargon, "rule": {
        "kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
        "must_not": {"type": "suit", "of": "played", "in": ["H"]}}}


def _table(jargon: str) -> GameState:
    state = start([(0, _gronk(jargon))], jokers=False, violation_calls=True,
                  bad_call_penalty=1)
    return arrange(state, [["2D", "3D"], ["5C", "6H", "7C"], ["6S", "4C"]], [["9C"]],
                   draws=("4S", "KS", "QS"), current=1)


def test_a_secret_jargon_said_after_a_legal_play_is_no_bad_call() -> None:
    # Bob plays legally; Cat then says the jargon of Ann's rule, which nobody has heard.
    # Whether that jargon is "Gronk" or "Zorp", Cat's words draw the same answer.
    seen = []
    for jargon in ("Gronk", "Zorp"):
        state, _ = act(_table(jargon), Play(1, ("5C",)))
        after, events = act(state, Say(2, "Gronk!"))
        assert "bad_call" not in kinds(events)
        seen.append(([e.seen_by(1).to_json() for e in events],
                     player_view(after, 1).to_json()))
    assert seen[0] == seen[1]


def test_a_heard_jargon_may_be_called_and_a_wrong_call_costs() -> None:
    # Bob's heart on a club is refused: "Gronk" is heard. After Cat's legal play, Bob
    # calling it is a bad call.
    state, events = act(_table("Gronk"), Play(1, ("6H",)))
    assert kinds(events)[0] == "refused"
    state, _ = act(state, Play(2, ("4C",)))
    _, events = act(state, Say(1, "That's a Gronk!"))
    assert "bad_call" in kinds(events)


def test_a_secret_calls_words_tell_nothing_through_a_bad_call() -> None:
    # Both jargons are known (a refusal, a missed call), but the call's words are not: "Nice
    # day!" answers the same whether Bob's call asks "Have a nice day" or "Good morning".
    seen = []
    for say in ("Have a nice day", "Good morning"):
        courtesy = {"jargon": "Courtesy", "rule": {
            "kind": "call", "when": {"type": "rank", "of": "played", "in": ["K"]}, "say": say}}
        state = start([(0, _gronk("Nice Day")), (1, courtesy)], jokers=False,
                      violation_calls=True, bad_call_penalty=1)
        state = arrange(state, [["2D", "3D"], ["5C", "6H", "7C"], ["6S", "4C"]], [["9C"]],
                        draws=("4S", "KS", "QS"), current=1)
        state.revealed = [e.id for e in state.rules]
        state, _ = act(state, Play(1, ("5C",)))
        _, events = act(state, Say(2, "Nice day!"))
        seen.append([e.seen_by(0).to_json() for e in events])
    assert seen[0] == seen[1]
