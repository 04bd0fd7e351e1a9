"""Shared pytest configuration for Mini Mao's tests.

The environment the settings need (DEBUG=1, hence the dev-only SECRET_KEY) is set by
pytest-env from ``[tool.pytest.ini_options] env`` in pyproject.toml, not here: pytest-django
imports ``maosite.settings`` while pytest starts, before it loads any conftest.py, so an
``os.environ`` assignment in this file would come too late.

Every render of the project's own templates in every test (pages, fragments, the lobby,
the reveal, the builder, the notebook) is checked for a stored game, a seat, a queryset or
a game state in its context (:mod:`tests.contexts`): a test whose pages were given one
fails.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest


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
