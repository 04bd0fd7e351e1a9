"""One read of a game per version and process (games/live/snapshots.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine.actions import HandOver, Pass
from games.live import snapshots
from games.live.snapshots import keep_change, read_snapshot, remember_change, table_snapshot
from games.models import Game
from games.store.identity import seat_in, seat_of
from games.store.reads import game_log
from games.store.subscribers import Change
from games.store.writes import submit_action
from games.table.context import LOG_ACTIONS
from tests.factories import stored_state
from tests.web.helpers import started_game
from tests.web.test_no_leak import drive

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    snapshots.forget()


def playing_game(players: int = 3) -> Game:
    game, _ = started_game(players)
    drive(game, 1, seed=2)
    game.refresh_from_db()
    return game


def test_a_snapshot_holds_the_game_its_seats_and_its_recent_log() -> None:
    game = playing_game()
    snapshot = read_snapshot(game.pk, game.code)

    assert snapshot is not None and snapshot.version == game.version
    assert [s.index for s in snapshot.seats] == [0, 1, 2]
    assert snapshot.events == game_log(game, since=game.version - LOG_ACTIONS)
    for seat in game.seats.all():
        assert seat_in(snapshot.seats, seat.holder) == seat_of(game, seat.holder)
    assert seat_in(snapshot.seats, None) is None and seat_in(snapshot.seats, "nobody") is None


def test_other_sockets_get_the_kept_snapshot_without_a_query() -> None:
    game = playing_game()
    first = read_snapshot(game.pk, game.code)
    with CaptureQueriesContext(connection) as queries:
        again = table_snapshot(game.pk, game.code, game.version)

    assert again is first and len(queries) == 0


def test_a_newer_version_reads_the_game_row_and_only_the_new_log_entries() -> None:
    game = playing_game()
    before = read_snapshot(game.pk, game.code)
    assert before is not None
    current = stored_state(game).current
    submit_action(game, Pass(current), game.version)  # no on_commit here: nothing remembered
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        after = table_snapshot(game.pk, game.code, game.version)

    assert after is not None and after.version == game.version
    assert len(queries) == 2  # the game row, the log entries after the kept version
    assert after.seats is before.seats
    assert after.events == game_log(game, since=game.version - LOG_ACTIONS)
    assert after.events_after(before.version) == game_log(game, since=before.version)


def test_the_writer_builds_the_next_snapshot_without_reading() -> None:
    game = playing_game()
    read_snapshot(game.pk, game.code)
    current = stored_state(game).current
    result = submit_action(game, Pass(current), game.version)
    with CaptureQueriesContext(connection) as queries:
        remember_change(result.game, result.events)
        kept = table_snapshot(game.pk, game.code, result.version)

    assert len(queries) == 0
    assert kept is not None and kept.version == result.version
    assert kept.game is not result.game  # a copy: the caller may change its instance
    assert kept.events == game_log(game, since=result.version - LOG_ACTIONS)


def test_the_writer_hands_the_next_snapshot_the_state_it_made() -> None:
    game = playing_game()
    read_snapshot(game.pk, game.code)
    result = submit_action(game, Pass(stored_state(game).current), game.version)

    keep_change(Change(result.game, result.version, result.events, result.state))

    kept = table_snapshot(game.pk, game.code, result.version)
    assert kept is not None and kept.state() is result.state  # not parsed again


def test_a_change_is_not_remembered_on_top_of_an_older_snapshot() -> None:
    game = playing_game()
    read_snapshot(game.pk, game.code)
    for _ in range(2):
        game.refresh_from_db()
        result = submit_action(game, Pass(stored_state(game).current),
                               game.version)
    remember_change(result.game, result.events)  # one version was skipped: not built on

    kept = table_snapshot(game.pk, game.code, result.version)
    assert kept is not None and kept.events == game_log(game, since=kept.version - LOG_ACTIONS)


def test_the_log_window_answers_only_as_far_back_as_it_holds() -> None:
    game = playing_game()
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None

    assert snapshot.events_after(game.version) == []
    assert snapshot.events_after(game.version - LOG_ACTIONS) is not None
    assert snapshot.events_after(game.version - LOG_ACTIONS - 1) is None


def test_a_game_that_took_a_reused_id_is_not_served_the_old_snapshot() -> None:
    game = playing_game()
    read_snapshot(game.pk, game.code)

    assert table_snapshot(game.pk, "ZZZZZZ", 0) is None
    Game.objects.filter(pk=game.pk).delete()
    assert table_snapshot(game.pk, game.code, game.version + 1) is None


def test_a_snapshot_never_holds_an_action_newer_than_its_game_row() -> None:
    """An action committed between reading the row and the log waits for the next snapshot."""
    game = playing_game()
    row = Game.objects.get(pk=game.pk)  # read at version v
    submit_action(game, Pass(stored_state(game).current), game.version)

    entries = snapshots._read_entries(row, 0)
    assert entries and entries[-1][0] == row.version


def test_remember_change_never_appends_an_action_twice() -> None:
    game = playing_game()
    before = read_snapshot(game.pk, game.code)
    assert before is not None
    result = submit_action(game, Pass(stored_state(game).current),
                           game.version)
    # A kept snapshot that (wrongly) already holds the new action under the old version.
    snapshots._cache[(game.pk, game.code)] = snapshots.TableSnapshot(
        game=before.game, seats=before.seats,
        entries=(*before.entries, (result.version, tuple(result.events))))
    remember_change(result.game, result.events)

    kept = table_snapshot(game.pk, game.code, result.version)
    assert kept is not None
    seqs = [seq for seq, _ in kept.entries]
    assert len(seqs) == len(set(seqs))


def test_events_from_the_last_moment_are_the_tail_of_the_window() -> None:
    game = playing_game()
    drive(game, 12, seed=5)
    game.refresh_from_db()
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    events = snapshot.events
    # One kind, two kinds of which one occurs (this game refuses no play), and none.
    for kinds, found in ((("dealt",), True), (("refused", "drew"), True),
                         (("no such kind",), False)):
        last = max((i for i, e in enumerate(events) if e.kind in kinds), default=None)
        assert (last is not None) == found, kinds
        assert snapshot.events_from_last(kinds) == ([] if last is None else events[last:])


@pytest.mark.parametrize("writer", [True, False], ids=["writer", "other-process"])
def test_a_seat_handed_to_a_bot_is_read_again_with_its_notice(writer: bool) -> None:
    """Seats change after the lobby only with a hand-over: the process that committed it
    (``remember_change``) and another process (``table_snapshot``) both read them again."""
    game = playing_game()
    before = read_snapshot(game.pk, game.code)
    assert before is not None and not before.seats[2].is_bot and before.notices == ()
    result = submit_action(game, HandOver(0, 2), game.version)
    if writer:
        remember_change(result.game, result.events)
    after = table_snapshot(game.pk, game.code, result.version)
    assert after is not None and after.version == result.version
    assert after.seats[2].is_bot and after.seats[2].holder is None
    assert [(n.name, n.reason) for n in after.notices] == [("de Worms", "handed_over")]
    assert after.events[-1].kind == "handed_over"


def test_the_state_is_parsed_once_and_every_viewer_s_render_leaves_it_as_stored() -> None:
    from games.live.fragments import render_update

    game = playing_game(4)
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    assert snapshot.state() is snapshot.state()
    for seat in [*snapshot.seats, None]:
        render_update(snapshot, seat, "http://localhost/g/X/")
    # Shared by every viewer's view: none of them may change it for the next.
    assert snapshot.state().to_json() == game.state == stored_state(game).to_json()
