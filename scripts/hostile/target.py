"""The server under attack: its URL, its processes (for their CPU) and its database file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scripts.loadtest.memory import cpu_seconds, descendants


@dataclass(frozen=True, slots=True)
class Target:
    """Where the attacks go and what they can measure there."""

    base: str
    pids: list[int]
    #: The SQLite file the server writes (``None``: unknown, or not SQLite).
    database_file: Path | None
    #: The server's settings, in words.
    settings: str
    #: The server's log (``None``: not ours to read).
    log: Path | None = None

    def log_errors(self) -> int | None:
        """How many tracebacks the server has logged so far (``None``: no log)."""
        if self.log is None:
            return None
        try:
            return self.log.read_text(errors="replace").count("Traceback")
        except OSError:
            return None

    def cpu(self) -> float | None:
        """CPU seconds of the server and its children so far (``None``: unreadable)."""
        return cpu_seconds([*self.pids, *descendants(self.pids)]) if self.pids else None

    def database_bytes(self) -> int | None:
        """The database's size on disk, its write-ahead log included (``None``: unknown)."""
        if self.database_file is None:
            return None
        files = [self.database_file, self.database_file.with_name(
            self.database_file.name + "-wal")]
        return sum(f.stat().st_size for f in files if f.exists())

