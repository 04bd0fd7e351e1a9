"""The models: generated codes, seat constraints, and the append-only log."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from games.engine.actions import Pass
from games.models import CODE_ALPHABET, AppendOnlyError, Game, LogEntry, Seat, new_code
from games.store.writes import submit_action
from tests.factories import stored_state
from tests.games.helpers import start, start_playing


def test_new_code_is_six_unambiguous_characters() -> None:
    codes = {new_code() for _ in range(200)}

    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("01OIL") & set(CODE_ALPHABET)
    assert len(codes) > 190


@pytest.mark.django_db
def test_a_game_gets_a_unique_code() -> None:
    first, second = start(), start()

    assert len(first.code) == 6 and first.code != second.code
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=second.pk).update(code=first.code)


@pytest.mark.django_db
def test_seat_index_is_unique_per_game() -> None:
    game = start()

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, index=1, name="Zed")


@pytest.mark.django_db
def test_seat_names_are_unique_per_game_ignoring_case() -> None:
    game = start(players=3)

    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=game, index=3, name="BULL")
    Seat.objects.create(game=start(players=3), index=3, name="Zed")


@pytest.mark.django_db
def test_seat_index_stops_at_seven() -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=start(), index=8, name="Zed")


@pytest.mark.django_db
@pytest.mark.parametrize(("is_bot", "kind"), [(True, ""), (False, "oracle")])
def test_a_bot_kind_goes_with_a_bot_seat_only(is_bot: bool, kind: str) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=start(), index=5, name="Zed", is_bot=is_bot, bot_kind=kind)


@pytest.fixture
def entry() -> LogEntry:
    game = start_playing()
    return LogEntry.objects.get(game=game, seq=game.version)


@pytest.mark.django_db
def test_a_log_entry_cannot_be_saved_again(entry: LogEntry) -> None:
    entry.events = []

    with pytest.raises(AppendOnlyError, match="append-only"):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.save(update_fields=["events"])
    assert LogEntry.objects.get(pk=entry.pk).events != []


@pytest.mark.django_db
def test_a_new_log_entry_cannot_overwrite_an_existing_row(entry: LogEntry) -> None:
    forged = LogEntry(pk=entry.pk, game=entry.game, seq=entry.seq, action={}, events=[])

    with pytest.raises(IntegrityError), transaction.atomic():
        forged.save()
    assert LogEntry.objects.get(pk=entry.pk).action == entry.action


@pytest.mark.django_db
def test_a_log_entry_cannot_be_deleted(entry: LogEntry) -> None:
    with pytest.raises(AppendOnlyError, match="cannot be deleted"):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        LogEntry.objects.filter(pk=entry.pk).delete()

    assert LogEntry.objects.filter(pk=entry.pk).exists()


@pytest.mark.django_db
def test_log_entries_cannot_be_updated_in_bulk(entry: LogEntry) -> None:
    with pytest.raises(AppendOnlyError, match="cannot be updated"):
        LogEntry.objects.filter(pk=entry.pk).update(events=[])
    with pytest.raises(AppendOnlyError):
        LogEntry.objects.bulk_update([entry], ["events"])


@pytest.mark.django_db
def test_log_entry_seq_is_unique_per_game(entry: LogEntry) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        LogEntry.objects.create(game=entry.game, seq=entry.seq, action={}, events=[])


@pytest.mark.django_db
def test_deleting_a_game_deletes_its_log() -> None:
    game = start_playing()
    submit_action(game.pk, Pass(stored_state(game).current), game.version)

    game.delete()

    assert not LogEntry.objects.filter(game_id=game.pk).exists()
