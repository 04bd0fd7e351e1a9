"""Mini Mao on a phone-sized screen (375 x 812): a host and two bots, played by keyboard.

No page scrolls sideways and the hand's buttons are comfortably tall; the host plays by
keyboard only (Enter, "1", "p") and ends the game on the reveal. The table's seed is fixed
(tests/browser/stage.py), but whether a play is refused is read from the screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from rules.cards import parse
from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    colour_of,
    horizontal_overflow,
    htmx_idle,
    start_from_idea,
)
from tests.browser.stage import stage

#: The seed of the table's deal.
SEED = 11
PHONE = {"viewport": {"width": 375, "height": 812}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
MIN_BUTTON_HEIGHT = 40
#: The builder's first rule, which the host writes as Pip.
PIP_SENTENCE = "Only a black card may be played on a queen."
PENALTY = re.compile(r"You draw \S+ as a penalty\.")
DREW = re.compile(r"You draw \S+\.")
#: Bots act after MAO_BOT_DELAY (0.2 s) each; two of them may move before the host.
TURN_MS = WAIT_SECONDS * 2000


def _no_sideways_scroll(page: Page, where: str) -> None:
    extra = horizontal_overflow(page)
    assert extra <= 1, f"{where}: the page is {extra} px wider than the 375 px screen"


def _wait_for_my_turn(host: Player) -> int:
    """Wait until the bots have moved and it is the host's turn; return the version."""
    expect(host.page.locator('#turn-buttons [data-action="pass"]')).to_be_enabled(
        timeout=TURN_MS)
    return host.version()


def _log(page: Page) -> list[str]:
    """The lines of the log this screen shows, newest first."""
    return [line.strip() for line in page.locator("#log .log__item").all_inner_texts()]


def _count(lines: list[str], pattern: re.Pattern[str]) -> int:
    return sum(1 for line in lines if pattern.fullmatch(line))


def _pip_refuses(page: Page, card: str) -> bool:
    """Whether Pip refuses ``card`` on the top card this screen shows: a red card on a
    queen."""
    top = page.locator("#piles .pile:not(.pile--stock) .card__rank").first.inner_text()
    return top.strip() == "Q" and colour_of(card) == "red"


def _act_by_key(host: Player, press: Callable[[], None], *lines: re.Pattern[str]) -> None:
    """Act by the keyboard (``press``) on the host's turn; check that the log gained exactly
    one line matching each of ``lines``. The log is read line by line, not by its top: the
    bots' moves may already be above the host's."""
    before = _log(host.page)
    version = host.version()
    press()
    host.wait_version(version + 1)
    htmx_idle(host.page)
    after = _log(host.page)
    for line in lines:
        assert _count(after, line) == _count(before, line) + 1, (line.pattern, after[:6])


def _play_by_key(host: Player, card: str, press: Callable[[], None]) -> None:
    """Play ``card`` by the keyboard: it goes down, or (on a queen, if red) Pip refuses it and
    it comes back with a penalty card, as worked out beforehand from the screen."""
    hand = host.hand()
    symbol = re.escape(parse(card).symbol)
    if _pip_refuses(host.page, card):
        _act_by_key(host, press, re.compile(
            rf"Ann tries {symbol} on Q[♣♦♥♠]\. Ann: that's a Pip!"), PENALTY)
        assert card in host.hand() and len(host.hand()) == len(hand) + 1
    else:
        _act_by_key(host, press, re.compile(rf"Ann plays {symbol} on \S+( as \S+)?\."))
        assert card not in host.hand() and len(host.hand()) == len(hand) - 1


