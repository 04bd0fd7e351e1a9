"""A whole game night in a real browser, as a group of newcomers plays it.

Ann hosts on a desktop (1280 px), Bob joins on a desktop, Cat on a 375 x 740 phone, and Ann
seats a bot. They play a game of Mini Mao from the home page to the reveal (Ann writes the
builder's first example, the round's winner a rule that locks the game up), then sit at a
five-card table with a turn clock, where a jack opens a race to name the suit.

The evening is played once (the ``evening`` fixture, seeded deals: the same game on every
run) and judged by the tests below: no console error on any screen, no axe violation in any
state shot (each screenshot is checked), no horizontal overflow on the phone, and the
phone's hand in view whenever its turn comes. With ``MAO_SCREENSHOTS=1`` the pictures of the
states checked stay in ``test-output/screenshots/`` (git-ignored) as ``evening-*.png``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import PICTURES, take_shot
from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    colour_of,
    console_errors,
    horizontal_overflow,
    htmx_idle,
    open_context,
    start_from_idea,
    sticking_out,
    wait_sentence,
)
from tests.browser.stage import stage

WAIT_MS = WAIT_SECONDS * 1000
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
PHONE: dict[str, Any] = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
#: The lobby's deal: with the choices below, a person (Bob) wins round one.
SEED = 3
#: The builder's first example, written as it stands: the first rule of the night.
QUEEN_SENTENCE = "Only a black card may be played on a queen."
ZAP_SENTENCE = "Only a joker may be played on a black card."
#: Most actions a Mini Mao round may take before the test gives up (it needs far fewer).
ROUND_ACTIONS = 80
#: The five-card table: Ann leads the jack of hearts on the five; a race names the suit.
FIVE_CARD = {"preset": "five-card", "players": 4, "hand_size": 5, "turn_seconds": 30,
             "names": ["Ann", "Bob", "Cat", "Dot"], "bots": {3: "experimenter"}, "seed": 5,
             "hands": [["JH", "2C", "3D", "9C", "KD"], ["6S", "8C", "4D", "QC", "10D"],
                       ["7S", "9D", "2H", "QD", "4C"], ["3S", "8D", "6C", "KC", "10C"]],
             "pile": ["5H"], "current": 0}
#: The phone's hand as the screen draws it, against the screen.
HAND_BOX = """
() => { const hand = document.querySelector('#hand .hand');
  if (!hand) { return null; }
  const r = hand.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          width: innerWidth, height: innerHeight}; }
