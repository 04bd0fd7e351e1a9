"""The copy of a game this process keeps (games/store/owned.py): an action on it skips the
read, a row moved on behind its back is found out and never overwritten, every refusal is
the one the row read under the lock gives, and a game played through it ends exactly as
the same game played reading the row each time."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any
from unittest.mock import patch

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from pytest_django import DjangoCaptureOnCommitCallbacks

from games.engine.actions import Action, Pass, Say, WriteRule
from games.engine.bots import KnownRules, Oracle
from games.engine.errors import EngineError
from games.engine.settings import GameSettings
from games.engine.visibility import player_view
from games.models import Game, LogEntry
from games.store import owned, statements
from games.store.errors import ServiceError
from games.store.reads import replay
from games.store.statements import append_entry, store_game
from games.store.writes import SubmitResult, stale_version, submit_action
from tests.examples import share
from tests.factories import create_game, stored_state
from tests.games.helpers import ANYTHING, snapshot, start_playing

pytestmark = pytest.mark.django_db

Capture = Callable[..., Any]


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    """No copy kept from another test, and no subscriber told (only the copy is kept when
    a commit's callbacks run here)."""
    owned.forget()
    with patch("games.store.writes.changed"):
        yield
    owned.forget()


def committed(capture: Capture, ref: Game | int | str, action: Action, version: int | None,
              **options: Any) -> SubmitResult:
    """``submit_action``, then what follows its commit (the test's transaction never
    commits): the game is kept."""
    with capture(execute=True):
        return submit_action(ref, action, version, **options)


def elsewhere(ref: Game | int, action: Action, version: int | None) -> SubmitResult:
    """The action written as another process would: reading the row, and its commit never
    seen here (this process's copy stays behind)."""
    with patch("games.store.owned.held", return_value=None):
        return submit_action(ref, action, version)


def stored_text(game: Game) -> tuple[Any, ...]:
    """The game's state and log as the database holds them, as text."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT CAST(state AS TEXT), version, phase FROM games_game"
                       " WHERE id = %s", [game.pk])
        row = cursor.fetchone()
        cursor.execute("SELECT seq, CAST(action AS TEXT), CAST(events AS TEXT), at"
                       " FROM games_logentry WHERE game_id = %s ORDER BY seq", [game.pk])
        return (*row, cursor.fetchall())


@pytest.mark.parametrize("ref", [lambda g: g, lambda g: g.pk, lambda g: g.code.lower()],
                         ids=["game", "id", "code"])
def test_an_action_on_a_kept_game_writes_without_reading_the_row(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
        ref: Callable[[Game], Game | int | str]) -> None:
    game = start_playing()
    first = committed(django_capture_on_commit_callbacks, ref(game),
                      Pass(stored_state(game).current), game.version)

    with CaptureQueriesContext(connection) as queries:
        second = committed(django_capture_on_commit_callbacks, ref(game),
                           Pass(first.state.current), first.version)

    sql = [query["sql"] for query in queries if "SAVEPOINT" not in query["sql"]]
    assert [statement.split()[0] for statement in sql] == ["UPDATE", "INSERT"]
    assert '"games_game"' in sql[0] and '"games_logentry"' in sql[1]
    game.refresh_from_db()
    assert (game.version, game.state) == (second.version, second.state.to_json())
    assert replay(game).to_json() == game.state


def test_the_first_action_reads_the_row_and_keeps_what_it_wrote(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()
    assert owned.held(game) is None

    with CaptureQueriesContext(connection) as queries:
        result = committed(django_capture_on_commit_callbacks, game,
                           Pass(stored_state(game).current), game.version)

    assert any(q["sql"].startswith("SELECT") and '"games_game"' in q["sql"] for q in queries)
    kept = owned.held(game)
    assert kept is not None and kept.version == result.version and kept.state is result.state


def test_a_row_moved_on_by_another_process_is_never_overwritten(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()
    mine = committed(django_capture_on_commit_callbacks, game, Pass(stored_state(game).current),
                     game.version)
    theirs = elsewhere(game.pk, Pass(mine.state.current), mine.version)
    kept = owned.held(game)
    assert kept is not None and kept.version == mine.version  # behind the row now
    moved = stored_text(game)

    with pytest.raises(ServiceError) as refused:
        committed(django_capture_on_commit_callbacks, game, Pass(mine.state.current),
                  mine.version)

    assert str(refused.value) == str(stale_version(mine.version, theirs.version))
    assert refused.value.code == "action/stale_version"
    assert stored_text(game) == moved
    assert owned.held(game) is None  # dropped, read again next time


def test_a_row_moved_on_by_a_direct_write_is_never_overwritten(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()
    mine = committed(django_capture_on_commit_callbacks, game, Pass(stored_state(game).current),
                     game.version)
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    moved = stored_text(game)

    with pytest.raises(ServiceError) as refused:
        committed(django_capture_on_commit_callbacks, game, Pass(mine.state.current),
                  mine.version)

    assert refused.value.code == "action/stale_version"
    assert stored_text(game) == moved


def test_words_said_on_a_copy_left_behind_are_said_to_the_row_as_it_is(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()
    mine = committed(django_capture_on_commit_callbacks, game, Pass(stored_state(game).current),
                     game.version)
    theirs = elsewhere(game.pk, Pass(mine.state.current), mine.version)
    stores: list[bool] = []
    real = statements.store_game

    def spied(row: Game, read_at: int) -> bool:
        stores.append(real(row, read_at))
        return stores[-1]

    with patch("games.store.writes.store_game", spied):
        said = committed(django_capture_on_commit_callbacks, game, Say(0, "hello"), None)

    assert stores == [False, True]  # the copy's write found the row moved, then the row's
    assert said.version == theirs.version + 1
    game.refresh_from_db()
    assert game.version == said.version and replay(game).to_json() == game.state
    assert stored_state(game).hands == theirs.state.hands  # built on their pass, not the copy


def test_an_engine_refusal_on_a_kept_game_changes_nothing(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = start_playing()
    mine = committed(django_capture_on_commit_callbacks, game, Pass(stored_state(game).current),
                     game.version)
    before = snapshot(game)
    other = (mine.state.current + 1) % mine.state.players

    with pytest.raises(EngineError) as refused, \
            django_capture_on_commit_callbacks(execute=True) as callbacks:
        submit_action(game, Pass(other), mine.version)

    assert refused.value.code == "action/not_your_turn"
    assert snapshot(game) == before and callbacks == []


def test_a_lost_seat_is_refused_through_a_kept_game(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks) -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), ["Ann", "Bob", "Cy"],
                       holders=["ann", "bob", "cy"])
    first = committed(django_capture_on_commit_callbacks, game, WriteRule(0, ANYTHING),
                      game.version)
    before = snapshot(game)

    with pytest.raises(ServiceError) as refused:
        committed(django_capture_on_commit_callbacks, game, Say(1, "hi"), None, actor="cy")

    assert refused.value.code == "seat/lost" and snapshot(game) == before
    said = committed(django_capture_on_commit_callbacks, game, Say(1, "hi"), None, actor="bob")
    assert said.version == first.version + 1


def test_a_kept_copy_is_the_game_asked_for_by_its_code_only() -> None:
    game = start_playing()
    row = Game.objects.get(pk=game.pk)
    owned.keep(row, stored_state(game))
    stranger = Game(pk=game.pk, code="ZZZZZZ", version=game.version)

    assert owned.held(stranger) is None
    assert owned.held("ZZZZZZ") is None
    kept = owned.held(game.code.lower())
    assert kept is not None and kept.game is not row  # the caller's own row to change


def _next_action(game: Game, version: int, step: int, kind: int) -> tuple[Action, int | None]:
    """An oracle's action at ``game``'s stored state, or (by ``kind``) one refused: stale,
    or asked by a seat whose turn it is not; or words said, at any version."""
    state = stored_state(game)
    seat = (state.writers if state.phase == "writing" else [state.current])[0]
    if kind == 1:
        return Say(seat, f"word {step}"), None
    if kind == 2:
        return Pass(seat), version - 1
    if kind == 3 and state.phase == "playing":
        return Pass((seat + 1) % state.players), version
    action = Oracle(seat, game.seed * 1000 + step, KnownRules(state.rulebook())).act(
        player_view(state, seat))
    assert action is not None
    return action, version


def _outcome(submit: Callable[[], SubmitResult]) -> str:
    try:
        return f"accepted {submit().version}"
    except (EngineError, ServiceError) as exc:
        return exc.code


@share(0.3, suppress_health_check=[HealthCheck.too_slow,
                                   HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**62 - 1), kinds=st.lists(st.integers(0, 3), max_size=40))
def test_a_game_played_through_its_kept_copy_ends_exactly_as_one_read_each_time(
        django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks, seed: int,
        kinds: list[int]) -> None:
    owned.forget()
    games = [create_game(GameSettings(players=3, first_rule_maker=0), ["Ann", "Bob", "Cy"],
                         seed=seed) for _ in range(2)]
    accepted = False
    for step, kind in enumerate(kinds):
        kept, read = (Game.objects.get(pk=g.pk) for g in games)
        if kept.phase == "ended":
            break
        # Once an action was accepted, the game is kept: every later one starts from the copy.
        assert (owned.held(kept) is not None) == accepted
        action, version = _next_action(kept, kept.version, step, kind)
        at = 1_000_000 + 1_000 * step
        through_copy = _outcome(partial(committed, django_capture_on_commit_callbacks, kept,
                                        action, version, at=at))
        with patch("games.store.owned.held", return_value=None):
            reading = _outcome(partial(committed, django_capture_on_commit_callbacks, read,
                                       action, version, at=at))
        assert through_copy == reading
        accepted = accepted or through_copy.startswith("accepted")
    assert stored_text(games[0]) == stored_text(games[1])


def test_an_entry_appended_in_plain_sql_is_stored_as_the_orm_stores_one() -> None:
    game = start_playing()
    action = {"type": "say", "seat": 0, "words": "Ça va? \"quoted\" ♠ \u2028"}
    events = [{"kind": "said", "text": "Ann: ça va ♠", "nested": {"n": [1, 2.5, None, True]}}]
    now = timezone.now()
    LogEntry.objects.create(game=game, seq=1000, action=action, events=events, at=7)

    append_entry(game, 1001, action, events, 7, now)

    with connection.cursor() as cursor:
        cursor.execute("SELECT CAST(action AS TEXT), CAST(events AS TEXT), at"
                       " FROM games_logentry WHERE game_id = %s AND seq >= 1000 ORDER BY seq",
                       [game.pk])
        by_orm, by_sql = cursor.fetchall()
    assert by_sql == by_orm
    entry = LogEntry.objects.get(game=game, seq=1001)
    assert (entry.action, entry.events, entry.created) == (action, events, now)


def test_a_row_stored_in_plain_sql_reads_back_through_the_orm() -> None:
    game = start_playing()
    row = Game.objects.get(pk=game.pk)
    now = timezone.now()
    state = stored_state(game)
    row.version, row.phase, row.due, row.ended_at, row.updated = (
        row.version + 1, "ended", 12345678901234, now, now)

    assert store_game(row, game.version)
    assert not store_game(row, game.version)  # no longer at that version

    back = Game.objects.get(pk=game.pk)
    assert (back.version, back.phase, back.due, back.ended_at, back.updated) == (
        row.version, "ended", 12345678901234, now, now)
    assert back.state == state.to_json()
