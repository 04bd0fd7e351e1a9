"""Bots at a live table act through the write path when it is their move.

Every game here has a fixed seed, so its deal and the bots' choices are the same on every
run.
"""

from __future__ import annotations

import pytest

from games.bots.driver import bot_action, kick
from games.engine.actions import WriteRule
from games.engine.settings import GameSettings
from games.lobby.services import add_bot, open_game, start_game
from games.models import Game
from games.store.writes import submit_action
from tests.factories import stored_state

pytestmark = pytest.mark.django_db(transaction=True)

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}


def bot_table(kind: str = "oracle", host_first: bool = True) -> Game:
    settings = GameSettings(players=3, first_rule_maker=0 if host_first else None)
    game = open_game(settings, "Gogol", "host", seed=1)
    add_bot(game, "host", kind)
    add_bot(game, "host", kind)
    return start_game(game, "host")


def test_bots_play_until_a_person_must_act() -> None:
    game = bot_table()
    submit_action(game, WriteRule(0, RULE), game.version)
    game.refresh_from_db()
    # Seat 1, on the rule-maker's left, plays first: both bots move, then the person must.
    assert (game.phase, stored_state(game)["current"]) == ("playing", 0)
    assert [entry.action["seat"] for entry in game.log.order_by("seq")] == [0, 1, 2]


def test_a_bot_rule_maker_writes_its_rule_when_the_game_starts() -> None:
    game = open_game(GameSettings(players=2), "Gogol", "host", seed=1)
    add_bot(game, "host", "experimenter")
    game = start_game(game, "host")
    game.refresh_from_db()
    # Both players of a two-player game write a rule: the bot has written its own.
    assert game.phase == "writing" and stored_state(game)["writers"] == [0]
    assert [r["author"] for r in stored_state(game)["rules"]] == [1]


def test_nothing_happens_when_no_bot_is_due() -> None:
    game = bot_table()
    assert bot_action(game) is None
    version = game.version
    kick(game.pk)
    game.refresh_from_db()
    assert game.version == version


def test_a_started_game_without_bots_is_remembered_and_never_kicked_again(
        settings: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from games.bots import driver as botdriver
    from games.lobby.services import join_game

    game = open_game(GameSettings(players=2), "Gogol", "host", seed=1)
    join_game(game, "Bull", "guest")
    game = start_game(game, "host")
    assert botdriver.act_once(game.pk) is False
    assert (game.pk, game.code) in botdriver._botless

    settings.MAO_BOT_DELAY = 0.5  # type: ignore[attr-defined]
    started: list[object] = []
    monkeypatch.setattr(botdriver._scheduler, "schedule",
                        lambda key, delay, job: started.append(key))
    kick(game.pk, game.code)
    assert started == []  # no job, no database read
    kick(game.pk)  # without the code the driver cannot know: it looks
    assert started == [f"game-{game.pk}"]


def test_a_game_with_bots_is_never_taken_for_botless() -> None:
    from games.bots import driver as botdriver

    game = bot_table()
    botdriver.act_once(game.pk)
    assert (game.pk, game.code) not in botdriver._botless


def test_a_failed_bot_move_is_tried_again_a_few_times(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.bots import driver as botdriver

    def broken(game_id: int) -> bool:
        raise RuntimeError("the database is away")

    retries: list[int] = []
    monkeypatch.setattr(botdriver, "act_once", broken)
    monkeypatch.setattr(botdriver, "_schedule",
                        lambda delay, game_id, attempt: retries.append(attempt))
    for attempt in range(botdriver.RETRIES + 1):
        botdriver._act_in_thread(1, attempt)
    assert retries == list(range(1, botdriver.RETRIES + 1))  # then it gives up


def test_an_experimenters_notebook_reads_only_the_log_it_has_not_read(
        django_assert_num_queries: object) -> None:
    from games.bots import driver as botdriver
    from games.engine.actions import Pass
    from games.engine.events import Refused
    from games.store.reads import game_log

    game = bot_table("experimenter")
    game = submit_action(game, WriteRule(0, RULE), game.version).game  # the bots play on
    game.refresh_from_db()
    notes = botdriver.notebook(game, 1)
    assert notes.read_to == game.version
    # What a full read of the log would find, found by reading each entry once.
    assert notes.refused == {(e.top, e.cards[0]) for e in game_log(game)
                             if isinstance(e, Refused) and e.seat == 1}
    with django_assert_num_queries(1):  # type: ignore[operator]
        assert botdriver.notebook(game, 1) is notes  # nothing new: one empty read
    if stored_state(game)["phase"] == "playing" and stored_state(game)["current"] == 0:
        game = submit_action(game, Pass(0), game.version).game
        game.refresh_from_db()
        assert botdriver.notebook(game, 1).read_to == game.version


def test_a_bot_decides_from_its_seats_view_alone() -> None:
    """Two games that look the same from a bot's seat get the same move from it."""
    from games.engine.apply import apply
    from games.engine.bots import Experimenter
    from games.engine.setup import new_game
    from games.engine.views import player_view

    state = new_game(GameSettings(players=3, first_rule_maker=0), ["A", "B", "C"], 9)
    state, _ = apply(state, WriteRule(0, RULE))
    other = state.clone()
    other.hands[2], other.hands[0] = other.hands[0], other.hands[2]  # hidden from seat 1
    other.stock.reverse()
    other.current = 1
    state.current = 1
    assert state.to_json() != other.to_json()
    assert player_view(state, 1) == player_view(other, 1)
    moves = [Experimenter(1, 5).act(player_view(s, 1)) for s in (state, other)]
    assert moves[0] is not None and moves[0] == moves[1]


def test_a_detectives_casebook_reads_only_the_log_it_has_not_read(
        django_assert_num_queries: object) -> None:
    from games.bots import driver as botdriver
    from games.deduction.record import public_record
    from games.store.reads import game_log

    game = bot_table("detective")
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    game.refresh_from_db()
    book = botdriver.casebook(game, 1)
    assert book.read_to == game.version
    # What a full read of the log would find, found by reading each entry once.
    assert book.reader.record().attempts == public_record(game_log(game), 1, ()).attempts
    with django_assert_num_queries(1):  # type: ignore[operator]
        assert botdriver.casebook(game, 1) is book  # nothing new: one empty read


def test_a_detective_plays_on_and_seals_its_best_guess_of_each_jargon_it_has_seen() -> None:
    from games.bots import driver as botdriver
    from games.engine.actions import Pass
    from games.models import SealedGuess
    from rules.spec import load_rule, spec_to_json

    game = bot_table("detective")
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    for _ in range(30):  # the person passes; the detectives play on
        game.refresh_from_db()
        state = stored_state(game)
        if state["phase"] != "playing" or state["current"] != 0:
            break
        game = submit_action(game, Pass(0), game.version).game
    game.refresh_from_db()
    sealed = {(g.seat, g.jargon): g.spec for g in SealedGuess.objects.filter(game=game)}
    seen = set()
    for seat in (1, 2):
        detective = botdriver.casebook(game, seat).detective
        assert detective is not None
        # Its guesses as they stood at its last move (reading the log since does not
        # change them): each one sealed, a valid rule of that jargon.
        for jargon, rule in detective.guesses().items():
            seen.add(jargon)
            assert sealed[(seat, jargon)] == spec_to_json(rule.spec)
            assert load_rule({"version": 1, "jargon": jargon, "rule": sealed[(seat, jargon)]})
    assert "Pip" in seen  # the face cards the detectives tried were refused
    assert {jargon for _, jargon in sealed} <= seen
