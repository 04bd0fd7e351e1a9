"""The host's powers at a staged Lynnfield table, in a real browser. Ann, the host (its
Chairman), deals, then sets a time limit from the keyboard in her tools: every screen hears
it and counts the game down. A player cannot leave their seat alone: their screen tells
them to ask the host, whose tools open it. The host names a new player, whom mistakes in a
row may expel, and takes away a player's right to call a point of order. Each state is shot
and checked by axe (``shoot``), on a phone too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player
from tests.browser.stage import stage
from tests.browser.test_point_of_order import _pressed
from tests.browser.test_presets import _deal
from tests.browser.test_table_talk import NAMES, PHONE, _sit

WAIT_MS = WAIT_SECONDS * 1000


def dealt(new_context: Callable[..., BrowserContext], server_url: str,
          server_env: dict[str, str]) -> tuple[Player, Player, Player]:
    """Ann (the host, its Chairman), Bob and Cat (on a phone) at a staged Lynnfield table,
    dealt by Ann from her screen: Bob plays first."""
    game = stage(server_env, {"preset": "lynnfield", "players": 3, "hand_size": 5,
                              "names": NAMES, "seed": 1})
    ann = _sit(new_context, server_url, game, 0)
    bob = _sit(new_context, server_url, game, 1)
    cat = _sit(new_context, server_url, game, 2, **PHONE)

    def deal() -> None:
        _deal(ann)

    _pressed(ann, [bob, cat], deal)
    return ann, bob, cat


def _choose_and_send(page: Page, label: str, option: str) -> None:
    """Pick ``option`` in the menu labelled ``label`` and send its form, by keyboard."""
    chooser = page.get_by_label(label, exact=True)
    chooser.focus()
    chooser.select_option(label=option)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")


def test_the_host_sets_a_time_limit_during_play(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    ann, bob, cat = dealt(new_context, server_url, server_env)
    expect(bob.page.locator("#time-minutes")).to_have_count(0)  # the host's tool only
    for player in (ann, bob, cat):
        expect(player.page.locator(".clock--game")).to_have_count(0)

    def set_limit() -> None:
        _choose_and_send(ann.page, "Set a time limit: the game ends in", "20 minutes")

    _pressed(ann, [bob, cat], set_limit)
    for player in (ann, bob, cat):
        expect(player.page.locator(".clock--game")).to_contain_text("Game ends in",
                                                                    timeout=WAIT_MS)
        expect(player.page.locator("#log")).to_contain_text(
            "Ann sets a time limit: the game ends in 20 minutes, and then the fewest cards "
            "win.")
    shoot(ann.page, "time-limit-01-host")
    shoot(cat.page, "time-limit-02-phone")


def test_a_player_is_told_to_ask_the_host_to_hand_their_seat_on(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"preset": "lynnfield", "players": 3, "hand_size": 5,
                              "names": NAMES, "seed": 1})
    ann = _sit(new_context, server_url, game, 0)
    bob = _sit(new_context, server_url, game, 1, **PHONE)
    expect(bob.page.get_by_role("button", name="Leave my seat")).to_have_count(0)
    expect(bob.page.locator(".leave-seat--ask")).to_contain_text(
        "To hand your place to someone new, ask the host")
    expect(ann.page.get_by_label("Open a seat for someone new")).to_be_visible()
    shoot(bob.page, "leave-consent-01-phone")


def test_the_host_names_a_new_player(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    ann, bob, cat = dealt(new_context, server_url, server_env)
    expect(bob.page.locator("#new-player")).to_have_count(0)

    def name_cat() -> None:
        _choose_and_send(ann.page, "Name a new player (mistakes in a row expel only new "
                         "players)", "Cat")

    _pressed(ann, [bob, cat], name_cat)
    for player in (ann, bob, cat):
        expect(player.page.locator("#log")).to_contain_text(
            "Ann names Cat a new player: 3 mistakes in a row expel Cat from the game.",
            timeout=WAIT_MS)
    expect(ann.page.locator("#new-player option", has_text="Cat")).to_have_count(0)
    shoot(ann.page, "new-player-01-host")


def test_the_host_sanctions_excessive_points_of_order(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    ann, bob, cat = dealt(new_context, server_url, server_env)
    expect(cat.page.locator("#sanction-player")).to_have_count(0)
    expect(cat.page.locator("#order-call")).to_be_visible()

    def bar_cat() -> None:
        ann.page.get_by_label("Sanction excessive points of order by").select_option(
            label="Cat")
        _choose_and_send(ann.page, "with", "the loss of the right to call one")

    _pressed(ann, [bob, cat], bar_cat)
    for player in (ann, bob, cat):
        expect(player.page.locator("#log")).to_contain_text(
            "Ann takes away Cat's right to call a point of order, for excessive points of "
            "order.", timeout=WAIT_MS)
    expect(cat.page.locator("#order-call")).to_have_count(0)
    expect(bob.page.locator("#order-call")).to_be_visible()
    shoot(ann.page, "sanction-01-host")
    shoot(cat.page, "sanction-02-barred-phone")
