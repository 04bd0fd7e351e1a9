"""Bots say every reply they know they owe, and nothing else outside a play: seeded games
under talking and reply rules (five-card's talking, Penn State's "Thank you") cost no bot a
speech penalty for a rule it knows, while a secret reply rule costs a bot that does not;
the detective says the replies it owes under the house rules as the oracle does."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.autoplay.detective_bot import DetectiveBot
from games.engine.actions import Say
from games.engine.bots import KnownRules, Oracle, reply_for
from games.engine.events import Drew, Said, SpeechBroken
from games.engine.simulate import play_on
from games.engine.state import GameState
from games.engine.visibility import player_view
from rules.evaluation import Rulebook
from tests.engine.helpers import act, arrange, example, play, start

MATCH, _ = example("09")
TALKING = {"jargon": "Talking", "rule": {"kind": "talking", "allow": ["Point of order"]}}
THANKS = {"jargon": "Thanks", "rule": {"kind": "reply", "say": "Thank you",
                                       "after": ["penalty", "effect"]}}
SEVENS = {"jargon": "Nice Day", "rule": {
    "kind": "trigger", "when": {"type": "rank", "in": ["7"]},
    "effects": [{"type": "draw", "who": "next", "count": 1}]}}
#: A secret reply rule of seat 0's: only its author and the oracle know it.
PASSING = {"jargon": "Grateful", "rule": {"kind": "reply", "say": "Thank you very much",
                                          "after": ["pass"]}}
KINDS = ("experimenter", "experimenter", "oracle")


def table(seed: int, *secret: dict[str, Any]) -> GameState:
    """Three seats (an oracle at seat 2) under house rules Match, Talking, Thanks and Nice
    Day (spoken for by the chair), and ``secret`` rules of seat 0."""
    house = [MATCH, TALKING, THANKS, SEVENS]
    state = start([(0, r) for r in (*house, *secret)], names=("Ann", "Bob", "Cat"),
                  seed=seed, jokers=False)
    for entry in state.rules[:len(house)]:
        entry.author, entry.house = None, True
    state.settings = replace(state.settings, chair="Referee")
    return state


@pytest.mark.parametrize("seed", range(3))
def test_no_bot_pays_for_a_speech_rule_it_knows(seed: int) -> None:
    game = play_on(table(seed, PASSING), KINDS, seed, max_actions=300, max_rounds=2)
    assert not game.problems
    broken = [e for e in game.events if isinstance(e, SpeechBroken)]
    # Everyone knows the house rules; seat 0 wrote Grateful; the oracle knows them all.
    assert [e.text for e in broken if e.jargon != "Grateful" or e.seat in (0, 2)] == []
    # The rules were at work: penalties were drawn and answered out loud.
    penalties = [e for e in game.events if isinstance(e, Drew) and e.reason == "penalty"]
    replies = [e for e in game.events if isinstance(e, Said) and e.words == "thank you"]
    assert penalties and replies


def test_a_reply_rule_a_bot_does_not_know_costs_it() -> None:
    """The check above can fail: seat 1 does not know seat 0's secret reply rule, and pays
    for it when it passes and then plays without thanks."""
    broken = [e for seed in range(3)
              for e in play_on(table(seed, PASSING), KINDS, seed, max_actions=300,
                               max_rounds=2).events if isinstance(e, SpeechBroken)]
    assert any(e.jargon == "Grateful" and e.seat == 1 for e in broken)


def test_the_oracle_says_what_it_owes_on_its_turn_or_not_and_only_that() -> None:
    state = arrange(table(0), [["2C", "8C"], ["7C", "3D"], ["4C", "6C"]], [["5C"]],
                    draws=["QS"], current=1)
    cat, bob = Oracle(2, 0, KnownRules(state.rulebook())), Oracle(1, 0,
                                                                   KnownRules(state.rulebook()))
    assert bob.act(player_view(state, 1)) != Say(1, "thank you")
    state, _ = play(state, 1, "7C")  # Nice Day: Cat draws, and owes thanks
    assert state.current == 2
    assert cat.act(player_view(state, 2)) == Say(2, "thank you")
    assert bob.act(player_view(state, 1)) is None  # not its turn, and it owes nothing
    state, _ = play(state, 2, "4C")  # Cat forgot: a penalty, and thanks owed again
    assert state.unanswered == {2: ["penalty"]}
    # Off its turn, the oracle still says what it owes, and only that.
    assert state.current == 0
    assert cat.act(player_view(state, 2)) == Say(2, "thank you")
    assert reply_for(2, player_view(state, 2), Rulebook([]).rules) is None


@pytest.mark.parametrize("seed", range(2))
def test_the_detective_never_pays_for_a_house_speech_rule(seed: int) -> None:
    """Detectives know the house rules (public): they say the thanks they owe, and talk
    no more, so no house talking or reply rule costs them a card; the rules were at work."""
    game = play_on(table(seed), ("detective", "detective", "oracle"), seed, max_actions=300,
                   max_rounds=2)
    assert not game.problems
    assert [e.text for e in game.events if isinstance(e, SpeechBroken)] == []
    thanked = {e.seat for e in game.events if isinstance(e, Said) and e.words == "thank you"}
    assert thanked & {0, 1}


def test_the_detective_says_what_it_owes_off_its_turn() -> None:
    state = arrange(table(0), [["2C", "8C"], ["7C", "3D"], ["4C", "6C"]], [["5C"]],
                    draws=["QS"], current=1)
    cat = DetectiveBot(2, 0)
    state, _ = play(state, 1, "7C")  # Nice Day: Cat draws, and owes thanks
    assert cat.act(player_view(state, 2)) == Say(2, "thank you")
    state, _ = play(state, 2, "4C")  # Cat forgot (a scripted play): thanks owed again
    assert state.current == 0
    assert cat.act(player_view(state, 2)) == Say(2, "thank you")
    # Once thanked, it owes nothing and, off its turn, says nothing.
    state, _ = act(state, Say(2, "thank you"))
    assert cat.act(player_view(state, 2)) is None
