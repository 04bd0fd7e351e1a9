"""The idle SQLite connection that keeps a WAL database open (maosite/sqlite.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, cast

from django.db.backends.base.base import BaseDatabaseWrapper

from maosite import sqlite as anchor


class FakeWrapper:
    """The parts of Django's connection wrapper the receiver reads."""

    vendor = "sqlite"

    def __init__(self, name: str, in_memory: bool = False) -> None:
        self.settings_dict: dict[str, Any] = {"NAME": name}
        self.in_memory = in_memory

    def is_in_memory_db(self) -> bool:
        return self.in_memory


def as_wrapper(fake: FakeWrapper) -> BaseDatabaseWrapper:
    """The fake, passed where the receiver takes Django's wrapper (it has all it reads)."""
    return cast(BaseDatabaseWrapper, fake)


def test_one_idle_connection_per_file_and_none_for_memory(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    writer = sqlite3.connect(path)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE t (x TEXT)")
    writer.commit()
    try:
        for _ in range(2):
            anchor.hold_database_open(None, as_wrapper(FakeWrapper(str(path))))
        anchor.hold_database_open(None, as_wrapper(FakeWrapper(":memory:", in_memory=True)))
        assert str(path) in anchor._anchors and ":memory:" not in anchor._anchors

        # The idle connection holds no transaction: a writer can still checkpoint the whole WAL.
        writer.execute("INSERT INTO t VALUES ('x')")
        writer.commit()
        busy, _, _ = writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert busy == 0
        # And closing the writer no longer deletes the WAL: another connection is open.
        writer.close()
        assert Path(f"{path}-wal").exists()
    finally:
        held = anchor._anchors.pop(str(path), None)
        if held is not None:
            held.close()


def test_other_databases_are_left_alone() -> None:
    class Postgres(FakeWrapper):
        vendor = "postgresql"

    before = dict(anchor._anchors)
    anchor.hold_database_open(None, as_wrapper(Postgres("minimao")))
    assert anchor._anchors == before
