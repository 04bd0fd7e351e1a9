"""Groups of conditions in the rule builder, in a real browser: a group is added, filled in,
nested, negated, trimmed and reordered by keyboard on a phone, and the rule written is the one
the same steps make of the builder's form; each state shot is checked by axe."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Locator, Page, expect

from games.authoring.forms import apply_tree_op, check
from games.authoring.model import new_form
from rules.english import describe
from tests.browser.helpers import WAIT_SECONDS, horizontal_overflow, htmx_idle, writing_host

PHONE = {"width": 375, "height": 812}


def press(page: Page, name: str, scope: str = "#list-must") -> None:
    """Focus the button called ``name`` (in ``scope``) and press Enter on it, as a keyboard
    user would after tabbing there; wait for the answer."""
    page.locator(scope).get_by_role("button", name=name, exact=True).focus()
    page.keyboard.press("Enter")
    htmx_idle(page)


def write_by_keyboard(page: Page, jargon: str, sentence: str) -> Locator:
    """Type ``jargon``, press "Write this rule" from the keyboard, and find the rule written
    under that name with ``sentence`` in the table's rules; the written rule's line."""
    page.locator("#f-jargon").focus()
    page.keyboard.type(jargon)
    htmx_idle(page)
    press(page, "Write this rule", "#builder")
    written = page.get_by_role("region", name="Rules").locator(".my-rules li")
    expect(written).to_have_count(1, timeout=WAIT_SECONDS * 1000)
    expect(written.locator("strong")).to_have_text(jargon)
    expect(written).to_contain_text(sentence)
    return written


def expected_sentence() -> str:
    """The rule the steps below make, made by the builder's own form operations."""
    form = new_form()
    form.lists["must"].rows[0].colour = "red"
    apply_tree_op(form, "group", "must")
    group = form.lists["must"].rows[1].group
    group.rows[0].colour = "red"
    apply_tree_op(form, "group", "must-1")
    inner = group.rows[2]
    inner.negate, inner.group.join = True, "all"
    apply_tree_op(form, "remove", "must-1-1")
    apply_tree_op(form, "up", "must-1-1")
    checked = check(form)
    assert checked.ok and checked.rule is not None, checked.problems
    return describe(checked.rule)


def test_a_nested_group_is_entered_by_keyboard_on_a_phone(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context, viewport=PHONE)
    must = page.locator("#list-must")

    # A group: its join menu takes the focus, "any of these", over two rows of its own.
    press(page, "+ Add a group of conditions")
    join = page.locator("#f-must-1-join")
    expect(join).to_be_focused()
    expect(join).to_have_value("any")
    expect(must.locator("#row-must-1 .cond-sub .cond-row")).to_have_count(2)
    colour = page.locator("#f-must-1-0-colour")
    colour.focus()
    page.keyboard.press("Home")  # "red", the first colour
    expect(colour).to_have_value("red")
    htmx_idle(page)

    # A group in the group, "all of these", negated.
    press(page, "+ Add a group of conditions to group 2")
    inner_join = page.locator("#f-must-1-2-join")
    expect(inner_join).to_be_focused()
    page.keyboard.press("Home")  # "all of these"
    expect(inner_join).to_have_value("all")
    page.keyboard.press("Shift+Tab")  # its "not" box, just before the menu
    expect(page.locator("#f-must-1-2-not")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#f-must-1-2-not")).to_be_checked()
    first = page.locator("#f-must-0-colour")
    first.focus()
    page.keyboard.press("Home")
    expect(first).to_have_value("red")
    htmx_idle(page)
    shoot(page, "builder-groups-01-nested-phone")
    assert horizontal_overflow(page) <= 0

    # The group's second row removed: the focus goes to the group's "add" button.
    press(page, "Remove condition 2.2")
    expect(page.get_by_role("button", name="+ Add a condition to group 2",
                            exact=True)).to_be_focused()
    expect(page.locator("#row-must-1-1.cond-group")).to_have_count(1)
    # The inner group moved up, to the top of its group: the focus stays on it.
    press(page, "Move group 2.2 up")
    expect(page.get_by_role("button", name="Move group 2.1 down", exact=True)).to_be_focused()
    expect(page.locator("#f-must-1-0-not")).to_be_checked()

    sentence = expected_sentence()
    expect(page.locator("#builder-preview .preview-sentence")).to_have_text(
        sentence, timeout=WAIT_SECONDS * 1000)
    htmx_idle(page)
    shoot(page, "builder-groups-02-moved-phone")
    assert horizontal_overflow(page) <= 0

    write_by_keyboard(page, "Nest", sentence)


def test_a_box_pressed_as_its_list_is_drawn_again_keeps_the_press(
        new_context: Callable[..., BrowserContext]) -> None:
    """The Space bar held on a group's "not" box while the answer to a change of its list
    arrives (a browser checks the box when the key is released, only on the element that
    saw it pressed): the answer waits for the key, the box is checked, and the list is
    asked for again with it."""
    page = writing_host(new_context)
    press(page, "+ Add a group of conditions")
    box = page.locator("#f-must-1-not")
    box.focus()
    page.keyboard.down("Space")
    # The group's join changed, and its list's answer back, while the key is down.
    page.evaluate("""() => new Promise(resolve => {
        const join = document.getElementById('f-must-1-join');
        join.addEventListener('htmx:afterRequest', () => resolve(), {once: true});
        join.value = 'all';
        htmx.trigger(join, 'change');
    })""")
    with page.expect_response(lambda r: r.url.endswith("/builder/rows/")):
        page.keyboard.up("Space")
        expect(box).to_be_checked()
    htmx_idle(page)
    expect(box).to_be_checked()
    expect(page.locator("#f-must-1-join")).to_have_value("all")
    expect(box).to_be_focused()


def test_groups_read_as_nested_lists_on_a_desktop(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """By mouse at 1280 px: a group added and one of its rows removed; the group's rows are
    drawn indented under its join."""
    page = writing_host(new_context, viewport={"width": 1280, "height": 900})
    page.locator("#list-must").get_by_role("button", name="+ Add a group of conditions",
                                           exact=True).click()
    htmx_idle(page)
    group = page.locator("#row-must-1")
    expect(group.locator(".cond-sub .cond-row")).to_have_count(2)
    outer = page.locator("#row-must-0").bounding_box()
    inner = page.locator("#row-must-1-0").bounding_box()
    assert outer is not None and inner is not None
    assert inner["x"] >= outer["x"] + 8  # indented under the group's join
    page.get_by_role("button", name="Remove condition 2.2", exact=True).click()
    htmx_idle(page)
    expect(group.locator(".cond-sub .cond-row")).to_have_count(1)
    expect(page.locator("#builder-preview .preview-sentence")).not_to_be_empty()
    shoot(page, "builder-groups-03-desktop")
    assert horizontal_overflow(page) <= 0
