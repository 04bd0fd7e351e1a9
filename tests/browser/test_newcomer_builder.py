"""A first-time winner writes a good rule fast: from the empty rule, an idea adopted from the
gallery, one value changed, the preview and the difficulty read, the rule written, in a
bounded number of steps, by mouse and by keyboard, on a desktop and on a phone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser import console
from tests.browser.helpers import WAIT_SECONDS, horizontal_overflow, htmx_idle, open_builder

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 812}}
#: "When a five is played, its player draws a card.", a medium idea, becomes "a six".
IDEA = "03-1"
CHANGED = "When a six is played, its player draws a card."
#: The most steps (a click or a key pressed) from the builder opening to the rule written.
#: By mouse: the idea, the five off, the six on, "Write this rule". By keyboard: reaching
#: the gallery (one step: a screen reader's jump to it), the Tabs to the idea and on to
#: the ranks and to "Write this rule", two Spaces and two Enters, counted as they happen.
MOST_STEPS = {"mouse": 4, "keyboard": 45}
WAIT_MS = WAIT_SECONDS * 1000
#: The estimate runs in a worker process: on a busy machine it takes several seconds.
ESTIMATE_MS = 30_000


@dataclass
class Steps:
    """What the writer does, one step at a time, counted."""

    page: Page
    count: int = 0

    def click(self, target: Locator) -> None:
        self.count += 1
        target.click()

    def press(self, key: str) -> None:
        self.count += 1
        self.page.keyboard.press(key)

    def tab_to(self, target: Locator, most: int = 40) -> None:
        """Tab until ``target`` has the focus (each Tab a step)."""
        for _ in range(most):
            if target.evaluate("el => el === document.activeElement"):
                return
            self.press("Tab")
        expect(target).to_be_focused()


def rank(page: Page, value: str) -> Locator:
    return page.locator(f"#row-when-0 input[name='when-0-ranks'][value='{value}']")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("device", ["mouse", "keyboard"])
def test_a_first_time_winner_adopts_an_idea_changes_it_and_writes_it(
        new_context: Callable[..., BrowserContext], shoot: Callable[[Page, str], Path],
        size: str, device: str) -> None:
    page = open_builder(new_context, viewport=SIZES[size])
    errors = console.watch(page)
    name = f"newcomer-{size}-{device}"
    # The empty rule: no example's conditions, and the gallery's three grades to pick from.
    expect(page.locator("#builder-body .cond-row")).to_have_count(0)
    gallery = page.locator("#builder-gallery")
    for grade in ("Easy", "Medium", "Hard"):
        expect(gallery.get_by_role("heading", name=grade)).to_be_visible()
    expect(page.locator("#builder-preview")).to_contain_text(
        "Nothing to preview yet: add a condition")
    expect(page.locator("#err-must")).to_be_empty()  # nothing marked the writer did not do
    shoot(page, f"{name}-1-empty")
    assert horizontal_overflow(page) <= 0

    steps = Steps(page)
    idea = gallery.locator(f"button[value='{IDEA}']")
    if device == "mouse":
        steps.click(idea)
    else:
        steps.count += 1  # reaching the gallery: a screen reader's jump to it
        gallery.locator("summary").focus()
        steps.tab_to(idea)
        steps.press("Enter")
        expect(page.locator("#f-kind")).to_be_focused(timeout=WAIT_MS)
    expect(page.locator("#builder-preview .preview-sentence")).to_have_text(
        "When a five is played, its player draws a card.", timeout=WAIT_MS)
    expect(page.locator("#f-jargon")).to_have_value("Fiver")
    htmx_idle(page)
    shoot(page, f"{name}-2-adopted")

    # One value changed: the rank, five to six.
    if device == "mouse":
        steps.click(rank(page, "5").locator(".."))
        steps.click(rank(page, "6").locator(".."))
    else:
        steps.tab_to(rank(page, "5"))
        steps.press("Space")
        steps.press("Tab")
        expect(rank(page, "6")).to_be_focused()
        steps.press("Space")
    expect(page.locator("#builder-preview .preview-sentence")).to_have_text(CHANGED,
                                                                            timeout=WAIT_MS)
    # The example's jargon went with the change: one is picked when the rule is written.
    expect(page.locator("#f-jargon")).to_have_value("", timeout=WAIT_MS)
    verdict = page.locator("#builder-difficulty .difficulty-verdict")
    expect(verdict).to_be_visible(timeout=ESTIMATE_MS)
    # Never "No problems found" beside a verdict of "very hard".
    assert not (page.locator("#builder-preview .preview-ok").is_visible()
                and page.locator(".difficulty-problem").count())
    htmx_idle(page)
    shoot(page, f"{name}-3-previewed")
    assert horizontal_overflow(page) <= 0

    write = page.get_by_role("button", name="Write this rule")
    if device == "mouse":
        steps.click(write)
    else:
        steps.tab_to(write)
        steps.press("Enter")
    # Written: the round starts, the rule among the writer's own.
    expect(page.get_by_role("region", name="Rules")).to_contain_text(CHANGED, timeout=WAIT_MS)
    assert steps.count <= MOST_STEPS[device], steps.count
    assert errors == []
