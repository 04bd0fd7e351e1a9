"""``allow_stuck``: words allowed to a player whose card drawn by passing no rule they know
lets them play, judged by those rules as the game reads them (their own included)."""

from __future__ import annotations

from games.engine.actions import Pass, Say
from tests.engine.helpers import act, arrange, kinds, start

#: Bob's own rule: no heart for its author.
MINE = {"jargon": "Mine", "rule": {"kind": "restriction", "when": {"type": "is_author"},
                                   "must_not": {"type": "suit", "of": "played", "in": ["H"]}}}
#: Ann's rule, secret to Bob, so Bob is judged by the rules he knows alone.
ZORP = {"jargon": "Zorp", "rule": {"kind": "restriction",
                                   "when": {"type": "suit", "of": "top", "in": ["S"]},
                                   "must_not": {"type": "suit", "of": "played", "in": ["D"]}}}
HUSH = {"jargon": "Hush", "rule": {"kind": "talking", "allow": ["Point of order"],
                                   "allow_stuck": ["Go fish"]}}


def test_a_player_stuck_by_their_own_rule_may_say_go_fish() -> None:
    state = start([(0, ZORP), (1, MINE), (1, HUSH)], jokers=False, play_drawn=True)
    state = arrange(state, [["2D", "3D"], ["5H", "6H", "7H"], ["6S", "4C"]], [["9C"]],
                    draws=("4H", "KS", "QS"), current=1)
    state, _ = act(state, Pass(1))
    assert state.drawn_card() == "4H"
    _, events = act(state, Say(1, "Go fish"))
    assert kinds(events) == ["said"]
