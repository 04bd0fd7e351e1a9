"""Seats that change hands, in a browser, on a 1280 px desktop and a 375 px phone: the host
opens a seat and a newcomer takes it over with its cards (typing a name in the table page),
the host removes a seat from the game (its player is told), and a play out of turn is
refused by the chair on every screen where the game penalises it, or blocked with a clear
message where it does not. (A seat handed to a bot: tests/browser/test_host_tools.py.) Each
state is shot, so axe-core checks it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Dialog, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, htmx_idle
from tests.browser.stage import StagedGame, stage

WAIT_MS = WAIT_SECONDS * 1000
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
#: A rule for the deal to happen: a heart may not be played on a king.
NO_HEART_ON_A_KING = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["K"]},
                      "must_not": {"type": "suit", "in": ["H"]}}


def _accept(dialog: Dialog) -> None:
    dialog.accept()


def sit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
        seat: int | None, name: str, viewport: dict[str, int]) -> Player:
    """A person at ``game``: in ``seat`` (``None``: watching), on a screen of ``viewport``."""
    context = new_context(viewport=viewport)
    if seat is not None:
        context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    player = Player(name, context, page)
    player.ready()
    return player


@pytest.fixture
def three(server_env: dict[str, str]) -> StagedGame:
    """Ann (host), Bob and Cy, dealt after Ann's rule: Bob plays first."""
    return stage(server_env, {"players": 3, "hand_size": 5, "names": ["Ann", "Bob", "Cy"],
                              "seed": 3, "rules": [[0, "Crown", NO_HEART_ON_A_KING]]})


