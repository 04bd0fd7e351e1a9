"""The rule builder's preview in the browser, beyond what the whole game exercises."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import WAIT_SECONDS, Player, htmx_idle, wait_sentence


def test_preview_warns_that_a_joker_rule_locks_a_game_without_jokers(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    context = new_context()
    host = Player("Ann", context, context.new_page())
    page = host.page
    page.goto("/")
    # Three seats, so that the host writes alone (at a table of two both players write).
    host.open_table(players=3, hand_size=3, jokers=False, host_writes_first=True)
    host.ready()
    for _ in range(2):
        page.get_by_role("button", name="Add bot").click()
        htmx_idle(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
    host.ready()
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_be_visible()
    htmx_idle(page)
    page.locator("#f-when-0-colour").select_option("black")
    wait_sentence(page, "Only a black card may be played on a black card.")
    page.locator("#f-must-0-test").select_option("joker")
    wait_sentence(page, "Only a joker may be played on a black card.")
    page.locator("#f-top").select_option("7S")
    expect(page.locator(".preview-summary")).to_contain_text("On 7♠: 0 of 52 may be played")
    shoot(page, "builder-01-joker-lockup-not-warned")
    expect(page.locator('#builder-preview .warning[data-code^="lockup"]').first).to_be_visible(
        timeout=WAIT_SECONDS * 1000)


#: The starting rule's "when" row stays: each sentence below begins with it.
ON_A_QUEEN = "When the top card is a queen, a play is legal only if "


def test_a_rule_about_the_round_with_each_new_test(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """The "must" row becomes a position, a count, a sum and a difference in turn, each
    filled in as a person would with the English following; the last one is written and the
    game goes on to play."""
    context = new_context()
    host = Player("Ann", context, context.new_page())
    page = host.page
    page.goto("/")
    host.open_table(players=3, hand_size=3, jokers=False, host_writes_first=True)
    host.ready()
    for _ in range(2):
        page.get_by_role("button", name="Add bot").click()
        htmx_idle(page)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
    host.ready()
    wait_sentence(page, "Only a black card may be played on a queen.")
    row = page.locator("#row-must-0")

    # Which card of the round the play is: one of a list of positions.
    page.locator("#f-must-0-test").select_option("position")
    expect(row.get_by_label("Condition 1: modulo (leave empty for none)")).to_be_visible()
    htmx_idle(page)
    wait_sentence(page, ON_A_QUEEN + "the play is the seventh card of the round.")
    page.locator("#f-must-0-op").select_option("in")
    page.locator("#f-must-0-value").fill("5, 10")
    wait_sentence(page, ON_A_QUEEN + "the play is the fifth or tenth card of the round.")

    # How many hearts among the last six cards, this one included.
    page.locator("#f-must-0-test").select_option("count")
    expect(page.locator("#f-must-0-window")).to_be_visible()
    htmx_idle(page)
    page.locator("#f-must-0-match").select_option("suit")
    expect(row.get_by_role("checkbox", name="hearts")).to_have_count(1)
    htmx_idle(page)
    row.locator(".chip-suit.suit-H").click()
    expect(row.get_by_role("checkbox", name="hearts")).to_be_checked()
    page.locator("#f-must-0-count_op").select_option("<=")
    page.locator("#f-must-0-count").fill("3")
    page.locator("#f-must-0-window").fill("6")
    row.get_by_label("Condition 1: including this one").check()
    wait_sentence(page, ON_A_QUEEN + "there are at most three hearts among the last six cards "
                  "including this one.")
    shoot(page, "builder-02-count-of-hearts")

    # The played card's value plus the top card's.
    page.locator("#f-must-0-test").select_option("sum")
    expect(page.locator("#f-must-0-other")).to_have_value("top")
    htmx_idle(page)
    expect(page.locator("#f-must-0-subject")).to_have_value("played")
    page.locator("#f-must-0-op").select_option(">")
    page.locator("#f-must-0-value").fill("15")
    wait_sentence(page, ON_A_QUEEN + "the values of the played card and the top card add up "
                  "to more than 15.")

    # How far apart the two values are, written for real.
    page.locator("#f-must-0-test").select_option("difference")
    expect(page.locator("#f-must-0-absolute")).to_have_value("yes")
    htmx_idle(page)
    page.locator("#f-must-0-op").select_option("<=")
    page.locator("#f-must-0-value").fill("2")
    sentence = ON_A_QUEEN + "the values of the played card and the top card differ by at most two."
    wait_sentence(page, sentence)
    page.locator("#f-jargon").fill("Near")
    shoot(page, "builder-03-difference")
    page.get_by_role("button", name="Write this rule").click()
    # The round starts at once (the builder's confirmation is swapped away with it): the
    # status line turns to play and the writer's own rules list the new one.
    expect(page.locator("#status .status__line")).to_contain_text(
        "Stock", timeout=WAIT_SECONDS * 1000)
    written = page.get_by_role("region", name="Rules").locator(".my-rules li")
    expect(written).to_have_count(1)
    expect(written.locator("strong")).to_have_text("Near")
    expect(written).to_contain_text(sentence)
