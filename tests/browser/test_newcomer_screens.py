"""Where a newcomer stumbled, at 1280 px and on a 375 x 740 phone, by keyboard, with no
console error, no axe violation (``shoot``) and nothing wider than a phone:

- the two word boxes: "Words with your card" (heard with the next card played) and "Talk to
  the table now" (said at once) each say which they are, and which rule the viewer knows
  judges their words, before anything is typed (Teaching Mao's Silence, its calls);
- the first screen of a newcomer's phone holds the pile and the hand (the notes are one line
  each, under the hand), and after writing a rule the turn brings them back into view,
  never taking the focus from a player typing;
- the invitation: joining comes first; the link has a copy button (the Clipboard API, or the
  copy command without it) whose outcome is said in a status line, and a share button only
  where the browser has the Web Share API.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser import console
from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    horizontal_overflow,
    htmx_idle,
    start_from_idea,
)
from tests.browser.stage import StagedGame, stage

WAIT_MS = WAIT_SECONDS * 1000
PHONE: dict[str, Any] = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 2,
                         "is_mobile": True, "has_touch": True}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
NAMES = ["Ann", "Bob", "Cat"]
SEEN_BEFORE = ("try { localStorage.setItem('mao-first-visit', '1');"
               " localStorage.setItem('mao-first-refusal', '1'); } catch (e) {}")
NO_FIVES = {"kind": "restriction", "must_not": {"type": "rank", "in": ["5"]}}
#: Where the element is on the screen now, and where the screen's free part starts (under
#: the status that sticks to the top).
IN_VIEW = """
el => { const box = el.getBoundingClientRect();
  const top = document.querySelector('.table__top');
  const free = top && getComputedStyle(top).position === 'sticky'
    ? Math.max(0, top.getBoundingClientRect().bottom) : 0;
  return box.top >= free - 1 && box.bottom <= innerHeight + 1
    && box.left >= 0 && box.right <= innerWidth; }
