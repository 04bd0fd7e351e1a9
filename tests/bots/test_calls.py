"""Bots make every call they know is required: seeded games under rulebooks with several call
rules (phrases inside one another, the same words for two rules, alternatives) cost no bot a
call penalty for a rule it knows."""

from __future__ import annotations

from typing import Any

import pytest

import games.autoplay.detective_bot  # noqa: F401  (registers the detective with make_bot)
from games.autoplay.detective_bot import DetectiveBot
from games.engine.bots import Experimenter, known_calls, play_context, words_for
from games.engine.events import CallBroken
from games.engine.simulate import play_on
from games.engine.visibility import player_view
from rules.cards import parse
from tests.engine.helpers import arrange, start

KINDS = ("experimenter", "detective", "oracle")


def call(jargon: str, say: str, when: dict[str, Any]) -> dict[str, Any]:
    return {"jargon": jargon, "rule": {"kind": "call", "when": when, "say": say}}


def left(op: str, n: int) -> dict[str, Any]:
    return {"type": "compare", "what": "hand_after", "op": op, "value": n}


CALLS = [
    (0, call("Spade Call", "{rank} of {suit}", {"type": "suit", "in": ["S"]})),
    (0, call("Nice Day", "Have a {very} nice day", {"type": "rank", "in": ["7"]})),
    (1, call("Mao", "Mao", left("==", 1))),
    (1, call("Last Mao", "Mao", left("==", 0))),
    (1, call("Royalty", "All hail the [most honorable] (Chairman|Chairwoman), {card}",
             {"type": "rank", "in": ["K"]})),
    (2, call("Two", "two", {"type": "rank", "in": ["2"]})),
    (2, call("Double", "Mao Mao", left("<=", 1))),
]


@pytest.mark.parametrize("seed", range(4))
def test_no_bot_pays_for_a_call_it_knows(seed: int) -> None:
    state = start(CALLS, names=("Ann", "Bob", "Cat"), seed=seed, jokers=False)
    game = play_on(state, KINDS, seed, max_actions=400, max_rounds=3)
    assert not game.problems
    broken = [e for e in game.events if isinstance(e, CallBroken)]
    # Each bot knows its own rules; the oracle (seat 2) knows them all.
    assert [e.jargon for e in broken if e.author == e.seat or e.seat == 2] == []
    # The rules were asked for, and the others' calls did cost the bots that did not know them.
    assert any(e.seat != e.author for e in broken)


def test_an_experimenter_makes_its_own_calls_and_keeps_the_mao_it_tries_only_if_harmless(
        ) -> None:
    state = start(CALLS, names=("Ann", "Bob", "Cat"), jokers=False)
    arrange(state, [["5S", "8C"], ["KS", "2C", "3C"], ["4D"]], [["5C"]], current=0)
    view = player_view(state, 0)
    bot = Experimenter(0, 1)
    ctx = play_context(view, parse("5S"), parse("5S"))
    # Seat 0 knows its spade call; "Mao" (which it may try with its last but one card) is
    # not one of its rules, so nothing it knows finds it needless.
    assert words_for(known_calls(bot.knows, view), ctx, ["Mao"]) == "five of spades. Mao"
    bob = player_view(state, 1)
    ctx = play_context(bob, parse("KS"), parse("KS"))
    # Bob knows both Maos and the king call, not the spade call: "Mao" would be needless.
    assert words_for(known_calls(DetectiveBot(1, 1).knows, bob), ctx, ["Mao", "king of spades"]
                     ) == "all hail the most honorable chairman king of spades. king of spades"
