"""The host's pause in a real browser: three players at a staged Lynnfield table
(tests.browser.stage), whose house rule No Speaking forbids talking outside a play. Ann, the
host (its Chairman), deals and pauses the game from the keyboard: on every screen play
stops, the status and the panel say so, every hand lies face down, and only Ann has the
button to resume; Bob talks freely in the pause and draws nothing; Ann resumes with the key
O, and the same turn goes on with every rule again. Each state is shot and checked by axe
(``shoot``), on a phone too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS
from tests.browser.test_host_powers import dealt
from tests.browser.test_point_of_order import _pressed
from tests.browser.test_table_talk import _say

WAIT_MS = WAIT_SECONDS * 1000


def test_the_host_pauses_the_game_and_resumes_it(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    ann, bob, cat = dealt(new_context, server_url, server_env)  # Bob plays first
    everyone = [ann, bob, cat]
    expect(bob.page.locator("#status .your-turn")).to_be_visible()
    # Only the host may pause.
    expect(bob.page.locator("#order-pause")).to_have_count(0)
    expect(cat.page.locator("#order-pause")).to_have_count(0)

    def pause() -> None:
        ann.page.locator("#order-pause").focus()
        ann.page.keyboard.press("Enter")

    _pressed(ann, [bob, cat], pause)
    for player in everyone:
        page = player.page
        expect(page.locator("#order .order__panel")).to_contain_text(
            "Ann paused the game: play is stopped and every hand is face down.",
            timeout=WAIT_MS)
        expect(page.locator("#status .status__paused")).to_have_text("Paused")
        expect(page.locator("[data-card]")).to_have_count(0)
    expect(ann.page.get_by_role("button", name="Resume the game")).to_be_visible()
    for player in (bob, cat):
        expect(player.page.locator("#order-resume")).to_have_count(0)
        expect(player.page.locator("#order")).to_contain_text("The host resumes it.")
    assert not bob.my_turn()
    shoot(ann.page, "pause-01-paused-host")
    shoot(cat.page, "pause-02-paused-phone")

    # Words are free in a pause: No Speaking judges nothing.
    _say(bob, [ann, cat], "I need a glass of water, back in a minute")
    for player in everyone:
        expect(player.page.locator("#order .order__chat")).to_contain_text(
            "Bob: I need a glass of water, back in a minute")
    expect(bob.page.locator(".hand-down .card")).to_have_count(5)
    shoot(bob.page, "pause-03-chat")

    def press_o() -> None:
        ann.page.locator("body").focus()
        ann.page.keyboard.press("o")

    _pressed(ann, [bob, cat], press_o)
    for player in everyone:
        expect(player.page.locator("#order .order__panel")).to_have_count(0)
    expect(bob.page.locator("#status .your-turn")).to_be_visible()
    expect(bob.page.locator(".hand .card")).to_have_count(5)
    expect(ann.page.locator("#order-pause")).to_be_visible()
    shoot(ann.page, "pause-04-resumed")
    # Every rule applies again: Bob's next remark costs him a card.
    _say(bob, [ann, cat], "Thanks for waiting")
    expect(bob.page.locator(".hand .card")).to_have_count(6)