"""


def _sit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
         seat: int | None, options: dict[str, Any], newcomer: bool = False
         ) -> tuple[Player, list[str]]:
    context = new_context(**options)
    if not newcomer:
        context.add_init_script(SEEN_BEFORE)
    if seat is not None:
        context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    errors = console.watch(page)
    page.goto(f"/g/{game.code}/")
    player = Player(NAMES[seat] if seat is not None else "Visitor", context, page)
    player.ready()
    return player, errors


def _in_view(locator: Locator) -> bool:
    return bool(locator.evaluate(IN_VIEW))


def _pile_and_hand_in_view(page: Page) -> None:
    for what, locator in (("the pile's top card",
                           page.locator("#piles .pile:not(.pile--stock) .card").first),
                          ("the hand's first card", page.locator(".hand .card").first)):
        page.wait_for_function(IN_VIEW, arg=locator.element_handle(), timeout=WAIT_MS)
        assert _in_view(locator), f"{what} is not in view"


def _my_turn(page: Page, timeout: float = WAIT_MS * 3) -> None:
    expect(page.locator('#turn-buttons [data-action="pass"]')).to_be_enabled(timeout=timeout)
    expect(page.locator("#status .your-turn")).to_have_text("Your turn")
    htmx_idle(page)


# -- the two word boxes ----------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_each_word_box_says_what_it_is_and_the_house_rule_on_talking(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path], size: str) -> None:
    """At a Teaching Mao table, before anything is typed, the box for words with a card names
    the calls the house asks for (and Silence, which judges those words too), and the box to
    talk now warns that Silence costs a card for anything but a point of order; "hi all"
    said there does cost one, as it warned."""
    game = stage(server_env, {"preset": "teaching", "players": 3, "hand_size": 5, "names": NAMES,
                              "seed": 3,
                              "law": "Wrong Colour", "first_rule_maker": 0})
    ann, errors = _sit(new_context, server_url, game, 0, SIZES[size])
    page = ann.page
    with_card = page.get_by_label("Words with your card")
    talk = page.get_by_label("Talk to the table now")
    expect(with_card).to_have_accessible_description(re.compile(
        r"^Heard only with the next card you play, for a call such as “Mao”; to talk now,"
        r".*Rules you know on these words: Spade Call, Mao, Silence$"))
    expect(talk).to_have_accessible_description(re.compile(
        r"^Said at once to everyone, not with a card\. Silence \(a house rule\): Words said"
        r" outside a play cost the speaker a card, unless they are only “Point of order”"))
    # What each call asks is a key away.
    calls = page.locator("#call-hint")
    calls.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(calls.locator("li").first).to_be_visible()
    expect(calls.locator("li")).to_have_text([
        re.compile(r"^Spade Call \(a house rule\): When a spade is played, its player must say"),
        re.compile(r"^Mao \(a house rule\): When the play leaves its player with at most one"),
        re.compile(r"^Silence \(a house rule\): .*so do words said with a play")])
    warning = page.locator("#talk-hint")
    expect(warning).to_be_visible()
    assert warning.evaluate("w => w.getBoundingClientRect().height > 10")
    # The law is secret: no box speaks of it.
    for hint in ("#talk-hint", "#call-hint"):
        expect(page.locator(hint)).not_to_contain_text("Wrong Colour")
    if size == "phone":
        assert horizontal_overflow(page) <= 0, "the page scrolls sideways"
    shoot(page, f"newcomer-words-01-boxes-{size}")

    # By keyboard: "/" goes to the words with a card; the talk box is typed into and sent
    # with Enter. Silence judges it, as the box said it would.
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("/")
    expect(with_card).to_be_focused()
    held = ann.hand_counts()[0]
    talk.focus()
    page.keyboard.type("hi all")
    page.keyboard.press("Enter")
    expect(page.locator("#moment")).to_contain_text("that's a Silence!", timeout=WAIT_MS)
    expect(page.locator("#seats .seat__count").first).to_contain_text(str(held + 1))
    expect(talk).to_be_focused()
    htmx_idle(page)
    shoot(page, f"newcomer-words-02-silence-{size}")
    assert errors == [], errors


# -- a phone's first screen ------------------------------------------------------------------

def _refusal_game(server_env: dict[str, str]) -> StagedGame:
    return stage(server_env, {"players": 3, "hand_size": 7, "names": NAMES,
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 5,
                              "first_rule_maker": 1, "rules": [[1, "Fivefold", NO_FIVES]]})


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_a_newcomers_first_screen_holds_the_pile_and_the_hand(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path], size: str) -> None:
    """A newcomer at their turn, the first-visit note still up: the pile and the hand are in
    the first screen without scrolling; on the phone the note is one line whose rest a key
    opens, whole on the desktop; "Got it" by keyboard puts it away and the focus goes to
    the hand."""
    game = _refusal_game(server_env)
    ann, errors = _sit(new_context, server_url, game, 0, SIZES[size], newcomer=True)
    page = ann.page
    _my_turn(page)
    note = page.locator("#first-visit")
    expect(note).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    _pile_and_hand_in_view(page)
    more = note.locator("details")
    summary = note.locator("summary")
    expect(summary).to_have_text("New here? Play a card or pass to draw one.")
    if size == "phone":
        assert horizontal_overflow(page) <= 0, "the page scrolls sideways"
        expect(more).not_to_have_attribute("open", "")
        box = note.bounding_box()
        assert box is not None and box["height"] <= 64, box
        summary.focus()
        page.keyboard.press("Enter")
    expect(more).to_have_attribute("open", "")
    expect(more.locator("p")).to_be_visible()
    expect(more.locator("p")).to_contain_text("Every rule is a secret")
    shoot(page, f"newcomer-first-screen-{size}")
    got_it = note.get_by_role("button", name="Got it")
    got_it.focus()
    page.keyboard.press("Enter")
    expect(note).to_be_hidden()
    expect(page.locator(".hand .card").first).to_be_focused()
    assert errors == [], errors


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_after_writing_a_rule_the_turn_brings_the_hand_into_view(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path], size: str) -> None:
    """Ann writes the first rule by keyboard (on a phone the builder's button is far down
    the page): when her turn comes, the pile and the hand are in view. Later, typing in the
    talk box as her turn comes, she keeps the focus and her words."""
    game = stage(server_env, {"players": 3, "hand_size": 7, "names": NAMES,
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 5,
                              "first_rule_maker": 0})
    ann, errors = _sit(new_context, server_url, game, 0, SIZES[size])
    page = ann.page
    write = page.get_by_role("button", name="Write this rule")
    expect(page.locator("#builder-gallery")).to_be_visible(timeout=WAIT_MS)
    start_from_idea(page)
    write.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#status .status__line")).to_contain_text("Stock", timeout=WAIT_MS)
    if size == "phone":
        assert page.evaluate("window.scrollY") > 0, "the builder was not down the page"
    _my_turn(page)
    _pile_and_hand_in_view(page)
    if size == "phone":
        assert horizontal_overflow(page) <= 0, "the page scrolls sideways"
    shoot(page, f"newcomer-after-writing-turn-{size}")

    # She passes, and types to the table while the bots play: the turn's coming leaves her
    # focus and her words alone.
    pushes = ann.pushes()
    page.locator('#turn-buttons [data-action="pass"]').click()
    ann.wait_push_after(pushes)
    talk = page.get_by_label("Talk to the table now")
    talk.focus()
    page.keyboard.type("well played")
    _my_turn(page)
    expect(talk).to_be_focused()
    expect(talk).to_have_value("well played")
    assert errors == [], errors


# -- the invitation --------------------------------------------------------------------------

SHARE_API = """
Object.defineProperty(Navigator.prototype, 'share', { configurable: true,
  value: function (data) { window.__shared = data; return Promise.resolve(); } });