"""

#: Whether the hand's box lies inside the screen.
IN_VIEW = (f"(b => b.top >= 0 && b.bottom <= b.height && b.left >= 0 && b.right <= b.width)"
           f"(({HAND_BOX})())")
#: How long a page may take to bring the hand into view once the turn shows.
SETTLE_MS = 1500


@dataclass
class Evening:
    """What the evening left to judge: the screenshots, the phone's hand at each of its
    turns (``where`` and the hand's box against the screen), and how far it got."""

    folder: Path
    shots: list[Path] = field(default_factory=list)
    phone_turns: list[tuple[str, dict[str, float] | None]] = field(default_factory=list)
    errors: dict[str, list[str]] = field(default_factory=dict)
    reached: list[str] = field(default_factory=list)


class Night:
    """The people of the evening and what every screen must keep (no console error, no
    overflow on the phone), checked at every screenshot."""

    def __init__(self, browser: Browser, folder: Path) -> None:
        self.browser, self.record = browser, Evening(folder)
        self.contexts: list[Any] = []

    def person(self, name: str, url: str, cookie: dict[str, Any] | None = None,
               **options: Any) -> Player:
        context = open_context(self.browser, url, **options)
        self.contexts.append(context)
        if cookie is not None:
            context.add_cookies([cookie])  # type: ignore[list-item]
        page = context.new_page()
        self.record.errors[f"{name}@{url}"] = console_errors(page)
        return Player(name, context, page)

    def clean(self) -> None:
        """No screen has logged a console error so far."""
        errors = {who: found for who, found in self.record.errors.items() if found}
        assert not errors, f"console errors: {errors}"

    def shoot(self, player: Player, name: str) -> None:
        htmx_idle(player.page)
        self.record.shots.append(take_shot(player.page, self.record.folder,
                                           f"evening-{name}-{player.name.lower()}"))
        self.clean()
        if _is_phone(player.page):
            assert horizontal_overflow(player.page) <= 0, (name, sticking_out(player.page))

    def phone_turn(self, phone: Player, where: str) -> None:
        """Note where the phone's hand is as its turn comes (before the test scrolls: the
        page has a moment to bring it into view, as a smooth scroll would)."""
        htmx_idle(phone.page)
        # A hand still out of view after that is judged by the test that reads the box.
        with suppress(PlaywrightTimeout):
            phone.page.wait_for_function(f"({HAND_BOX})() !== null && {IN_VIEW}",
                                         timeout=SETTLE_MS)
        self.record.phone_turns.append((where, phone.page.evaluate(HAND_BOX)))
        assert horizontal_overflow(phone.page) <= 0, (where, sticking_out(phone.page))

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def _is_phone(page: Page) -> bool:
    return (page.viewport_size or {"width": 0})["width"] < 500


# -- Mini Mao ---------------------------------------------------------------------------------


def _top(player: Player) -> tuple[str, str]:
    """The rank and colour of the discard pile's top card, as the screen shows it."""
    top = player.page.locator("#piles .pile:not(.pile--stock) .card").first
    return top.locator(".card__rank").inner_text().strip(), player.top_colour()


def _queen_card(hand: list[str], rank: str, colour: str) -> str | None:
    """A card legal under the night's first rule (only black on a queen); ``None``: pass."""
    legal = [c for c in sorted(hand) if rank != "Q" or colour_of(c) == "black"]
    return legal[0] if legal else None


def _zap_card(hand: list[str], rank: str, colour: str) -> str | None:
    """In round two, a black card as soon as one may go down: nothing can follow it."""
    blacks = [c for c in sorted(hand) if colour_of(c) == "black"]
    if colour == "red" and blacks:
        return blacks[0]
    return _queen_card(hand, rank, colour) if colour == "red" else None


def _turn_or_change(people: list[Player], watcher: Player, version: int) -> Player | None:
    """The person whose screen offers a play, or ``None`` once the version moved on (the
    bot played, or the round or the game ended)."""
    deadline = time.monotonic() + 3 * WAIT_SECONDS
    while time.monotonic() < deadline:
        if watcher.version() > version or watcher.phase() != "playing":
            return None
        ready = [p for p in people if p.my_turn()]
        if len(ready) == 1:
            return ready[0]
        time.sleep(0.05)
    raise AssertionError(f"nothing happened at version {version}")


def _play_round(night: Night, people: list[Player], phone: Player, choose: Any,
                label: str) -> None:
    """Play on until the round is won or the game ends, the people choosing by ``choose``."""
    ann = people[0]
    for _ in range(ROUND_ACTIONS):
        version = ann.version()
        for person in people:
            person.wait_version(version)
        if ann.phase() != "playing":
            return
        mover = _turn_or_change(people, ann, version)
        if mover is None:
            continue
        if mover is phone:
            night.phone_turn(phone, f"{label}, version {version}")
        rank, colour = _top(mover)
        card = choose(mover.hand(), rank, colour)
        if card is None:
            mover.pass_turn()
        else:
            mover.play(card)
        ann.wait_version(version + 1)
    raise AssertionError(f"{label} did not end within {ROUND_ACTIONS} actions")


def _write_first_rule(ann: Player) -> None:
    """Ann writes the gallery's idea "on a queen" as it stands, naming it Queen."""
    page = ann.page
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_MS)
    ann.ready()
    start_from_idea(page)
    page.locator("#f-jargon").fill("Queen")
    page.get_by_role("button", name="Write this rule").click()


def _write_lockup_rule(writer: Player) -> None:
    """The round's winner writes "Only a joker may be played on a black card" (Zap): with no
    jokers in the deck, the first black card on top locks the game up."""
    page = writer.page
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_MS)
    htmx_idle(page)
    start_from_idea(page)
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_be_visible()
    htmx_idle(page)
    page.locator("#f-when-0-colour").select_option("black")
    wait_sentence(page, "Only a black card may be played on a black card.")
    page.locator("#f-must-0-test").select_option("joker")
    wait_sentence(page, ZAP_SENTENCE)
    page.locator("#f-jargon").fill("Zap")
    page.get_by_role("button", name="Write this rule").click()


