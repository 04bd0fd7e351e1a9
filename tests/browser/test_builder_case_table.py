"""A case table in the rule builder, in a real browser: a group made a case table by its join
menu, its "when", "then" and "otherwise" rows filled in and a case added, by keyboard on a
phone; the rule written reads as the same steps make it of the builder's form. Then the
other further controls of a row (a named set of values, a count's shared aspect and
remainder, a sum compared with the position) by their labels. Each state shot is checked by
axe."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from games.authoring.forms import apply_tree_op, check
from games.authoring.model import new_form
from rules.english import describe
from tests.browser.helpers import WAIT_SECONDS, horizontal_overflow, htmx_idle, writing_host
from tests.browser.test_builder_groups import PHONE, press, write_by_keyboard


def expected_sentence() -> str:
    """The rule the steps below make, made by the builder's own form operations."""
    form = new_form()
    apply_tree_op(form, "group", "must")
    form.lists["must"].rows[1].group.join = "cases"
    apply_tree_op(form, "remove", "must-0")
    table = form.lists["must"].rows[0].group
    table.rows[0].subject = "top"
    apply_tree_op(form, "add", "must-0")
    table.rows[2].colour = "red"
    apply_tree_op(form, "case", "must-0")
    table.rows[2].subject = "top"
    table.rows[2].colour = "red"
    table.rows[3].colour = "red"
    checked = check(form)
    assert checked.ok and checked.rule is not None, checked.problems
    return describe(checked.rule)


def choose(page: Page, select: str, key: str, value: str) -> None:
    """Focus the menu ``select`` and press ``key`` on it, as a keyboard user picks an option
    of a closed menu; wait for the answer."""
    menu = page.locator(select)
    menu.focus()
    page.keyboard.press(key)
    expect(page.locator(select)).to_have_value(value)
    htmx_idle(page)


def roles(page: Page) -> list[str]:
    return page.locator("#row-must-0 .cond-sub .cond-role").all_inner_texts()


def test_a_case_table_is_entered_by_keyboard_on_a_phone(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context, viewport=PHONE)

    # A group, made a case table by its join menu (its last choice): its two rows become a
    # "when" and a "then".
    press(page, "+ Add a group of conditions")
    expect(page.locator("#f-must-1-join")).to_be_focused()
    page.keyboard.press("End")
    expect(page.locator("#f-must-1-join")).to_have_value("cases")
    htmx_idle(page)
    expect(page.locator("#row-must-1 .cond-sub .cond-role")).to_have_text(["When", "Then"])
    # The row before it removed: the table is the whole condition.
    press(page, "Remove condition 1")
    expect(page.locator("#f-must-0-join")).to_have_value("cases")

    # When the top card is black, then the played card is black; otherwise it is red.
    choose(page, "#f-must-0-0-subject", "ArrowDown", "top")
    press(page, "+ Add a condition to group 1")
    expect(page.locator("#f-must-0-2-test")).to_be_focused()
    assert roles(page) == ["When", "Then", "Otherwise"]
    choose(page, "#f-must-0-2-colour", "Home", "red")
    shoot(page, "builder-case-table-01-otherwise-phone")
    assert horizontal_overflow(page) <= 0

    # A case added goes before the "otherwise", the focus on its "when".
    press(page, "+ Add a case (a “when” and a “then”) to group 1")
    expect(page.locator("#f-must-0-2-test")).to_be_focused()
    assert roles(page) == ["When", "Then", "When", "Then", "Otherwise"]
    expect(page.locator("#f-must-0-4-colour")).to_have_value("red")
    choose(page, "#f-must-0-2-subject", "ArrowDown", "top")
    choose(page, "#f-must-0-2-colour", "Home", "red")
    choose(page, "#f-must-0-3-colour", "Home", "red")

    sentence = expected_sentence()
    expect(page.locator("#builder-preview .preview-sentence")).to_have_text(
        sentence, timeout=WAIT_SECONDS * 1000)
    htmx_idle(page)
    shoot(page, "builder-case-table-02-two-cases-phone")
    assert horizontal_overflow(page) <= 0

    written = write_by_keyboard(page, "Cases", sentence)
    expect(written).to_contain_text(
        "when the top card is black: the played card is black; when the top card is red: the "
        "played card is red; otherwise the played card is red")


def test_the_further_controls_of_a_row_are_labelled_and_fit_a_phone(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """A named set of values, a count of cards sharing the played card's suit modulo a
    number, and a sum of one card compared with the position: each control found by its
    label, the English following, and nothing wider than the phone."""
    page = writing_host(new_context, viewport=PHONE)
    row = page.locator("#row-must-0")

    page.locator("#f-must-0-test").select_option("value_set")
    htmx_idle(page)
    row.get_by_label("Condition 1: which values").select_option("square")
    expect(page.locator("#builder-preview .preview-sentence")).to_contain_text(
        "square", timeout=WAIT_SECONDS * 1000)

    page.locator("#f-must-0-test").select_option("count")
    htmx_idle(page)
    row.get_by_label("Condition 1: cards that").select_option("every")
    htmx_idle(page)
    row.get_by_label("Condition 1: sharing with the played card").select_option("suit")
    row.get_by_label("Condition 1: how many").select_option("==")  # a remainder: exactly
    row.get_by_label("Condition 1: modulo (leave empty for none)").fill("2")
    row.get_by_label("Condition 1: number of cards").fill("1")
    htmx_idle(page)
    expect(page.locator("#builder-preview .preview-sentence")).to_contain_text(
        "suit", timeout=WAIT_SECONDS * 1000)
    shoot(page, "builder-case-table-03-count-same-phone")
    assert horizontal_overflow(page) <= 0

    page.locator("#f-must-0-test").select_option("sum")
    htmx_idle(page)
    row.get_by_label("Condition 1: the other card").select_option("")
    row.get_by_label("Condition 1: compared with").select_option("position")
    htmx_idle(page)
    expect(page.locator("#f-must-0-value")).to_have_count(0)
    expect(page.locator("#builder-preview .preview-sentence")).to_contain_text(
        "the value of the played card is the play's position in the round",
        timeout=WAIT_SECONDS * 1000)
    shoot(page, "builder-case-table-04-sum-than-phone")
    assert horizontal_overflow(page) <= 0
