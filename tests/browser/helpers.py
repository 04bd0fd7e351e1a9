"""What a person does and sees in the browser, as small helpers over Playwright pages.

Every reading comes from what the page shows (the hand buttons' ``data-card``, the top
card's colour class, the hidden ``#version`` the screen last saw); nothing reads the
database, as a player could not.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

#: How long the tests wait for a change to show (generous: a loaded CI machine). Waits are
#: timeouts, never performance claims: how fast pushes arrive is the load test's figure.
WAIT_SECONDS = 5.0
#: How often a wait asks the page whether its condition holds, in ms. Playwright's default
#: asks at every frame, which has Chromium draw frames for as long as the wait lasts
#: (docs/performance.md); asking every 25 ms answers at most 25 ms later.
POLL_MS = 25
RED_SUITS = ("H", "D")
#: Counts the WebSocket pushes a page has swapped in, so a test can wait for the first one
#: (it redraws the lobby or the table right after the page loads) before it types or clicks.
#: The answer to the page's own action (a lone ``#feedback``, when it played over the
#: socket) is no push of the table: the change comes in a frame of its own.
COUNT_PUSHES = """
window.__maoPushes = 0;
document.addEventListener("htmx:wsAfterMessage", (event) => {
  const message = event.detail && event.detail.message;
  if (typeof message === "string" && message.startsWith('<div id="feedback"')) { return; }
  window.__maoPushes += 1;
});
"""

#: Pauses each animation that repeats for ever (a spinner) once it has started: it would
#: have Chromium draw its page 60 times a second for as long as the page shows it, most of
#: an idle browser's CPU. It stays in the page, in its place and styles (its computed
#: ``animation`` unchanged); finite animations (a banner popping in) play and end as ever.
PAUSE_ENDLESS = """
document.addEventListener("animationstart", (event) => {
  for (const animation of event.target.getAnimations()) {
    if (animation.effect && animation.effect.getComputedTiming().iterations === Infinity) {
      animation.pause();
    }
  }
}, true);
"""


def open_context(browser: Browser, server_url: str, **options: Any) -> BrowserContext:
    """A new browser context (one person: their own cookies) on the live server (or on the
    ``base_url`` among ``options``)."""
    context = browser.new_context(**({"base_url": server_url} | options))
    context.set_default_timeout(10_000)
    context.add_init_script(COUNT_PUSHES)
    context.add_init_script(PAUSE_ENDLESS)
    return context


def console_errors(page: Page) -> list[str]:
    """A list that fills with every error the page's console logs and every uncaught
    exception in its script, from now on (a test asserts it stays empty)."""
    found: list[str] = []
    page.on("console", lambda message: found.append(f"console: {message.text}")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: found.append(f"uncaught: {error}"))
    return found


def colour_of(card: str) -> str:
    """``"red"`` or ``"black"`` for a card's canonical text (``"QH"``, ``"10S"``)."""
    return "red" if card[-1] in RED_SUITS else "black"


