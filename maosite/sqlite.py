"""Keep one idle connection to the SQLite file open for the life of the process.

Every HTTP request closes its database connection when it ends (each runs on a thread of
its own under ASGI: :mod:`maosite.connections`), and until issue 16 Channels' worker thread
closed its own around every call too. When the
*last* connection to a WAL database closes, SQLite checkpoints the WAL into the database
file and deletes it, and the next connection must create it again: on the embedded default
that made every accepted action pay about 0.2 ms to open, 0.4 ms more to write and 0.6 ms
to close. With one more connection held open (idle: it holds no transaction, so it never
blocks a checkpoint) no Django connection is ever the last one, and the same open, write
and close take 0.06, 0.02 and 0.01 ms (measured with ``sqlite3`` alone; docs/performance.md).
SQLite still checkpoints by itself every 1,000 pages of WAL.
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
