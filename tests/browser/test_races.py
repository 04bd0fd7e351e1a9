"""Races in a real browser: three players at a staged table where Ann's secret rule Chauncey
opens a race on a pair and Cat's Hands Up one on a four. The race panel shows on every
screen as it opens (the big button for each player, none for a spectator), read at once
to screen readers; Ann clicks the button, Cat presses R, Bob on his phone says the words
last and draws; then nobody but Bob is silent in the next race, whose window the server's
timer closes by itself; R does nothing once the single-key shortcuts are turned off. The
server is the one whose clocks run (``timed_server_url``: ``MAO_TIMERS=1``), so no test
fires a tick; every state is shot and checked by axe at 375 and 1280 px (``shoot``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, horizontal_overflow, htmx_idle, open_context
from tests.browser.stage import stage

WAIT_MS = WAIT_SECONDS * 1000
PHONE = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
NAMES = ["Ann", "Bob", "Cat"]
PAIR = {"type": "all", "of": [{"type": "relation", "rel": "same_rank"},
                              {"type": "compare", "what": "run_length", "op": "==", "value": 1}]}
CHAUNCEY = {"kind": "trigger", "when": PAIR,
            "effects": [{"type": "race", "say": "Chauncey", "seconds": 30}]}
HANDS_UP = {"kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["4"]},
            "effects": [{"type": "race", "press": "Hands up", "seconds": 12}]}


def _sit(browser: Browser, url: str, code: str, cookie: dict[str, object] | None, name: str,
         **options: object) -> Player:
    context = open_context(browser, url, **options)
    if cookie is not None:
        context.add_cookies([cookie])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{code}/")
    player = Player(name, context, page)
    player.ready()
    return player


def _panel(player: Player) -> object:
    return player.page.locator("#race")


def _banner(players: list[Player], text: str) -> None:
    for player in players:
        expect(player.page.locator("#moment")).to_contain_text(text, timeout=WAIT_MS * 4)


def test_a_race_with_three_players_where_the_last_one_draws(
        browser: Browser, timed_server_url: str, timed_env: dict[str, str],
        shoot: Callable[[Page, str], Path]) -> None:
    game = stage(timed_env, {
        "players": 3, "hand_size": 3, "names": NAMES, "seed": 1,
        "rules": [[0, "Chauncey", CHAUNCEY], [2, "Hands Up", HANDS_UP]],
        "hands": [["2C", "3D", "9S"], ["7H", "5C", "KD"], ["4H", "6S", "10C"]],
        "pile": ["7C"], "current": 1})
    url = timed_server_url
    ann = _sit(browser, url, game.code, game.cookie(0, url), "Ann", **DESKTOP)
    bob = _sit(browser, url, game.code, game.cookie(1, url), "Bob", **PHONE)
    cat = _sit(browser, url, game.code, game.cookie(2, url), "Cat", **DESKTOP)
    watcher = _sit(browser, url, game.code, None, "Watcher", **DESKTOP)
    players = [ann, bob, cat]
    try:
        for player in [*players, watcher]:
            expect(player.page.locator("#race")).to_be_hidden()

        # Bob makes a pair: every screen shows the race, a button for each player.
        bob.play("7H")
        for player in [*players, watcher]:
            expect(player.page.locator("#race")).to_be_visible(timeout=WAIT_MS)
            expect(player.page.locator("#race")).to_contain_text("Say “Chauncey”")
            expect(player.page.locator("#race .clock__left")).to_have_text(re.compile(r"0:[0-3]\d"))
        for player in players:
            expect(player.page.get_by_role("button", name=re.compile("Chauncey!"))).to_be_visible()
        expect(watcher.page.locator("#race [data-race-key]")).to_have_count(0)
        # Read at once to a screen reader, with how to answer.
        expect(ann.page.locator("#race-alert")).to_have_text(
            "Race! Say “Chauncey” Press R, or the button.", timeout=WAIT_MS)
        expect(bob.page.locator("#race .race__button")).to_be_in_viewport()  # on the phone
        assert horizontal_overflow(bob.page) <= 0
        shoot(bob.page, "race-01-open-phone")
        shoot(ann.page, "race-02-open-desktop")
        shoot(watcher.page, "race-03-open-spectator")

        # Ann clicks the big button, Cat presses R: every screen shows who answered.
        ann.page.get_by_role("button", name=re.compile("Chauncey!")).click()
        expect(ann.page.locator("#race")).to_contain_text("You answered", timeout=WAIT_MS)
        # With the single-key shortcuts turned off, R does nothing (WCAG 2.1.4).
        switch = cat.page.get_by_label("Key shortcuts")
        blur = "document.activeElement && document.activeElement.blur()"
        switch.uncheck()
        cat.page.evaluate(blur)
        cat.page.keyboard.press("r")
        cat.page.wait_for_timeout(500)
        expect(cat.page.get_by_role("button", name=re.compile("Chauncey!"))).to_be_visible()
        switch.check()
        cat.page.evaluate(blur)
        cat.page.keyboard.press("r")
        for player in [*players, watcher]:
            expect(player.page.locator("#race")).to_contain_text("Answered: Ann, Cat.",
                                                                 timeout=WAIT_MS)
        expect(bob.page.get_by_role("button", name=re.compile("Chauncey!"))).to_be_visible()
        shoot(cat.page, "race-04-answered-desktop")
        shoot(bob.page, "race-05-waiting-phone")

        # Bob, last, says it in the say-box: the race closes and he draws a card.
        bob.page.locator("#say-words").fill("Chauncey!")
        bob.page.locator("#say-words").press("Enter")
        verdict = "Ann: Chauncey! Bob was last to say “Chauncey” and draws a card."
        _banner([*players, watcher], verdict)
        for player in [*players, watcher]:
            expect(player.page.locator("#race")).to_be_hidden()
            expect(player.page.locator("#seats .seat__count").nth(1)).to_contain_text("3")
        htmx_idle(bob.page)
        shoot(bob.page, "race-06-last-draws-phone")
        shoot(ann.page, "race-07-last-draws-desktop")

        # Cat's four opens a race to press a button; Bob never answers, and the server's
        # timer closes the window by itself.
        cat.play("4H")
        for player in players:
            expect(player.page.locator("#race")).to_contain_text("Hands up", timeout=WAIT_MS)
        ann.page.get_by_role("button", name=re.compile("Hands up")).click()
        # Ann's answer is in before Cat's: the order the screens list them in.
        expect(ann.page.locator("#race")).to_contain_text("You answered", timeout=WAIT_MS)
        cat.page.locator("body").press("r")
        expect(bob.page.locator("#race")).to_contain_text("Answered: Ann, Cat.",
                                                          timeout=WAIT_MS)
        shoot(bob.page, "race-08-hands-up-phone")
        silent = "Cat: Hands Up! Bob did not press “Hands up” in time and draws a card."
        _banner([*players, watcher], silent)
        for player in players:
            expect(player.page.locator("#race")).to_be_hidden()
            expect(player.page.locator("#seats .seat__count").nth(1)).to_contain_text("4")
        shoot(bob.page, "race-09-timed-out-phone")
        shoot(watcher.page, "race-10-timed-out-spectator")
    finally:
        for player in [*players, watcher]:
            player.context.close()
