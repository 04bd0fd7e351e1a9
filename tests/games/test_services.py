"""The write path: creating games, submitting actions, refusals that change nothing."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from pytest_django import DjangoCaptureOnCommitCallbacks

from games.engine.actions import Action, EndGame, Pass, Play, WriteRule, action_to_json
from games.engine.apply import apply
from games.engine.bots import Oracle
from games.engine.errors import EngineError
from games.engine.events import event_from_json
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.lobby.services import SEED_LIMIT, open_game
from games.models import LOBBY, Game, LogEntry
from games.store.errors import ServiceError
from games.store.reads import game_log, get_game, load_state
from games.store.writes import submit_action
from tests.factories import create_game, new_holder, stored_state
from tests.games.helpers import ANYTHING, snapshot, start, start_playing


@pytest.mark.django_db
def test_a_game_started_in_the_lobby_stores_the_engine_start() -> None:
    settings = GameSettings(players=3, first_rule_maker=1)

    game = create_game(settings, [" Bull", "Gogol", "de Worms "], seed=42)

    game.refresh_from_db()
    assert game.state == new_game(settings, ["Bull", "Gogol", "de Worms"], 42).to_json()
    # Two joins and the start are the lobby's changes: the engine starts at version 3.
    assert (game.version, game.phase, game.seed, game.ended_at) == (3, "writing", 42, None)
    assert game.settings == settings.to_json()
    assert not game.log.exists() and not game.rounds.exists() and not game.rules.exists()
    assert list(game.seats.values_list("index", "name", "is_host", "is_bot")) == [
        (0, "Bull", True, False), (1, "Gogol", False, False), (2, "de Worms", False, False)]


@pytest.mark.django_db
def test_a_new_table_draws_a_seed_when_none_is_given() -> None:
    seeds = {open_game(GameSettings(players=2), "A", new_holder()).seed for _ in range(3)}

    assert len(seeds) == 3 and all(0 <= s < SEED_LIMIT for s in seeds)


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [SEED_LIMIT, -SEED_LIMIT - 1])
def test_a_new_table_refuses_a_seed_out_of_range(seed: int) -> None:
    with pytest.raises(ServiceError) as info:
        open_game(GameSettings(players=3), "Ann", new_holder(), seed=seed)

    assert info.value.code == "lobby/invalid"
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_an_action_on_a_lobby_is_refused_clearly_and_changes_nothing() -> None:
    game = open_game(GameSettings(players=3), "Ann", new_holder(), seed=1)

    with pytest.raises(ServiceError) as info:
        submit_action(game, Pass(0), game.version)

    assert info.value.code == "game/not_started"
    game.refresh_from_db()
    assert (game.phase, game.version, game.state) == (LOBBY, 0, None)


@pytest.mark.django_db
def test_games_are_found_by_id_or_code_in_any_case() -> None:
    game = start()

    assert get_game(game.pk) == get_game(game.code.lower()) == get_game(f" {game.code} ") == game


@pytest.mark.django_db
@pytest.mark.parametrize("ref", [10**9, "ZZZZZZ"])
def test_an_unknown_game_is_not_found(ref: int | str) -> None:
    with pytest.raises(ServiceError) as info:
        submit_action(ref, Pass(0), 0)

    assert info.value.code == "game/not_found"
    assert str(ref) in str(info.value)


@pytest.mark.django_db
def test_each_accepted_action_stores_state_version_and_one_log_entry() -> None:
    game = start(players=3, seed=5)
    state = load_state(game)
    oracle = {seat: Oracle(seat, seat, insight=lambda: state.rulebook()) for seat in range(3)}
    kinds = []
    start_version = game.version
    for step in range(12):
        if step == 0:
            action: Action = WriteRule(0, ANYTHING)
        elif step % 4 == 1:
            action = Pass(state.current)
        else:
            choice = oracle[state.current].act(player_view(state, state.current))
            assert choice is not None
            action = choice
        at = 1_000_000 + step * 1_000
        expected, events = apply(state, action, at)

        result = submit_action(game.code, action, start_version + step, at)

        game.refresh_from_db()
        assert result.version == game.version == start_version + step + 1
        assert list(result.events) == events
        assert game.state == expected.to_json() == result.state.to_json()
        assert game.phase == expected.phase
        entry = LogEntry.objects.get(game=game, seq=start_version + step + 1)
        assert entry.action == action_to_json(action)
        assert entry.events == [e.to_json() for e in events]
        assert entry.at == at
        state = expected
        kinds.append(type(action))
    assert list(game.log.values_list("seq", flat=True)) == list(
        range(start_version + 1, start_version + 13))
    assert {WriteRule, Pass, Play} <= set(kinds)


@pytest.mark.django_db
def test_game_log_returns_every_event_in_order() -> None:
    game = start_playing()
    first_seq = game.version
    result = submit_action(game, Pass(stored_state(game).current), game.version)

    log = game_log(game)

    first = LogEntry.objects.get(game=game, seq=first_seq).events
    assert log == [event_from_json(e) for e in first] + list(result.events)
    assert game_log(game.code, since=first_seq) == list(result.events)
    assert [e.kind for e in log][:2] == ["rule_written", "dealt"]


@pytest.mark.django_db
def test_a_refused_action_changes_nothing_and_rings_nothing(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()
    before = snapshot(game)
    wrong = (stored_state(game).current + 1) % 3

    with patch("games.live.notify.notify") as notify, \
            django_capture_on_commit_callbacks(execute=True) as callbacks, \
            pytest.raises(EngineError) as info:
        submit_action(game.pk, Pass(wrong), game.version)

    assert info.value.code == "action/not_your_turn"
    assert snapshot(game) == before
    assert callbacks == [] and not notify.called


@pytest.mark.django_db
def test_a_stale_version_changes_nothing_and_rings_nothing(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()
    before = snapshot(game)

    with patch("games.live.notify.notify") as notify, \
            django_capture_on_commit_callbacks(execute=True) as callbacks, \
            pytest.raises(ServiceError) as info:
        submit_action(game.pk, Pass(stored_state(game).current), game.version - 1)

    assert info.value.code == "action/stale_version"
    assert "out of date" in str(info.value)
    assert snapshot(game) == before
    assert callbacks == [] and not notify.called


@pytest.mark.django_db
def test_a_double_submission_is_applied_once() -> None:
    game = start_playing()
    action = Pass(stored_state(game).current)
    seen = game.version
    submit_action(game.pk, action, seen)
    before = snapshot(game)

    with pytest.raises(ServiceError) as info:
        submit_action(game.pk, action, seen)

    assert info.value.code == "action/stale_version"
    assert snapshot(game) == before


@pytest.mark.django_db
def test_an_action_on_an_ended_game_is_refused_unchanged() -> None:
    playing = start_playing()
    game = submit_action(playing, EndGame(0), playing.version).game
    before = snapshot(game)

    with pytest.raises(EngineError) as info:
        submit_action(game, Pass(stored_state(game).current), game.version)

    assert info.value.code == "action/wrong_phase"
    assert snapshot(game) == before


@pytest.mark.django_db
def test_notify_rings_only_after_commit_with_the_new_version(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()

    with patch("games.live.notify.notify") as notify:
        with django_capture_on_commit_callbacks() as callbacks:
            submit_action(game.pk, Pass(stored_state(game).current), game.version)
            assert not notify.called
        assert len(callbacks) == 1 and not notify.called
        callbacks[0]()

    notify.assert_called_once_with(game.pk, game.version + 1)


@pytest.mark.django_db
def test_ending_the_game_sets_ended_at_and_closes_the_round() -> None:
    playing = start_playing()
    game = submit_action(playing, EndGame(1), playing.version).game

    assert game.phase == "ended" and game.ended_at is not None
    assert list(game.rounds.values_list("number", "winner", "how")) == [(1, None, "")]
    assert game.rounds.get().ended == game.ended_at


def _state(game: Game) -> GameState:
    return stored_state(Game.objects.get(pk=game.pk))


@pytest.mark.django_db
def test_a_tie_on_an_empty_stock_closes_the_round_without_winner() -> None:
    game = start_playing(players=3, seed=3)
    version = game.version
    while _state(game).round == 1:
        result = submit_action(game.pk, Pass(_state(game).current), version)
        version = result.version

    kinds = [e.kind for e in result.events]
    assert kinds[kinds.index("no_supply") + 1] == "tie"
    rounds = list(game.rounds.values_list("number", "rule_maker", "winner", "how"))
    assert rounds == [(1, 0, None, "no_supply"), (2, 0, None, "")]
    assert game.rounds.get(number=1).ended is not None
    assert game.rounds.get(number=2).ended is None
