"""Traps a group of new players met on their first game night, each held closed in the browser.

A claim of an instant win sits apart from Pass behind a second step that says what it shows;
the way to play ticked on the home page is the way the table opens, with script or without.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games.presets.registry import DEFAULT, preset, presets
from tests.browser.helpers import POLL_MS, horizontal_overflow
from tests.browser.stage import stage
from tests.notebook.helpers import GRONK
from tests.notebook.test_several import PIP

PHONE = {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
#: A way to play other than the one the home page ticks first.
OTHER = next(name for name in presets() if name != DEFAULT)
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
#: Ann's turn, a hand of three, a rule each (no instant win).
TABLE = {"players": 2, "hand_size": 3, "names": ["Ann", "Bob"], "seed": 1,
         "rules": [[0, "Pip", PIP], [1, "Gronk", GRONK]],
         "hands": [["KS", "2D", "QH"], ["6D", "8S", "3C"]], "pile": ["4D"], "current": 0}


def _sit(new_context: Callable[..., BrowserContext], server_url: str, server_env: dict[str, str],
         **options: object) -> Page:
    game = stage(server_env, TABLE)
    context = new_context(**options)
    context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    page.wait_for_function("window.__maoPushes > 0", polling=POLL_MS)
    return page


def test_claiming_a_win_is_a_second_step_apart_from_pass(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    for device, options in (("desktop", DESKTOP), ("phone", PHONE)):
        page = _sit(new_context, server_url, server_env, **options)
        passing = page.get_by_role("button", name="Pass (draw a card)")
        expect(passing).to_be_enabled()
        # Closed at first: one click beside Pass can no longer show the hand.
        claim = page.locator('#turn-buttons [data-action="claim_win"]')
        expect(claim).to_be_hidden()
        shoot(page, f"night-claim-closed-{device}")
        summary = page.locator("#turn-buttons details.claim-win summary")
        expect(summary).to_have_text("Claim an instant win…")
        summary.click()
        expect(claim).to_be_visible()
        expect(page.locator(".claim-win__note")).to_contain_text(
            "Every player will see every card in your hand")
        # Apart: below Pass, not on its row, and not styled as Pass is.
        pass_box = passing.bounding_box()
        claim_box = claim.bounding_box()
        assert pass_box is not None and claim_box is not None
        assert claim_box["y"] >= pass_box["y"] + pass_box["height"] + 8, (pass_box, claim_box)
        assert "button--quiet" in (claim.get_attribute("class") or "")
        shoot(page, f"night-claim-open-{device}")
        claim.click()
        expect(page.locator("#log")).to_contain_text("Ann reveals their hand")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_the_way_to_play_ticked_is_the_way_opened(
        script: bool, new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    chosen = preset(OTHER)
    page = new_context(java_script_enabled=script, **PHONE).new_page()
    page.goto("/")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_label(chosen.title, exact=True).check()
    heading = page.get_by_role("heading", name=f"{chosen.title}: your table")
    if script:
        # The form is drawn again for the way ticked, before anything is opened.
        page.wait_for_url(f"**/?preset={OTHER}")
        expect(heading).to_be_visible()
    else:
        # (No screenshot here: axe needs script.)
        expect(page.locator(".presets__changed")).to_be_visible()
        page.get_by_role("button", name="Open the table").click()
        expect(heading).to_be_visible()
        expect(page.get_by_label("Your name")).to_have_value("Ann")
    expect(page.get_by_label(chosen.title, exact=True)).to_be_checked()
    expect(page.locator(".presets__changed")).to_be_hidden()
    if script:
        shoot(page, "night-preset-shown")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url("**/g/*/")
    expect(page.locator("body")).to_contain_text(chosen.title)


def test_no_key_shortcuts_switch_on_a_phone(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str]) -> None:
    phone = _sit(new_context, server_url, server_env, **PHONE)
    expect(phone.get_by_label("Key shortcuts")).to_be_hidden()
    desktop = _sit(new_context, server_url, server_env, **DESKTOP)
    expect(desktop.get_by_label("Key shortcuts")).to_be_visible()


SUIT_RACE = {"kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["4"]},
             "effects": [{"type": "race", "name": "suit", "seconds": 30}]}


def test_the_race_suit_buttons_fit_a_phone(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {
        "players": 2, "hand_size": 3, "names": ["Ann", "Bob"], "seed": 1,
        "rules": [[0, "Suits", SUIT_RACE], [1, "Pip", PIP]],
        "hands": [["4C", "2D", "QH"], ["6D", "8S", "3C"]], "pile": ["7C"], "current": 0,
        "plays": [[0, ["4C"]]]})
    context = new_context(**PHONE)
    context.add_cookies([game.cookie(1, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    page.wait_for_function("window.__maoPushes > 0", polling=POLL_MS)
    expect(page.locator("#race [data-race-suit]")).to_have_count(4)
    shoot(page, "night-race-suits-phone")
    assert horizontal_overflow(page) <= 1
