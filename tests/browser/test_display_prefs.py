"""The display preferences in a real browser, at staged deals (tests.browser.stage): the
four-colour deck, a dark colour scheme and reduced motion, at the table, in its notebook and
in the rule builder. Each state is shot, so axe-core checks it too (contrast included).

Colours are read as the browser computed them. With four colours on, every drawing of a
suit (a card of the hand, the top card, the cards under it, a joker's "as" label, the
builder's grid and suit chips, the notebook's grid headings) has one colour per suit on a
page, and the four suits four different colours.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, htmx_idle, start_from_idea, wait_sentence
from tests.browser.stage import StagedGame, stage

WAIT_MS = WAIT_SECONDS * 1000
#: A heart may not be played on a king: a harmless rule, so that the staged plays are legal.
NO_HEART_ON_A_KING = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["K"]},
                      "must_not": {"type": "suit", "in": ["H"]}}
NAMES = ["Ann", "Bob", "Cat"]
#: Ann plays a diamond, a club, then a joker standing for a diamond (the others pass): the
#: joker is on top with its "as 9♦" label, the diamond and the club under it.
PLAYED = {"players": 3, "hand_size": 7, "jokers": True, "names": NAMES, "seed": 1,
          "rules": [[0, "Crown", NO_HEART_ON_A_KING]], "holds": [0, ["5D", "7C", "JK"]],
          "plays": [[0, ["5D"], [None]], [0, ["7C"], [None]], [0, ["JK"], ["9D"]]]}
#: Ann writes the first rule; Bob waits.
WRITING = {"players": 3, "hand_size": 5, "names": NAMES, "seed": 2, "first_rule_maker": 0}
SCHEMES = ["light", "dark"]
FOUR_COLOUR = "try { localStorage.setItem('mao-four-colour', '1'); } catch (e) {}"

#: Each drawing of a suit on the page: its suit letter, its text colour, its contrast with
#: the ground behind it, what it is, and whether it keeps a colour of its own (a joker says
#: ★ for what it stands for; a card refused by the builder's earlier rules is greyed and
#: struck through; a ticked suit chip takes the tick's colours).
SUIT_COLOURS = """
() => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lin = c => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const ground = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll('[class*="suit-"]')]
    .filter(el => !el.closest('[hidden]') && el.getClientRects().length)
    .flatMap(el => {
      const suit = [...el.classList].map(c => /^suit-([HDCS])$/.exec(c)).find(Boolean);
      if (!suit) return [];
      const ink = el.querySelector(':scope > .card__suit, :scope > .gcard-suit,'
                                  + ' :scope > span[aria-hidden]') || el;
      const colour = getComputedStyle(ink).color;
      const [a, b] = [lum(rgb(colour)), lum(ground(ink))];
      return [{suit: suit[1], colour, light: b > 0.4,
               contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
               what: el.tagName + '.' + [...el.classList].join('.'),
               own: el.matches('.card--joker, .gcard-refused, .chip:has(input:checked)')}];
    });
}
"""
#: The least contrast of a suit's symbol with its ground (WCAG 1.4.3 for normal text).
MIN_CONTRAST = 4.5


def _sit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
         seat: int, **options: Any) -> Player:
    context = new_context(**options)
    context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    player = Player(NAMES[seat], context, page)
    player.ready()
    return player


def _four_colours(page: Page, where: str, expect_suits: str = "HDCS") -> dict[str, str]:
    """The one colour of each suit on each ground (a card's light face, a dark page), all
    four different, each with enough contrast; fails naming any drawing of a suit in
    another colour than the rest of its suit on the same ground. Returns the colours on a
    light ground."""
    every: list[dict[str, Any]] = page.evaluate(SUIT_COLOURS)
    faint = [f"{d['what']} {d['colour']} {d['contrast']:.2f}:1" for d in every
             if d["contrast"] < MIN_CONTRAST]
    assert not faint, f"{where}: suits drawn under {MIN_CONTRAST}:1: {faint}"
    drawn = [d for d in every if not d["own"]]
    assert set(expect_suits) <= {d["suit"] for d in drawn}, (where, drawn)
    found: dict[bool, dict[str, str]] = {}
    for light in (True, False):
        on_ground = [d for d in drawn if d["light"] is light]
        by_suit: dict[str, set[str]] = {}
        for d in on_ground:
            by_suit.setdefault(d["suit"], set()).add(d["colour"])
        mixed = {s: [d["what"] + " " + d["colour"] for d in on_ground if d["suit"] == s]
                 for s, colours in by_suit.items() if len(colours) > 1}
        ground = "light" if light else "dark"
        assert not mixed, f"{where}: a suit drawn in two colours on a {ground} ground: {mixed}"
        colours = {s: next(iter(c)) for s, c in by_suit.items()}
        assert len(set(colours.values())) == len(colours), (
            f"{where}: suits share a colour on a {ground} ground: {colours}")
        found[light] = colours
    return found[True]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_four_colours_at_the_table_and_in_its_notebook(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path], scheme: str) -> None:
    game = stage(server_env, PLAYED)
    ann = _sit(new_context, server_url, game, 0, color_scheme=scheme)
    page = ann.page
    expect(page.locator("#piles .card__as")).to_have_text("as 9♦")
    expect(page.locator("#piles .pile__under .mini")).to_have_count(3)
    # The stock is drawn as a card's back in either scheme (not as a blank face).
    assert page.locator("#piles .pile--stock .card").evaluate(
        "el => getComputedStyle(el).backgroundImage").startswith("repeating-linear-gradient")
    box = page.get_by_label("Four-colour suits")
    expect(box).not_to_be_checked()
    two = page.locator('#piles .pile__under .mini.suit-D').evaluate(
        "el => getComputedStyle(el).color")
    box.check()
    shoot(page, f"four-colour-table-{scheme}")
    colours = _four_colours(page, f"table, {scheme}", "DC")
    assert colours["D"] != two, "the diamond under the pile kept its two-colour red"

    # Kept in this browser: after a reload the box is ticked and the deck four-coloured.
    page.reload()
    ann.ready()
    expect(box).to_be_checked()
    assert _four_colours(page, f"table reloaded, {scheme}", "DC") == colours

    # The notebook's grid of every play heads its rows and columns in the same colours.
    page.locator("#nb-toggle").click()
    page.get_by_role("button", name="Evidence grid of all plays").click()
    expect(page.locator("#nb-grid-slot .nb-grid").first).to_be_visible(timeout=WAIT_MS)
    htmx_idle(page)
    shoot(page, f"four-colour-notebook-{scheme}")
    _four_colours(page, f"notebook, {scheme}", "DC")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_four_colours_in_the_builder(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path], scheme: str) -> None:
    game = stage(server_env, WRITING)
    context = new_context(color_scheme=scheme)
    context.add_init_script(FOUR_COLOUR)
    context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    ann = Player("Ann", context, context.new_page())
    page = ann.page
    page.goto(f"/g/{game.code}/")
    ann.ready()
    start_from_idea(page)
    # A "suit is" row shows the four suit chips.
    page.locator("#f-must-0-test").select_option("suit")
    expect(page.locator(".chip-suit")).to_have_count(4)
    htmx_idle(page)
    # Hearts ticked: the rule is whole, and the preview draws its grid of every card.
    page.locator(".chip-suit.suit-H").click()
    wait_sentence(page, "Only a heart may be played on a queen.")
    expect(page.locator(".card-grid .gcard.suit-D")).to_have_count(13)
    shoot(page, f"four-colour-builder-{scheme}")
    _four_colours(page, f"builder, {scheme}")


def test_dark_and_reduced_motion_while_a_rule_is_written(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """Dark, with motion reduced: Ann's builder and Bob's waiting table, whose spinner
    stands still (it turns without the setting)."""
    game = stage(server_env, WRITING)
    options = {"color_scheme": "dark", "reduced_motion": "reduce"}
    ann = _sit(new_context, server_url, game, 0, **options)
    bob = _sit(new_context, server_url, game, 1, **options)
    expect(ann.page.locator("#builder-form")).to_be_visible()
    expect(ann.page.locator("#builder-gallery")).to_be_visible()
    start_from_idea(ann.page)
    shoot(ann.page, "dark-reduced-builder-ann")
    spinner = bob.page.locator("#stage .spinner")
    expect(spinner).to_be_visible()
    assert spinner.evaluate("el => getComputedStyle(el).animationIterationCount") == "1"
    shoot(bob.page, "dark-reduced-writing-bob")
    moving = _sit(new_context, server_url, game, 1, color_scheme="dark")
    assert moving.page.locator("#stage .spinner").evaluate(
        "el => getComputedStyle(el).animationIterationCount") == "infinite"