def test_a_newcomer_takes_over_a_seat_the_host_opened(
        three: StagedGame, new_context: Callable[..., BrowserContext], server_url: str,
        shoot: Callable[[Page, str], Path]) -> None:
    ann = sit(new_context, server_url, three, 0, "Ann", DESKTOP)
    bob = sit(new_context, server_url, three, 1, "Bob", PHONE)
    cards = len(bob.hand())
    changes = ann.page.locator(".seat-changes")
    opener = changes.get_by_label("Open a seat for someone new")
    expect(opener.locator("option")).to_have_text(["Bob", "Cy"])  # never the host's own
    shoot(ann.page, "seats-changes-01-host-tools")
    opener.select_option(label="Bob")
    ann.page.once("dialog", _accept)
    changes.get_by_role("button", name="Open the seat").click()
    expect(changes.locator("#feedback-seats")).to_have_text(
        "Ann opened Bob's seat: someone new may take it over, with its cards.", timeout=WAIT_MS)
    expect(bob.page.locator("#hand .notice")).to_contain_text(
        "The host opened your seat (“Bob”) for someone new", timeout=WAIT_MS)
    expect(bob.page.locator("#hand .card")).to_have_count(0)
    expect(ann.page.locator("#seats")).to_contain_text("open seat", timeout=WAIT_MS)
    htmx_idle(bob.page)
    shoot(bob.page, "seats-changes-02-opened-bob-phone")
    # Someone who was watching takes it over, on a phone, from the table page.
    dee = sit(new_context, server_url, three, None, "Dee", PHONE)
    form = dee.page.locator("form.take-seat")
    expect(form).to_contain_text("Bob's seat is open.")
    shoot(dee.page, "seats-changes-03-open-seat-phone")
    form.get_by_label("Your name").fill("Dee")
    form.get_by_label("Your name").press("Enter")  # the keyboard takes it as well
    expect(dee.page.locator("#seats .seat--me")).to_contain_text("Dee (you)", timeout=WAIT_MS)
    dee.ready()
    assert len(dee.hand()) == cards
    expect(dee.page.locator("#status .your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    expect(ann.page.locator("#log")).to_contain_text(
        f"Dee takes over Bob's seat, with its {cards} cards.", timeout=WAIT_MS)
    shoot(dee.page, "seats-changes-04-taken-over-phone")
    shoot(ann.page, "seats-changes-05-taken-over-host")


def test_the_host_removes_a_seat_from_the_game_and_its_player_is_told(
        three: StagedGame, new_context: Callable[..., BrowserContext], server_url: str,
        shoot: Callable[[Page, str], Path]) -> None:
    ann = sit(new_context, server_url, three, 0, "Ann", PHONE)
    cy = sit(new_context, server_url, three, 2, "Cy", DESKTOP)
    remover = ann.page.get_by_label("Remove a seat from the game")
    remover.select_option(label="Cy")
    ann.page.once("dialog", _accept)
    ann.page.get_by_role("button", name="Remove from the game").click()
    expect(ann.page.locator("#feedback-seats")).to_contain_text(
        "Ann removed Cy from the game. Their 5 cards go back into the stock.", timeout=WAIT_MS)
    expect(cy.page.locator("#hand .notice")).to_have_text(
        "The host removed your seat (“Cy”) from the game, and its cards went back into the "
        "stock: you are watching now.", timeout=WAIT_MS)
    for player in (ann, cy):
        seat = player.page.locator("#seats li", has_text="Cy")
        expect(seat).to_contain_text("left the game", timeout=WAIT_MS)
        expect(seat.locator(".seat__count")).to_contain_text("0")
        expect(player.page.locator("#moment")).to_contain_text("Ann removed Cy from the game")
    expect(cy.page.locator("#hand .card")).to_have_count(0)
    expect(remover.locator("option")).to_have_text(["Bob"])
    htmx_idle(ann.page)
    htmx_idle(cy.page)
    shoot(ann.page, "seats-changes-06-removed-host-phone")
    shoot(cy.page, "seats-changes-07-removed-cy")


def test_a_play_out_of_turn_is_penalised_on_every_screen(
        server_env: dict[str, str], new_context: Callable[..., BrowserContext],
        server_url: str, shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"preset": "five-card", "players": 3, "hand_size": 5,
                              "names": ["Doug", "Bob", "Jane"], "seed": 5})
    doug = sit(new_context, server_url, game, 0, "Doug", DESKTOP)
    jane = sit(new_context, server_url, game, 2, "Jane", PHONE)
    watcher = sit(new_context, server_url, game, None, "Eve", DESKTOP)
    # Bob is to play; Jane may try a card, and is warned.
    expect(jane.page.locator("#off-turn")).to_have_text(
        "It is not your turn: a card you play now is out of turn, so Dealer refuses it and "
        "you draw a penalty card.")
    expect(jane.page.locator('.hand .card[aria-disabled="true"]')).to_have_count(0)
    shoot(jane.page, "seats-changes-08-off-turn-warned-phone")
    held = len(jane.hand())
    jane.page.locator(".hand .card").first.focus()
    jane.page.keyboard.press("1")  # the first card, by its key
    for player in (doug, jane, watcher):
        expect(player.page.locator("#moment")).to_contain_text(
            "Dealer: that's Out of Turn!", timeout=WAIT_MS)
    expect(jane.page.locator("#feedback")).to_contain_text("out of turn")
    # The card came back, with a penalty card for each rule broken (out of turn, and maybe
    # a misplay too: five-card counts them).
    expect(jane.page.locator(".hand .card")).not_to_have_count(held, timeout=WAIT_MS)
    assert len(jane.hand()) > held
    expect(doug.page.locator("#status")).to_contain_text("Bob's turn")
    for player, name in ((doug, "seats-changes-09-out-of-turn-desktop"),
                         (jane, "seats-changes-10-out-of-turn-phone"),
                         (watcher, "seats-changes-11-out-of-turn-spectator")):
        htmx_idle(player.page)
        shoot(player.page, name)


def test_a_play_out_of_turn_stays_blocked_where_the_game_refuses_it(
        three: StagedGame, new_context: Callable[..., BrowserContext], server_url: str,
        shoot: Callable[[Page, str], Path]) -> None:
    cy = sit(new_context, server_url, three, 2, "Cy", PHONE)
    version = cy.version()
    expect(cy.page.locator("#off-turn")).to_have_text("It is not your turn: wait for it.")
    cy.page.locator(".hand .card").first.click(force=True)  # (Playwright waits on aria-disabled)
    expect(cy.page.locator("#feedback")).to_have_text("It is not your turn: wait for it.")
    assert cy.version() == version
    shoot(cy.page, "seats-changes-12-blocked-phone")
