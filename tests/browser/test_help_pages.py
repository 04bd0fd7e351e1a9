"""A newcomer's pages in the browser: "How to play" and an invitation link before the seat is
taken, on a desktop and a 375 px phone. Each is shot, so axe-core checks it too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import Player, horizontal_overflow


@pytest.mark.parametrize(("width", "name"), [(1280, "desktop"), (375, "phone")])
def test_how_to_play_and_an_invitation_read_well(
        new_context: Callable[..., BrowserContext], shoot: Callable[[Page, str], Path],
        width: int, name: str) -> None:
    host_context = new_context()
    host = Player("Ann", host_context, host_context.new_page())
    host.page.goto("/")
    link = host.open_table(players=3, hand_size=5)
    context = new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    page.goto(link)
    expect(page.get_by_role("heading", name="New to Mini Mao?")).to_be_visible()
    expect(page.get_by_role("img", name="A refused play")).to_be_visible()
    assert horizontal_overflow(page) <= 0
    shoot(page, f"help-01-invitation-{name}")
    page.get_by_role("link", name="How to play").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play Mini Mao")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"help-02-how-to-play-{name}")
