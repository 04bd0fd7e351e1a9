"""Which tests use the test database: tests/conftest.py marks each of them ``db_bound``, so
that ``make test-postgres`` runs exactly these (``pytest -m db_bound``) on PostgreSQL.

A test uses the database when it carries the ``django_db`` mark (its own, its class's or
its module's) or asks, directly or through another fixture, for one of pytest-django's
database fixtures. Tests that start a server of their own in a subprocess (the browser,
scale and fault tests) are not counted: their database is the server's.
"""

from __future__ import annotations

import pytest

#: The mark given to every test that uses the database (registered in pyproject.toml).
MARK = "db_bound"

#: pytest-django's fixtures that open the test database.
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server",
                               "django_db_reset_sequences", "django_db_serialized_rollback",
                               "admin_client", "admin_user", "django_user_model"})


def uses_database(item: pytest.Item) -> bool:
    """Whether a collected test opens the test database."""
    names = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & names)


def mark_database_bound(items: list[pytest.Item]) -> None:
    """Mark ``db_bound`` each of ``items`` that uses the database."""
    for item in items:
        if uses_database(item):
            item.add_marker(MARK)