def _host_with_bots(new_context: Callable[..., BrowserContext], server_url: str,
                    server_env: dict[str, str],
                    shoot: Callable[[Page, str], Path] | None = None) -> Player:
    """A phone whose player opened a table with two bots and is writing the first rule.

    The table is opened with a fixed seed (staged in its lobby: the home page's form would
    draw a random one), so the deal, and the bots' moves, are the same on every run; the
    host seats the bots and starts the game on the phone."""
    context = new_context(**PHONE)
    host = Player("Ann", context, context.new_page())
    page = host.page
    page.goto("/")
    _no_sideways_scroll(page, "home")
    if shoot:
        shoot(page, "phone-01-home")
    game = stage(server_env, {"lobby": True, "players": 3, "hand_size": 5, "jokers": False,
                              "names": ["Ann"], "seed": SEED})
    context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    page.goto(f"/g/{game.code}/")
    host.ready()

    # The lobby: the host seats two bots, one of each kind.
    for kind in ("experimenter", "oracle"):
        page.get_by_label("Add a bot").select_option(kind)
        page.get_by_role("button", name="Add bot").click()
        htmx_idle(page)
    expect(page.locator("#lobby .lobby__seat .tag", has_text="bot")).to_have_count(2)
    expect(page.locator("#lobby")).to_contain_text("3 of 3 seats taken")
    _no_sideways_scroll(page, "lobby")
    if shoot:
        shoot(page, "phone-02-lobby")

    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
    host.ready()
    return host


def test_rule_builder_fits_a_phone(new_context: Callable[..., BrowserContext],
                                   server_url: str, server_env: dict[str, str],
                                   shoot: Callable[[Page, str], Path]) -> None:
    host = _host_with_bots(new_context, server_url, server_env)
    shoot(host.page, "phone-03b-builder-too-wide")
    _no_sideways_scroll(host.page, "rule builder")


def test_phone_table_with_bots_by_keyboard(new_context: Callable[..., BrowserContext],
                                           server_url: str, server_env: dict[str, str],
                                           shoot: Callable[[Page, str], Path]) -> None:
    host = _host_with_bots(new_context, server_url, server_env, shoot)
    page = host.page
    page.on("dialog", lambda dialog: dialog.accept())  # "End the game for everyone…?"

    # The host writes the first rule on the phone (the gallery's idea on a queen, named Pip).
    shoot(page, "phone-03-builder")  # too wide: see test_rule_builder_fits_a_phone
    start_from_idea(page, sentence=PIP_SENTENCE)
    page.locator("#f-jargon").fill("Pip")
    page.get_by_role("button", name="Write this rule").click()

    # The table: usable, no sideways scrolling, big enough buttons.
    _wait_for_my_turn(host)
    cards = page.locator(".hand .card")
    expect(cards).to_have_count(5)
    for box in (cards.nth(i).bounding_box() for i in range(cards.count())):
        assert box is not None and box["height"] >= MIN_BUTTON_HEIGHT, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375 + 1, box
    _no_sideways_scroll(page, "table")
    shoot(page, "phone-04-table")

    # Keyboard play 1: focus a card and press Enter.
    first = cards.first
    card = first.get_attribute("data-card")
    assert card is not None

    def enter() -> None:
        first.focus()
        page.keyboard.press("Enter")

    _play_by_key(host, card, enter)

    # Keyboard play 2: "1" plays the first card of the hand.
    _wait_for_my_turn(host)
    htmx_idle(page)
    _play_by_key(host, host.hand()[0], lambda: page.keyboard.press("1"))
    _no_sideways_scroll(page, "table after plays")

    # Keyboard play 3: "p" passes (draws a card).
    _wait_for_my_turn(host)
    count = len(host.hand())
    _act_by_key(host, lambda: page.keyboard.press("p"), DREW)
    assert len(host.hand()) == count + 1
    shoot(page, "phone-05-played")

    # The host ends the game (once the bots have moved: a screen a version behind is told
    # to look again) and the phone follows to the reveal.
    _wait_for_my_turn(host)
    page.get_by_role("button", name="End the game").click()
    expect(page.locator("#stage .ended")).to_contain_text("Ann ended the game.")
    _no_sideways_scroll(page, "game over")
    shoot(page, "phone-05b-ended")
    page.wait_for_url("**/reveal/", timeout=WAIT_SECONDS * 2000)
    expect(page.locator("#rules .rule-list > li.rule .jargon").first).to_have_text("Pip")
    expect(page.locator("#rules .rule-list > li.rule .author").first).to_have_text("Ann")
    _no_sideways_scroll(page, "reveal")
    shoot(page, "phone-06-reveal")
