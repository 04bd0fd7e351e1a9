"""The guesser's side in a real browser: three players, Cat the guesser, on a 375 px phone
and at 1280 px.

Ann writes Pip (as in test_full_game.py) and the players lay red cards until one is refused.
Cat opens her notebook (key N), reads the refusal, keeps a note, writes a hypothesis the
refusal contradicts, fixes it, seals it and sees it scored exact at the reveal. Her note
survives a reload, and nobody else's screen ever shows it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    horizontal_overflow,
    htmx_idle,
    same_version,
    spans_a_desktop,
)
from tests.browser.helpers import wait_sentence as wait_preview
from tests.browser.test_full_game import (
    PIP_SENTENCE,
    REFUSAL,
    REFUSAL_TURNS,
    _card_before_the_refusal,
    _current,
    _write_first_rule,
)

WAIT_MS = WAIT_SECONDS * 1000
PHONE = {"width": 375, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
NOTE = "Red on red gets refused"
WRONG = "A black card may not be played on a red card."


def _seat(name: str, new_context: Callable[..., BrowserContext], **options: object) -> Player:
    context = new_context(**options)
    return Player(name, context, context.new_page())


def _until_the_refusal(players: list[Player]) -> None:
    """Red cards go down until one is refused on a red top (within REFUSAL_TURNS)."""
    for _ in range(REFUSAL_TURNS):
        version = players[0].version()
        same_version(players, version)
        mover = _current(players)
        card = _card_before_the_refusal(mover.hand(), mover.top_colour())
        refusal = card is not None and mover.top_colour() == "red"
        if card is None:
            mover.pass_turn()
        else:
            mover.play(card)
        same_version(players, version + 1)
        if refusal:
            for p in players:
                expect(p.page.locator("#log")).to_contain_text(REFUSAL)
            return
    raise AssertionError(f"no refusal within {REFUSAL_TURNS} turns")


def _write_hypothesis(page: Page, shoot: Callable[[Page, str], Path], device: str) -> None:
    """From the notebook's "My notes", in the notebook (the table stays): a hypothesis the
    refusal contradicts."""
    page.get_by_role("link", name="+ Write a hypothesis for Pip").click()
    expect(page.locator("#nb-writer-title")).to_have_text("What does “Pip” mean?")
    page.locator(".nb-seen summary").click()
    expect(page.locator(".nb-seen")).to_contain_text("tried")
    htmx_idle(page)
    # A blank rule to start: an invitation, nothing marked.
    expect(page.locator("#builder-preview")).to_contain_text("Nothing to preview yet")
    for area in ("when", "must"):
        page.locator(f"#list-{area}").get_by_role("button", name="+ Add a condition",
                                                   exact=True).click()
        htmx_idle(page)
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_have_value("red")
    htmx_idle(page)
    page.locator("#f-must-0-colour").select_option("black")
    wait_preview(page, "Only a black card may be played on a red card.")
    page.locator("#f-mode").select_option("must_not")
    wait_preview(page, WRONG)
    verdict = page.locator("#builder-preview .nb-verdict")
    expect(verdict).to_contain_text("Contradicted by 1 of")
    expect(page.locator(".nb-contradictions")).to_contain_text(
        "was refused by Pip; your rule would let it through")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"hypothesis-01-contradicted-cat-{device}")
    page.get_by_role("button", name="Keep this hypothesis").click()
    expect(page.locator("#nb-writer")).to_be_hidden()
    expect(page.locator("#nb-mine .nb-message")).to_have_text("Hypothesis for Pip kept.")


def _fix_and_seal(page: Page, shoot: Callable[[Page, str], Path], device: str) -> None:
    """Change the hypothesis to Pip's real meaning and seal it (the page asks first)."""
    mine = page.locator("#nb-mine")
    expect(mine.locator(".nb-hypothesis--wrong")).to_contain_text(WRONG)
    expect(mine.locator(".nb-hypothesis--wrong")).to_contain_text("Contradicted by 1:")
    mine.get_by_role("link", name="Change").click()
    htmx_idle(page)
    wait_preview(page, WRONG)
    page.locator("#f-must-0-colour").select_option("red")
    wait_preview(page, PIP_SENTENCE)
    expect(page.locator("#builder-preview .nb-verdict")).to_contain_text("Consistent with ")
    expect(page.locator("#nb-writer-title")).to_have_text("What does “Pip” mean?")
    expect(page.locator(".builder-lede")).to_contain_text("Change your hypothesis")
    shoot(page, f"hypothesis-02-editing-cat-{device}")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Keep it and seal it as my guess").click()
    expect(page.locator("#nb-mine .nb-message")).to_contain_text(
        "Hypothesis kept and sealed as your guess for Pip.")


