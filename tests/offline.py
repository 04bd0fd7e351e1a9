"""Running ``manage.py`` as someone with a fresh clone would: no configuration at all.

The offline commands (``judge``, ``play_bots``) must run without ``DEBUG``, ``SECRET_KEY`` or
``DATABASE_URL`` and never create or open a database file: :func:`manage` runs one in a
subprocess with those variables removed, and :func:`database_files` is what the repository
holds of the default SQLite database, to compare before and after.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Everything that could configure the settings, removed from the subprocess's environment
#: (MAO_OFFLINE too: manage.py must set it by itself).
STRIPPED = ("DEBUG", "DJANGO_DEBUG", "SECRET_KEY", "DATABASE_URL", "DJANGO_SETTINGS_MODULE",
            "MAO_OFFLINE", "REDIS_URL")


def manage(args: list[str], cwd: Path, timeout: float = 120, **env: str
           ) -> subprocess.CompletedProcess[str]:
    """``python manage.py args`` from ``cwd``, with none of :data:`STRIPPED` set except as
    ``env`` gives, killed after ``timeout`` seconds."""
    clean = {k: v for k, v in os.environ.items() if k not in STRIPPED} | env
    return subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], cwd=cwd, env=clean,
                          capture_output=True, text=True, timeout=timeout, check=False)


def database_files() -> dict[str, int]:
    """``db.sqlite3`` and its WAL and shared-memory files, each with its mtime in ns."""
    return {path.name: path.stat().st_mtime_ns for path in ROOT.glob("db.sqlite3*")}
