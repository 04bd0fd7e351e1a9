"""Shared pytest configuration for Mini Mao's tests.

The environment the settings need (DEBUG=1, hence the dev-only SECRET_KEY) is set by
pytest-env from ``[tool.pytest.ini_options] env`` in pyproject.toml, not here: pytest-django
imports ``maosite.settings`` while pytest starts, before it loads any conftest.py, so an
``os.environ`` assignment in this file would come too late.

Every render of the project's own templates in every test (pages, fragments, the lobby,
the reveal, the builder, the notebook) is checked for a stored game, a seat, a queryset or
a game state in its context (:mod:`tests.contexts`): a test whose pages were given one
fails.

Hypothesis runs under a profile: ``fast`` by default, ``thorough`` (many more examples a
property) with ``HYPOTHESIS_PROFILE=thorough`` (``make test-thorough``). Tests set no example
count of their own: a property whose examples are costly, or cheap and many, takes a share of
the profile's (:func:`tests.examples.share`).

Every test that uses the test database is marked ``db_bound`` (:mod:`tests.db_bound`), which
``make test-postgres`` selects.

Under pytest-xdist with ``--dist loadscope`` (``make test``), the browser tests all run in one
worker, in their order (:class:`BrowserTestsTogether`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import settings
from xdist.remote import Producer
from xdist.scheduler import LoadScopeScheduling

from tests.db_bound import mark_database_bound

#: Examples a property tries in an ordinary run (``make test``), and in a thorough one.
FAST_EXAMPLES = 20
THOROUGH_EXAMPLES = 200

# Test modules build their settings when imported, after this file: they inherit the profile.
# No deadline: the suite shares its machine (workers, browsers, servers), and a slow moment is
# no property of the code. print_blob: a failure prints how to reproduce it.
settings.register_profile("fast", max_examples=FAST_EXAMPLES, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=THOROUGH_EXAMPLES, deadline=None,
                          print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fast"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that use the database ``db_bound`` (before ``-m`` selects)."""
    mark_database_bound(items)


#: The folder whose tests share one pytest-xdist worker: the browser tests share a browser
#: and servers for the session, and their last check (tests/browser/test_coverage.py) counts
#: what every other one shot, in its own process.
TOGETHER = "tests/browser/"


class BrowserTestsTogether(LoadScopeScheduling):  # type: ignore[misc]
    """``--dist loadscope`` (a module's tests, or a class's, go to one worker, so that its
    module-scoped fixtures are built once), with every test under :data:`TOGETHER` in one
    work unit: sent whole to one worker, in collection order, first of all (it takes the
    longest)."""

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.startswith(TOGETHER):
            return TOGETHER
        return str(super()._split_scope(nodeid))

    def _assign_work_unit(self, node: Any) -> None:
        if TOGETHER in self.workqueue:
            self.workqueue.move_to_end(TOGETHER, last=False)
        super()._assign_work_unit(node)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Producer
                                ) -> BrowserTestsTogether | None:
    """The scheduler of ``--dist loadscope``: :class:`BrowserTestsTogether`. (A folder as
    one scope, not an ``xdist_group`` mark and ``--dist loadgroup``: pytest-xdist 3.8 groups
    marked tests by renaming their node ids, which pytest 9.2 no longer lets it do.)"""
    if config.getvalue("dist") != "loadscope":
        return None
    return BrowserTestsTogether(config, log)


@dataclass
class Renders:
    """The renders of the project's templates seen during one test, and what they were
    given that they must not be."""

    names: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


_current = Renders()


def _on_render(sender: Any, template: Any, context: Any, **kwargs: Any) -> None:
    from tests.contexts import forbidden_values, is_ours

    name = getattr(template, "name", None)
    if not is_ours(name):
        return
    found = forbidden_values(context.flatten())
    with _current.lock:
        _current.names.append(str(name))
        _current.problems += [f"{name}: {problem}" for problem in found]


@pytest.fixture(scope="session", autouse=True)
def _hook_template_renders() -> Iterator[None]:
    from django.test.signals import template_rendered

    template_rendered.connect(_on_render, weak=False)
    yield
    template_rendered.disconnect(_on_render)


@pytest.fixture(autouse=True)
def template_renders() -> Iterator[Renders]:
    """The renders of this test (checked when it ends: no game, seat, queryset or state)."""
    global _current
    _current = Renders()
    yield _current
    assert not _current.problems, ("templates were given what they must never see: "
                                   + "; ".join(_current.problems[:10]))
