"""The notebook page and the hypothesis page in a real browser, at 1280 and 375 px, as a
spectator (who has a notebook too): the filter "only plays refused by several rules" by
keyboard, the pile under a refused play, and no page wider than the screen.

The game is staged (tests.browser.stage): Ann's Gronk (no heart on a club) and Bob's Pip
(no five on a king); Cat's 5♥ on K♣ is refused by both, Ann's 9♥ on it by Gronk alone.
Nobody sits at the table, so nothing moves while the pages are read.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import horizontal_overflow, htmx_idle
from tests.browser.stage import stage
from tests.notebook.helpers import GRONK
from tests.notebook.test_several import PIP

WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 740}}
SPEC = {"players": 3, "hand_size": 5, "names": ["Ann", "Bob", "Cat"], "seed": 1,
        "rules": [[0, "Gronk", GRONK], [1, "Pip", PIP]],
        "hands": [["9H", "2S", "7D"], ["6D", "8S", "3C"], ["5H", "3D", "4S"]],
        "pile": ["4D", "9C", "KC"], "current": 2, "plays": [[2, ["5H"]], [0, ["9H"]]]}


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_notebook_page_filters_plays_refused_by_several_rules(
        device: str, new_context: Callable[..., BrowserContext], server_env: dict[str, str],
        shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, SPEC)
    options: dict[str, object] = {"viewport": WIDTHS[device]}
    if device == "phone":
        options |= {"is_mobile": True, "has_touch": True}
    page = new_context(**options).new_page()
    page.goto(f"/g/{game.code}/notebook/")
    expect(page.locator(".nb-lede")).to_have_text(
        "2 plays tried, 2 refused (1 by several rules at once).")
    gronk = page.locator('details.nb-jargon[data-jargon="Gronk"]')
    gronk.locator("summary").click()
    both = gronk.locator(".nb-lines li", has_text="Cat tried 5♥")
    alone = gronk.locator(".nb-lines li", has_text="Ann tried 9♥")
    expect(both).to_contain_text("Cat tried 5♥ on K♣ (over 9♣ 4♦), holding 3 cards")
    expect(both).to_contain_text("also refused by Pip")
    expect(alone).to_be_visible()
    every = page.locator(".nb-grids").first
    expect(every.locator(".nb-grid--all")).to_be_visible()
    expect(every.locator(".nb-grid--several")).to_be_hidden()
    assert horizontal_overflow(page) <= 0
    shoot(page, f"notebook-page-{device}")

    # The filter, by keyboard: single refusals and the whole grids give way.
    toggle = page.get_by_label("Only plays refused by several rules")
    toggle.focus()
    page.keyboard.press("Space")
    expect(toggle).to_be_checked()
    expect(alone).to_be_hidden()
    expect(both).to_be_visible()
    expect(every.locator(".nb-grid--all")).to_be_hidden()
    several = every.locator(".nb-grid--several")
    expect(several).to_be_visible()
    expect(several.locator(".nb-cell--refused")).to_have_count(1)
    expect(several.locator("tbody th")).to_have_text(["K♣"])
    assert horizontal_overflow(page) <= 0
    shoot(page, f"notebook-page-several-{device}")
    page.keyboard.press("Space")
    expect(alone).to_be_visible()

    # The hypothesis page: what Gronk did, the pile included, and the verdict as typed.
    page.goto(f"/g/{game.code}/notebook/hypothesis/?jargon=Gronk")
    expect(page.get_by_role("heading", level=1)).to_have_text("What does “Gronk” mean?")
    expect(page.locator(".nb-seen")).to_contain_text("Cat tried 5♥ on K♣ (over 9♣ 4♦)")
    htmx_idle(page)
    expect(page.locator("#builder-preview")).to_contain_text("Nothing to preview yet")
    page.locator("#f-kind").select_option("trigger")
    htmx_idle(page)
    page.get_by_role("button", name="+ Add an effect", exact=True).click()
    htmx_idle(page)
    verdict = page.locator("#builder-preview .nb-verdict")
    expect(verdict).to_contain_text("Contradicted by 2:")
    expect(page.locator(".nb-contradictions")).to_contain_text(
        "was refused by Gronk; your rule never refuses a play: it is a trigger")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"hypothesis-page-{device}")
