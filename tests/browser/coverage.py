"""Which pages the browser tests' screenshots showed, so that no page escapes axe-core.

Every ``shoot`` (tests/browser/conftest.py) checks the page's accessibility and records
here what it showed: the URL pattern that served it (its Django view name) and the page
template that drew it (base.html writes it on ``<body data-page>``, see
maosite/templatetags/pages.py). tests/browser/test_coverage.py, run last, then holds the
whole browser suite to having checked every page the app serves: a new URL or a new page
template fails it until a test shoots it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.urls import Resolver404, resolve
from playwright.sync_api import Page

BROWSER_TESTS = Path(__file__).resolve().parent
TEMPLATES = BROWSER_TESTS.parents[1] / "templates"


@dataclass(frozen=True, slots=True)
class Shot:
    """One screenshot checked by axe-core: its name, the view and the page template."""

    name: str
    view: str
    template: str


#: Every shot of this session, in order.
SHOTS: list[Shot] = []
#: The node ids of every browser test collected (before -k or --deselect chose some), and
#: of those that ran and passed.
COLLECTED: set[str] = set()
PASSED: set[str] = set()


def record(page: Page, name: str) -> Shot:
    """Note what ``page`` shows now, as shot under ``name``."""
    path = urlsplit(page.url).path
    try:
        view = resolve(path).view_name
    except Resolver404:
        view = ""
    template = str(page.evaluate("document.body ? document.body.dataset.page || '' : ''"))
    shot = Shot(name, view, template)
    SHOTS.append(shot)
    return shot


def page_templates() -> set[str]:
    """The page templates of templates/ (those that extend base.html), as ``data-page``
    names them: ``games/lobby``."""
    return {str(path.relative_to(TEMPLATES).with_suffix("")) for path in TEMPLATES.rglob("*.html")
            if '{% extends "base.html" %}' in path.read_text(encoding="utf-8")}


def browser_modules() -> set[str]:
    """The browser test modules on disk, as node id prefixes (tests/browser/test_x.py)."""
    root = BROWSER_TESTS.parents[1]
    return {str(path.relative_to(root)) for path in BROWSER_TESTS.glob("test_*.py")}
