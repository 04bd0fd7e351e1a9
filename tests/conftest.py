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

Under pytest-xdist with ``--dist loadscope`` (``make test``), a module's tests run in one
worker (those of a few long modules one by one), the slowest browser modules first, then the
other browser modules, then the slowest of the rest (:class:`BrowserTestsFirst`); when the
session ends, what every worker's screenshots showed is checked for a page no
browser test shot (:mod:`tests.browser.coverage`).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

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


#: The folder whose modules are sent to the workers first: they take the longest.
FIRST = "tests/browser/"
#: The modules that take longest, longest first (docs/performance.md, "The test suite"):
#: those under :data:`FIRST` go before the other browser modules, the others right after
#: them. pytest-xdist sends the modules with the most tests first, and each of these has few:
#: sent last, one of them would keep a worker busy long after the others end.
SLOWEST = (
    "tests/browser/test_game_night_full.py",
    "tests/browser/test_full_game.py",
    "tests/browser/test_table_access.py",
    "tests/browser/test_presets.py",
    "tests/browser/test_notebook.py",
    "tests/browser/test_races.py",
    "tests/browser/test_phone.py",
    "tests/web/test_no_leak.py",
    "tests/scripts/test_bench.py",
)
#: Long modules with no module-scoped fixture, whose tests go to the workers one by one
#: (a test of one and a test of another may run at once on two workers).
SPLIT = (
    "tests/browser/test_presets.py",
    "tests/browser/test_full_game.py",
    "tests/browser/test_notebook.py",
    "tests/browser/test_table_access.py",
)


class BrowserTestsFirst(LoadScopeScheduling):  # type: ignore[misc]
    """``--dist loadscope`` (a module's tests, or a class's, go to one worker, so that its
    module-scoped fixtures are built once; each test of a module of :data:`SPLIT` alone), in
    the order of :func:`put_first`."""

    def _split_scope(self, nodeid: str) -> str:
        return nodeid if nodeid.split("::", 1)[0] in SPLIT else str(super()._split_scope(nodeid))

    def _assign_work_unit(self, node: Any) -> None:
        put_first(self.workqueue)
        super()._assign_work_unit(node)


def put_first(queue: OrderedDict[str, Any]) -> None:
    """Move to the front of ``queue``, in this order: the scopes of the :data:`SLOWEST`
    browser modules (in its order), the other browser scopes (in the queue's), the scopes of
    the other modules of :data:`SLOWEST` (in its order)."""

    def of(modules: tuple[str, ...]) -> list[str]:
        return [scope for module in modules for scope in queue
                if scope.split("::", 1)[0] == module]

    slow_browser = of(tuple(m for m in SLOWEST if m.startswith(FIRST)))
    browser = [scope for scope in queue if scope.startswith(FIRST) and scope not in slow_browser]
    for scope in reversed(slow_browser + browser + of(tuple(
            m for m in SLOWEST if not m.startswith(FIRST)))):
        queue.move_to_end(scope, last=False)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Producer
                                ) -> BrowserTestsFirst | None:
    """The scheduler of ``--dist loadscope``: :class:`BrowserTestsFirst`."""
    if config.getvalue("dist") != "loadscope":
        return None
    return BrowserTestsFirst(config, log)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """Gather what a pytest-xdist worker's browser tests recorded."""
    from tests.browser import coverage

    recorded = getattr(node, "workeroutput", {}).get("browser_coverage")
    if recorded:
        coverage.absorb(recorded)


#: What the browser suite failed to check, found when the session ended.
_coverage_problems: list[str] = []


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker sends its browser record home; the session (the controller, or the one
    process) fails if the whole browser suite passed without shooting every page."""
    from tests.browser import coverage

    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["browser_coverage"] = coverage.export()
        return
    if not coverage.whole_suite_passed():
        return
    from games.presets.registry import presets

    _coverage_problems[:] = coverage.problems(coverage.SHOTS, coverage.page_templates(),
                                              list(presets()))
    if _coverage_problems:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Name what the browser suite failed to check."""
    for problem in _coverage_problems:
        terminalreporter.write_line(f"browser coverage: {problem}", red=True)


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
    # An include is rendered with its page's context or a copy of it (which shares this
    # record): the values the page's own check looked at are not walked again.
    walked = vars(context).setdefault("_forbidden_walked", {})
    found = forbidden_values(context.flatten(), walked)
    with _current.lock:
        _current.names.append(str(name))
        _current.problems += [f"{name}: {problem}" for problem in found]


@pytest.fixture(scope="session", autouse=True)
def _hook_template_renders() -> Iterator[None]:
    from django.test.signals import template_rendered

    template_rendered.connect(_on_render, weak=False)
    yield
    template_rendered.disconnect(_on_render)


@pytest.fixture(scope="session", autouse=True)
def _hook_jinja_renders() -> Iterator[None]:
    """The table's Jinja2 fragments (games/table/fragments.py) are held to the same rule:
    Django's signal is sent for its own engine's renders only."""
    import jinja2

    render = jinja2.Template.render

    def checked(template: jinja2.Template, *args: Any, **kwargs: Any) -> str:
        from tests.contexts import forbidden_values

        found = forbidden_values(dict(*args, **kwargs))
        with _current.lock:
            _current.names.append(str(template.name))
            _current.problems += [f"{template.name}: {problem}" for problem in found]
        return render(template, *args, **kwargs)

    with mock.patch.object(jinja2.Template, "render", checked):
        yield


@pytest.fixture(autouse=True)
def template_renders() -> Iterator[Renders]:
    """The renders of this test (checked when it ends: no game, seat, queryset or state)."""
    global _current
    _current = Renders()
    yield _current
    assert not _current.problems, ("templates were given what they must never see: "
                                   + "; ".join(_current.problems[:10]))


#: The moment the rate limits' windows are held at (:func:`steady_rate_windows`).
STEADY_CLOCK = 1_800_000_000


@pytest.fixture
def steady_rate_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """django-ratelimit counts in fixed windows (a minute each, starting at an offset of
    their own): a test's few requests that straddle a window's end would be counted in two.
    Its clock, and only its, stands still for the test."""
    import types

    import django_ratelimit.core

    monkeypatch.setattr(django_ratelimit.core, "time",
                        types.SimpleNamespace(time=lambda: STEADY_CLOCK))