@dataclass
class Player:
    """One person at the table: a name, their browser context and their page."""

    name: str
    context: BrowserContext
    page: Page

    def ready(self) -> None:
        """Wait until the page has its first WebSocket push and htmx is idle."""
        # The push right after a page loads redraws the lobby or the table: typing before it
        # would be lost, and swapped elements answer only once htmx has settled them.
        self.page.wait_for_function("window.__maoPushes > 0", timeout=WAIT_SECONDS * 1000,
                                    polling=POLL_MS)
        htmx_idle(self.page)

    def pushes(self) -> int:
        """How many WebSocket pushes this page has swapped in so far."""
        return int(self.page.evaluate("window.__maoPushes"))

    def wait_push_after(self, count: int) -> None:
        """Wait until the page has swapped in a push after its first ``count`` ones (the
        change that followed an action), and htmx is idle again."""
        self.page.wait_for_function("n => window.__maoPushes > n", arg=count,
                                    timeout=WAIT_SECONDS * 1000, polling=POLL_MS)
        htmx_idle(self.page)

    # -- lobby -------------------------------------------------------------------------------

    def open_table(self, players: int, hand_size: int, *, jokers: bool = False,
                   host_writes_first: bool = True) -> str:
        """Fill in the home page's form (the page must be open) and open the table; return
        the link the lobby shows."""
        page = self.page
        page.get_by_label("Your name").fill(self.name)
        page.get_by_label("Seats at the table").select_option(str(players))
        page.get_by_label("Cards in each hand").select_option(str(hand_size))
        page.get_by_label("Who writes the first rule").select_option(
            "host" if host_writes_first else "random")
        page.get_by_label("Play with jokers").set_checked(jokers)
        page.get_by_role("button", name="Open the table").click()
        page.wait_for_url("**/g/*/")
        return page.get_by_label("Link to this table").input_value()

    def take_seat(self, link: str) -> None:
        """Open the link and take a seat by name; return once the seat is this player's
        (a host who starts before then starts without them)."""
        self.page.goto(link)
        self.ready()
        self.page.locator("#join-name").fill(self.name)
        self.page.get_by_role("button", name="Take a seat").click()
        expect(self.page.locator("#lobby .lobby__seat--me")).to_contain_text(
            f"{self.name} (you)", timeout=WAIT_SECONDS * 1000)

    # -- table -------------------------------------------------------------------------------

    def version(self) -> int:
        """The game version this screen shows."""
        return int(self.page.locator("#version").input_value())

    def wait_version(self, at_least: int, timeout: float = WAIT_SECONDS) -> None:
        """Wait until this screen shows version ``at_least`` or later."""
        self.page.wait_for_function(
            "v => { const el = document.getElementById('version');"
            " return el !== null && Number(el.value) >= v; }",
            arg=at_least, timeout=timeout * 1000, polling=POLL_MS)

    def hand(self) -> list[str]:
        """The cards of the hand, as the buttons' ``data-card``."""
        cards: list[str] = self.page.locator(".hand .card").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        return cards

    def top_colour(self) -> str:
        """The colour of the top card of the (first) discard pile."""
        top = self.page.locator("#piles .pile:not(.pile--stock) .card").first
        classes = top.get_attribute("class") or ""
        return "red" if "card--red" in classes else "black"

    def my_turn(self) -> bool:
        """Whether this screen offers a play now (the pass button is enabled)."""
        return self.page.locator('#turn-buttons [data-action="pass"]:not([disabled])').count() > 0

    def phase(self) -> str:
        """``playing``, ``writing`` or ``ended``, from the status line."""
        line = self.page.locator("#status .status__line").inner_text()
        if "turn" in line and "Stock" in line:
            return "playing"
        if "rule is being written" in line:
            return "writing"
        return "ended"

    def play(self, card: str) -> None:
        """Click a card of the hand (the first of its copies, with two decks)."""
        self.page.locator(f'.hand .card[data-card="{card}"]').first.click()

    def pass_turn(self) -> None:
        """Click the pass button."""
        self.page.get_by_role("button", name="Pass (draw a card)").click()

    def hand_counts(self) -> list[int]:
        """Every seat's number of cards, as the seats show them ("🂠 3")."""
        return [int(re.search(r"\d+", t).group()) for t in  # type: ignore[union-attr]
                self.page.locator("#seats .seat__count").all_inner_texts()]


def same_version(players: Sequence[Player], at_least: int,
                 timeout: float = WAIT_SECONDS) -> None:
    """Wait until every screen shows version ``at_least`` (or later)."""
    for player in players:
        player.wait_version(at_least, timeout)


def all_show(pages: Iterable[Page], selector: str, text: str, within: float,
             since: float | None = None) -> float:
    """Wait until ``selector`` on every page contains ``text``, for at most ``within`` seconds
    from ``since`` (default: now); return the seconds it took (a figure to print, not to
    assert on). Fails naming the pages that never showed it."""
    start = time.monotonic() if since is None else since
    pending = list(pages)
    while pending:
        pending = [p for p in pending if text not in p.locator(selector).inner_text()]
        elapsed = time.monotonic() - start
        if pending and elapsed > within:
            shown = {p.url: p.locator(selector).inner_text()[:200] for p in pending}
            raise AssertionError(f"{text!r} not in {selector} after {elapsed:.2f} s on: {shown}")
        if pending:
            time.sleep(0.02)
    return time.monotonic() - start


