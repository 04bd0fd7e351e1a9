"""The table by keyboard and on a phone, at staged deals (tests.browser.stage): a round
played with keys alone and the focus kept across pushes, a joker asked about on the spot, a
refused group play that ends group mode. Each state is shot, so axe-core checks it too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import (
    POLL_MS,
    WAIT_SECONDS,
    Player,
    htmx_idle,
    start_from_idea,
)
from tests.browser.stage import StagedGame, stage

#: Ann's harmless rule: a heart may not be played on a king.
NO_HEART_ON_A_KING = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["K"]},
                      "must_not": {"type": "suit", "in": ["H"]}}
#: The most of Ann's turns a round of three-card hands may take at the staged deal.
MAX_TURNS = 60
#: Where the focus is: a card's text, a turn button's action, or what else holds it.
FOCUSED = """
(() => { const a = document.activeElement;
  return a === document.body ? 'body' : (a.dataset.card || a.dataset.action || a.id
    || a.tagName); })()
"""
#: After every push (once table.js has put the focus back), where the focus is, and
#: whether the table was in play (its turn buttons drawn); from when the test says so.
WATCH_FOCUS = """
window.__maoFocus = [];
document.addEventListener("htmx:wsAfterMessage", () => {
  if (!window.__maoWatch) return;
  const a = document.activeElement;
  const where = a.closest('.hand') ? 'hand' : a.closest('#turn-buttons') ? 'turn-buttons'
    : a === document.body ? 'body' : (a.id || a.tagName);
  window.__maoFocus.push({where, playing: !!document.getElementById('turn-buttons'),
                          version: document.getElementById('version').value});
});
"""


def _sit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
         seat: int, **options: Any) -> Player:
    context = new_context(**options)
    context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    player = Player("Ann", context, page)
    player.ready()
    return player


def _wait_for_my_turn(player: Player) -> None:
    expect(player.page.locator("#status .your-turn")).to_have_text(
        "Your turn", timeout=WAIT_SECONDS * 3000)
    htmx_idle(player.page)


def _tab_to(page: Page, test: str, what: str, limit: int = 200) -> None:
    """Press Tab from wherever the focus is until ``test`` (a script on the focused element
    ``a``) holds; fail after ``limit`` presses."""
    for _ in range(limit):
        if page.evaluate(f"(() => {{ const a = document.activeElement; return {test}; }})()"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {what}")


def _focused(page: Page) -> str:
    """Where the focus is: a card's text, a turn button's action, or what else holds it."""
    return str(page.evaluate(FOCUSED))


def _black(card: str) -> bool:
    return card[-1] in "CS"


def test_a_round_by_keyboard_alone_keeps_the_focus(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """Ann writes the first rule and plays a whole round with keys alone: Tab from wherever
    the focus lands, the arrow keys along the hand, Enter to play, P to pass. After every
    push of the round (her own plays' and the bot's) the focus is on a card of her hand or a
    turn button, never dropped to the page."""
    game = stage(server_env, {"players": 2, "hand_size": 3, "names": ["Ann", "Robo"],
                              "bots": {"1": "experimenter"}, "seed": 7,
                              "first_rule_maker": 0})
    context = new_context()
    context.add_init_script(WATCH_FOCUS)
    context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    ann = Player("Ann", context, context.new_page())
    page = ann.page
    page.goto(f"/g/{game.code}/")
    ann.ready()
    # At a table of two both write: the bot writes its own at once (a rule written while
    # Ann's form was open would have her press again). Ann writes the gallery's idea "Only a
    # black card may be played on a queen".
    expect(page.locator("#builder-form")).to_be_visible()
    expect(page.locator("#log")).to_contain_text("has written a secret rule",
                                                 timeout=WAIT_SECONDS * 1000)
    htmx_idle(page)
    start_from_idea(page)
    _tab_to(page, "a.textContent.trim() === 'Write this rule'", "Write this rule")
    page.keyboard.press("Enter")
    expect(page.locator("#play-form")).to_be_visible(timeout=WAIT_SECONDS * 3000)
    htmx_idle(page)
    shoot(page, "keys-01-rule-written")
    # The round starts once both rules are written: the bot's may come a moment later.
    expect(page.locator("#status .status__line")).not_to_contain_text(
        "being written", timeout=WAIT_SECONDS * 3000)
    # From wherever the focus landed, into the hand; from now on every push is watched.
    _tab_to(page, "!!a.closest('.hand')", "the hand")
    page.evaluate("window.__maoWatch = true")

    passed = played = 0
    # The cards the bot's secret rule refused, with the top card they were refused on: Ann
    # learns from the table, as a player does, and tries another card there next time.
    refused: set[tuple[str, str]] = set()
    for _ in range(MAX_TURNS):
        # Until the round ends or it is Ann's turn (the bot's turns take no turn of hers).
        page.wait_for_function(
            "(() => { const s = document.getElementById('status');"
            " return !!s.querySelector('.your-turn')"
            " || /rule is being written|over/.test(s.innerText); })()",
            timeout=WAIT_SECONDS * 3000, polling=POLL_MS)
        status = page.locator("#status").inner_text()
        if "rule is being written" in status or "over" in status:
            break
        htmx_idle(page)
        hand = ann.hand()
        top = page.locator("#piles .pile:not(.pile--stock) .card").first.get_attribute(
            "aria-label") or ""
        # Ann's own rule refuses a red card on a queen: she passes then, and on her first two
        # turns: by the key P, then by Tab to the pass button and Enter (the bot's push then
        # disables the button she is on). Otherwise she plays the first card it allows that
        # was not refused on this top card before.
        playable = [c for c in hand if (_black(c) or not top.startswith("Queen"))
                    and (top, c) not in refused]
        card = ""
        pushes = ann.pushes()
        if passed == 1:
            _tab_to(page, "a.dataset.action === 'pass'", "the pass button")
            page.keyboard.press("Enter")
            passed += 1
        elif passed == 0 or not playable:
            page.keyboard.press("p")
            passed += 1
        else:
            card = playable[0]
            for _ in range(len(hand)):
                if page.evaluate("document.activeElement.dataset.card") == card:
                    break
                page.keyboard.press("ArrowRight")
            else:
                raise AssertionError(f"the arrow keys never reached {card}: {_focused(page)}")
            page.keyboard.press("Enter")
            played += 1
        ann.wait_push_after(pushes)
        if card and card in ann.hand():
            refused.add((top, card))
        if played == 1 and passed == 1:
            shoot(page, "keys-02-after-a-play")
    else:
        raise AssertionError(f"the round did not end in {MAX_TURNS} turns")
    expect(page.locator("#log")).to_contain_text("empties their hand")
    assert passed >= 2 and played, (passed, played)
    # Every push of the round while it was played: the focus stayed in the hand or on a
    # turn button (the round's last push, which ends play, draws no turn buttons).
    watched: list[dict[str, str]] = page.evaluate("window.__maoFocus")
    in_play = [w for w in watched if w["playing"]]
    assert len(in_play) >= passed + played, watched
    lost = [w for w in in_play if w["where"] not in ("hand", "turn-buttons")]
    assert not lost, f"focus lost after {len(lost)} of {len(in_play)} pushes: {lost}"


def test_a_joker_asks_what_it_stands_for_on_the_spot(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"players": 3, "hand_size": 5, "jokers": True,
                              "names": ["Ann", "B", "C"],
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 1,
                              "rules": [[0, "Crown", NO_HEART_ON_A_KING]],
                              "holds": [0, ["JK"]]})
    ann = _sit(new_context, server_url, game, 0, viewport={"width": 375, "height": 740})
    page = ann.page
    _wait_for_my_turn(ann)
    page.locator('.hand .card[data-card="JK"]').click()
    dialog = page.get_by_role("dialog", name="What does your joker stand for?")
    expect(dialog).to_be_visible()
    # Nothing is chosen for the player: playing without a choice asks for one.
    dialog.get_by_role("button", name="Play the joker").click()
    expect(dialog.get_by_role("alert")).to_have_text("Choose the card your joker stands for.")
    shoot(page, "joker-01-asked-phone")
    dialog.get_by_label("It stands for").select_option("9S")
    pushes = ann.pushes()
    dialog.get_by_role("button", name="Play the joker").click()
    expect(dialog).to_be_hidden()
    ann.wait_push_after(pushes)
    expect(page.locator("#piles .pile .card--big").first).to_have_attribute(
        "aria-label", "Joker standing for nine of spades on top of the discard pile",
        timeout=WAIT_SECONDS * 1000)
    shoot(page, "joker-02-played-phone")


def test_a_refused_group_play_ends_group_mode(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """No rule lets anyone play several cards at once, so the group is refused; the next
    click on a card plays it instead of selecting it."""
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": ["Ann", "B", "C"],
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 3,
                              "rules": [[0, "Crown", NO_HEART_ON_A_KING]]})
    ann = _sit(new_context, server_url, game, 0)
    page = ann.page
    _wait_for_my_turn(ann)
    page.get_by_label("Play several cards at once").check()
    cards = page.locator(".hand .card")
    cards.nth(0).click()
    cards.nth(1).click()
    expect(page.locator(".hand .card[aria-pressed=true]")).to_have_count(2)
    shoot(page, "group-01-selected")
    pushes = ann.pushes()
    page.get_by_role("button", name="Play selected (2)").click()
    ann.wait_push_after(pushes)
    expect(page.locator("#moment")).to_contain_text("Ann", timeout=WAIT_SECONDS * 1000)
    shoot(page, "group-02-refused")
    expect(page.get_by_label("Play several cards at once")).not_to_be_checked()
    expect(page.locator(".hand .card[aria-pressed=true]")).to_have_count(0)


def test_a_joker_in_a_group_is_asked_about_too(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """Nothing stands for a joker by default (not the ace of clubs): a group holding one
    asks on the spot; cancelled, nothing is played and the group stays selected."""
    game = stage(server_env, {"players": 3, "hand_size": 5, "jokers": True,
                              "names": ["Ann", "B", "C"],
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 1,
                              "rules": [[0, "Crown", NO_HEART_ON_A_KING]],
                              "holds": [0, ["JK"]]})
    ann = _sit(new_context, server_url, game, 0)
    page = ann.page
    _wait_for_my_turn(ann)
    expect(page.locator("#named")).to_have_value("")
    page.get_by_label("Play several cards at once").check()
    other = next(c for c in ann.hand() if c != "JK")
    page.locator('.hand .card[data-card="JK"]').click()
    page.locator(f'.hand .card[data-card="{other}"]').click()
    version = ann.version()
    play = page.get_by_role("button", name="Play selected (2)")
    play.click()
    dialog = page.get_by_role("dialog", name="What does your joker stand for?")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(page.locator(".hand .card[aria-pressed=true]")).to_have_count(2)
    expect(page.get_by_label("Play several cards at once")).to_be_checked()
    expect(play).to_be_focused()
    assert ann.version() == version

    play.click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Play the joker").click()
    expect(dialog.get_by_role("alert")).to_have_text("Choose the card your joker stands for.")
    dialog.get_by_label("It stands for").select_option("9S")
    shoot(page, "joker-03-group-asked")
    pushes = ann.pushes()
    dialog.get_by_role("button", name="Play the joker").click()
    ann.wait_push_after(pushes)
    # No rule lets two cards go down together: refused, with the joker as Ann named it.
    expect(page.locator("#moment")).to_contain_text("🃏 as 9♠", timeout=WAIT_SECONDS * 1000)
    expect(page.get_by_label("Play several cards at once")).not_to_be_checked()
    expect(page.locator("#named")).to_have_value("")


def test_single_key_shortcuts_can_be_turned_off(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """WCAG 2.1.4: with "Key shortcuts" off (kept in this browser), P, N and the number
    keys do nothing; the arrow keys still move along the hand; on again, P passes."""
    game = stage(server_env, {"players": 3, "hand_size": 5, "names": ["Ann", "B", "C"],
                              "bots": {"1": "oracle", "2": "oracle"}, "seed": 3,
                              "rules": [[0, "Crown", NO_HEART_ON_A_KING]]})
    ann = _sit(new_context, server_url, game, 0)
    page = ann.page
    _wait_for_my_turn(ann)
    switch = page.get_by_label("Key shortcuts")
    expect(switch).to_be_checked()
    switch.uncheck()
    expect(page.locator("#nb-toggle kbd")).to_be_hidden()
    shoot(page, "keys-03-shortcuts-off")
    page.reload()
    ann.ready()
    _wait_for_my_turn(ann)
    expect(switch).not_to_be_checked()
    version = ann.version()
    page.locator(".hand .card").first.focus()
    for key in ("p", "1", "n", "/"):
        page.keyboard.press(key)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == ann.hand()[1]
    page.wait_for_timeout(500)
    assert ann.version() == version
    expect(page.locator("#notebook")).to_be_hidden()
    expect(page.locator("#say")).not_to_be_focused()

    switch.check()
    expect(page.locator("#nb-toggle kbd")).to_be_visible()
    page.locator(".hand .card").first.focus()
    pushes = ann.pushes()
    page.keyboard.press("p")
    ann.wait_push_after(pushes)
    assert ann.version() > version
