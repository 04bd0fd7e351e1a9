"""The table on a phone (375 x 812, and 375 x 667), at a staged deal (tests.browser.stage):
the sticky top stays compact, and the pile's top card and the hand's first row are in view
without scrolling, even with a long refusal or a rule being written. At 1280 px the status
draws every part. Figures are bounding boxes read at the top of the page, for a returning
player; each state is shot, so axe-core checks it too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, horizontal_overflow, htmx_idle
from tests.browser.stage import StagedGame, stage

PHONE: dict[str, Any] = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True}
#: A common phone, and a small one (the iPhone SE's 375 x 667).
PHONES = ((375, 812), (375, 667))
PHONE_IDS = [f"{w}x{h}" for w, h in PHONES]
DESKTOP = (1280, 800)
#: The most of the screen's height the sticky top may take on a phone.
MAX_STICKY = 0.15
MIN_TEXT_PX = 14
MIN_BUTTON_PX = 40
#: Seat 0 is the viewer; an oracle bot (it never breaks a rule) wrote the first rule.
NAMES = ["Ann", "Bartholomew", "Cy"]
NO_FIVES = {"kind": "restriction", "must_not": {"type": "rank", "in": ["5"]}}
JARGON = "Fivefold Interdiction"
#: Ann's refused play, with words said: a banner of more than two lines at 375 px.
REFUSED = "5H"
SAID = "Mao, and good luck to everyone"
SEEN_BEFORE = ("try { localStorage.setItem('mao-first-visit', '1');"
               " localStorage.setItem('mao-first-refusal', '1'); } catch (e) {}")
#: Where the phone's layout changed: the sticky top, the tools below it, the page's header.
CHANGED = ".table__top, .table__tools, .site-header"

#: What the test reads from the page, at the top of the page.
MEASURE = """
([minText, changed]) => {
  window.scrollTo(0, 0);
  const box = el => { const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
  const drawn = el => { const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1; };
  const top = document.querySelector('.table__top');
  const pile = document.querySelector('#piles .pile:not(.pile--stock) .card');
  const card = document.querySelector('.hand .card');
  const banner = document.querySelector('#moment p');
  // Text drawn where the layout changed: every element with text of its own that takes
  // room on the screen (visually hidden text is 1 px wide and clipped).
  const small = [];
  const buttons = [];
  for (const area of document.querySelectorAll(changed)) {
    for (const el of area.querySelectorAll('*')) {
      if (!drawn(el)) continue;
      if (el.matches('button, .button')) {
        buttons.push({name: el.textContent.trim(), height: el.getBoundingClientRect().height});
      }
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (own && size < minText) small.push(`${el.className || el.tagName}: ${size}px`);
    }
  }
  let lines = 0;
  if (banner) {
    const style = getComputedStyle(banner);
    const inner = banner.clientHeight - parseFloat(style.paddingTop)
      - parseFloat(style.paddingBottom);
    lines = Math.round(inner / parseFloat(style.lineHeight));
  }
  return {viewport: {width: innerWidth, height: innerHeight},
          sticky: getComputedStyle(top).position, top: box(top),
          pile: pile && box(pile), card: card && box(card), small, buttons, lines,
          banner: banner ? banner.textContent : ''};
}
"""


def _sit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
         size: tuple[int, int], newcomer: bool = False, **options: Any) -> Player:
    context = new_context(viewport={"width": size[0], "height": size[1]}, **options)
    if not newcomer:
        context.add_init_script(SEEN_BEFORE)
    context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    player = Player("Ann", context, page)
    player.ready()
    return player


def _measure(page: Page) -> dict[str, Any]:
    htmx_idle(page)
    figures: dict[str, Any] = page.evaluate(MEASURE, [MIN_TEXT_PX, CHANGED])
    return figures


def _drawn(locator: Locator) -> bool:
    """Whether the element takes room on the screen (not only read by a screen reader)."""
    box = locator.bounding_box()
    return box is not None and box["width"] > 1 and box["height"] > 1


def _in_view(box: dict[str, float] | None, viewport: dict[str, int], what: str) -> None:
    assert box is not None, f"no {what} on the page"
    assert box["top"] >= 0 and box["bottom"] <= viewport["height"], (
        f"the {what} is not in view without scrolling: {box['top']:.0f}-{box['bottom']:.0f}"
        f" px on a screen {viewport['height']} px high")
    assert box["left"] >= 0 and box["right"] <= viewport["width"], (what, box)


def _compact(figures: dict[str, Any], where: str) -> None:
    """The sticky top of a phone's screen takes at most MAX_STICKY of its height; its text,
    the tools' and the header's are big enough, and so are their buttons."""
    viewport = figures["viewport"]
    assert figures["sticky"] == "sticky", where
    fraction = float(figures["top"]["height"]) / viewport["height"]
    print(f"\n{where}: the sticky top takes {figures['top']['height']:.0f} px, "
          f"{fraction:.1%} of {viewport['height']} px")
    assert fraction <= MAX_STICKY, (
        f"{where}: the sticky top takes {fraction:.1%} of the screen "
        f"({figures['top']['height']:.0f} of {viewport['height']} px)")
    assert not figures["small"], f"{where}: text under {MIN_TEXT_PX} px: {figures['small']}"
    assert figures["buttons"], where
    for button in figures["buttons"]:
        assert button["height"] >= MIN_BUTTON_PX, (where, button)


def _refusal_game(server_env: dict[str, str]) -> StagedGame:
    return stage(server_env, {"players": 3, "hand_size": 7, "names": NAMES,
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 5,
                              "first_rule_maker": 1, "rules": [[1, JARGON, NO_FIVES]],
                              "holds": [0, [REFUSED]]})


def _refuse(ann: Player) -> str:
    """On Ann's turn, with her 7 cards, play the card the rule refuses, saying something;
    once it is her turn again, return the banner's words."""
    page = ann.page
    your_turn = page.locator("#status .your-turn")
    expect(your_turn).to_have_text("Your turn", timeout=WAIT_SECONDS * 3000)
    htmx_idle(page)
    expect(page.locator(".hand .card")).to_have_count(7)
    page.locator("#say").fill(SAID)
    pushes = ann.pushes()
    page.locator(f'.hand .card[data-card="{REFUSED}"]').click()
    ann.wait_push_after(pushes)
    banner = page.locator("#moment.moment--refused p")
    expect(banner).to_contain_text(f"that's a {JARGON}!", timeout=WAIT_SECONDS * 1000)
    # The bots move on; the banner stays until the next moment (no rule fires).
    expect(your_turn).to_have_text("Your turn", timeout=WAIT_SECONDS * 3000)
    htmx_idle(page)
    return banner.inner_text().strip()


@pytest.mark.parametrize("size", PHONES, ids=PHONE_IDS)
def test_phone_keeps_the_pile_and_hand_in_view_under_a_refusal(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path],
        size: tuple[int, int]) -> None:
    """A 7-card hand and a long refusal: the sticky top takes at most 15% of the screen, the
    banner two lines at most with its whole text in the page, read out, and shown on a tap;
    the top card and the hand's first card are in view; nothing overflows sideways."""
    game = _refusal_game(server_env)
    ann = _sit(new_context, server_url, game, size, **PHONE)
    page = ann.page
    _refuse(ann)
    name = f"phone-table-{size[0]}x{size[1]}"

    figures = _measure(page)
    _compact(figures, f"{name}, refusal shown")
    _in_view(figures["pile"], figures["viewport"], "top card of the pile")
    _in_view(figures["card"], figures["viewport"], "first card of the hand")
    assert horizontal_overflow(page) <= 0, f"{name}: the page scrolls sideways"
    shoot(page, f"{name}-refused")

    # The banner: two lines at most, every word of it in the page and read out whole.
    assert 1 <= figures["lines"] <= 2, f"{name}: the banner takes {figures['lines']} lines"
    assert f"that's a {JARGON}!" in figures["banner"] and SAID in figures["banner"]
    # The verdict comes first and is never cut; the play it judged is shortened instead.
    verdict = page.locator("#moment .moment__verdict")
    expect(verdict).to_have_text(re.compile(rf"^Robo \w+: that's a {JARGON}!$"))
    assert figures["banner"].startswith(verdict.inner_text())
    assert verdict.evaluate("v => v.getBoundingClientRect().bottom <= "
                            "v.closest('.moment__text').getBoundingClientRect().bottom + 1"), (
        "the verdict is cut off")
    # Ann's own play: she hears it from #feedback (the answer to her play), not twice.
    expect(page.locator("#feedback[role=alert]")).to_contain_text(f"that's a {JARGON}!")
    expect(page.locator("#announce-urgent")).to_have_text("")
    # Every part of the status is still in the page for a screen reader; the game's code
    # and the direction's word are drawn elsewhere or as an arrow.
    status = page.locator("#status")
    for part in (f"Game {game.code}", "Round 1 · turn", "Direction of play: clockwise",
                 "Stock:", "Your turn: play a card or pass."):
        expect(status).to_contain_text(part)
    assert not _drawn(status.locator(".status__code"))
    assert _drawn(page.locator(".site-header .table__code"))
    assert _drawn(status.locator(".status__arrow"))
    expect(page.locator("#nb-toggle")).to_be_visible()
    expect(page.get_by_label("Four-colour suits")).to_be_visible()

    # A tap shows the whole banner.
    page.locator("#moment p").click()
    assert _measure(page)["lines"] > 2

    # Scrolled down to the log, the sticky top is still at the top of the screen.
    page.locator("#log").scroll_into_view_if_needed()
    top = page.locator(".table__top").bounding_box()
    assert top is not None and abs(top["y"]) <= 1, top