def _mini_mao(night: Night, url: str, env: dict[str, str]) -> None:
    ann = night.person("Ann", url, **DESKTOP)
    bob = night.person("Bob", url, **DESKTOP)
    cat = night.person("Cat", url, **PHONE)
    ann.page.goto("/")
    night.shoot(ann, "01-home")
    # Ann's table, with a seeded deal (the home page's form would draw a random one).
    game = stage(env, {"lobby": True, "players": 4, "hand_size": 3, "jokers": False,
                       "names": ["Ann"], "seed": SEED})
    ann.context.add_cookies([game.cookie(0, url)])  # type: ignore[list-item]
    ann.page.goto(f"/g/{game.code}/")
    ann.ready()
    link = ann.page.get_by_label("Link to this table").input_value()
    bob.take_seat(link)
    cat.page.goto(link)
    cat.ready()
    night.shoot(cat, "02-invited")
    cat.page.locator("#join-name").fill("Cat")
    cat.page.get_by_role("button", name="Take a seat").click()
    expect(ann.page.locator("#lobby .lobby__seats")).to_contain_text("Cat", timeout=WAIT_MS)
    ann.page.get_by_role("button", name="Add bot").click()
    expect(ann.page.locator("#lobby")).to_contain_text("4 of 4 seats taken", timeout=WAIT_MS)
    htmx_idle(ann.page)
    for person in (ann, bob, cat):
        night.shoot(person, "03-lobby")
    ann.page.get_by_role("button", name="Start the game").click()
    people = [ann, bob, cat]
    for person in people:
        expect(person.page.locator("#status")).to_be_visible(timeout=WAIT_MS)
        person.ready()
    night.shoot(cat, "04-waiting-for-the-rule")
    _write_first_rule(ann)
    for person in people:
        expect(person.page.locator(".hand .card")).to_have_count(3, timeout=WAIT_MS)
        person.ready()
    for person in people:
        night.shoot(person, "05-dealt")

    _play_round(night, people, cat, _queen_card, "round one")
    winners = [p for p in people if "You won the round" in p.page.locator("#status").inner_text()]
    assert winners, "the bot won round one: this deal no longer suits the test (SEED)"
    winner = winners[0]
    for person in people:
        night.shoot(person, "06-round-won")
    _write_lockup_rule(winner)
    for person in people:
        expect(person.page.locator("#status .status__line")).not_to_contain_text(
            "rule is being written", timeout=WAIT_MS)
    _play_round(night, people, cat, _zap_card, "round two")
    for person in people:
        person.page.wait_for_url("**/reveal/", timeout=3 * WAIT_MS)
        expect(person.page.locator("h1")).to_have_text("The rules revealed")
        expect(person.page.locator("#rules .rule-list > li.rule .jargon")).to_have_text(
            ["Queen", "Zap"])
        expect(person.page.locator("#end")).to_contain_text("No card can follow")
        night.shoot(person, "07-reveal")
    night.record.reached.append("reveal")


# -- the five-card table ----------------------------------------------------------------------


def _five_card(night: Night, url: str, env: dict[str, str]) -> None:
    game = stage(env, FIVE_CARD)
    ann = night.person("Ann", url, game.cookie(0, url), **DESKTOP)
    bob = night.person("Bob", url, game.cookie(1, url), **DESKTOP)
    cat = night.person("Cat", url, game.cookie(2, url), **PHONE)
    people = [ann, bob, cat]
    for person in people:
        person.page.goto(f"/g/{game.code}/")
        person.ready()
        expect(person.page.locator("#status .clock")).to_have_attribute("role", "timer")
    night.shoot(ann, "08-five-card")
    # Ann's jack: every screen races to name the suit; Cat names spades on her phone.
    # (The house gives five seconds and the bot answers within them: Cat is quick.)
    version = ann.version()
    ann.play("JH")
    expect(cat.page.locator("#race [data-race-suit]")).to_have_count(4, timeout=WAIT_MS)
    assert horizontal_overflow(cat.page) <= 0, sticking_out(cat.page)
    cat.page.locator('#race [data-race-suit="S"]').click()
    night.shoot(cat, "09-race-answered")
    for person in people:
        expect(person.page.locator("#race")).to_be_hidden(timeout=3 * WAIT_MS)
        expect(person.page.locator("#piles")).to_contain_text("suit named: ♠ spades")
    for person in people:
        night.shoot(person, "10-suit-named")
    # Bob draws; then the phone's turn comes with its clock running.
    ann.wait_version(version + 1)
    expect(bob.page.locator("#status .your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    version = ann.version()
    bob.pass_turn()
    expect(cat.page.locator("#status .your-turn")).to_have_text("Your turn", timeout=WAIT_MS)
    expect(cat.page.locator("#status .clock--mine")).to_have_count(1)
    night.phone_turn(cat, "five-card")
    night.shoot(cat, "11-phone-turn")
    cat.pass_turn()
    ann.wait_version(version + 2)
    night.shoot(ann, "12-after-the-phone")
    night.record.reached.append("race")


@pytest.fixture(scope="module")
def evening(browser: Browser, server_url: str, server_env: dict[str, str],
            timed_server_url: str, timed_env: dict[str, str],
            screenshot_dir: Path) -> Iterator[Evening]:
    """The whole evening, played once for the tests below (see the module doc)."""
    night = Night(browser, screenshot_dir)
    try:
        _mini_mao(night, server_url, server_env)
        _five_card(night, timed_server_url, timed_env)
        night.clean()
        yield night.record
    finally:
        night.close()


def test_the_whole_evening_plays_cleanly(evening: Evening) -> None:
    # Each step above asserts as it goes (console, axe at each shot, the phone's width):
    # here, that the evening got to its end and left its pictures.
    assert evening.reached == ["reveal", "race"]
    if PICTURES:
        assert all(path.exists() and path.stat().st_size > 0 for path in evening.shots)
    assert len(evening.shots) >= 20
    assert len(evening.phone_turns) >= 2
    assert not any(evening.errors.values())


def test_the_phone_has_its_hand_in_view_at_each_of_its_turns(evening: Evening) -> None:
    missed = [(where, box) for where, box in evening.phone_turns
              if box is None or not (box["top"] >= 0 and box["bottom"] <= box["height"]
                                     and box["left"] >= 0 and box["right"] <= box["width"])]
    assert evening.phone_turns and not missed, f"the hand out of view at: {missed}"

