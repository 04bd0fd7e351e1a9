"""A point of order in a real browser: it hides every hand and resumes. Three players at a
staged table (tests.browser.stage) with a turn clock and Ann's secret rule Third, which
judges words said in a point of order in the third person. Cat, on a phone, calls one: on
every screen play stops, the status says so, the clock is stopped, the hand lies face down
(no card in the page), and screen readers hear it; Bob's words in it are the chat, his "I"
costs him a card; Cat ends it with the key O, and the same turn (Bob's) resumes with the
time its clock had left. Each state is shot and checked by axe (``shoot``), at 375 and
1280 px."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, horizontal_overflow, htmx_idle
from tests.browser.stage import stage
from tests.browser.test_announcements import _hears, _said
from tests.browser.test_table_talk import NAMES, PHONE, _say, _sit

WAIT_MS = WAIT_SECONDS * 1000
THIRD = {"kind": "third_person", "during": "order", "allow": ["Thank you"]}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _due(player: Player) -> int:
    return int(player.page.locator("#status .status__clock").get_attribute("data-due") or 0)


def _pressed(player: Player, others: list[Player], press: Callable[[], None]) -> None:
    """Do ``press`` on ``player``'s screen and wait for every screen's push."""
    pushes = [p.pushes() for p in others]
    press()
    for other, count in zip(others, pushes, strict=True):
        other.wait_push_after(count)
    htmx_idle(player.page)


def test_a_point_of_order_hides_every_hand_and_resumes_the_same_turn(
        timed_context: Callable[..., BrowserContext], timed_server_url: str,
        timed_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    # On the server whose clocks run: the turn's clock must stand still while play is
    # stopped, and run on after it with the time it had left.
    game = stage(timed_env, {"players": 3, "hand_size": 5, "names": NAMES, "seed": 1,
                              "settings": {"turn_seconds": 120},
                              "rules": [[0, "Third", THIRD]]})
    ann = _sit(timed_context, timed_server_url, game, 0, **DESKTOP)
    bob = _sit(timed_context, timed_server_url, game, 1, **DESKTOP)
    cat = _sit(timed_context, timed_server_url, game, 2, **PHONE)
    watcher = _sit(timed_context, timed_server_url, game, None, **DESKTOP)
    players = [ann, bob, cat]
    everyone = [*players, watcher]
    assert bob.my_turn() and len(bob.hand()) == 5
    due = _due(bob)
    expect(watcher.page.locator("#order-call")).to_have_count(0)  # a spectator calls none
    shoot(cat.page, "order-01-before-phone")

    # Cat calls one from her phone.
    _pressed(cat, [ann, bob, watcher],
             lambda: cat.page.get_by_role("button", name="Point of order").click())
    for player in everyone:
        page = player.page
        expect(page.locator("#order .order__panel")).to_contain_text(
            "Cat called a point of order: play is stopped and every hand is face down.",
            timeout=WAIT_MS)
        expect(page.locator("#status .status__paused")).to_have_text("Point of order")
        expect(page.locator("#status .clock__note")).to_have_text("(stopped)")
        expect(page.locator("[data-card]")).to_have_count(0)
        expect(page.locator(".hand .card")).to_have_count(0)
    for player in players:
        expect(player.page.locator(".hand-down .card")).to_have_count(5)
        expect(player.page.get_by_role("img", name="Your hand: 5 cards, face down until "
                                       "the point of order ends")).to_be_visible()
    assert not bob.my_turn()
    expect(bob.page.locator('[data-action="pass"]')).to_be_disabled()
    expect(cat.page.get_by_role("button", name="End point of order")).to_be_visible()
    expect(ann.page.get_by_role("button", name="End point of order")).to_be_visible()  # host
    expect(bob.page.locator("#order-end")).to_have_count(0)
    expect(bob.page.locator("#order")).to_contain_text("Cat or the host ends it.")
    for player in (ann, bob):
        _hears(player, "announce-polite", "Cat calls a point of order")
        assert any("Cat calls a point of order" in text
                   for text in _said(player, "announce-polite"))
    assert horizontal_overflow(cat.page) <= 0
    shoot(cat.page, "order-02-called-phone")
    shoot(bob.page, "order-03-called-desktop")
    shoot(watcher.page, "order-04-called-spectator")

    # Talk is free, but in the third person: Bob's "I" costs him a card, face down too.
    _say(bob, [ann, cat, watcher], "Whose turn is it?")
    _say(bob, [ann, cat, watcher], "I think it is mine")
    for player in everyone:
        expect(player.page.locator("#order .order__chat")).to_contain_text(
            "Bob: Whose turn is it?")
        expect(player.page.locator("#moment")).to_contain_text(
            "Ann: that's a Third! Bob spoke in the first or second person.")
    expect(bob.page.locator(".hand-down .card")).to_have_count(6)
    expect(bob.page.locator("[data-card]")).to_have_count(0)
    shoot(bob.page, "order-05-chat-desktop")
    shoot(cat.page, "order-06-chat-phone")

    # Cat ends it with the key O: the same turn resumes, with the time it had left.
    def press_o() -> None:
        cat.page.locator("body").focus()
        cat.page.keyboard.press("o")

    _pressed(cat, [ann, bob, watcher], press_o)
    for player in everyone:
        expect(player.page.locator("#order .order__panel")).to_have_count(0)
        expect(player.page.locator("#status .clock__note")).to_have_count(0)
    expect(bob.page.locator("#status .your-turn")).to_be_visible()
    expect(bob.page.locator(".hand .card")).to_have_count(6)
    expect(cat.page.locator(".hand .card")).to_have_count(5)
    expect(watcher.page.locator("[data-card]")).to_have_count(0)
    assert _due(bob) > due  # pushed back by as long as play was stopped
    assert bob.my_turn()
    for player in (ann, bob):
        _hears(player, "announce-polite",
               "Cat ends the point of order: play resumes with Bob to play.")
        assert any("Cat ends the point of order: play resumes with Bob to play." in text
                   for text in _said(player, "announce-polite"))
    expect(cat.page.get_by_role("button", name="Point of order")).to_be_visible()
    shoot(cat.page, "order-07-resumed-phone")
    shoot(bob.page, "order-08-resumed-desktop")
    bob.play(bob.hand()[0])  # and play goes on
    expect(bob.page.locator(".hand .card")).to_have_count(5)
