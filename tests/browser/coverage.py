"""Which pages the browser tests' screenshots showed, so that no page escapes axe-core.

Every ``shoot`` (tests/browser/conftest.py) checks the page's accessibility and records
here what it showed: the URL pattern that served it (its Django view name) and the page
template that drew it (base.html writes it on ``<body data-page>``, see
maosite/templatetags/pages.py). When the session ends, :func:`problems` holds the whole
browser suite to having checked every page the app serves and every preset's states
(tests/conftest.py runs it, over what every pytest-xdist worker recorded): a new URL or a new
page template fails the run until a test shoots it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any
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


#: The URL patterns that answer a GET with a whole page (by view name).
PAGES = {
    "home": "the home page",
    "how_to_play": "How to play",
    "new_game": "the home page again, with the form's errors (a POST)",
    "game": "a game's one link: its lobby, then its table",
    "builder:panel": "the rule builder on a page of its own (htmx gets the fragment)",
    "notebook:page": "the notebook on a page of its own (htmx gets the viewer's part)",
    "notebook:hypothesis": "writing a hypothesis",
    "reveal": "the reveal, or its page saying the game is not over",
    "publish_rule": "why a rule was not published (its POST refused)",
    "solo:choose": "the puzzles to play alone",
    "solo:daily": "the daily challenge, its results, the player's streak",
    "solo:end": "a solo puzzle's end: the rule, the timeline, the detective",
}
#: The states every preset is shot in by tests/browser/test_presets.py (one row a preset).
PRESET_STATES = ("00-home", "01-lobby-host", "01-lobby-phone", "03-dealt-phone",
                 "05-won-host", "05-won-phone")

#: Every shot of this process, in order.
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


def export() -> dict[str, list[Any]]:
    """What this process recorded, as plain data (a pytest-xdist worker sends it home)."""
    return {"shots": [list(astuple(shot)) for shot in SHOTS], "collected": sorted(COLLECTED),
            "passed": sorted(PASSED)}


def absorb(recorded: Mapping[str, list[Any]]) -> None:
    """Add what another process recorded (:func:`export`) to this one's."""
    SHOTS.extend(Shot(*shot) for shot in recorded["shots"])
    COLLECTED.update(recorded["collected"])
    PASSED.update(recorded["passed"])


def whole_suite_passed() -> bool:
    """Whether every browser test on disk was collected, ran and passed: only then do the
    shots say what the suite checks."""
    modules = {nodeid.split("::")[0] for nodeid in COLLECTED}
    return bool(COLLECTED) and modules == browser_modules() and COLLECTED <= PASSED


def unchecked(shots: list[Shot], templates: set[str]) -> tuple[set[str], set[str]]:
    """The pages (by view name) and the page templates no shot in ``shots`` showed. An
    error page says nothing of the page its URL would have shown."""
    views = {shot.view for shot in shots if shot.template not in ("404", "500")}
    return PAGES.keys() - views, templates - {shot.template for shot in shots}


def problems(shots: list[Shot], templates: set[str], presets: list[str]) -> list[str]:
    """What the browser suite failed to check: pages and page templates no shot showed,
    and preset states (:data:`PRESET_STATES` of each of ``presets``) never shot."""
    pages, missing = unchecked(shots, templates)
    names = {shot.name for shot in shots}
    states = sorted(f"preset-{preset}-{state}" for preset in presets for state in PRESET_STATES
                    if f"preset-{preset}-{state}" not in names)
    found = []
    if pages:
        found.append(f"pages no browser test shot: {sorted(pages)}")
    if missing:
        found.append(f"page templates no browser test shot: {sorted(missing)}")
    if states:
        found.append(f"preset states no browser test shot: {states}")
    return found
