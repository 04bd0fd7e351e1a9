"""Keep one idle connection to the SQLite file open for the life of the process.

When the last connection to a WAL database closes, SQLite checkpoints and deletes the WAL,
and the next connection must create it again. One idle connection (it holds no transaction,
so it never blocks a checkpoint) means no Django connection is ever the last one.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created
from django.dispatch import receiver

_anchors: dict[str, sqlite3.Connection] = {}
_lock = threading.Lock()


@receiver(connection_created)
def hold_database_open(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """On the first connection to an SQLite file, open the idle one that stays."""
    if connection.vendor != "sqlite" or connection.is_in_memory_db():  # type: ignore[attr-defined]
        return
    name = str(connection.settings_dict["NAME"])
    with _lock:
        if name in _anchors:
            return
        anchor = sqlite3.connect(name, check_same_thread=False)
        # Opening is lazy: read the schema so that the file, its WAL and its shared-memory
        # index are really open. Autocommit: no transaction stays open.
        anchor.execute("SELECT count(*) FROM sqlite_master").fetchall()
        _anchors[name] = anchor
