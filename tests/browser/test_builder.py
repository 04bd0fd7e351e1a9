"""The rule builder's preview in the browser, beyond what the whole game exercises."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    horizontal_overflow,
    htmx_idle,
    start_from_idea,
    wait_sentence,
    writing_host,
)


def test_preview_warns_that_a_joker_rule_locks_a_game_without_jokers(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context)
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
    page = writing_host(new_context)
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
    wait_sentence(page, ON_A_QUEEN + "the played card and the top card add up "
                  "to more than 15.")

    # How far apart the two values are, written for real.
    page.locator("#f-must-0-test").select_option("difference")
    expect(page.locator("#f-must-0-absolute")).to_have_value("yes")
    htmx_idle(page)
    page.locator("#f-must-0-op").select_option("<=")
    page.locator("#f-must-0-value").fill("2")
    sentence = ON_A_QUEEN + "the played card and the top card differ by at most two."
    wait_sentence(page, sentence)
    # The name is typed: the preview is asked again a moment later, and dims while it is.
    with page.expect_response("**/preview/"):
        page.locator("#f-jargon").fill("Near")
    htmx_idle(page)
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


def _start_two(new_context: Callable[..., BrowserContext]) -> tuple[Player, Player]:
    """Ann and Bob at a table of two (both write a rule at once), both builders open."""
    ann_context, bob_context = new_context(), new_context()
    ann = Player("Ann", ann_context, ann_context.new_page())
    bob = Player("Bob", bob_context, bob_context.new_page())
    ann.page.goto("/")
    link = ann.open_table(players=2, hand_size=5, jokers=False, host_writes_first=True)
    ann.ready()
    bob.take_seat(link)
    expect(ann.page.get_by_role("button", name="Start the game")).to_be_enabled(
        timeout=WAIT_SECONDS * 1000)
    ann.page.get_by_role("button", name="Start the game").click()
    for player in (ann, bob):
        expect(player.page.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
        player.ready()
    return ann, bob


def test_the_grid_and_warnings_show_nothing_of_another_players_rule(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """Bob writes the builder's opening rule; Ann drafts the very same rule (the guess a
    "duplicate" warning would confirm), then its opposite (which locks the game only with
    Bob's rule). Ann's grid marks nothing as refused by other rules and no preview warns of
    anything: only her first "Write this rule", pressed from the keyboard, is stopped, once,
    with an alert that names no card; pressed again, the rule is written."""
    ann, bob = _start_two(new_context)
    start_from_idea(bob.page)
    bob.page.locator("#f-jargon").fill("Mourning")
    bob.page.get_by_role("button", name="Write this rule").click()
    expect(bob.page.get_by_role("region", name="Rules").locator(".my-rules li")).to_contain_text(
        "Mourning", timeout=WAIT_SECONDS * 1000)
    page = ann.page
    page.reload()
    ann.ready()
    start_from_idea(page)
    page.locator("#f-top").select_option("QH")
    expect(page.locator(".preview-summary")).to_contain_text(
        "On Q♥: 26 of 52 may be played; your rule refuses 26.")
    expect(page.locator(".card-grid .gcard-refused")).to_have_count(0)
    expect(page.locator("#builder-preview .warning")).to_have_count(0)
    expect(page.locator("#builder-preview .preview-ok")).to_have_text(
        "✓ No problems found with the rules you know.")
    # The opposite colour: with Bob's rule no card could follow a queen. The preview says
    # nothing of it (it reads Ann's rules only).
    page.locator("#f-must-0-colour").select_option("red")
    wait_sentence(page, "Only a red card may be played on a queen.")
    expect(page.locator(".card-grid .gcard-refused")).to_have_count(0)
    expect(page.locator(".card-grid .gcard-this")).to_have_count(26)
    expect(page.locator("#builder-preview .warning")).to_have_count(0)
    expect(page.locator("#builder-preview .preview-ok")).to_be_visible()
    page.locator("#f-jargon").fill("Scarlet")
    htmx_idle(page)
    write = page.get_by_role("button", name="Write this rule")
    write.focus()
    page.keyboard.press("Enter")
    alert = page.locator("#builder-result [role=alert]")
    expect(alert).to_have_attribute("data-code", "lockup_in_force",
                                    timeout=WAIT_SECONDS * 1000)
    text = alert.inner_text()
    assert "this rule could end the game" in text and "Nothing was written" in text, text
    assert not any(symbol in text for symbol in "♣♦♥♠"), text
    assert "queen" not in text.lower() and "black" not in text.lower(), text
    expect(page.locator("#builder-form")).to_be_visible()
    expect(write).to_be_focused()
    shoot(page, "builder-04-secret-rulebook")
    # Not asked again: Enter once more writes it (the game may end by lockup).
    page.keyboard.press("Enter")
    expect(page.locator("#builder-form")).to_have_count(0, timeout=WAIT_SECONDS * 1000)
    expect(page.locator('[data-code="lockup_in_force"]')).to_have_count(0)


def test_a_rule_about_hand_size_has_a_meaningful_preview(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """A winner writes "a play is legal only if the player holds more than 3 cards": the
    grid is drawn with 3 cards in hand (where the rule refuses), the situation says so, and
    the author can set another hand size, by keyboard, at a phone's width."""
    page = writing_host(new_context, hand_size=5, viewport={"width": 375, "height": 812})
    page.locator("#row-when-0 .builder-remove").click()
    htmx_idle(page)
    wait_sentence(page, "Every card played must be black.")
    page.locator("#f-must-0-test").select_option("hand_before")
    htmx_idle(page)
    page.locator("#f-must-0-op").select_option(">")
    page.locator("#f-must-0-value").fill("3")
    wait_sentence(page, "A play is legal only if the player holds more than three cards "
                        "before the play.")
    summary = page.locator(".preview-summary")
    # Auto: three cards in hand, where the rule refuses every card.
    expect(summary).to_contain_text("0 of 52 may be played; your rule refuses 52",
                                    timeout=WAIT_SECONDS * 1000)
    expect(page.locator(".preview-caption")).to_contain_text("holding 3 cards")
    expect(page.locator(".preview-ok")).to_have_count(0)
    shoot(page, "builder-05-hand-size-auto")
    hand = page.get_by_label("Cards in hand before the play")
    hand.focus()
    page.keyboard.type("6")
    page.keyboard.press("Tab")
    expect(page.locator(".preview-caption")).to_contain_text("holding 6 cards",
                                                             timeout=WAIT_SECONDS * 1000)
    expect(summary).to_contain_text("52 of 52 may be played; your rule refuses 0")
    expect(page.locator('#builder-preview .note[data-code="not_here"]')).to_be_visible()
    assert horizontal_overflow(page) <= 0
    shoot(page, "builder-06-hand-size-six")
    _typing_survives_a_late_preview(page)
    _typing_just_after_an_answer_is_heard(page)


def hold_previews(page: Page) -> tuple[list[Route], list[bool]]:
    """Hold back the preview requests the page sends while ``holding[0]`` is true (the held
    ones are in ``held``, to be let through one by one); later ones go through at once."""
    held: list[Route] = []
    holding = [True]

    def hold(route: Route) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    page.route("**/preview/", hold)
    return held, holding


def _typing_survives_a_late_preview(page: Page) -> None:
    """An answer to an earlier preview lands while the writer types a hand size: the typing
    is kept (not replaced by the answer's empty field) and the preview follows it."""
    held, holding = hold_previews(page)
    hand = page.get_by_label("Cards in hand before the play")
    hand.fill("")
    for _ in range(int(WAIT_SECONDS * 10)):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the preview asked for by the emptied field was never sent"
    holding[0] = False
    hand.focus()
    page.keyboard.type("5")
    # The held answer was asked for with an empty field ("Auto"): it lands mid-typing,
    # before the field's own request (400 ms after the last key) is sent.
    held[0].continue_()
    expect(page.locator(".preview-caption")).to_contain_text("holding 5 cards",
                                                             timeout=WAIT_SECONDS * 1000)
    expect(hand).to_have_value("5")
    expect(hand).to_be_focused()
    page.unroute("**/preview/")


def _typing_just_after_an_answer_is_heard(page: Page) -> None:
    """The answer lands just before the next keystroke (within htmx's settle, when a field
    the answer redrew would not be heard yet): the key is kept and the preview follows it."""
    held, holding = hold_previews(page)
    hand = page.get_by_label("Cards in hand before the play")
    hand.fill("1")
    for _ in range(int(WAIT_SECONDS * 10)):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the preview asked for by the hand of one card was never sent"
    holding[0] = False
    page.evaluate("""() => { window.builderSwapped = false;
        document.body.addEventListener('htmx:afterSwap',
            () => { window.builderSwapped = true; }, {once: true}); }""")
    held[0].continue_()
    page.wait_for_function("() => window.builderSwapped", polling="raf")
    page.keyboard.type("2")
    expect(page.locator(".preview-caption")).to_contain_text("holding 12 cards",
                                                             timeout=WAIT_SECONDS * 1000)
    expect(hand).to_have_value("12")
    expect(hand).to_be_focused()
    page.unroute("**/preview/")


def test_the_builder_says_how_hard_the_rule_is_without_holding_up_the_writer(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """The estimate arrives by itself under the warnings (from the server's worker process),
    follows the rule as it changes, and the rule can be written while it is on its way."""
    page = writing_host(new_context)
    box = page.locator("#builder-difficulty")
    # The starting example (only black on a queen) is estimated first...
    expect(box).to_contain_text("Our detective bot cracked it", timeout=30_000)
    expect(box).to_contain_text("In typical situations your rule refuses about 1 in")
    first = box.inner_text()
    # ... then the rule as rewritten: only a red card on a black card.
    page.locator("#f-when-0-test").select_option("colour")
    htmx_idle(page)
    page.locator("#f-when-0-colour").select_option("black")
    htmx_idle(page)
    page.locator("#f-must-0-test").select_option("colour")
    htmx_idle(page)
    page.locator("#f-must-0-colour").select_option("red")
    wait_sentence(page, "Only a red card may be played on a black card.")
    expect(box).to_contain_text("about 1 in 4 of plays", timeout=30_000)
    assert box.inner_text() != first
    shoot(page, "builder-07-difficulty")
    page.get_by_role("button", name="Write this rule").click()
    expect(page.locator("#builder-form")).to_have_count(0, timeout=WAIT_SECONDS * 1000)


def test_a_half_written_rule_comes_back_after_a_reload(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """The writer's draft (an idea changed, a jargon typed) is drawn again when the page is
    reloaded in the same writing turn, and written as it stands; another tab, which keeps
    no draft, opens on the empty rule."""
    page = writing_host(new_context)
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_be_visible()
    htmx_idle(page)
    page.locator("#f-when-0-colour").select_option("black")
    sentence = "Only a black card may be played on a black card."
    wait_sentence(page, sentence)
    page.locator("#f-jargon").fill("Shade")
    htmx_idle(page)

    page.reload()
    wait_sentence(page, sentence, timeout=WAIT_SECONDS)
    expect(page.locator("#f-when-0-colour")).to_have_value("black")
    expect(page.locator("#f-jargon")).to_have_value("Shade")
    shoot(page, "builder-draft-after-reload")

    other = page.context.new_page()
    other.goto(page.url)
    expect(other.locator("#builder-form")).to_be_visible(timeout=WAIT_SECONDS * 1000)
    htmx_idle(other)
    expect(other.locator("#f-jargon")).to_have_value("")
    expect(other.locator("#f-when-0-colour")).to_have_count(0)
    other.close()

    page.get_by_role("button", name="Write this rule").click()
    written = page.get_by_role("region", name="Rules").locator(".my-rules li")
    expect(written).to_have_count(1, timeout=WAIT_SECONDS * 1000)
    expect(written.locator("strong")).to_have_text("Shade")
    expect(written).to_contain_text(sentence)


def test_suggest_twice_keeps_the_rule_being_written(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context)
    page.locator("#f-must-0-colour").select_option("red")
    wait_sentence(page, "Only a red card may be played on a queen.")
    suggest = page.get_by_role("button", name="Suggest")
    for _ in range(2):
        suggest.click()
        htmx_idle(page)
    expect(page.locator("#f-jargon")).not_to_have_value("")
    # The button counts its presses (the next name is drawn from the count).
    expect(suggest).to_have_attribute("hx-vals", '{"suggested": "2"}')
    expect(page.locator("#f-must-0-colour")).to_have_value("red")
    expect(page.locator("#builder-preview .preview-sentence")).to_have_text(
        "Only a red card may be played on a queen.")
    expect(page.locator(".builder-lede")).to_have_count(1)  # no page inside the page
    shoot(page, "builder-02-suggest-twice")


def test_quick_arrow_keys_on_the_kind_write_the_rule_last_previewed(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    page = writing_host(new_context)
    # The idea made the writer's own (an idea left as it was goes when the kind changes).
    page.locator("#f-must-0-colour").select_option("red")
    wait_sentence(page, "Only a red card may be played on a queen.")
    kind = page.locator("#f-kind")
    kind.focus()
    for _ in range(2):  # restriction -> trigger -> call, as fast as the keyboard goes
        page.keyboard.press("ArrowDown")
    htmx_idle(page)
    expect(page.locator("#f-kind")).to_have_value("call")
    expect(page.locator("#f-say")).to_be_visible()  # the form is the call the menu says
    page.keyboard.press("ArrowUp")  # and back to the trigger, again without waiting
    htmx_idle(page)
    expect(page.locator("#f-kind")).to_have_value("trigger")
    expect(page.locator("#list-effects")).to_be_visible()
    previewed = page.locator("#builder-preview .preview-sentence").inner_text()
    shoot(page, "builder-03-kind-by-keys")
    page.get_by_role("button", name="Write this rule").click()
    # The bots play on at once, so the confirmation may already be gone: the writer's own
    # rules list is where the rule written shows for good.
    expect(page.locator("#rules")).to_contain_text(previewed, timeout=WAIT_SECONDS * 1000)


def test_the_builder_has_room_on_a_desktop_and_on_a_phone(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    for width, height, name in ((1280, 900, "desktop"), (375, 800, "phone")):
        page = writing_host(new_context, viewport={"width": width, "height": height})
        page.locator("#f-must-0-test").select_option("relation")
        expect(page.locator("#f-must-0-rel")).to_be_visible()
        htmx_idle(page)
        shoot(page, f"builder-04-room-{name}")
        assert horizontal_overflow(page) <= 0
        box = page.locator("#builder").bounding_box()
        assert box is not None
        assert box["width"] >= width * (0.85 if width > 1000 else 0.8)
        # Every menu of the form and of the situation is as wide as its chosen words (none
        # cut off).
        cut = page.evaluate("""() => [...document.querySelectorAll(
                '#builder-form select, #builder-situation select')]
            .filter(s => s.offsetParent !== null)
            .filter(s => {
              const probe = document.createElement('span');
              probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:'
                + getComputedStyle(s).font;
              probe.textContent = s.options[s.selectedIndex].text;
              document.body.append(probe);
              const wide = probe.getBoundingClientRect().width;
              probe.remove();
              return s.clientWidth - 28 < wide;  // the arrow takes about 28 px
            }).map(s => s.id)""")
        assert cut == [], cut


def test_going_too_fast_goes_away_by_itself(
        new_context: Callable[..., BrowserContext]) -> None:
    """A preview refused with 429 (the writer's budget, or another tab's request in flight)
    shows "You are going too fast"; after the wait the answer names, the preview is asked
    again, and the message goes away without the writer doing anything."""
    page = writing_host(new_context)
    htmx_idle(page)
    refused: list[Route] = []

    def refuse_once(route: Route) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route)
        route.fulfill(status=429, headers={"Retry-After": "1"},
                      content_type="text/plain; charset=utf-8",
                      body="You are going too fast: wait a moment, then try again.")

    page.route("**/preview/", refuse_once)
    page.locator("#f-top").select_option("7S")
    alert = page.locator("#builder-alert")
    expect(alert).to_have_text("You are going too fast: wait a moment, then try again.",
                               timeout=WAIT_SECONDS * 1000)
    expect(alert).to_have_text("", timeout=WAIT_SECONDS * 1000)
    expect(page.locator(".preview-summary")).to_contain_text("On 7♠",
                                                             timeout=WAIT_SECONDS * 1000)
    page.unroute("**/preview/")


def test_going_too_fast_on_a_row_goes_away_when_the_limit_clears(
        new_context: Callable[..., BrowserContext]) -> None:
    """A row added over the rate limit (429 with no wait named): the alert shows, and goes by
    itself once a request gets through (the preview asked again two seconds later); the
    writer adds the row again and it comes."""
    page = writing_host(new_context)
    refused: list[Route] = []

    def refuse_once(route: Route) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route)
        route.fulfill(status=429, content_type="text/plain; charset=utf-8",
                      body="You are going too fast: wait a moment, then try again.")

    page.route("**/rows/", refuse_once)
    add = page.locator("#list-must button[value='add must']")
    add.click()
    alert = page.locator("#builder-alert")
    expect(alert).to_have_text("You are going too fast: wait a moment, then try again.",
                               timeout=WAIT_SECONDS * 1000)
    expect(alert).to_have_text("", timeout=WAIT_SECONDS * 1000)
    expect(page.locator("#list-must .cond-row")).to_have_count(1)
    add.click()
    expect(page.locator("#list-must .cond-row")).to_have_count(2, timeout=WAIT_SECONDS * 1000)
    expect(alert).to_have_text("")
    page.unroute("**/rows/")


def test_a_list_takes_more_than_twelve_conditions_by_keyboard_on_a_phone(
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    """A writer adds conditions with the keyboard on a phone past a dozen (a list has no cap
    of its own): each new row's test menu takes the focus, the last one is changed, the
    preview reads it, and the page stays within the screen."""
    page = writing_host(new_context, viewport={"width": 375, "height": 812})
    rows = page.locator("#list-must .cond-row")
    for count in range(2, 15):
        page.locator("#list-must").get_by_role("button", name="+ Add a condition",
                                               exact=True).focus()
        page.keyboard.press("Enter")
        expect(rows).to_have_count(count, timeout=WAIT_SECONDS * 1000)
        htmx_idle(page)
    last = page.locator("#f-must-13-test")
    expect(last).to_be_focused()
    page.keyboard.press("Home")  # a select's first choice by keyboard: "rank is"
    expect(last).to_have_value("rank")
    htmx_idle(page)
    expect(page.locator("#row-must-13 input[name='must-13-ranks']").first).to_be_visible()
    page.locator("#row-must-13 input[name='must-13-ranks'][value='K']").check()
    expect(page.locator("#builder-preview .preview-sentence")).to_contain_text(
        "king", timeout=WAIT_SECONDS * 1000)
    assert horizontal_overflow(page) <= 0
    shoot(page, "builder-14-conditions-phone")
