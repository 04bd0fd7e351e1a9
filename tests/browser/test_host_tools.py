"""The host's tools in a browser: a silent player's seat handed to a bot (the player is
told on their own screen, the bot plays on), and a guest removed from the lobby (told too).
Each state is shot, so axe-core checks it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Dialog, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, htmx_idle
from tests.browser.stage import stage

#: A rule for the deal to happen: a heart may not be played on a king.
NO_HEART_ON_A_KING = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["K"]},
                      "must_not": {"type": "suit", "in": ["H"]}}
WAIT_MS = WAIT_SECONDS * 1000


def _accept(dialog: Dialog) -> None:
    dialog.accept()


def test_the_host_hands_a_silent_seat_to_a_bot(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": ["Ann", "Bob", "Cy"],
                              "bots": {"2": "experimenter"}, "seed": 3,
                              "rules": [[0, "Crown", NO_HEART_ON_A_KING]]})
    players = []
    for seat, name, viewport in ((0, "Ann", {"width": 1280, "height": 900}),
                                 (1, "Bob", {"width": 375, "height": 812})):
        context = new_context(viewport=viewport)
        context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
        page = context.new_page()
        page.goto(f"/g/{game.code}/")
        player = Player(name, context, page)
        player.ready()
        players.append(player)
    ann, bob = players
    # Bob (seat 1, left of the rule-maker) plays first, and says nothing: the host steps in.
    expect(bob.page.locator("#status .your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    tools = ann.page.locator(".host-tools")
    chooser = tools.get_by_label("Hand a silent player's seat to a bot")
    expect(chooser.locator("option")).to_have_text(["Bob"])  # never the host, never a bot
    shoot(ann.page, "host-01-tools")
    chooser.select_option(label="Bob")
    ann.page.once("dialog", _accept)  # "Hand this seat to a bot?"
    tools.get_by_role("button", name="Hand to a bot").click()
    expect(tools.locator("#feedback-host")).to_have_text("Ann handed Bob's seat to a bot.",
                                                         timeout=WAIT_MS)
    # Every screen hears it; Bob's own screen says why it only watches now.
    for player in (ann, bob):
        expect(player.page.locator("#log")).to_contain_text("Ann handed Bob's seat to a bot.",
                                                            timeout=WAIT_MS)
    expect(bob.page.locator("#hand .notice")).to_have_text(
        "The host handed your seat (“Bob”) to a bot: you are watching now.")
    expect(bob.page.locator("#hand .card")).to_have_count(0)
    expect(bob.page.locator("#seats")).to_contain_text("Bob bot")
    # The bot plays the seat: the turn moves on from Bob without him.
    for player in (ann, bob):
        expect(player.page.locator("#log")).to_contain_text("Bob plays", timeout=WAIT_MS * 3)
    # Nobody is left to hand over: the chooser goes.
    expect(tools.get_by_label("Hand a silent player's seat to a bot")).to_have_count(0)
    htmx_idle(bob.page)
    shoot(bob.page, "host-02-seat-handed-over-phone")


def test_a_guest_removed_from_the_lobby_is_told(
        new_context: Callable[..., BrowserContext], shoot: Callable[[Page, str], Path]) -> None:
    host_context, guest_context = new_context(), new_context(
        viewport={"width": 375, "height": 812})
    host = Player("Ann", host_context, host_context.new_page())
    guest = Player("Bob", guest_context, guest_context.new_page())
    host.page.goto("/")
    link = host.open_table(players=3, hand_size=5, jokers=False, host_writes_first=True)
    host.ready()
    guest.take_seat(link)
    seats = host.page.locator("#lobby .lobby__seats")
    expect(seats).to_contain_text("Bob", timeout=WAIT_MS)
    host.page.once("dialog", _accept)
    seats.locator("li", has_text="Bob").get_by_role("button").click()
    expect(seats).not_to_contain_text("Bob", timeout=WAIT_MS)
    expect(guest.page.locator("#lobby-controls .notice")).to_have_text(
        "The host removed you (“Bob”) from this table. You can join again while a seat is "
        "free, or watch.", timeout=WAIT_MS)
    expect(guest.page.get_by_label("Your name")).to_be_visible()
    shoot(guest.page, "lobby-guest-removed-phone")
