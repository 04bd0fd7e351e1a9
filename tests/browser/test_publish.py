"""Publishing one's rule as a puzzle from the reveal, at 1280 and 375 px: the host writes a
rule, ends the game, and on the reveal publishes it (by mouse, then by keyboard), the name
box left unticked; shot, so axe-core checks the reveal with its publish section (and the
page refusing a forged rule); then
the puzzle is offered on the choice page, under "Published by players", without the name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    console_errors,
    horizontal_overflow,
    htmx_idle,
)
from tests.browser.stage import stage

MOURNING = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["Q"]},
            "must": {"type": "colour", "is": "black"}}


@pytest.mark.parametrize(("width", "name", "by_keyboard"),
                         [(1280, "desktop", False), (375, "phone", True)])
def test_the_author_publishes_their_rule_from_the_reveal(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path], width: int,
        name: str, by_keyboard: bool) -> None:
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": ["Ann", "Bo", "Cy"],
                              "bots": {"1": "experimenter", "2": "experimenter"},
                              "rules": [[0, "Mourning", MOURNING]], "seed": 3})
    context = new_context(viewport={"width": width, "height": 800})
    context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    host = Player("Ann", context, context.new_page())
    page = host.page
    errors = console_errors(page)
    page.on("dialog", lambda dialog: dialog.accept())  # "End the game for everyone…?"
    page.goto(f"/g/{game.code}/")
    host.ready()
    expect(page.locator('#turn-buttons [data-action="pass"]')).to_be_enabled(
        timeout=WAIT_SECONDS * 2000)
    page.get_by_role("button", name="End the game").click()
    page.wait_for_url("**/reveal/", timeout=WAIT_SECONDS * 2000)

    section = page.locator("#publish")
    expect(section.get_by_role("heading", level=2)).to_have_text(
        "Publish your rule as a puzzle")
    expect(section.get_by_label("Show my name with it")).not_to_be_checked()
    assert horizontal_overflow(page) <= 0
    shoot(page, f"reveal-publish-{name}")

    # A forged rule (not one of Ann's) is refused on a page that says why, and leads back.
    page.evaluate("""() => { const form = document.querySelector('#publish form');
        form.querySelector('[name=rule]').value = '999999'; form.submit(); }""")
    expect(page.get_by_role("heading", level=1)).to_have_text("Not published")
    # The browser logs the refusal's own status (403) as an error; nothing else may be.
    assert errors == ["console: Failed to load resource: the server responded with a status "
                      "of 403 (Forbidden)"]
    errors.clear()
    assert horizontal_overflow(page) <= 0
    shoot(page, f"reveal-not-published-{name}")
    page.get_by_role("link", name="Back to the reveal").click()
    page.wait_for_url("**/reveal/#publish")
    expect(section.get_by_label("Show my name with it")).not_to_be_checked()

    button = section.get_by_role("button", name="Publish Mourning as a puzzle")
    if by_keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    page.wait_for_url("**/reveal/#publish", timeout=WAIT_SECONDS * 4000)
    expect(page.locator("#publish")).to_contain_text("Mourning is published as a puzzle.")
    expect(page.locator("#publish button")).to_have_count(0)
    htmx_idle(page)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"reveal-published-{name}")

    # The puzzle is offered to play alone, apart from the built-in ones, without Ann's name.
    page.goto("/solo/")
    group = page.get_by_role("region", name="Published by players")
    # One a run of this test.
    expect(group.get_by_role("button", name="Play Mourning").first).to_be_visible()
    expect(group).to_contain_text("Published by a player.")
    expect(group).not_to_contain_text("Ann")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"solo-published-{name}")
    assert errors == []
