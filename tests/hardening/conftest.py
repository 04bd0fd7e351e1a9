"""Fixtures of the hardening tests that race processes or threads on a real database."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from tests.hardening.helpers import skip_or_fail

#: The PostgreSQL server the races run on when it is reachable (a database each, dropped).
PG_SERVER = "postgres://postgres@127.0.0.1:5432"


@pytest.fixture
def postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database of this test's own, dropped afterwards."""
    try:
        import psycopg
    except ImportError:
        skip_or_fail("psycopg is not installed (pip install -e '.[scale]')")
    try:
        admin = psycopg.connect(f"{PG_SERVER}/test", autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        skip_or_fail(f"PostgreSQL is not reachable at 127.0.0.1:5432 ({exc})")
    name = f"mao_hardening_{uuid.uuid4().hex[:12]}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"{PG_SERVER}/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