"""
NO_CLIPBOARD_API = """
Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true,
  get: function () { return undefined; } });
"""


def _lobby(server_env: dict[str, str]) -> StagedGame:
    return stage(server_env, {"lobby": True, "players": 3, "hand_size": 5, "names": ["Ann"]})


def _visit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
           size: str, *scripts: str) -> tuple[Page, list[str]]:
    context = new_context(**SIZES[size])
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    errors = console.watch(page)
    page.goto(f"/g/{game.code}/")
    Player("Visitor", context, page).ready()
    return page, errors


def _tab_to(page: Page, *ids: str) -> str:
    """Press Tab from the top of the page until one of ``ids`` has the focus; return it."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = str(page.evaluate("document.activeElement.id"))
        if focused in ids:
            return focused
    raise AssertionError(f"none of {ids} took the focus")


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_invitation_puts_joining_first_and_copies_the_link(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path], size: str) -> None:
    """A visitor's first screen holds the name field and "Take a seat", before the invitation
    in the keyboard's order; "Copy the link" copies it and says so in a status line; there
    is no share button where the browser has no Web Share API. The visitor sits by keyboard."""
    game = _lobby(server_env)
    page, errors = _visit(new_context, server_url, game, size)
    name = page.get_by_label("Your name")
    assert _in_view(name) and _in_view(page.get_by_role("button", name="Take a seat"))
    link = page.get_by_label("Link to this table").input_value()
    assert link.endswith(f"/g/{game.code}/")
    assert _tab_to(page, "join-name", "share-link") == "join-name"
    if size == "phone":
        assert horizontal_overflow(page) <= 0
    expect(page.get_by_role("button", name="Share…")).to_be_hidden()

    copy = page.get_by_role("button", name="Copy the link")
    copy.focus()
    page.keyboard.press("Enter")
    status = page.get_by_role("status").filter(has_text="Link copied")
    expect(status).to_have_text("Link copied: paste it to your friends.")
    expect(status).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == link
    expect(copy).to_be_focused()
    shoot(page, f"newcomer-invite-copied-{size}")

    name.focus()
    page.keyboard.type("Bob")
    page.keyboard.press("Enter")
    expect(page.locator(".lobby__seat--me")).to_contain_text("Bob (you)")
    htmx_idle(page)
    shoot(page, f"newcomer-invite-seated-{size}")
    assert errors == [], errors


def test_the_invitation_copies_without_the_clipboard_api_and_shares_where_it_can(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """Without the Clipboard API the link is copied by the copy command (the status says
    so); with the Web Share API a "Share…" button offers the link to the system's sheet."""
    game = _lobby(server_env)
    page, errors = _visit(new_context, server_url, game, "phone", NO_CLIPBOARD_API, SHARE_API)
    assert page.evaluate("navigator.clipboard === undefined")
    link = page.get_by_label("Link to this table").input_value()
    copy = page.get_by_role("button", name="Copy the link")
    copy.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#share-status")).to_have_text("Link copied: paste it to your friends.")
    expect(copy).to_be_focused()

    share = page.get_by_role("button", name="Share…")
    expect(share).to_be_visible()
    share.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#share-status")).to_have_text("Link shared.")
    shared = page.evaluate("window.__shared")
    assert shared["url"] == link and game.code in shared["text"], shared
    assert horizontal_overflow(page) <= 0
    shoot(page, "newcomer-invite-shared-phone")
    assert errors == [], errors
