"""Lynnfield's cards drawn in one's own turn, in a real browser. Bob speaks on his turn: No
Speaking's penalty card waits for his next turn (Scangas's Second Law), marked on the card
itself with a badge and a name that says so, and refused with the reason when clicked. Then
he passes: the card drawn may still be played (``play_drawn``), so the Pass button says it
keeps that card. Bob's seat is open on a desktop (1280 px) and on a phone (375 px); each
state is shot and checked by axe (``shoot``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player
from tests.browser.stage import stage
from tests.browser.test_point_of_order import _pressed
from tests.browser.test_presets import _deal
from tests.browser.test_table_talk import NAMES, PHONE, _say, _sit

WAIT_MS = WAIT_SECONDS * 1000
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
WAITS = ", waits for your next turn"


def _waiting(player: Player) -> Locator:
    return player.page.locator("#hand .hand .card.card--waits")


def test_a_penalty_card_waits_marked_and_the_pass_keeps_the_card_drawn(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"preset": "lynnfield", "players": 3, "hand_size": 5,
                              "names": NAMES, "seed": 1})
    ann = _sit(new_context, server_url, game, 0, **DESKTOP)
    bob = _sit(new_context, server_url, game, 1, **DESKTOP)
    phone = _sit(new_context, server_url, game, 1, **PHONE)  # Bob's seat, on his phone

    def deal() -> None:
        _deal(ann)

    _pressed(ann, [bob, phone], deal)
    for screen in (bob, phone):
        expect(screen.page.get_by_role("button", name="Pass (draw a card)")).to_be_enabled(
            timeout=WAIT_MS)
        expect(_waiting(screen)).to_have_count(0)
    held = set(bob.hand())

    _say(bob, [ann, phone], "Hello everyone")
    for screen in (bob, phone):
        expect(screen.page.locator("#log")).to_contain_text("No Speaking", timeout=WAIT_MS)
        marked = _waiting(screen)
        expect(marked).to_have_count(1, timeout=WAIT_MS)
        card = marked.get_attribute("data-card")
        assert card is not None and card not in held  # the penalty card, and only it
        expect(marked).to_have_attribute("aria-disabled", "true")
        badge = marked.locator("xpath=following-sibling::span[@class='card__badge']")
        expect(badge).to_have_text("waits")
        expect(badge).to_be_visible()
        label = marked.get_attribute("aria-label") or ""
        assert label.endswith(WAITS), label
        # Its accessible name is what a screen reader says of it.
        expect(screen.page.get_by_role("button", name=label)).to_have_count(1)
        # The other cards carry no mark.
        expect(screen.page.locator("#hand .card__badge")).to_have_count(1)
        marked.click(force=True)  # (Playwright waits on aria-disabled)
        expect(screen.page.locator("#feedback")).to_contain_text(
            "cannot be played until a later turn")
    shoot(bob.page, "waiting-card-01-desktop")
    shoot(phone.page, "waiting-card-02-phone")

    _pressed(bob, [ann, phone], lambda: bob.page.get_by_role(
        "button", name="Pass (draw a card)").click())
    for screen in (bob, phone):
        keep = screen.page.get_by_role("button", name="Pass (keep the card drawn)")
        expect(keep).to_be_enabled(timeout=WAIT_MS)
        expect(keep).to_have_attribute("title", "Keep the card you drew and end your turn "
                                                "(key P)")
        expect(screen.page.locator("#off-turn")).to_contain_text(
            "You may play only the card you drew")
    shoot(bob.page, "waiting-card-03-keep-desktop")
    shoot(phone.page, "waiting-card-04-keep-phone")

    _pressed(bob, [ann, phone], lambda: bob.page.get_by_role(
        "button", name="Pass (keep the card drawn)").click())
    for screen in (bob, phone):
        expect(screen.page.get_by_role("button", name="Pass (draw a card)")).to_be_disabled(
            timeout=WAIT_MS)
        expect(_waiting(screen)).to_have_count(0)  # his turn is over: nothing waits now
