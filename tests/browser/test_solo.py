"""Playing alone in a real browser: a puzzle cracked by an exact prophecy (by mouse), and
the daily challenge given up (by keyboard), each at 1280 px and on a 375 px phone, with
no console error and every page checked by axe-core.

The cracked puzzle is the library's "no heart on a club" (Gronk), laid out so that Ana's
first card, 2♥ on 7♣, is refused: then she writes Gronk in the notebook's hypothesis
writer and prophesies it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games.puzzles.library import Puzzle, builtin_puzzles
from rules.english import describe
from rules.spec import canonical_text, load_rule
from tests.browser.helpers import (
    POLL_MS,
    WAIT_SECONDS,
    Player,
    console_errors,
    horizontal_overflow,
    htmx_idle,
    wait_sentence,
)
from tests.browser.stage import stage

WAIT_MS = WAIT_SECONDS * 1000
DEVICES: dict[str, dict[str, Any]] = {"desktop": {"viewport": {"width": 1280, "height": 900}},
           "phone": {"viewport": {"width": 375, "height": 740}, "is_mobile": True,
                     "has_touch": True}}
SEEN_BEFORE = ("try { localStorage.setItem('mao-first-visit', '1');"
               " localStorage.setItem('mao-first-refusal', '1'); } catch (e) {}")
GRONK = load_rule({"version": 1, "jargon": "Gronk", "rule": {
    "kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
    "must_not": {"type": "suit", "of": "played", "in": ["H"]}}})
HANDS = [["2H", "3H", "5C", "6C", "9D"], ["4S", "7S", "8S", "KS"], ["9S", "10S", "JS", "QS"]]


def _gronk() -> Puzzle:
    """The library's puzzle whose one hidden rule is "no heart on a club"."""
    wanted = canonical_text(GRONK.spec)
    found = [p for p in builtin_puzzles()
             if len(p.rules) == 1 and canonical_text(p.rules[0].spec) == wanted]
    assert found, "the library has no puzzle of one rule, no heart on a club"
    return found[0]


def _write_the_rule(page: Page, jargon: str) -> None:
    """In the notebook's writer for ``jargon``: "on a club, no heart", by mouse."""
    page.get_by_role("link", name=f"+ Write a hypothesis for {jargon}").click()
    expect(page.locator("#nb-writer-title")).to_have_text(f"What does “{jargon}” mean?")
    htmx_idle(page)
    for area in ("when", "must"):
        page.locator(f"#list-{area}").get_by_role("button", name="+ Add a condition",
                                                   exact=True).click()
        htmx_idle(page)
    page.locator("#f-when-0-test").select_option("suit")
    htmx_idle(page)
    page.locator("#f-when-0-subject").select_option("top")
    page.locator('input[name="when-0-suits"][value="C"]').check()
    htmx_idle(page)
    page.locator("#f-must-0-test").select_option("suit")
    htmx_idle(page)
    page.locator("#f-must-0-subject").select_option("played")
    page.locator('input[name="must-0-suits"][value="H"]').check()
    htmx_idle(page)
    page.locator("#f-mode").select_option("must_not")
    wait_sentence(page, describe(GRONK))


@pytest.mark.parametrize("device", list(DEVICES))
def test_a_puzzle_cracked_by_an_exact_prophecy(
        device: str, new_context: Callable[..., BrowserContext], server_env: dict[str, str],
        server_url: str, shoot: Callable[[Page, str], Path]) -> None:
    puzzle = _gronk()
    jargon = puzzle.rules[0].jargon
    game = stage(server_env, {"solo": puzzle.slug, "name": "Ana", "seed": 3, "hands": HANDS,
                              "pile": ["7C"], "current": 0})
    context = new_context(**DEVICES[device])
    context.add_init_script(SEEN_BEFORE)
    context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"/g/{game.code}/")
    ana = Player("Ana", context, page)
    ana.ready()
    expect(page.locator("#solo")).to_contain_text(f"Puzzle: {puzzle.title}")
    ana.play("2H")
    expect(page.locator("#log")).to_contain_text(jargon, timeout=WAIT_MS)
    page.wait_for_function("() => !document.querySelector('#turn-buttons [data-action=pass]"
                           ":disabled')", timeout=WAIT_MS * 3, polling=POLL_MS)
    assert ana.my_turn()
    page.get_by_role("button", name="Notebook").click()
    expect(page.locator("#nb-toggle")).to_have_attribute("aria-expanded", "true")
    page.locator("#nb-tab-mine").click()
    _write_the_rule(page, jargon)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"solo-01-prophecy-{device}")
    page.get_by_role("button", name="Prophesy: is this the rule?").click()
    page.wait_for_url(f"**/g/{game.code}/solo/end/", timeout=WAIT_MS)
    expect(page.locator("#solo-outcome")).to_have_text(
        "Cracked in 1 play, with 1 penalty.")
    expect(page.locator("main")).to_contain_text(describe(puzzle.rules[0]))
    expect(page.locator(".solo-timeline")).to_contain_text(f"You prophesied {jargon}")
    # The detective's run on the deal, made in the background since the table opened.
    expect(page.locator("#solo-detective")).to_contain_text(
        re.compile(r"Our detective bot (did not crack|cracked) it in \d+ play"),
        timeout=WAIT_MS * 4)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"solo-02-cracked-{device}")
    assert errors == []


@pytest.mark.parametrize("device", list(DEVICES))
def test_the_daily_challenge_given_up_by_keyboard(
        device: str, new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    context = new_context(**DEVICES[device])
    context.add_init_script(SEEN_BEFORE)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors = console_errors(page)
    page.goto("/")
    page.get_by_role("link", name="Play alone", exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/solo/")
    expect(page.get_by_label("Your name")).to_be_visible()
    # Enter in the name field submits with the form's first button, which starts nothing.
    expect(page.locator("form.solo-choice [type=submit]").first).to_be_disabled()
    expect(page.get_by_role("button", name=re.compile(r"^Play ")).first).to_be_visible()
    assert horizontal_overflow(page) <= 0
    shoot(page, f"solo-00-choose-{device}")
    page.get_by_role("link", name="Today’s challenge").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/solo/daily/")
    name = f"Kay {device}"
    page.get_by_label("Your name on the day’s results").focus()
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    page.wait_for_url("**/g/*/")
    player = Player(name, context, page)
    player.ready()
    # The bots play first; on her turn she draws a card, by its key.
    page.wait_for_function("() => !document.querySelector('#turn-buttons [data-action=pass]"
                           ":disabled')", timeout=WAIT_MS * 3, polling=POLL_MS)
    version = player.version()
    page.locator("body").press("p")
    player.wait_version(version + 1)
    expect(page.locator("#log")).to_contain_text("You draw ")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"solo-05-table-{device}")
    summary = page.locator("#solo summary")
    summary.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(page.get_by_label("Yes, I give up: show me the rule.")).to_be_checked()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_url("**/solo/end/", timeout=WAIT_MS)
    expect(page.locator("#solo-outcome")).to_contain_text("Given up after")
    share = page.locator("#solo-share")
    expect(share).to_have_value(re.compile(r"^Mini Mao daily \d{4}-\d\d-\d\d: not cracked"))
    page.get_by_role("button", name="Copy").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#share-status")).to_have_text("Result copied: paste it anywhere.")
    shoot(page, f"solo-03-given-up-{device}")
    page.get_by_role("link", name="The day’s results").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/solo/daily/**")
    expect(page.locator(".solo-results")).to_contain_text(name)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"solo-04-daily-{device}")
    assert errors == []
