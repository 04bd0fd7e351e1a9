"""``make test-postgres`` runs every test that uses the database, and only those.

tests/conftest.py marks each test that uses the database ``db_bound`` while collecting
(:mod:`tests.db_bound`: a ``django_db`` mark, or a database fixture asked for directly or
through another fixture), and the Makefile selects them with ``-m db_bound``: no list of
suites is kept by hand, so a new suite cannot be left out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.db_bound import MARK, uses_database

ROOT = Path(__file__).resolve().parent.parent


def marked(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker(MARK) is not None


@pytest.fixture
def through_another(db: None) -> str:
    """A fixture of this suite's own that uses the database."""
    return "staged"


def test_a_test_asking_for_the_database_is_marked(request: pytest.FixtureRequest,
                                                  db: None) -> None:
    assert marked(request)


@pytest.mark.django_db
def test_a_test_marked_django_db_is_marked(request: pytest.FixtureRequest) -> None:
    assert marked(request)


def test_a_test_reaching_the_database_through_a_fixture_is_marked(
        request: pytest.FixtureRequest, through_another: str) -> None:
    assert marked(request)


def test_a_pure_test_is_not_marked(request: pytest.FixtureRequest) -> None:
    assert not marked(request)


def test_the_pure_core_never_uses_the_database(request: pytest.FixtureRequest) -> None:
    """Of the tests collected in this run, none of the pure core's (engine, rules)."""
    core = [item.nodeid for item in request.session.items
            if item.nodeid.startswith(("tests/engine/", "tests/rules/"))
            and (uses_database(item) or item.get_closest_marker(MARK) is not None)]
    assert core == []


def test_make_test_postgres_selects_the_marked_tests() -> None:
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    recipe = re.search(r"^test-postgres:.*?\n((?:\t.*\n)+)", text, re.M)
    assert recipe is not None, "the Makefile has no test-postgres target"
    assert re.search(rf"-m pytest .*-m {MARK} tests\b", recipe.group(1))
    assert "PG_TESTS" not in text
