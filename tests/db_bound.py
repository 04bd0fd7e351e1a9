"""A pytest plugin that lists the test modules that use the test database, for
``tests/test_postgres_suites.py``: ``pytest --collect-only -p tests.db_bound tests``
prints one ``db-bound <path>`` line per such module.

A test uses the database when it carries the ``django_db`` mark (its own, its class's or
its module's) or asks, directly or through another fixture, for one of pytest-django's
database fixtures. Tests that start a server of their own in a subprocess (the browser,
scale and fault tests) are not counted: their database is the server's.
"""

from __future__ import annotations

import pytest

#: pytest-django's fixtures that open the test database.
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server",
                               "django_db_reset_sequences", "django_db_serialized_rollback",
                               "admin_client", "admin_user", "django_user_model"})


def uses_database(item: pytest.Item) -> bool:
    """Whether a collected test opens the test database."""
    names = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & names)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Print each module with at least one test that uses the database."""
    modules = sorted({item.nodeid.split("::")[0] for item in items if uses_database(item)})
    for module in modules:
        print(f"db-bound {module}")
