"""Every page the app serves is checked by axe-core in at least one browser test.

Each screenshot (``shoot``) runs axe-core and records the view and template shown. Run last,
these tests hold each URL pattern to be a page some shot shows, or listed below as no page
of its own (with the reason), and each page template of templates/ to have been shot.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.browser import coverage

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
}
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


def unchecked(shots: list[coverage.Shot], templates: set[str]) -> tuple[set[str], set[str]]:
    """The pages (by view name) and the page templates no shot in ``shots`` showed. An
    error page says nothing of the page its URL would have shown."""
    views = {shot.view for shot in shots if shot.template not in ("404", "500")}
    return PAGES.keys() - views, templates - {shot.template for shot in shots}


def test_the_check_names_what_no_shot_showed() -> None:
    """The check below, on made-up shots: a page only an error page was shown at, and a
    page template nobody shot, are named."""
    shots = [coverage.Shot(f"shot-{view}", view, "games/reveal") for view in PAGES
             if view != "notebook:page"]
    shots.append(coverage.Shot("error", "notebook:page", "404"))
    assert unchecked(shots, {"games/reveal", "games/new"}) == ({"notebook:page"},
                                                              {"games/new"})
    assert unchecked(shots, {"games/reveal"})[1] == set()


def test_every_page_and_page_template_was_checked_by_axe() -> None:
    """Only meaningful after the whole browser suite ran and passed in this session."""
    collected_modules = {nodeid.split("::")[0] for nodeid in coverage.COLLECTED}
    others = {nodeid for nodeid in coverage.COLLECTED
              if not nodeid.startswith("tests/browser/test_coverage.py")}
    if collected_modules != coverage.browser_modules() or others - coverage.PASSED:
        pytest.skip("only after every browser test ran and passed in this session")
    pages, templates = unchecked(coverage.SHOTS, coverage.page_templates())
    assert not pages, f"pages no browser test shot: {sorted(pages)}"
    assert not templates, f"page templates no browser test shot: {sorted(templates)}"
    # Every page template of templates/ is found (the check would pass on an empty list).
    assert {"home", "games/table", "404", "500"} <= coverage.page_templates()


#: The states every preset is shot in by tests/browser/test_presets.py (one row a preset).
PRESET_STATES = ("00-home", "01-lobby-host", "01-lobby-phone", "03-dealt-phone",
                 "05-won-host", "05-won-phone")


def test_every_preset_was_played_and_checked_by_axe() -> None:
    """Only meaningful after the whole browser suite ran and passed in this session: each
    preset the registry lists has its row in test_presets.py, shot in each state."""
    from games.presets.registry import presets

    collected_modules = {nodeid.split("::")[0] for nodeid in coverage.COLLECTED}
    others = {nodeid for nodeid in coverage.COLLECTED
              if not nodeid.startswith("tests/browser/test_coverage.py")}
    if collected_modules != coverage.browser_modules() or others - coverage.PASSED:
        pytest.skip("only after every browser test ran and passed in this session")
    shot = {s.name for s in coverage.SHOTS}
    missing = sorted(f"preset-{name}-{state}" for name in presets()
                     for state in PRESET_STATES if f"preset-{name}-{state}" not in shot)
    assert not missing, f"preset states no browser test shot: {missing}"
