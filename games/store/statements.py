"""The write path's two statements in plain SQL: store a game's new state if its row is still
at the version it was read at, and append the action's log entry.

Through Django's connection cursor, each value converted by its model field as the ORM would
(so the stored JSON and times are the ORM's, on SQLite and PostgreSQL alike), without a
model save or a queryset built per action.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Field, Model

from games.models import Game, LogEntry

#: What an action changes in the game row, in the UPDATE's order.
GAME_FIELDS = ("state", "phase", "version", "due", "ended_at", "updated")
#: A log entry's columns, in the INSERT's order (``game`` is its ``game_id``).
ENTRY_FIELDS = ("game", "seq", "action", "events", "created", "at")


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    assert isinstance(field, Field), f"{model.__name__}.{name} is a relation's other side"
    return field


_game_fields = [_field(Game, name) for name in GAME_FIELDS]
_entry_fields = {name: _field(LogEntry, name) for name in ENTRY_FIELDS}
_sql: dict[str, tuple[str, str]] = {}


def _columns(model: type[Model], names: Sequence[str]) -> list[str]:
    fields = {f.name: f for f in model._meta.concrete_fields}
    return [connection.ops.quote_name(str(fields[name].column)) for name in names]


def _statements() -> tuple[str, str]:
    """The UPDATE and the INSERT, quoted for this connection's database."""
    vendor = connection.vendor
    if vendor not in _sql:
        quote = connection.ops.quote_name
        sets = ", ".join(f"{column} = %s" for column in _columns(Game, GAME_FIELDS))
        key, code, version = _columns(Game, ("id", "code", "version"))
        update = (f"UPDATE {quote(Game._meta.db_table)} SET {sets}"
                  f" WHERE {key} = %s AND {code} = %s AND {version} = %s")
        insert = (f"INSERT INTO {quote(LogEntry._meta.db_table)}"
                  f" ({', '.join(_columns(LogEntry, ENTRY_FIELDS))})"
                  f" VALUES ({', '.join('%s' for _ in ENTRY_FIELDS)})")
        _sql[vendor] = (update, insert)
    return _sql[vendor]


def store_game(game: Game, read_at: int) -> bool:
    """Write ``game``'s state, phase, version, due time, end and ``updated`` to its row if the
    row (same id and code) is still at version ``read_at``; whether it was."""
    update, _ = _statements()
    values = [f.get_db_prep_save(getattr(game, f.name), connection) for f in _game_fields]
    with connection.cursor() as cursor:
        cursor.execute(update, [*values, game.pk, game.code, read_at])
        return bool(cursor.rowcount == 1)


def append_entry(game: Game, seq: int, action: dict[str, Any], events: list[dict[str, Any]],
                 at: int | None, created: datetime) -> None:
    """Insert the log entry ``seq`` of ``game`` (only ever inserted, as :class:`LogEntry`)."""
    _, insert = _statements()
    fields = _entry_fields
    values = [game.pk, seq, fields["action"].get_db_prep_save(action, connection),
              fields["events"].get_db_prep_save(events, connection),
              fields["created"].get_db_prep_save(created, connection), at]
    with connection.cursor() as cursor:
        cursor.execute(insert, values)