def _the_notebook_as_a_page(ann: Player, cat: Player,
                            shoot: Callable[[Page, str], Path]) -> None:
    """"Open as a page" (a new tab at 1280 px; Cat's phone opens the same address): the
    evidence with every grid, and each viewer's own part only; a hypothesis page at 1280."""
    with ann.page.expect_popup() as opened:
        ann.page.get_by_role("link", name="Open as a page").click()
    page = opened.value
    page.wait_for_load_state()
    notebook_url = page.url
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile(r"^Notebook · game "))
    expect(page.locator(".nb-jargon", has_text="Pip")).to_contain_text("by Ann")
    expect(page.locator(".nb-grids").first).to_contain_text("Evidence grid")
    expect(page.locator("body")).not_to_contain_text(NOTE)
    spans_a_desktop(page)
    shoot(page, "notebook-06-page-ann-desktop")
    page.get_by_role("link", name="+ Write a hypothesis for Pip").click()
    page.wait_for_url("**/notebook/hypothesis/?jargon=Pip")
    htmx_idle(page)
    expect(page.locator("#builder-preview")).to_contain_text("Nothing to preview yet")
    spans_a_desktop(page)
    shoot(page, "hypothesis-03-new-ann-desktop")
    page.close()

    back = cat.page.url
    cat.page.goto(notebook_url)
    expect(cat.page.locator("#nb-mine")).to_contain_text(PIP_SENTENCE)
    expect(cat.page.get_by_label("My notes on Pip")).to_have_value(NOTE)
    assert horizontal_overflow(cat.page) <= 0
    shoot(cat.page, "notebook-07-page-cat-phone")
    cat.page.goto(back)
    cat.ready()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_guesser_keeps_a_notebook_and_seals_the_right_guess(
        device: str, new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    phone = device == "phone"
    ann, bob = _seat("Ann", new_context), _seat("Bob", new_context)
    cat = (_seat("Cat", new_context, viewport=PHONE, is_mobile=True, has_touch=True) if phone
           else _seat("Cat", new_context, viewport=DESKTOP))
    players = [ann, bob, cat]
    ann.page.goto("/")
    link = ann.open_table(players=3, hand_size=5, jokers=False, host_writes_first=True)
    ann.ready()
    for p in (bob, cat):
        p.take_seat(link)
    ann.page.get_by_role("button", name="Start the game").click()
    for p in players:
        expect(p.page.locator("#status")).to_be_visible(timeout=WAIT_MS)
        p.ready()
    _write_first_rule(ann, shoot)
    for p in players:
        expect(p.page.locator("#play-form")).to_be_visible(timeout=WAIT_MS)
    _until_the_refusal(players)

    # Cat opens the notebook by keyboard: the evidence comes over the socket.
    page = cat.page
    page.locator("body").press("n")
    notebook = page.locator("#notebook")
    expect(notebook).to_be_visible()
    expect(page.locator("#nb-toggle")).to_have_attribute("aria-expanded", "true")
    pip = notebook.locator("details.nb-jargon", has_text="Pip")
    expect(pip).to_contain_text("by Ann", timeout=WAIT_MS)
    pip.locator("summary").click()
    expect(pip.locator(".nb-lines")).to_contain_text("tried")
    pip.get_by_role("button", name="Evidence grid of Pip").click()
    expect(page.locator("#nb-grid-slot")).to_contain_text("Evidence grid: Pip")
    expect(page.locator("#nb-grid-slot .nb-grid--all .nb-cell--refused")).to_have_count(1)
    assert horizontal_overflow(page) <= 0
    if not phone:
        # Beside the table: the hand and the play form stay in view.
        expect(page.locator(".hand .card").first).to_be_in_viewport()
    shoot(page, f"notebook-01-evidence-cat-{device}")
    # The evidence stays open and current as the game goes on (a pass is pushed). On the
    # phone the notebook covers the table: to play, Cat closes it (Escape) and opens it again.
    version = cat.version()
    mover = _current(players)
    if mover is cat and phone:
        page.keyboard.press("Escape")
        expect(notebook).to_be_hidden()
    mover.pass_turn()
    same_version(players, version + 1)
    if mover is cat and phone:
        page.locator("body").press("n")
    expect(pip).to_have_attribute("open", "")
    expect(notebook.locator(".nb-lede")).to_contain_text("1 refused")

    # "My notes" by the arrow key; a note is kept on the server as it is typed.
    page.locator("#nb-tab-evidence").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#nb-tab-mine")).to_have_attribute("aria-selected", "true")
    note = page.get_by_label("My notes on Pip")
    expect(note).to_be_visible()
    htmx_idle(page)  # the part just swapped in is settled: its autosave is listening
    note.fill(NOTE)
    expect(note.locator("xpath=..").locator(".nb-saved")).to_contain_text("Saved", timeout=WAIT_MS)

    _write_hypothesis(page, shoot, device)
    expect(notebook).to_be_visible()
    cat.ready()
    shoot(page, f"notebook-02-contradicted-cat-{device}")
    _fix_and_seal(page, shoot, device)
    cat.ready()
    mine = page.locator("#nb-mine")
    expect(mine.locator(".nb-hypothesis--ok")).to_contain_text(PIP_SENTENCE)
    expect(mine.locator(".nb-hypothesis--ok .tag")).to_have_text("sealed")
    expect(mine.locator(".nb-guess")).to_contain_text(PIP_SENTENCE)
    expect(mine.get_by_label("My notes on Pip")).to_have_value(NOTE)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"notebook-03-sealed-cat-{device}")
    # Escape closes the notebook and gives the focus back to its button; the hand is there.
    page.locator("#nb-title").focus()
    page.keyboard.press("Escape")
    expect(notebook).to_be_hidden()
    expect(page.locator("#nb-toggle")).to_be_focused()
    expect(page.locator(".hand .card").first).to_be_visible()

    # Nobody else sees Cat's note, hypothesis or seal, in their notebook or anywhere.
    for p in (ann, bob):
        p.page.locator("#nb-toggle").click()
        p.page.get_by_role("tab", name="My notes").click()
        expect(p.page.locator("#nb-mine")).to_be_visible(timeout=WAIT_MS)
        for text in (NOTE, "sealed", "Sealed guess"):
            expect(p.page.locator("body")).not_to_contain_text(text)
    shoot(ann.page, f"notebook-05-mine-ann-with-cat-{device}")
    if phone:
        _the_notebook_as_a_page(ann, cat, shoot)
    ann.page.get_by_role("button", name="Close the notebook (Escape)").click()
    expect(ann.page.locator("#notebook")).to_be_hidden()

    # Ann ends the game: the reveal scores Cat's sealed guess.
    ann.page.once("dialog", lambda dialog: dialog.accept())
    ann.page.get_by_role("button", name="End the game").click()
    page.wait_for_url("**/reveal/", timeout=WAIT_MS * 2)
    guess = page.locator("li.guess", has_text="Cat")
    expect(guess.locator(".verdict")).to_contain_text("Exact")
    expect(guess).to_contain_text(PIP_SENTENCE)
    expect(page.locator("body")).to_contain_text("Cracked by Cat")
    shoot(page, f"notebook-04-reveal-cat-{device}")
    assert horizontal_overflow(page) <= 0
