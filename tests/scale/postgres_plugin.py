"""A pytest plugin for running the database-bound suites on PostgreSQL (``make test-postgres``).

Load it with ``-p tests.scale.postgres_plugin`` and ``DATABASE_URL=postgres://...``. It
refuses any other database, ends the sessions the test process's threads left open before
the test database is dropped (else the drop fails), and deletes the channel layer's keys
after the run when ``REDIS_PREFIX`` is a test prefix.
Each pytest-xdist worker gets a test prefix of its own (``minimao-test-...-gw0-``), as
pytest-django gives it a database of its own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.scale.helpers import delete_redis_keys

#: Keys are deleted after the run only under such a prefix. Test prefixes carry a fixed-length
#: run id (``minimao-test-0012345``), so that one run's prefix never begins another's.
TEST_PREFIX = "minimao-test-"

# Before pytest-django loads the settings, which read REDIS_PREFIX once (this plugin is loaded
# with -p, before any conftest.py; pytest-xdist names the worker before that). The closing
# dash keeps gw1's prefix from beginning gw10's.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker and os.environ.get("REDIS_PREFIX", "").startswith(TEST_PREFIX):
    os.environ["REDIS_PREFIX"] += f"-{_worker}-"


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Check that the settings point at a PostgreSQL server that answers."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        raise pytest.UsageError(
            f"tests.scale.postgres_plugin needs DATABASE_URL=postgres://...; the database is "
            f"{database['ENGINE']}")
    import psycopg

    params = {"host": database["HOST"] or None, "port": database["PORT"] or None,
              "user": database["USER"] or None, "password": database["PASSWORD"] or None}
    try:
        # The server's maintenance database: the test database does not exist yet.
        with psycopg.connect(dbname="postgres", connect_timeout=5,
                             **{k: v for k, v in params.items() if v}):
            pass
    except psycopg.Error as exc:
        raise pytest.UsageError(f"PostgreSQL is not answering for DATABASE_URL: {exc}") from None


@pytest.fixture(scope="session", autouse=True)
def _end_stray_sessions(django_db_setup: Any, django_db_blocker: Any) -> Iterator[None]:
    """After the last test, end every other session on the test database."""
    yield
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")



@pytest.fixture(scope="session", autouse=True)
def _delete_test_keys() -> Iterator[None]:
    """After the run, delete the Redis keys under this run's own test prefix."""
    yield
    prefix, url = os.environ.get("REDIS_PREFIX", ""), os.environ.get("REDIS_URL", "")
    if url and prefix.startswith(TEST_PREFIX):
        delete_redis_keys(url, prefix)
