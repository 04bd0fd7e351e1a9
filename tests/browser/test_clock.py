"""The turn clock in a browser: at a five-card table (five seconds a turn) whose players
sit still, the server's clock runs the turn out; every screen shows the chair's call and
the penalty, the clock counts down for the next player, on a desktop and on a phone. Each
state is shot, so axe-core checks it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, open_context
from tests.browser.stage import stage

WAIT_MS = WAIT_SECONDS * 1000
CALL = re.compile(r"Dealer: that's a Time Limit Exceeded! (Ann|Bob|Cy) took longer than "
                  r"5 seconds\.")


def test_a_turn_that_runs_out_costs_a_card_on_every_screen(
        browser: Browser, timed_server_url: str, timed_env: dict[str, str],
        shoot: Callable[[Page, str], Path]) -> None:
    game = stage(timed_env, {"preset": "five-card", "players": 3, "hand_size": 5,
                             "names": ["Ann", "Bob", "Cy"], "seed": 11})
    players = []
    for seat, name, viewport in ((0, "Ann", {"width": 1280, "height": 900}),
                                 (1, "Bob", {"width": 375, "height": 812}),
                                 (2, "Cy", {"width": 1280, "height": 900})):
        context = open_context(browser, timed_server_url, viewport=viewport)
        context.add_cookies([game.cookie(seat, timed_server_url)])  # type: ignore[list-item]
        page = context.new_page()
        page.goto(f"/g/{game.code}/")
        player = Player(name, context, page)
        player.ready()
        players.append(player)
    ann, bob, cy = players
    try:
        # The clock is on every screen: the player to move's own is marked as theirs.
        clock = ann.page.locator("#status .clock")
        expect(clock).to_have_attribute("role", "timer")
        expect(clock.locator(".clock__left")).to_have_text(re.compile(r"0:0[0-5]"))
        shoot(ann.page, "clock-01-counting")
        # Nobody moves: the turn runs out, the chair calls it on every screen.
        for player in players:
            expect(player.page.locator("#moment")).to_have_text(CALL, timeout=3 * WAIT_MS)
            expect(player.page.locator("#log")).to_contain_text("as a penalty")
        shoot(bob.page, "clock-02-timed-out-phone")
        called = CALL.search(ann.page.locator("#moment").inner_text())
        assert called is not None
        late = called.group(1)
        # The turn passed: the next player's clock runs, marked as theirs on their screen.
        names = ["Ann", "Bob", "Cy"]
        following = players[(names.index(late) + 1) % 3]
        expect(following.page.locator("#status .your-turn")).to_have_text("Your turn",
                                                                          timeout=WAIT_MS)
        expect(following.page.locator("#status .clock--mine")).to_have_count(1)
        shoot(cy.page, "clock-03-next-turn")
    finally:
        for player in players:
            player.context.close()
