"""Pages and states no game played in the other browser tests passes through, at 1280 and
375 px: the home page with its form's errors, a lobby already full (a spectator's), a
guest's lobby on a phone, the reveal of a game not over (and of no game), and the rule
builder opened as a page of its own. Each is shot, so axe-core checks it too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import Player, horizontal_overflow, htmx_idle, spans_a_desktop
from tests.browser.stage import stage

SIZES = [(1280, "desktop"), (375, "phone")]
NAMES = ["Ann", "Bob", "Cat"]


def _person(name: str, new_context: Callable[..., BrowserContext], width: int) -> Player:
    context = new_context(viewport={"width": width, "height": 800})
    return Player(name, context, context.new_page())


@pytest.mark.parametrize(("width", "name"), SIZES)
def test_the_home_page_says_what_is_wrong_with_its_form(
        new_context: Callable[..., BrowserContext], shoot: Callable[[Page, str], Path],
        width: int, name: str) -> None:
    page = _person("Ann", new_context, width).page
    page.goto("/")
    # Only spaces: the browser lets it through (the field is not empty), the server not.
    page.get_by_label("Your name").fill("   ")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url("**/new/")
    expect(page.locator(".form__error")).to_have_text("This field is required.")
    field = page.get_by_label("Your name")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description("This field is required.")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"home-errors-{name}")


@pytest.mark.parametrize(("width", "name"), SIZES)
def test_lobbies_of_a_seated_guest_and_of_a_spectator_at_a_full_table(
        new_context: Callable[..., BrowserContext], shoot: Callable[[Page, str], Path],
        width: int, name: str) -> None:
    host = _person("Ann", new_context, 1280)
    host.page.goto("/")
    link = host.open_table(players=2, hand_size=5)
    host.ready()
    guest = _person("Bob", new_context, width)
    guest.take_seat(link)
    expect(guest.page.locator("#lobby .lobby__seat--me")).to_contain_text("Bob (you)")
    expect(guest.page.locator("#lobby")).to_contain_text("Waiting for the host to start")
    htmx_idle(guest.page)
    assert horizontal_overflow(guest.page) <= 0
    shoot(guest.page, f"lobby-guest-{name}")

    watcher = _person("Dan", new_context, width)
    watcher.page.goto(link)
    watcher.ready()
    lobby = watcher.page.locator("#lobby")
    expect(lobby).to_contain_text("2 of 2 seats taken")
    expect(lobby).to_contain_text("This table is full: you can watch the game when it starts.")
    expect(watcher.page.locator("#join-name")).to_have_count(0)
    expect(watcher.page.get_by_role("heading", name="New to Mini Mao?")).to_be_visible()
    assert horizontal_overflow(watcher.page) <= 0
    shoot(watcher.page, f"lobby-spectator-full-{name}")


@pytest.mark.parametrize(("width", "name"), SIZES)
def test_the_reveal_of_a_game_not_over_gives_nothing_away(
        new_context: Callable[..., BrowserContext], server_env: dict[str, str],
        shoot: Callable[[Page, str], Path], width: int, name: str) -> None:
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": NAMES, "seed": 4,
                              "bots": {"1": "oracle", "2": "oracle"}, "first_rule_maker": 0})
    page = _person("Dan", new_context, width).page
    response = page.goto(f"/g/{game.code}/reveal/")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Not revealed yet")
    page.get_by_role("link", name=f"Back to game {game.code}").click()
    page.wait_for_url(f"**/g/{game.code}/")
    page.goto(f"/g/{game.code}/reveal/")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"reveal-not-yet-{name}")
    response = page.goto("/g/NOPE42/reveal/")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("No such game")
    shoot(page, f"reveal-no-game-{name}")


@pytest.mark.parametrize(("width", "name"), SIZES)
def test_the_rule_builder_on_a_page_of_its_own(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path],
        width: int, name: str) -> None:
    """Opened directly (not by htmx), the builder is a whole page: the writer's form, and
    for anyone else who is writing."""
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": NAMES, "seed": 4,
                              "bots": {"1": "oracle", "2": "oracle"}, "first_rule_maker": 0})
    ann = _person("Ann", new_context, width)
    ann.context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    page = ann.page
    page.goto(f"/g/{game.code}/builder/")
    expect(page.locator("#builder-form")).to_be_visible()
    # An empty rule to start, and the gallery of ideas.
    expect(page.locator("#builder-gallery")).to_be_visible()
    expect(page.locator("#builder-preview")).to_contain_text(
        "Nothing to preview yet: add a condition")
    expect(page.locator("#err-must")).to_be_empty()  # nothing marked the writer did not do
    assert horizontal_overflow(page) <= 0
    if width == 1280:
        spans_a_desktop(page)
    shoot(page, f"builder-page-writer-{name}")

    dan = _person("Dan", new_context, width).page
    dan.goto(f"/g/{game.code}/builder/")
    expect(dan.locator(".builder")).to_contain_text("Ann is writing a rule…")
    expect(dan.locator("#builder-form")).to_have_count(0)
    shoot(dan, f"builder-page-watcher-{name}")
