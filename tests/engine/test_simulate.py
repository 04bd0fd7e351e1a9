"""Playing on from a state with bots: what the bots saw first, stopping early, timing."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine.actions import WriteRule
from games.engine.apply import apply
from games.engine.bots import Experimenter, make_bot
from games.engine.events import Event, Played, Refused
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.simulate import NAMES, play_game, play_on
from games.engine.state import GameState

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}


def written() -> tuple[GameState, list[Event]]:
    state = new_game(GameSettings(players=3, first_rule_maker=0), NAMES[:3], 5)
    return apply(state, WriteRule(0, RULE))


def test_play_on_stops_when_told_without_ending_the_game() -> None:
    state, events = written()
    plays = [0]

    def three_plays(now: GameState, happened: Sequence[Event]) -> bool:
        plays[0] += sum(isinstance(e, Played | Refused) for e in happened)
        return plays[0] >= 3

    game = play_on(state, ("experimenter",), 5, seen=events, until=three_plays, timed=True)
    assert plays[0] == 3 and game.final.phase == "playing" and not game.capped
    assert not game.problems
    # Every move at play was timed, for the seat that made it.
    assert sum(len(t) for t in game.thinking.values()) == len(game.actions)
    assert all(t >= 0 for times in game.thinking.values() for t in times)


def test_the_bots_first_read_what_happened_before() -> None:
    state, events = written()
    game = play_on(state, ("experimenter",), 5, seen=events, max_actions=40)
    assert [bot.seat for bot in game.bots] == [0, 1, 2]
    bot = game.bots[1]
    assert isinstance(bot, Experimenter)
    refused = {(e.top, e.cards[0]) for e in [*events, *game.events]
               if isinstance(e, Refused) and e.seat == 1}
    assert bot.refused == refused


def test_play_game_is_play_on_from_a_new_game() -> None:
    settings = GameSettings(players=3)
    game = play_game(settings, 8, ("oracle", "experimenter"), max_actions=60)
    again = play_on(new_game(settings, NAMES[:3], 8), ("oracle", "experimenter"), 8,
                    max_actions=60)
    assert game.actions == again.actions and game.events == again.events


def test_a_kind_made_above_the_engine_must_be_registered() -> None:
    with pytest.raises(ValueError, match="unknown bot kind"):
        make_bot("wizard", 0, 1)
