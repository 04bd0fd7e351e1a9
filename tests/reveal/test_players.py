"""The reveal's table of players, counted against games played through the write path."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.events import CallBroken, Drew, Refused
from games.engine.settings import GameSettings
from games.models import Game
from games.reveal.context import reveal_context
from games.reveal.players import PlayerRow
from games.store.reads import game_log, load_state
from tests.factories import create_game
from tests.reveal.helpers import FIVER, NAMES, TANGLE, TANGLE_EXACT, TANGLE_WIDE, play, seal

pytestmark = pytest.mark.django_db


def rows(game: Game) -> list[PlayerRow]:
    found: list[PlayerRow] = reveal_context(game.code)["player_rows"]
    return found


def test_rounds_won_match_the_winners(hosted: Game, locked: Game) -> None:
    for game in (hosted, locked):
        winners = Counter(w.seat for w in load_state(game).winners)

        assert [row.rounds_won for row in rows(game)] == [winners[s] for s in range(3)]
    assert [row.rounds_won for row in rows(hosted)] == [0, 0, 2]


def test_penalties_count_the_cards_drawn_as_penalties(hosted: Game) -> None:
    log = game_log(hosted)
    drawn: Counter[int | None] = Counter()
    for event in log:
        if isinstance(event, Drew) and event.reason == "penalty":
            drawn[event.seat] += len(event.cards)
    refusals = sum(1 for event in log if isinstance(event, Refused | CallBroken))

    penalties = [row.penalty_cards for row in rows(hosted)]

    assert penalties == [drawn[s] for s in range(3)]
    # Each refusal cost one card (the stock never ran dry), and Fiver's draws are no penalty.
    assert sum(penalties) == refusals > 0
    assert any(isinstance(e, Drew) and e.reason == "effect" for e in log)


def test_rules_broken_add_up_to_each_rules_count(hosted: Game, locked: Game) -> None:
    for game in (hosted, locked):
        state = load_state(game)
        broken: Counter[str] = Counter()
        for row in rows(game):
            assert [b.times for b in row.broke] == sorted((b.times for b in row.broke),
                                                         reverse=True)
            assert row.times_broken == sum(b.times for b in row.broke)
            broken.update({b.jargon: b.times for b in row.broke})

        assert broken == Counter({e.jargon: state.stats[e.id].broken for e in state.rules
                                  if state.stats[e.id].broken})


def test_a_breaking_is_counted_for_the_player_who_tried_the_play(locked: Game) -> None:
    refused_by = Counter(e.seat for e in game_log(locked) if isinstance(e, Refused))

    assert {row.name: row.times_broken for row in rows(locked)} == {
        name: refused_by[s] for s, name in enumerate(load_state(locked).names)}


def test_each_players_guesses_are_listed_with_their_scores(hosted: Game) -> None:
    seal(hosted, 1, "Tangle", TANGLE_EXACT, hosted.version - 5)
    seal(hosted, 1, "Fiver", TANGLE_WIDE, hosted.version - 4)

    ann, bob, _ = rows(hosted)

    assert ann.guesses == ()
    assert [(g.jargon, g.score.verdict) for g in bob.guesses] == [("Tangle", "exact"),
                                                                  ("Fiver", "wrong")]
    assert bob.exact == 1


def test_bots_are_shown_with_their_kind() -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), NAMES[:3], 7,
                       bots={1: "experimenter", 2: "oracle"})
    game = play(game, [TANGLE, FIVER], ("oracle", "experimenter"), max_actions=60)

    found = rows(game)

    assert [row.bot_label for row in found] == ["", "bot", "bot · knows every rule"]
    assert [row.name for row in found] == list(load_state(game).names)
