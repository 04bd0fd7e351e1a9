"""Writing a hypothesis without leaving the table, in a real browser, at 1280 px and on a
375 px phone, with the turn clock running; and without script, on the pages.

The game is staged (tests.browser.stage) as in test_notebook_pages.py: Ann's Gronk and
Bob's Pip have refused plays, and each turn has two minutes. Cat opens the writer from her
notebook while Ann is to play: the page stays the table's, the turn and its clock stay in
sight (beside the notebook on a desktop, in the notebook's turn line on a phone), and the
builder's preview works inside it, checked again when Ann's next play is refused. When the
move becomes Cat's she is told, plays, and finds her draft as she left it; Escape and "Back
to my notes" give the focus back to the link that opened the writer; keeping the hypothesis
brings "My notes" back with it. No console error on the way, and every state is shot (so
axe-core checks it)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    horizontal_overflow,
    htmx_idle,
    same_version,
    wait_sentence,
)
from tests.browser.stage import StagedGame, stage
from tests.browser.test_notebook_pages import SPEC
from tests.notebook.helpers import GRONK
from tests.notebook.test_several import PIP

WAIT_MS = WAIT_SECONDS * 1000
NAMES = ("Ann", "Bob", "Cat")
DEVICES: dict[str, dict[str, object]] = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True},
}
FIRST_SENTENCE = "Every card played must be black."


def _sit(new_context: Callable[..., BrowserContext], url: str, game: StagedGame, seat: int,
         errors: list[str], options: dict[str, object], names: tuple[str, ...] = NAMES
         ) -> Player:
    """A player at their seat of the staged game (``options``: the browser's, ``names``: the
    table's), their console errors gathered."""
    context = new_context(**options)
    context.add_cookies([game.cookie(seat, url)])  # type: ignore[list-item]
    page = context.new_page()

    def heard(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"{names[seat]}: {message.text}")

    page.on("console", heard)
    page.on("pageerror", lambda error: errors.append(f"{names[seat]}: {error}"))
    page.goto(f"/g/{game.code}/")
    player = Player(names[seat], context, page)
    player.ready()
    return player


def _to_play(players: list[Player], who: Player) -> None:
    """The others pass until ``who`` is to play."""
    for _ in range(len(players)):
        if who.my_turn():
            return
        mover = next(p for p in players if p.my_turn())
        version = mover.version()
        mover.pass_turn()
        same_version(players, version + 1)
    assert who.my_turn()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_hypothesis_is_written_with_the_table_in_sight(
        device: str, timed_context: Callable[..., BrowserContext], timed_server_url: str,
        timed_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    phone = device == "phone"
    game = stage(timed_env, {**SPEC, "settings": {"turn_seconds": 120}})
    errors: list[str] = []
    ann, bob = (_sit(timed_context, timed_server_url, game, seat, errors, DEVICES["desktop"])
                for seat in (0, 1))
    cat = _sit(timed_context, timed_server_url, game, 2, errors, DEVICES[device])
    players = [ann, bob, cat]
    page = cat.page
    _to_play(players, ann)  # Ann is to play while Cat starts writing

    # The notebook (key N on a desktop, its button on a phone), "My notes", the link.
    if phone:
        page.locator("#nb-toggle").click()
    else:
        page.locator("body").press("n")
    notebook = page.locator("#notebook")
    expect(notebook).to_be_visible()
    page.get_by_role("tab", name="My notes").click()
    opener = page.get_by_role("link", name="+ Write a hypothesis for Gronk")
    expect(opener).to_be_visible(timeout=WAIT_MS)
    htmx_idle(page)
    table_url = page.url
    opener.click()

    # The writer, in the notebook: the page is still the table's.
    writer = page.locator("#nb-writer")
    expect(writer).to_be_visible()
    expect(page.locator("#nb-writer-title")).to_have_text("What does “Gronk” mean?")
    expect(page.locator("#nb-writer-title")).to_be_focused()
    expect(page.locator(".notebook__tabs")).to_be_hidden()
    assert page.url == table_url
    # A blank rule to start; a condition added, then the kind changed to a trigger, with
    # an effect.
    expect(writer.locator("#builder-preview")).to_contain_text("Nothing to preview yet")
    writer.locator("#list-must").get_by_role("button", name="+ Add a condition",
                                             exact=True).click()
    wait_sentence(page, FIRST_SENTENCE)
    page.locator("#f-kind").select_option("trigger")
    htmx_idle(page)
    writer.get_by_role("button", name="+ Add an effect", exact=True).click()
    htmx_idle(page)
    expect(writer.locator("#builder-preview .nb-verdict")).to_contain_text("Contradicted by 2:")
    expect(writer.locator(".nb-contradictions")).to_contain_text(
        "was refused by Gronk; your rule never refuses a play: it is a trigger")

    # The turn and its clock, counting down, in sight.
    if phone:
        turn = page.locator("#nb-turn")
        expect(turn).to_be_visible()
        expect(turn).to_contain_text(re.compile(r"(Ann|Bob)'s turn"))
        expect(turn.get_by_role("button", name="Back to the table")).to_be_in_viewport()
        clock = turn.locator('.clock[role="timer"] .clock__left')
    else:
        expect(page.locator("#nb-turn")).to_be_hidden()  # the status is beside the notebook
        expect(page.locator("#status")).to_be_in_viewport()
        expect(page.locator(".hand .card").first).to_be_in_viewport()
        clock = page.locator('#status .clock[role="timer"] .clock__left')
    expect(clock).to_be_in_viewport()
    shown = clock.inner_text()
    expect(clock).not_to_have_text(shown, timeout=3 * WAIT_MS)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"writer-01-beside-the-table-{device}")

    # Ann's 9♥ is refused by Gronk again: the verdict counts it, while Cat writes.
    version = ann.version()
    ann.play("9H")
    same_version(players, version + 1)
    expect(writer.locator("#builder-preview .nb-verdict")).to_contain_text(
        "Contradicted by 3:", timeout=3 * WAIT_MS)
    expect(page.locator("#f-kind")).to_have_value("trigger")

    # The move becomes Cat's: she is told, in sight, and her draft waits.
    _to_play(players, cat)
    if phone:
        expect(turn).to_have_class(re.compile(r"\bnb-turn--mine\b"))
        expect(turn).to_contain_text("Your turn")
        expect(turn.locator(".clock--mine")).to_have_count(1)
        expect(page.locator("#nb-turn-alert")).to_contain_text("Your turn")
    else:
        expect(page.locator("#status .your-turn")).to_be_in_viewport()
        # The table's single keys do nothing from inside the writer ("p" would pass).
        page.locator("#nb-writer-title").focus()
        version = cat.version()
        page.keyboard.press("p")
        page.wait_for_timeout(1000)
        assert cat.my_turn() and cat.version() == version
    expect(page.locator("#f-kind")).to_have_value("trigger")
    shoot(page, f"writer-02-your-turn-{device}")

    # She plays (passes) and comes back to the draft as she left it.
    version = cat.version()
    if phone:
        turn.get_by_role("button", name="Back to the table").click()
        expect(notebook).to_be_hidden()
        assert page.evaluate("document.activeElement.matches('.hand .card')")
        expect(page.locator(".hand .card").first).to_be_in_viewport()
    cat.pass_turn()
    same_version(players, version + 1)
    if phone:
        page.locator("#nb-toggle").click()
    expect(writer).to_be_visible()
    expect(page.locator("#f-kind")).to_have_value("trigger")
    if phone:
        expect(turn).not_to_have_class(re.compile(r"\bnb-turn--mine\b"))

    # Escape leaves the writer for "My notes", onto the link that opened it; the link opens
    # the draft again; "Back to my notes" does as Escape does.
    page.locator("#f-kind").focus()
    page.keyboard.press("Escape")
    expect(writer).to_be_hidden()
    expect(notebook).to_be_visible()
    expect(opener).to_be_focused()
    page.keyboard.press("Enter")
    expect(writer).to_be_visible()
    expect(page.locator("#nb-writer-title")).to_be_focused()
    expect(page.locator("#f-kind")).to_have_value("trigger")
    writer.get_by_role("button", name="Back to my notes").click()
    expect(writer).to_be_hidden()
    expect(opener).to_be_focused()
    opener.click()
    expect(writer).to_be_visible()

    # Kept: "My notes" again, with the hypothesis and a word that it was kept.
    page.locator("#f-kind").select_option("restriction")
    htmx_idle(page)
    expect(writer.locator("#builder-preview .preview-sentence")).not_to_be_empty()
    sentence = writer.locator("#builder-preview .preview-sentence").inner_text()
    writer.get_by_role("button", name="Keep this hypothesis").click()
    expect(writer).to_be_hidden()
    mine = page.locator("#nb-mine")
    expect(mine.locator(".nb-message")).to_have_text("Hypothesis for Gronk kept.")
    expect(mine.locator(".nb-message")).to_be_focused()
    expect(mine.locator(".nb-hypothesis")).to_contain_text(sentence)
    assert page.url == table_url
    assert horizontal_overflow(page) <= 0
    shoot(page, f"writer-03-kept-{device}")
    # A second Escape closes the notebook, onto its button.
    page.keyboard.press("Escape")
    expect(notebook).to_be_hidden()
    expect(page.locator("#nb-toggle")).to_be_focused()
    # Nobody else's screen shows Cat's hypothesis.
    for other in (ann, bob):
        expect(other.page.locator("body")).not_to_contain_text(sentence)
    assert errors == [], errors


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_without_script_the_notebook_and_the_hypothesis_page_do_it(
        device: str, new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str]) -> None:
    # (No screenshot: axe needs script.)
    game = stage(server_env, SPEC)
    context = new_context(java_script_enabled=False, **DEVICES[device])
    context.add_cookies([game.cookie(2, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    page.get_by_role("link", name="Notebook").click()
    page.wait_for_url("**/notebook/")
    page.get_by_role("link", name="+ Write a hypothesis for Gronk").click()
    page.wait_for_url("**/notebook/hypothesis/?jargon=Gronk")
    expect(page.locator(".nb-turn-then")).to_contain_text("When this page opened it was")
    expect(page.get_by_role("button", name="Keep this hypothesis")).to_have_count(1)
    assert horizontal_overflow(page) <= 0
    # A blank rule: its first condition added by the list's button (the page again).
    page.locator("#list-must").get_by_role("button", name="+ Add a condition",
                                           exact=True).click()
    expect(page.locator("#f-must-0-colour")).to_have_value("black")
    page.get_by_role("button", name="Keep this hypothesis").click()
    page.wait_for_url("**/notebook/#nb-mine-title")
    expect(page.locator("#nb-mine .nb-hypothesis")).to_contain_text(FIRST_SENTENCE)
    assert horizontal_overflow(page) <= 0


def test_a_rule_to_write_takes_the_builder_over_from_a_hypothesis(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    # Two seats: Ann's Gronk refuses her 9♥ on K♣; Cat's one card, 4♠, wins her the round
    # (Cat's Pip, no five on a king, lets it through).
    game = stage(server_env, {"players": 2, "hand_size": 3, "names": ["Ann", "Cat"], "seed": 1,
                              "rules": [[0, "Gronk", GRONK], [1, "Pip", PIP]],
                              "hands": [["9H", "2S", "7D"], ["4S"]], "pile": ["KC"],
                              "current": 0, "plays": [[0, ["9H"]]]})
    errors: list[str] = []
    ann, cat = (_sit(new_context, server_url, game, seat, errors, DEVICES["desktop"],
                     ("Ann", "Cat")) for seat in (0, 1))
    _to_play([ann, cat], cat)
    page = cat.page
    page.locator("#nb-toggle").click()
    page.get_by_role("tab", name="My notes").click()
    opener = page.get_by_role("link", name="+ Write a hypothesis for Gronk")
    opener.click()
    expect(page.locator("#nb-writer")).to_be_visible()
    page.locator("#list-must").get_by_role("button", name="+ Add a condition",
                                           exact=True).click()
    wait_sentence(page, FIRST_SENTENCE)
    # Cat plays her last card beside the writer: the round is hers, and so is a rule to
    # write. The table's rule builder takes the builder's ids: the writer goes, and says so.
    cat.play("4S")
    expect(page.locator("#stage #builder-form")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("#nb-writer")).to_have_count(0)
    expect(page.locator("#builder-form")).to_have_count(1)
    expect(page.locator("#nb-turn-alert")).to_have_text(
        "You write a rule now: your hypothesis was not kept.")
    expect(page.locator(".notebook__tabs")).to_be_visible()
    expect(page.locator("#builder-gallery")).to_be_visible()  # the table's builder, empty
    # While her rule builder is on the table, the link opens the writer's page apart.
    page.get_by_role("tab", name="My notes").click()
    with page.context.expect_page() as opened:
        opener.click()
    apart = opened.value
    apart.wait_for_load_state()
    assert "/notebook/hypothesis/?jargon=Gronk" in apart.url
    expect(page.locator("#nb-write")).to_be_hidden()
    shoot(page, "writer-04-rule-to-write-desktop")
    apart.close()
    assert errors == [], errors
