"""The rule builder's speech kinds in a real browser: a talking rule and a reply rule are
chosen from the kind menu, filled in by keyboard, read back in English, and said to be
outside the card grid; on a desktop and on a phone, each state checked by axe."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, horizontal_overflow, htmx_idle, writing_host

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 812}}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_talking_rule_and_a_reply_rule_are_written_in_the_builder(
        size: str, new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context, viewport=SIZES[size])
    page.locator("#f-kind").select_option("talking")
    htmx_idle(page)
    allow = page.locator("#f-allow")
    expect(allow).to_be_visible()
    allow.fill("Point of order\nThank you")
    htmx_idle(page)
    sentence = page.locator("#builder-preview .preview-sentence")
    expect(sentence).to_contain_text("outside a play", timeout=WAIT_SECONDS * 1000)
    expect(sentence).to_contain_text("Point of order")
    # No card grid for words: the preview says so instead of "no problems".
    expect(page.locator("#builder-preview")).to_contain_text("does not apply to this rule")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"builder-speech-01-talking-{size}")

    page.locator("#f-kind").select_option("reply")
    htmx_idle(page)
    reply = page.locator("#f-reply")
    expect(reply).to_be_visible()
    reply.fill("Thank you very much")
    page.locator("#f-after-penalty").focus()
    htmx_idle(page)
    expect(sentence).to_contain_text("Thank you very much", timeout=WAIT_SECONDS * 1000)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"builder-speech-02-reply-{size}")
    page.locator("#f-jargon").fill("Manners")
    htmx_idle(page)
    page.get_by_role("button", name="Write this rule").click()
    expect(page.locator("#rules")).to_contain_text("Thank you very much",
                                                   timeout=WAIT_SECONDS * 1000)