@pytest.mark.parametrize("size", PHONES, ids=PHONE_IDS)
def test_phone_writing_a_rule_keeps_the_status_compact(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path],
        size: tuple[int, int]) -> None:
    """Ann writes the first rule: the sticky top stays within 15% of the screen, nothing
    overflows, and the status still says everything to a screen reader."""
    game = stage(server_env, {"players": 3, "hand_size": 7, "names": NAMES,
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 5,
                              "first_rule_maker": 0})
    ann = _sit(new_context, server_url, game, size, **PHONE)
    page = ann.page
    expect(page.locator("#builder-form")).to_be_visible()
    expect(page.locator("#status .your-turn")).to_have_text("You make the first rule")
    name = f"phone-writing-{size[0]}x{size[1]}"
    _compact(_measure(page), f"{name}, writing")
    assert horizontal_overflow(page) <= 0, f"{name}: the page scrolls sideways"
    expect(page.locator("#status")).to_contain_text("a rule is being written")
    expect(page.locator("#status")).to_contain_text("You make the first rule: write a secret")
    shoot(page, name)


def test_desktop_draws_the_whole_status_with_the_tools_at_the_top(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """At 1280 px the status draws every part (the game's code, the direction in words,
    what to do), the banner whole; the tools sit at the top beside the status and stay there
    when the page scrolls; the hand and the pile are in view."""
    game = _refusal_game(server_env)
    ann = _sit(new_context, server_url, game, DESKTOP)
    page = ann.page
    _refuse(ann)
    status = page.locator("#status")
    for part in (".status__code", ".status__dir .status__more", ".status__turn .status__more"):
        assert _drawn(status.locator(part)), part
    assert not _drawn(status.locator(".status__arrow"))
    assert not _drawn(page.locator(".site-header .table__code"))
    figures = _measure(page)
    banner = page.locator("#moment p")
    assert banner.evaluate("p => p.scrollHeight <= p.clientHeight + 1"), "banner clipped"
    _in_view(figures["pile"], figures["viewport"], "top card of the pile")
    _in_view(figures["card"], figures["viewport"], "first card of the hand")
    assert horizontal_overflow(page) <= 0
    shoot(page, "desktop-table-refused")

    tools = page.locator(".table__tools").bounding_box()
    top = page.locator(".table__top").bounding_box()
    assert tools is not None and top is not None
    assert tools["y"] + tools["height"] <= top["y"] + top["height"], (tools, top)
    page.mouse.wheel(0, 400)
    page.wait_for_function("window.scrollY > 100")
    toggle = page.locator("#nb-toggle").bounding_box()
    assert toggle is not None and 0 <= toggle["y"] <= 8, toggle


def test_a_newcomer_reads_each_first_time_note_once_and_puts_it_away(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """A first table says what to do, a first refusal explains itself; each note goes with
    its "Got it" (focus stays in the page) and neither comes back after a reload."""
    game = _refusal_game(server_env)
    ann = _sit(new_context, server_url, game, PHONES[1], newcomer=True, **PHONE)
    page = ann.page
    first_visit, first_refusal = page.locator("#first-visit"), page.locator("#first-refusal")
    expect(first_visit).to_be_visible()
    expect(first_refusal).to_be_hidden()
    first_visit.get_by_role("button", name="Got it").click()
    expect(first_visit).to_be_hidden()
    _refuse(ann)
    expect(first_refusal).to_be_visible()
    expect(first_refusal).to_contain_text("A refusal means someone's secret rule forbids")
    shoot(page, "phone-newcomer-first-refusal")
    first_refusal.get_by_role("button", name="Got it").click()
    expect(first_refusal).to_be_hidden()
    assert page.evaluate("document.activeElement !== document.body"), "the focus was dropped"
    page.reload()
    ann.ready()
    expect(first_visit).to_be_hidden()
    expect(first_refusal).to_be_hidden()