def htmx_idle(page: Page) -> None:
    """Wait until htmx has no request in flight and has settled what it swapped in."""
    page.wait_for_function(
        "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
        timeout=WAIT_SECONDS * 1000, polling=POLL_MS)


def wait_sentence(page: Page, sentence: str, timeout: float = 5.0) -> None:
    """Wait until the preview shows ``sentence``."""
    expect(page.locator("#builder-preview .preview-sentence")).to_have_text(
        sentence, timeout=timeout * 1000)
    htmx_idle(page)


def horizontal_overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than its viewport (0 or less: none)."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    viewport = page.viewport_size or {"width": 0}
    return int(width) - int(viewport["width"])


def sticking_out(page: Page, limit: int = 5) -> list[str]:
    """The first ``limit`` elements drawn past the viewport's right edge (the culprits of a
    horizontal overflow), as ``tag.class: right edge``."""
    # Against the viewport asked for: a phone's browser widens its layout viewport (and
    # innerWidth) to whatever sticks out.
    width = (page.viewport_size or {"width": 0})["width"]
    found: list[str] = page.evaluate(
        """([limit, width]) => [...document.querySelectorAll('body *')]
          .filter(el => el.getBoundingClientRect().right > width + 1)
          .slice(0, limit)
          .map(el => `${el.tagName.toLowerCase()}.${el.className}: `
                     + Math.round(el.getBoundingClientRect().right))""", [limit, width])
    return found


def widths(page: Page) -> dict[str, float]:
    """The drawn widths of the page's header, main part and footer, in CSS pixels."""
    found: dict[str, float] = page.evaluate(
        "() => Object.fromEntries(['.site-header', 'main.page', '.site-footer'].map(s =>"
        " [s, document.querySelector(s).getBoundingClientRect().width]))")
    return found


def spans_a_desktop(page: Page, at_least: float = 1100) -> None:
    """On a 1280 px screen the page uses the wide layout (72rem), its header and footer as
    wide as its content: not a 42rem column (672 px) with content running past it."""
    drawn = widths(page)
    assert drawn["main.page"] >= at_least, drawn
    assert drawn[".site-header"] == drawn["main.page"] == drawn[".site-footer"], drawn


def open_builder(new_context: Callable[..., BrowserContext], hand_size: int = 3,
                 **options: object) -> Page:
    """A host alone at a table of three (two bots), writing the first rule: the builder is
    open on its empty rule, the gallery of ideas above it (at a table of two both players
    would write)."""
    context = new_context(**options)
    host = Player("Ann", context, context.new_page())
    page = host.page
    page.goto("/")
    host.open_table(players=3, hand_size=hand_size, jokers=False, host_writes_first=True)
    host.ready()
    for _ in range(2):
        page.get_by_role("button", name="Add bot").click()
        htmx_idle(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
    host.ready()
    return page


#: The gallery's idea most tests start from, and its sentence.
MOURNING = "09-2"
QUEEN_SENTENCE = "Only a black card may be played on a queen."


def start_from_idea(page: Page, idea: str = MOURNING, sentence: str = QUEEN_SENTENCE,
                    keep_jargon: bool = False) -> None:
    """Adopt ``idea`` from the builder's gallery and wait for its preview; its jargon is
    cleared unless ``keep_jargon`` (a rule left unnamed gets one picked when written)."""
    page.locator(f"#builder-gallery button[value='{idea}']").click()
    wait_sentence(page, sentence)
    if not keep_jargon:
        page.locator("#f-jargon").fill("")
        htmx_idle(page)


def writing_host(new_context: Callable[..., BrowserContext], hand_size: int = 3,
                 **options: object) -> Page:
    """:func:`open_builder`, started from the idea "Only a black card may be played on a
    queen" (:func:`start_from_idea`), jargon left empty."""
    page = open_builder(new_context, hand_size, **options)
    start_from_idea(page)
    return page
