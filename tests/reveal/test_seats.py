"""The reveal of a game whose seats left it: the players' table says how each left, the
hand-size chart ends a seat's line where it left, and a game won by the last player left
says so; an out-of-turn play counts as a rule broken ("Out of Turn")."""

from __future__ import annotations

import re

import pytest

from games.display.hand_chart import hand_chart
from games.engine.actions import EndGame, Play, RemoveSeat, WriteRule
from games.models import Game
from games.presets.registry import preset
from games.reveal.context import reveal_context
from games.store.reads import load_state
from games.store.writes import submit_action
from tests.reveal.helpers import TANGLE, start
from tests.web.presets import preset_game

pytestmark = pytest.mark.django_db


def removed_then_ended() -> Game:
    """Ann writes Tangle, removes Bob, then ends the game."""
    game = start(3)
    version = submit_action(game, WriteRule(0, TANGLE), game.version).version
    version = submit_action(game, RemoveSeat(0, 1), version).version
    submit_action(game, EndGame(0), version)
    return Game.objects.get(pk=game.pk)


def test_the_players_table_says_who_left_the_game_and_how() -> None:
    rows = reveal_context(removed_then_ended().code)["player_rows"]
    assert [(row.name, row.left) for row in rows] == [("Ann", ""), ("Bob", "removed by the host"),
                                                      ("Cy", "")]


def test_the_chart_ends_the_line_of_a_seat_that_left() -> None:
    context = reveal_context(removed_then_ended().code)
    assert "Bob left the game at action 2." in context["chart_summary"]
    assert "At the end: Ann 5, Cy 5." in context["chart_summary"]
    svg = hand_chart(["Ann", "Bob"], [[5, 5], [5, 0], [4, 0]], gone=[(1, 2)])
    bob = re.search(r'<path class="series series-1"[^>]* d="([^"]*)"', svg)
    assert bob is not None and bob.group(1).count("L") == 1  # action 1 only, drawn as a dot


def test_the_last_player_left_wins_and_the_reveal_says_so() -> None:
    game = start(2)
    version = submit_action(game, WriteRule(0, TANGLE), game.version).version
    version = submit_action(game, WriteRule(1, {**TANGLE, "jargon": "Knot"}), version).version
    submit_action(game, RemoveSeat(0, 1), version)
    context = reveal_context(game.code)
    assert context["end_headline"] == "One player left: the others left the game"
    assert context["end"].text == "Ann is the last player left and wins the game."
    last = context["results"][-1]
    assert (last.outcome, last.name, last.how_words) == ("won", "Ann",
                                                         "was the last player left in the game")


def test_a_play_out_of_turn_counts_as_a_rule_broken() -> None:
    game, _ = preset_game(preset("five-card"), players=3)
    state = load_state(game)
    waiting = next(s for s in range(3) if s != state.current)
    version = submit_action(game, Play(waiting, (state.hands[waiting][0],)),
                            game.version).version
    submit_action(game, EndGame(0), version)
    rows = reveal_context(game.code)["player_rows"]
    assert ("Out of Turn", 1) in [(b.jargon, b.times) for b in rows[waiting].broke]
