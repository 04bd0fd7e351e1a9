"""Who is looking: a player's identity is their browser session, everyone else watches.

One dealt game for the module (Ann the host, Bob who joined by the link, and a bot): a
reload and a second tab keep Bob's seat and hand; a spectator sees the table without a
hand. These tests only look, so they share the game. The last two tests keep two lobby
bugs these tests found fixed: the push after a join must still show the joiner's seat as
theirs, and must not wipe a name someone else is typing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, htmx_idle, open_context, start_from_idea

WAIT_MS = WAIT_SECONDS * 1000


@pytest.fixture(scope="module")
def table(browser: Browser, server_url: str) -> Iterator[tuple[str, Player, Player]]:
    """A dealt game of three: Ann (host), Bob and a bot; yields the link, Ann and Bob."""
    contexts = [open_context(browser, server_url) for _ in range(2)]
    ann, bob = (Player(name, c, c.new_page()) for name, c in zip(("Ann", "Bob"), contexts,
                                                                   strict=True))
    ann.page.goto("/")
    link = ann.open_table(players=3, hand_size=5, jokers=False, host_writes_first=True)
    ann.ready()
    bob.take_seat(link)
    expect(ann.page.locator("#lobby .lobby__seats")).to_contain_text("Bob")
    ann.page.get_by_role("button", name="Add bot").click()
    htmx_idle(ann.page)
    ann.page.get_by_role("button", name="Start the game").click()
    expect(ann.page.locator("#builder-form")).to_be_visible(timeout=WAIT_MS)
    ann.ready()
    start_from_idea(ann.page)
    ann.page.locator("#f-jargon").fill("Pip")
    ann.page.get_by_role("button", name="Write this rule").click()
    for p in (ann, bob):
        expect(p.page.locator(".hand .card")).to_have_count(5, timeout=WAIT_MS)
        p.ready()
    yield link, ann, bob
    for context in contexts:
        context.close()


def _me(page: Page) -> str:
    return page.locator("#seats .seat--me .seat__name").inner_text().strip()


def test_reload_keeps_the_seat_and_the_hand(table: tuple[str, Player, Player],
                                            shoot: Callable[[Page, str], Path]) -> None:
    _, _, bob = table
    hand, version = bob.hand(), bob.version()
    bob.page.reload()
    bob.ready()
    assert _me(bob.page) == "Bob (you)"
    assert bob.hand() == hand
    assert bob.version() == version
    shoot(bob.page, "seats-01-reloaded-bob")


def test_a_second_tab_shows_the_same_seat(table: tuple[str, Player, Player],
                                          shoot: Callable[[Page, str], Path]) -> None:
    link, _, bob = table
    tab = Player("Bob", bob.context, bob.context.new_page())
    try:
        tab.page.goto(link)
        tab.ready()
        assert _me(tab.page) == "Bob (you)"
        assert tab.hand() == bob.hand()
        assert tab.version() == bob.version()
        expect(tab.page.locator("#play-form")).to_be_visible()
        shoot(tab.page, "seats-02-second-tab-bob")
    finally:
        tab.page.close()


def test_a_spectator_sees_the_table_without_a_hand(
        table: tuple[str, Player, Player], new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    link, ann, _ = table
    context = new_context()
    watcher = Player("Dan", context, context.new_page())
    watcher.page.goto(link)
    watcher.ready()
    page = watcher.page
    expect(page.locator("#seats .seat__name")).to_have_count(3)
    expect(page.locator("#seats .seat--me")).to_have_count(0)
    expect(page.locator("#piles .pile--stock")).to_be_visible()
    expect(page.locator("#hand")).to_contain_text("You are watching this game.")
    expect(page.locator(".hand .card")).to_have_count(0)
    expect(page.locator("#play-form")).to_have_count(0)
    expect(page.locator("[data-action]")).to_have_count(0)
    expect(page.locator("#rules")).not_to_contain_text("Your secret rules")
    expect(page.locator("#rules")).not_to_contain_text("queen")
    assert watcher.version() == ann.version()
    shoot(page, "seats-03-spectator")


def test_taking_a_seat_shows_it_as_mine(new_context: Callable[..., BrowserContext],
                                        shoot: Callable[[Page, str], Path]) -> None:
    ann = Player("Ann", (c := new_context()), c.new_page())
    bob = Player("Bob", (c := new_context()), c.new_page())
    ann.page.goto("/")
    link = ann.open_table(players=3, hand_size=5)
    ann.ready()
    bob.page.goto(link)
    bob.ready()
    pushes = bob.pushes()
    bob.page.locator("#join-name").fill(bob.name)
    bob.page.get_by_role("button", name="Take a seat").click()
    expect(ann.page.locator("#lobby .lobby__seats")).to_contain_text("Bob")
    # Both the join's answer and the push of the change it made have been swapped in (in
    # either order): what Bob sees now is what stays.
    bob.wait_push_after(pushes)
    shoot(bob.page, "seats-04-joined-bob")
    expect(bob.page.locator("#lobby .lobby__seat--me")).to_contain_text("Bob (you)",
                                                                         timeout=WAIT_MS)
    expect(bob.page.locator("#join-name")).to_have_count(0, timeout=WAIT_MS)


def test_typing_a_name_survives_someone_else_joining(
        new_context: Callable[..., BrowserContext]) -> None:
    ann, bob, cat = (Player(n, (c := new_context()), c.new_page()) for n in ("Ann", "Bob",
                                                                               "Cat"))
    ann.page.goto("/")
    link = ann.open_table(players=3, hand_size=5)
    ann.ready()
    bob.page.goto(link)
    bob.ready()
    bob.page.locator("#join-name").fill("Bob")
    cat.take_seat(link)
    expect(bob.page.locator("#lobby .lobby__seats")).to_contain_text("Cat")
    expect(bob.page.locator("#join-name")).to_have_value("Bob", timeout=WAIT_MS)


def test_adding_bots_by_keyboard_keeps_the_focus_on_the_button(
        new_context: Callable[..., BrowserContext]) -> None:
    """The lobby is drawn again after each change, the host's own or a push of someone
    else's: the host's focus stays on "Add bot", so a keyboard can add another at once, and
    moves to "Start the game" once the table is full."""
    ann = Player("Ann", (c := new_context()), c.new_page())
    bob = Player("Bob", (c := new_context()), c.new_page())
    ann.page.goto("/")
    link = ann.open_table(players=4, hand_size=5)
    ann.ready()
    taken = ann.page.locator("#lobby-seats strong")

    def focused() -> str:
        return str(ann.page.evaluate("document.activeElement.textContent.trim()"))

    ann.page.get_by_role("button", name="Add bot").focus()
    pushes = ann.pushes()
    bob.take_seat(link)  # someone else's change, pushed while the focus is on the button
    expect(taken).to_have_text("2 of 4 seats taken.", timeout=WAIT_MS)
    ann.wait_push_after(pushes)
    assert focused() == "Add bot"
    for seats, then in ((3, "Add bot"), (4, "Start the game")):
        pushes = ann.pushes()
        ann.page.keyboard.press("Enter")
        expect(taken).to_have_text(f"{seats} of 4 seats taken.", timeout=WAIT_MS)
        ann.wait_push_after(pushes)  # the push of the change, swapped in too
        htmx_idle(ann.page)
        assert focused() == then
    ann.page.keyboard.press("Enter")  # the focus was where a keyboard needs it: the game starts
    expect(ann.page.locator("#builder-form")).to_be_visible(timeout=WAIT_MS)
