"""Every page the app serves is checked by axe-core in at least one browser test.

Each screenshot (``shoot``) runs axe-core and records the view and template shown; when the
session ends, tests/conftest.py holds every page and page template to have been shot
(:func:`tests.browser.coverage.problems`). These tests hold each URL pattern to be a page
(:data:`~tests.browser.coverage.PAGES`) or listed below as no page of its own, with the
reason, and the check itself to name what is missing.
"""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver

from tests.browser import coverage
from tests.browser.coverage import PAGES

#: The URL patterns that answer with no page of their own: the page they change is shot.
NOT_PAGES = {
    "find_game": "redirects to the game, or home with a message",
    "join": "a lobby fragment (htmx) or a redirect to the lobby",
    "add_bot": "a lobby fragment or a redirect",
    "remove_seat": "a lobby fragment or a redirect",
    "start": "a redirect to the table",
    "act": "a line of feedback under the table's controls",
    "builder:form": "a fragment of the builder",
    "builder:rows": "a fragment of the builder",
    "builder:preview": "a fragment of the builder",
    "builder:jargon": "a fragment of the builder",
    "builder:submit": "a fragment of the builder",
    "difficulty": "a fragment of the builder's preview",
    "notebook:note": "a note's status line",
    "notebook:grid": "an evidence grid, in the notebook",
    "notebook:delete": "the notebook's own part again",
    "notebook:seal": "the notebook's own part again",
    "notebook:hypothesis_form": "a fragment of the hypothesis page",
    "notebook:hypothesis_rows": "a fragment of the hypothesis page",
    "notebook:hypothesis_preview": "a fragment of the hypothesis page",
    "notebook:hypothesis_save": "a redirect to the notebook, or a fragment",
    "solo:start": "a redirect to the solo table",
    "solo:prophesy": "a verdict in the hypothesis writer, or a redirect to the end",
    "solo:give_up": "a redirect to the end",
    "solo:detective": "the end page's section on the detective's run, asked again by htmx",
}


def _view_names(patterns: list[URLPattern | URLResolver], prefix: str = "") -> set[str]:
    """Every named pattern's view name (``notebook:page``), leaving out Django's admin."""
    names: set[str] = set()
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name == "admin":
                continue
            space = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            names |= _view_names(pattern.url_patterns, space)
        elif pattern.name:
            names.add(prefix + pattern.name)
    return names


def test_every_url_is_a_page_or_says_why_it_is_not() -> None:
    names = _view_names(get_resolver().url_patterns)
    assert not PAGES.keys() & NOT_PAGES.keys()
    unclassified = names - PAGES.keys() - NOT_PAGES.keys()
    assert not unclassified, f"new URLs: add them to PAGES (and shoot them) or NOT_PAGES: " \
                             f"{sorted(unclassified)}"
    assert not (PAGES.keys() | NOT_PAGES.keys()) - names, "URLs listed here that are gone"


def test_the_check_names_what_no_shot_showed() -> None:
    """The session's check, on made-up shots: a page only an error page was shown at, a
    page template nobody shot and a preset state never shot are named."""
    shots = [coverage.Shot(f"shot-{view}", view, "games/reveal") for view in PAGES
             if view != "notebook:page"]
    shots.append(coverage.Shot("error", "notebook:page", "404"))
    shots += [coverage.Shot(f"preset-classic-{state}", "home", "home")
              for state in coverage.PRESET_STATES if state != "05-won-phone"]
    assert coverage.problems(shots, {"games/reveal", "home", "games/new"}, ["classic"]) == [
        "pages no browser test shot: ['notebook:page']",
        "page templates no browser test shot: ['games/new']",
        "preset states no browser test shot: ['preset-classic-05-won-phone']"]
    shots.append(coverage.Shot("page", "notebook:page", "games/new"))
    shots.append(coverage.Shot("preset-classic-05-won-phone", "home", "home"))
    assert coverage.problems(shots, {"games/reveal", "home", "games/new"}, ["classic"]) == []


def test_what_a_worker_recorded_reaches_the_check() -> None:
    """A worker's record travels as plain data and adds to the session's."""
    before = coverage.export()
    recorded: dict[str, list[Any]] = {
        "shots": [["shot", "home", "home"]], "collected": ["tests/browser/x.py::t"],
        "passed": ["tests/browser/x.py::t"]}
    try:
        coverage.absorb(recorded)
        assert coverage.Shot("shot", "home", "home") in coverage.SHOTS
        assert coverage.export()["passed"] == sorted({*before["passed"], "tests/browser/x.py::t"})
    finally:
        coverage.SHOTS[:] = [coverage.Shot(*shot) for shot in before["shots"]]
        coverage.COLLECTED.clear()
        coverage.COLLECTED.update(before["collected"])
        coverage.PASSED.clear()
        coverage.PASSED.update(before["passed"])


def test_every_page_template_is_found() -> None:
    """The session's check would pass on an empty list of templates."""
    assert {"home", "games/table", "404", "500"} <= coverage.page_templates()
