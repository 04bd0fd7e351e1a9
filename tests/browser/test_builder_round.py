"""Writing rules about the round so far in the browser: each new node of the rule language
(a position compared modulo or listed, counts over the last cards or the whole round and
compared with each other, sums of named cards and of a window modulo, a signed difference)
is filled in by a person, previewed in English, written, and then in force.

Each test writes one rule with two of the nodes, one in "when" and one in "must", and sets
the round so far in the preview's situation (which card of the round the play is, the
cards laid before the pile).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.helpers import (
    WAIT_SECONDS,
    horizontal_overflow,
    htmx_idle,
    wait_sentence,
    writing_host,
)


def choose(page: Page, select: str, value: str) -> None:
    """Pick ``value`` in a menu that redraws its row, and wait for the redraw."""
    page.locator(select).select_option(value)
    htmx_idle(page)


def tick(row: Locator, name: str, value: str) -> None:
    """Tick one chip (a suit, a rank, a card to add up) by clicking its label."""
    row.locator(f'label:has(input[name="{name}"][value="{value}"])').click()
    expect(row.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()


def write(page: Page, jargon: str, sentence: str) -> None:
    """Write the rule previewed as ``sentence``; the round starts with it in force."""
    wait_sentence(page, sentence)
    page.locator("#f-jargon").fill(jargon)
    page.get_by_role("button", name="Write this rule").click()
    expect(page.locator("#status .status__line")).to_contain_text(
        "Stock", timeout=WAIT_SECONDS * 1000)
    written = page.get_by_role("region", name="Rules").locator(".my-rules li")
    expect(written).to_have_count(1)
    expect(written.locator("strong")).to_have_text(jargon)
    expect(written).to_contain_text(sentence)


def test_every_fourth_card_and_hearts_among_the_last_six(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context)
    # When: a position modulo 4.
    choose(page, "#f-when-0-test", "position")
    page.locator("#f-when-0-mod").fill("4")
    page.locator("#f-when-0-value").fill("0")
    # Must: a count over the last six cards, this one included.
    choose(page, "#f-must-0-test", "count")
    choose(page, "#f-must-0-match", "suit")
    must = page.locator("#row-must-0")
    tick(must, "must-0-suits", "H")
    page.locator("#f-must-0-count_op").select_option("<=")
    page.locator("#f-must-0-count").fill("3")
    page.locator("#f-must-0-window").fill("6")
    must.get_by_label("Condition 1: including this one").check()
    sentence = ("When the play is card 4, 8, 12 and so on of the round, a play is legal only "
                "if there are at most three hearts among the last six cards including this "
                "one.")
    wait_sentence(page, sentence)
    # The preview shows the rule at work on card 4, with hearts enough laid before it.
    caption = page.locator(".preview-caption")
    expect(caption).to_contain_text("as card 4 of the round")
    expect(page.locator(".preview-summary")).to_contain_text("your rule refuses")
    position = page.get_by_label("This play is card number")
    position.fill("5")
    position.press("Tab")
    expect(caption).to_contain_text("as card 5 of the round", timeout=WAIT_SECONDS * 1000)
    expect(page.locator(".preview-summary")).to_contain_text("your rule refuses 0")
    shoot(page, "builder-round-01-every-fourth")
    write(page, "Quarter", sentence)


def test_the_fifth_and_tenth_cards_and_fewer_hearts_lately_on_a_phone(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context, viewport={"width": 375, "height": 812})
    # When: one of a list of positions.
    choose(page, "#f-when-0-test", "position")
    page.locator("#f-when-0-op").select_option("in")
    page.locator("#f-when-0-value").fill("5, 10")
    # Must: a count over the last five cards compared with one over the whole round.
    choose(page, "#f-must-0-test", "count")
    choose(page, "#f-must-0-match", "suit")
    must = page.locator("#row-must-0")
    tick(must, "must-0-suits", "H")
    page.locator("#f-must-0-window").fill("5")
    choose(page, "#f-must-0-match2", "suit")
    expect(page.locator("#f-must-0-count")).to_have_count(0)  # compared with a count now
    tick(must, "must-0-suits2", "H")
    page.locator("#f-must-0-count_op").select_option("<")
    sentence = ("When the play is the fifth or tenth card of the round, a play is legal only "
                "if there are fewer hearts among the last five cards before it than hearts "
                "among the cards laid this round before it.")
    wait_sentence(page, sentence)
    # The cards laid before the pile, typed by keyboard: no heart, so every card is refused.
    earlier = page.get_by_label("Cards laid before the pile this round")
    earlier.focus()
    page.keyboard.type("2C 3S 4C 5S")
    page.keyboard.press("Tab")
    caption = page.locator(".preview-caption")
    expect(caption).to_contain_text("2♣ 3♠ 4♣ 5♠", timeout=WAIT_SECONDS * 1000)
    expect(caption).to_contain_text("as card 5 of the round")
    expect(page.locator(".preview-summary")).to_contain_text("0 of 52 may be played")
    assert horizontal_overflow(page) <= 0
    shoot(page, "builder-round-02-fewer-hearts-phone")
    write(page, "Lately", sentence)


def test_diamonds_this_round_and_three_cards_added_up(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context)
    # When: a count over the whole round (the window left empty).
    choose(page, "#f-when-0-test", "count")
    choose(page, "#f-when-0-match", "suit")
    tick(page.locator("#row-when-0"), "when-0-suits", "D")
    page.locator("#f-when-0-count_op").select_option(">")
    page.locator("#f-when-0-count").fill("1")
    # Must not: the sum of three named cards.
    page.locator("#f-mode").select_option("must_not")
    choose(page, "#f-must-0-test", "sum")
    must = page.locator("#row-must-0")
    tick(must, "must-0-plus", "pile2")
    page.locator("#f-must-0-op").select_option(">")
    page.locator("#f-must-0-value").fill("30")
    sentence = ("When there is more than one diamond among the cards laid this round before "
                "it, a play is illegal if the played card, the top card and the "
                "card under the top card add up to more than 30.")
    wait_sentence(page, sentence)
    expect(page.locator(".preview-caption")).to_contain_text("♦")
    shoot(page, "builder-round-03-three-cards")
    write(page, "Heavy", sentence)


def test_a_window_adding_up_to_a_multiple_of_13_and_a_signed_difference(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context)
    # When: the values of a window, modulo 13.
    choose(page, "#f-when-0-test", "sum_window")
    page.locator("#f-when-0-window").fill("3")
    page.locator("#row-when-0").get_by_label("Condition 1: including this one").check()
    page.locator("#f-when-0-mod").fill("13")
    page.locator("#f-when-0-value").fill("0")
    # Must: the played card's value minus the top card's, keeping its sign.
    choose(page, "#f-must-0-test", "difference")
    page.locator("#f-must-0-absolute").select_option("no")
    page.locator("#f-must-0-op").select_option(">=")
    page.locator("#f-must-0-value").fill("-2")
    sentence = ("When the values of the last three cards including this one add up to a "
                "multiple of 13, a play is legal only if the value of the played card minus "
                "that of the top card is at least -2.")
    wait_sentence(page, sentence)
    expect(page.locator(".preview-summary")).to_contain_text("your rule refuses")
    shoot(page, "builder-round-04-window-and-difference")
    write(page, "Thirteen", sentence)
