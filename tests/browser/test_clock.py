"""The turn clock in a browser: at a five-card table (five seconds a turn) whose players
sit still, the server's clock runs the turn out; every screen shows the chair's call and
the penalty, the clock counts down again for the player called, who keeps the turn, on a
desktop and on a phone. Each state is shot, so axe-core checks it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS
from tests.browser.stage import stage
from tests.browser.test_table_talk import NAMES, _sit

WAIT_MS = WAIT_SECONDS * 1000
CALL = re.compile(r"Dealer: that's a Time Limit Exceeded! (Ann|Bob|Cat) took longer than "
                  r"5 seconds\.")
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}


def test_a_turn_that_runs_out_costs_a_card_on_every_screen(
        timed_context: Callable[..., BrowserContext], timed_server_url: str,
        timed_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(timed_env, {"preset": "five-card", "players": 3, "hand_size": 5,
                             "names": list(NAMES), "seed": 11})
    ann = _sit(timed_context, timed_server_url, game, 0, viewport=DESKTOP)
    bob = _sit(timed_context, timed_server_url, game, 1, viewport=PHONE)
    cat = _sit(timed_context, timed_server_url, game, 2, viewport=DESKTOP)
    players = [ann, bob, cat]
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
    # The turn stays (the seed gives only the card): the called player's clock runs again,
    # marked as theirs on their screen.
    keeper = players[NAMES.index(called.group(1))]
    expect(keeper.page.locator("#status .your-turn")).to_have_text("Your turn",
                                                                   timeout=WAIT_MS)
    expect(keeper.page.locator("#status .clock--mine")).to_have_count(1)
    shoot(keeper.page, "clock-03-turn-kept")
