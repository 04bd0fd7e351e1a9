"""Mini Mao on a phone-sized screen (375 x 812): a host and two bots, played by keyboard.

Every page is checked for horizontal scrolling (none allowed) and the hand's buttons for
a comfortable height; the host plays by keyboard only: Enter on a focused card, "1" for
the first card, "p" to pass. The host ends the game and lands on the reveal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, horizontal_overflow, htmx_idle

PHONE = {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
MIN_BUTTON_HEIGHT = 40
#: Bots act after MAO_BOT_DELAY (0.2 s) each; two of them may move before the host.
TURN_MS = WAIT_SECONDS * 2000


def _no_sideways_scroll(page: Page, where: str) -> None:
    extra = horizontal_overflow(page)
    assert extra <= 1, f"{where}: the page is {extra} px wider than the 375 px screen"


def _wait_for_my_turn(host: Player) -> int:
    """Wait until the bots have moved and it is the host's turn; return the version."""
    expect(host.page.locator('#turn-buttons [data-action="pass"]')).to_be_enabled(
        timeout=TURN_MS)
    return host.version()


def _log_top(page: Page) -> str:
    return page.locator("#log .log__item").first.inner_text()


def _host_with_bots(new_context: Callable[..., BrowserContext],
                    shoot: Callable[[Page, str], Path] | None = None) -> Player:
    """A phone whose player opened a table with two bots and is writing the first rule."""
    context = new_context(**PHONE)
    host = Player("Ann", context, context.new_page())
    page = host.page
    page.goto("/")
    _no_sideways_scroll(page, "home")
    if shoot:
        shoot(page, "phone-01-home")
    host.open_table(players=3, hand_size=5, jokers=False, host_writes_first=True)
    host.ready()

    # The lobby: the host seats two bots, one of each kind.
    for kind in ("experimenter", "oracle"):
        page.get_by_label("Add a bot").select_option(kind)
        page.get_by_role("button", name="Add bot").click()
        htmx_idle(page)
    expect(page.locator("#lobby .lobby__seat .tag", has_text="bot")).to_have_count(2)
    expect(page.locator("#lobby")).to_contain_text("3 of 3 seats taken")
    _no_sideways_scroll(page, "lobby")
    if shoot:
        shoot(page, "phone-02-lobby")

    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
    host.ready()
    return host


def test_rule_builder_fits_a_phone(new_context: Callable[..., BrowserContext],
                                   shoot: Callable[[Page, str], Path]) -> None:
    host = _host_with_bots(new_context)
    shoot(host.page, "phone-03b-builder-too-wide")
    _no_sideways_scroll(host.page, "rule builder")


def test_phone_table_with_bots_by_keyboard(new_context: Callable[..., BrowserContext],
                                           shoot: Callable[[Page, str], Path]) -> None:
    host = _host_with_bots(new_context, shoot)
    page = host.page
    page.on("dialog", lambda dialog: dialog.accept())  # "End the game for everyone…?"

    # The host writes the first rule on the phone (the builder's default, named Pip).
    shoot(page, "phone-03-builder")  # too wide: see test_rule_builder_fits_a_phone
    page.locator("#f-jargon").fill("Pip")
    page.get_by_role("button", name="Write this rule").click()

    # The table: usable, no sideways scrolling, big enough buttons.
    version = _wait_for_my_turn(host)
    cards = page.locator(".hand .card")
    expect(cards).to_have_count(5)
    for box in (cards.nth(i).bounding_box() for i in range(cards.count())):
        assert box is not None and box["height"] >= MIN_BUTTON_HEIGHT, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375 + 1, box
    _no_sideways_scroll(page, "table")
    shoot(page, "phone-04-table")

    # Keyboard play 1: focus a card and press Enter.
    first = cards.first
    card = first.get_attribute("data-card")
    first.focus()
    page.keyboard.press("Enter")
    host.wait_version(version + 1)
    # Played, or refused by Pip: then the card comes back with a penalty card.
    if _log_top(page).startswith("Ann plays"):
        assert card not in host.hand()
    else:
        assert re.fullmatch(r"You draw \S+ as a penalty\.", _log_top(page)), _log_top(page)
        assert card in host.hand()

    # Keyboard play 2: "1" plays the first card of the hand.
    version = _wait_for_my_turn(host)
    count = len(host.hand())
    page.keyboard.press("1")
    host.wait_version(version + 1)
    assert len(host.hand()) in (count - 1, count + 1)  # played, or refused with a penalty
    _no_sideways_scroll(page, "table after plays")

    # Keyboard play 3: "p" passes (draws a card).
    version = _wait_for_my_turn(host)
    count = len(host.hand())
    page.keyboard.press("p")
    host.wait_version(version + 1)
    assert re.fullmatch(r"You draw \S+\.", _log_top(page)), _log_top(page)
    assert len(host.hand()) == count + 1
    shoot(page, "phone-05-played")

    # The host ends the game (once the bots have moved: a screen a version behind is told
    # to look again) and the phone follows to the reveal.
    _wait_for_my_turn(host)
    page.get_by_role("button", name="End the game").click()
    expect(page.locator("#stage .ended")).to_contain_text("Ann ended the game.")
    page.wait_for_url("**/reveal/", timeout=WAIT_SECONDS * 2000)
    expect(page.locator("#rules .rule-list > li.rule .jargon").first).to_have_text("Pip")
    expect(page.locator("#rules .rule-list > li.rule .author").first).to_have_text("Ann")
    _no_sideways_scroll(page, "reveal")
    shoot(page, "phone-06-reveal")
