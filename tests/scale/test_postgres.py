"""The scale-out mode's settings and PostgreSQL behaviour: migrations, row locks, races.

Each test runs Django in a fresh process on a PostgreSQL database of its own (see conftest),
configured only by DATABASE_URL and REDIS_URL, as a deployment is.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from tests.scale.helpers import ROOT


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python <args>`` in the project with ``env``; fail with its output if it fails."""
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done


def report(env: dict[str, str], *args: str) -> Any:
    """The JSON printed last by ``python -m <args>``."""
    return json.loads(run(env, "-m", *args).stdout.strip().splitlines()[-1])


def test_the_two_urls_switch_to_postgresql_and_redis(scale_env: dict[str, str]) -> None:
    settings = report(scale_env, "tests.scale.probe", "settings")

    assert settings == {"engine": "django.db.backends.postgresql", "conn_max_age": 0,
                        "options": {"pool": {"min_size": 1, "max_size": 4, "timeout": 10,
                                             "check": "ConnectionPool.check_connection"},
                                    "connect_timeout": 5},
                        "layer": "channels_redis.core.RedisChannelLayer",
                        "prefix": scale_env["REDIS_PREFIX"]}


def test_the_connection_pool_can_be_sized_or_turned_off(scale_env: dict[str, str]) -> None:
    sized = report(scale_env | {"MAO_DB_POOL": "9"}, "tests.scale.probe", "settings")
    off = report(scale_env | {"MAO_DB_POOL": "0"}, "tests.scale.probe", "settings")

    assert sized["options"]["pool"]["max_size"] == 9
    assert off["options"]["pool"] is False
    # Without the pool, persistent connections as on SQLite (Django refuses them with one).
    assert (sized["conn_max_age"], off["conn_max_age"]) == (0, None)


def test_migrations_run_and_match_the_models_on_postgresql(
        migrated_env: dict[str, str]) -> None:
    run(migrated_env, "manage.py", "makemigrations", "--check", "--dry-run")
    shown = run(migrated_env, "manage.py", "showmigrations", "--plan").stdout

    assert "[X]" in shown and "[ ]" not in shown


def test_submit_action_locks_the_game_row(migrated_env: dict[str, str]) -> None:
    result = report(migrated_env, "tests.scale.probe", "lock")

    assert result["vendor"] == "postgresql"
    read, kept = result["read"], result["kept"]
    for path in (read, kept):
        assert path["blocked"] == "LockNotAvailable"
        assert path["version_after"] == path["version_before"] + 1
    # The first action reads the row locked; on the kept game, the UPDATE waits for the lock.
    assert len(read["on_the_row"]) == 1 and "FOR UPDATE" in read["on_the_row"][0]
    assert len(kept["on_the_row"]) == 1 and kept["on_the_row"][0].startswith("UPDATE")


def test_racing_submissions_apply_once_on_postgresql(migrated_env: dict[str, str]) -> None:
    result = report(migrated_env, "tests.games.race", "8")

    assert result == {"outcomes": ["accepted", *["action/stale_version"] * 7],
                      "advanced": 1, "log": 2}
