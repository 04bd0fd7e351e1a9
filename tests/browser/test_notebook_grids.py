"""The evidence grid's arrangements and the sealing warning in a real browser, at 1280 and
375 px: by rank, by suit, by colour and only what was seen, chosen by keyboard with htmx
and remembered; the same control without JavaScript; and sealing a guess the notebook
shows contradicted, warned with the evidence and still allowed. No console error, no axe
violation, no page wider than the screen.

The game is tests/browser/test_notebook_pages.py's: Ann's Gronk (no heart on a club) and
Bob's Pip (no five on a king); Cat's 5♥ on K♣ is refused by both, Ann's 9♥ by Gronk alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import horizontal_overflow, htmx_idle
from tests.browser.stage import stage
from tests.browser.test_notebook_pages import SPEC, WIDTHS
from tests.notebook.helpers import GRONK, form_of

#: A meaning of Gronk the table contradicts: 5♥ on K♣ was refused by it.
NO_SPADES = {"kind": "restriction", "must_not": {"type": "suit", "in": ["S"]}}


def _page(new_context: Callable[..., BrowserContext], device: str, **more: object
          ) -> tuple[Page, list[str]]:
    """A page at ``device``'s size, and the console errors it will log."""
    options: dict[str, object] = {"viewport": WIDTHS[device], **more}
    if device == "phone":
        options |= {"is_mobile": True, "has_touch": True}
    page = new_context(**options).new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_grid_is_arranged_by_keyboard_and_remembered(
        device: str, new_context: Callable[..., BrowserContext], server_env: dict[str, str],
        shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, SPEC)
    page, errors = _page(new_context, device)
    page.goto(f"/g/{game.code}/notebook/")
    grids = page.locator(".nb-grids").first  # all plays
    by_rank = grids.get_by_role("radio", name="By rank")
    expect(by_rank).to_be_checked()
    expect(grids.locator("th.nb-group")).to_have_count(0)
    by_rank.focus()
    page.keyboard.press("ArrowRight")  # By suit
    htmx_idle(page)
    views = grids.locator(".nb-grid-views")
    expect(views).to_have_attribute("data-arrange", "suit")
    expect(views.locator(".nb-grid--all thead th.nb-group")).to_have_text(
        ["Hearts ♥"])
    expect(views.locator(".nb-grid--all tbody th.nb-group")).to_have_text(["Clubs ♣"])
    expect(grids.get_by_role("radio", name="By suit")).to_be_focused()
    assert horizontal_overflow(page) <= 0
    shoot(page, f"notebook-grid-suit-{device}")
    page.keyboard.press("ArrowRight")  # By colour
    htmx_idle(page)
    expect(views).to_have_attribute("data-arrange", "colour")
    expect(views.locator(".nb-grid--all thead th.nb-group")).to_have_text(["Red ♦ ♥"])
    page.keyboard.press("ArrowRight")  # Only what was seen
    htmx_idle(page)
    expect(views).to_have_attribute("data-arrange", "seen")
    compact = views.locator(".nb-grid--all table.nb-seen")
    expect(compact.locator("tbody th")).to_have_text(["K♣"])
    expect(compact.locator("tbody td").first).to_have_text("5♥ 9♥")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"notebook-grid-seen-{device}")
    page.reload()
    expect(page.locator(".nb-grids").first.get_by_role("radio", name="Only what was seen")
           ).to_be_checked()
    assert errors == []


def test_the_arrangement_works_without_javascript(
        new_context: Callable[..., BrowserContext], server_env: dict[str, str]) -> None:
    game = stage(server_env, SPEC)
    page, errors = _page(new_context, "phone", java_script_enabled=False)
    page.goto(f"/g/{game.code}/notebook/")
    grids = page.locator(".nb-grids").first
    grids.get_by_text("By colour").click()
    grids.get_by_role("button", name="Show").click()
    page.wait_for_url("**/notebook/?*arrange=colour*")
    grids = page.locator(".nb-grids").first
    expect(grids.get_by_role("radio", name="By colour")).to_be_checked()
    expect(grids.locator(".nb-grid--all thead th.nb-group")).to_have_text(["Red ♦ ♥"])
    # (No screenshot or width measure here: both need script; the page with script is
    # measured above.)
    assert errors == []


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_sealing_a_contradicted_guess_warns_with_the_evidence(
        device: str, new_context: Callable[..., BrowserContext], server_env: dict[str, str],
        server_url: str, shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, SPEC)
    page, errors = _page(new_context, device)  # Cat's
    page.context.add_cookies([game.cookie(2, server_url)])  # type: ignore[list-item]
    page.goto(f"/g/{game.code}/notebook/")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    for spec in (NO_SPADES, GRONK):
        # Kept as the hypothesis page's form sends it (its builder is tested elsewhere).
        body = urlencode({**form_of(spec), "jargon": "Gronk"}, doseq=True)
        answer = page.request.post(
            f"/g/{game.code}/notebook/hypothesis/save/", data=body, max_redirects=0,
            headers={"X-CSRFToken": token,
                     "Content-Type": "application/x-www-form-urlencoded"})
        assert answer.status == 303
    page.reload()
    wrong = page.locator(".nb-hypothesis--wrong")
    expect(wrong).to_contain_text("A spade may never be played.")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"notebook-seal-warning-{device}")
    asked: list[str] = []

    def accept(dialog: object) -> None:
        asked.append(dialog.message)  # type: ignore[attr-defined]
        dialog.accept()  # type: ignore[attr-defined]

    page.once("dialog", accept)
    wrong.get_by_role("button", name="Seal as my guess").click()
    expect(page.locator(".nb-message")).to_contain_text("Sealed as your guess for Gronk.")
    assert asked and asked[0].startswith(
        "Warning: the notebook shows H1 contradicted by what the table saw. Contradicted by")
    assert "5♥ on K♣" in asked[0] and asked[0].endswith(
        "Seal H1 as your guess for Gronk anyway? You can seal another later; the last one "
        "counts.")
    expect(page.locator(".nb-guess")).to_contain_text("A spade may never be played.")
    assert errors == []
