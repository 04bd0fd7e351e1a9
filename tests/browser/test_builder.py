"""The rule builder's preview in the browser, beyond what the whole game exercises."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, htmx_idle, wait_sentence


def test_preview_warns_that_a_joker_rule_locks_a_game_without_jokers(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    context = new_context()
    host = Player("Ann", context, context.new_page())
    page = host.page
    page.goto("/")
    # Three seats, so that the host writes alone (at a table of two both players write).
    host.open_table(players=3, hand_size=3, jokers=False, host_writes_first=True)
    host.ready()
    for _ in range(2):
        page.get_by_role("button", name="Add bot").click()
        htmx_idle(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
    host.ready()
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_be_visible()
    htmx_idle(page)
    page.locator("#f-when-0-colour").select_option("black")
    wait_sentence(page, "Only a black card may be played on a black card.")
    page.locator("#f-must-0-test").select_option("joker")
    wait_sentence(page, "Only a joker may be played on a black card.")
    page.locator("#f-top").select_option("7S")
    expect(page.locator(".preview-summary")).to_contain_text("On 7♠: 0 of 52 may be played")
    shoot(page, "builder-01-joker-lockup-not-warned")
    expect(page.locator('#builder-preview .warning[data-code^="lockup"]').first).to_be_visible(
        timeout=WAIT_SECONDS * 1000)
