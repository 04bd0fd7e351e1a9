"""Speech outside a play, in a real browser: three players at a staged table (tests.browser.
stage) where Ann's secret rule Hush forbids talking but "Mao". A player off their turn types
into the say-box (Enter submits, the box keeps the focus and is emptied); every screen shows
the words in its log and its moment line; a needless remark draws the speaker a card, with
the refusal-like verdict on every screen, said at once to the others' screen readers. The
say-box is on every seated screen (a phone's too), never a spectator's; each state is
checked by axe (``shoot``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, horizontal_overflow, htmx_idle
from tests.browser.stage import StagedGame, stage
from tests.browser.test_announcements import RECORD, _hears, _said

WAIT_MS = WAIT_SECONDS * 1000
HUSH = {"kind": "talking", "allow": ["Mao"]}
PHONE = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
NAMES = ["Ann", "Bob", "Cat"]


def _sit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
         seat: int | None, **options: object) -> Player:
    context = new_context(**options)
    context.add_init_script(RECORD)
    if seat is not None:
        context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    player = Player(NAMES[seat] if seat is not None else "Watcher", context, page)
    player.ready()
    return player


def _say(speaker: Player, others: list[Player], words: str) -> None:
    """Type ``words`` into the say-box by keyboard and press Enter; wait for every screen."""
    pushes = [p.pushes() for p in others]
    box = speaker.page.locator("#say-words")
    box.focus()
    speaker.page.keyboard.type(words)
    speaker.page.keyboard.press("Enter")
    for player, count in zip(others, pushes, strict=True):
        player.wait_push_after(count)
    expect(box).to_have_value("", timeout=WAIT_MS)
    htmx_idle(speaker.page)


def _count(player: Player, seat: int) -> int:
    return player.hand_counts()[seat]


def test_a_player_speaks_off_turn_and_a_needless_remark_costs_a_card(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": NAMES, "seed": 1,
                              "rules": [[0, "Hush", HUSH]]})
    ann = _sit(new_context, server_url, game, 0)
    bob = _sit(new_context, server_url, game, 1)
    cat = _sit(new_context, server_url, game, 2, **PHONE)
    watcher = _sit(new_context, server_url, game, None)
    players = [ann, bob, cat]
    # Every seated screen has the say-box, on its turn or not; a spectator's has none.
    for player in players:
        expect(player.page.get_by_label("Talk to the table now")).to_be_visible()
    expect(watcher.page.locator("#say-words")).to_have_count(0)
    # Ann knows her own rule, and her box says so before she types; Bob's and Cat's never
    # name a secret rule of someone else, nor does the spectator's page.
    expect(ann.page.locator("#talk-hint")).to_contain_text("Hush (your rule)")
    expect(ann.page.get_by_label("Talk to the table now")).to_have_accessible_description(
        re.compile("Said at once to everyone.*Hush \\(your rule\\)"))
    for player in (bob, cat, watcher):
        expect(player.page.locator("#talk-hint")).to_have_text("")
    # Cat speaks off her turn (the turn is Bob's, on the rule-maker's left).
    assert bob.my_turn() and not cat.my_turn()
    everyone = [ann, bob, watcher]

    _say(cat, everyone, "Mao")
    for player in [*everyone, cat]:
        expect(player.page.locator("#moment")).to_contain_text("Cat says “Mao”.")
        expect(player.page.locator("#log-list")).to_contain_text("Cat says “Mao”.")
    # The words allowed cost nothing, and the box kept the focus for the next words.
    assert [_count(p, 2) for p in players] == [5, 5, 5]
    assert cat.page.evaluate("document.activeElement.id") == "say-words"
    assert bob.my_turn()
    shoot(cat.page, "talk-01-said-phone")
    shoot(ann.page, "talk-02-said-desktop")

    _say(cat, everyone, "Lovely weather")
    verdict = "Ann: that's a Hush! Cat spoke outside a play."
    for player in [*everyone, cat]:
        expect(player.page.locator("#moment")).to_contain_text(verdict)
        expect(player.page.locator("#log-list")).to_contain_text("Cat says “Lovely weather”.")
    for player in players:
        expect(player.page.locator("#seats .seat__count").nth(2)).to_contain_text("6")
    assert cat.page.evaluate("document.activeElement.id") == "say-words"
    assert bob.my_turn()  # speech never moves the turn
    # The jargon is public now, the rule itself still Ann's secret: no hint names it.
    for player in (bob, cat):
        expect(player.page.locator("#talk-hint")).to_have_text("")
        expect(player.page.locator("#call-hint")).to_have_text("")
    # Said at once on the other screens, as a refusal of someone else's play is.
    for player in (bob, ann):
        _hears(player, "announce-urgent", verdict)
    assert any(verdict in text for text in _said(bob, "announce-urgent"))
    assert any(verdict in text for text in _said(ann, "announce-urgent"))
    assert horizontal_overflow(cat.page) <= 0  # the say-box fits a 375 px phone
    shoot(cat.page, "talk-03-talking-phone")
    shoot(bob.page, "talk-04-talking-desktop")
    shoot(watcher.page, "talk-05-talking-spectator")


def test_nothing_said_is_refused_with_a_message_and_the_words_stay(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": NAMES, "seed": 1,
                              "rules": [[0, "Hush", HUSH]]})
    cat = _sit(new_context, server_url, game, 2)
    box = cat.page.locator("#say-words")
    box.focus()
    cat.page.keyboard.type("   ")
    cat.page.keyboard.press("Enter")
    expect(cat.page.locator("#feedback-say")).to_contain_text("Say some words.")
    assert cat.page.evaluate("document.activeElement.id") == "say-words"
    expect(cat.page.locator("#log-list")).not_to_contain_text("Cat says")
    shoot(cat.page, "talk-06-nothing-said")
