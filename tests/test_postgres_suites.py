"""``make test-postgres`` runs every test that uses the database (Makefile, ``PG_TESTS``).

The database-bound modules are found by collecting the whole suite with the plugin
:mod:`tests.db_bound` (a test marked ``django_db`` or asking for a database fixture), so a
new suite that touches the database and is left out of ``PG_TESTS`` fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pg_tests() -> list[str]:
    """The paths of the Makefile's ``PG_TESTS`` (its lines continued with a backslash)."""
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    found = re.search(r"^PG_TESTS \?=(.*)$", text, re.M)
    assert found is not None, "the Makefile sets no PG_TESTS"
    return found.group(1).split()


def database_bound() -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "tests.db_bound",
         "tests"], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return [line.split(" ", 1)[1] for line in done.stdout.splitlines()
            if line.startswith("db-bound ")]


def covered(module: str, paths: list[str]) -> bool:
    return any(module == path or module.startswith(path.rstrip("/") + "/") for path in paths)


def test_every_database_bound_module_runs_on_postgresql() -> None:
    modules = database_bound()
    # The plugin finds them: a suite of views and one of pure tests.
    assert "tests/web/test_views.py" in modules
    assert not [m for m in modules if m.startswith(("tests/engine/", "tests/rules/"))]
    paths = pg_tests()
    assert [m for m in modules if not covered(m, paths)] == []


def test_every_pg_tests_path_exists() -> None:
    assert [p for p in pg_tests() if not (ROOT / p).exists()] == []


def test_coverage_is_by_whole_path_segments() -> None:
    assert covered("tests/web/test_views.py", ["tests/web"])
    assert not covered("tests/webby/test_x.py", ["tests/web"])
    assert covered("tests/hardening/test_ws_hostile.py", ["tests/hardening/test_ws_hostile.py"])
