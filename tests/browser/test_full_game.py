"""A whole game of Mini Mao in a real browser: three players and a spectator against a live
daphne server.

Ann writes "A red card may not be played on a red card" (Pip); the players lay red cards
until one is refused on every screen; the winner writes "Only a joker may be played on a
black card" with no jokers, so the game locks up and every screen moves to the reveal. The
same choices are played in the engine over many deals, so the turn limits are bounds.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from games.engine.actions import Pass, Play, WriteRule
from games.engine.apply import apply
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from rules.english import describe
from rules.spec import load_rule
from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    all_show,
    colour_of,
    horizontal_overflow,
    htmx_idle,
    same_version,
    spans_a_desktop,
    start_from_idea,
    wait_sentence,
)
from tests.browser.stage import stage

#: Turn limits: at least twice the most the engine check's deals need (over 60,000 deals,
#: round one never took more than 43 turns and round two 9).
ROUND_ONE_TURNS = 100
ROUND_TWO_TURNS = 30
#: The most turns the refusal can take, whatever the deal (:func:`_card_before_the_refusal`).
REFUSAL_TURNS = 26
HELP_AFTER = 20
REFUSAL = "Ann: that's a Pip!"
WAIT_MS = WAIT_SECONDS * 1000
#: How long the refusal may take to reach every screen: a generous timeout for a loaded
#: machine, not a performance claim (the load test measures how fast pushes arrive).
REFUSAL_TIMEOUT = 30.0
#: The two rules as the builder writes them (the engine check plays them without the builder).
PIP = {"jargon": "Pip", "rule": {"kind": "restriction",
                                 "when": {"type": "colour", "of": "top", "is": "red"},
                                 "must_not": {"type": "colour", "is": "red"}}}
ZAP = {"jargon": "Zap", "rule": {"kind": "restriction",
                                 "when": {"type": "colour", "of": "top", "is": "black"},
                                 "must": {"type": "joker"}}}
PIP_SENTENCE = "A red card may not be played on a red card."
ZAP_SENTENCE = "Only a joker may be played on a black card."
#: Deals the engine check plays (seeds 0 to 999).
SIMULATED_DEALS = 1000
#: The deal of the browser's game: one of the simulated deals.
SEED = 7


def _player(name: str, new_context: Callable[..., BrowserContext]) -> Player:
    context = new_context()
    return Player(name, context, context.new_page())


def _shoot_all(shoot: Callable[[Page, str], Path], stage: str, *players: Player) -> None:
    for p in players:
        shoot(p.page, f"full-{stage}-{p.name.lower()}")


def _current(players: list[Player]) -> Player:
    """The one player whose screen offers a play (screens are in step when this is called)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        ready = [p for p in players if p.my_turn()]
        if len(ready) == 1:
            return ready[0]
        if time.monotonic() > deadline:
            raise AssertionError(f"expected one player to move, found {[p.name for p in ready]}")
        time.sleep(0.05)


def _write_first_rule(ann: Player, shoot: Callable[[Page, str], Path]) -> None:
    """Ann builds "A red card may not be played on a red card." as a person would."""
    page = ann.page
    expect(page.locator("#builder-form")).to_be_visible()
    ann.ready()
    start_from_idea(page)
    # The first condition: the top card's colour (instead of its rank) is red.
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_have_value("red")
    htmx_idle(page)
    wait_sentence(page, "Only a black card may be played on a red card.")
    page.locator("#f-mode").select_option("must_not")
    wait_sentence(page, "A black card may not be played on a red card.")
    page.locator("#f-must-0-colour").select_option("red")
    wait_sentence(page, PIP_SENTENCE)
    # The grid on a red top: the rule refuses exactly the 26 red cards.
    page.locator("#f-top").select_option("7H")
    expect(page.locator(".preview-summary")).to_contain_text("On 7♥: 26 of 52 may be played")
    expect(page.locator(".card-grid .gcard-this")).to_have_count(26)
    page.locator("#f-jargon").fill("Pip")
    shoot(page, "full-03-builder-ann")
    page.get_by_role("button", name="Write this rule").click()


def _write_lockup_rule(writer: Player, shoot: Callable[[Page, str], Path]) -> None:
    """The round's winner builds "Only a joker may be played on a black card." (no jokers
    in this game, so nothing can follow a black card: the preview's grid shows it, and its
    lockup warning is test_builder.py's)."""
    page = writer.page
    expect(page.locator("#builder-form")).to_be_visible()
    htmx_idle(page)
    start_from_idea(page)
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_be_visible()
    htmx_idle(page)
    page.locator("#f-when-0-colour").select_option("black")
    wait_sentence(page, "Only a black card may be played on a black card.")
    page.locator("#f-must-0-test").select_option("joker")
    expect(page.locator("#f-must-0-colour")).to_have_count(0)
    wait_sentence(page, ZAP_SENTENCE)
    # On a black top the grid shows no card at all may follow.
    page.locator("#f-top").select_option("7S")
    expect(page.locator(".preview-summary")).to_contain_text("On 7♠: 0 of 52 may be played")
    htmx_idle(page)
    page.locator("#f-jargon").fill("Zap")
    shoot(page, f"full-07-builder-{writer.name.lower()}")
    page.get_by_role("button", name="Write this rule").click()


def _colours(hand: Sequence[str]) -> tuple[list[str], list[str]]:
    """The hand's red and black cards, each in a fixed order (not the screen's), so that the
    browser and the engine check choose the same card from the same hand."""
    cards = sorted(hand)
    return ([c for c in cards if colour_of(c) == "red"],
            [c for c in cards if colour_of(c) == "black"])


def _card_before_the_refusal(hand: Sequence[str], top: str) -> str | None:
    """Until someone is refused: a red card on a red top (refused by Pip), a red card on a
    black top (legal: it turns the top red; never the last card), else pass (``None``)."""
    # So the refusal comes whatever the deal, by turn REFUSAL_TURNS. Only one card (the red
    # one laid on black) leaves a hand before it, so after k - 1 turns the hands hold at least
    # k + 6 cards. Whoever holds a red card lays it or is refused on their next turn, at most
    # 3 turns away; when nobody does, all the cards in hand are black, of which there are 26,
    # so that happens only up to turn 20. Then at most 3 turns to lay a red card, and 3 more
    # to the refusal: 26.
    reds, _ = _colours(hand)
    return reds[0] if reds and (top == "red" or len(hand) > 1) else None


def _round_one_card(hand: Sequence[str], top: str, turn: int, fewest: bool) -> str | None:
    """After the refusal: a legal card under Pip (``None``: pass). Reds go first, which keeps
    rounds short; after :data:`HELP_AFTER` turns the players help whoever holds the fewest
    cards: the others only turn a red top black for them."""
    reds, blacks = _colours(hand)
    if turn <= HELP_AFTER:
        legal = blacks if top == "red" else reds + blacks
    elif fewest:
        legal = blacks if top == "red" else blacks + reds
    else:
        legal = blacks if top == "red" else []
    return legal[0] if legal else None


def _round_two_card(hand: Sequence[str], top: str) -> str | None:
    """A legal card under Pip and Zap: a black one on a red top (nothing follows black)."""
    _, blacks = _colours(hand)
    return blacks[0] if top == "red" and blacks else None


def test_three_players_play_a_whole_game(new_context: Callable[..., BrowserContext],
                                         server_url: str, server_env: dict[str, str],
                                         shoot: Callable[[Page, str], Path]) -> None:
    ann, bob, cat = (_player(name, new_context) for name in ("Ann", "Bob", "Cat"))
    players = [ann, bob, cat]

    # The lobby: Ann's table is open (with the deal of SEED, staged in its lobby: the home
    # page's form would draw a random seed); the others take seats by the link.
    ann.page.goto("/")
    shoot(ann.page, "full-00-home")
    game = stage(server_env, {"lobby": True, "players": 3, "hand_size": 3, "jokers": False,
                              "names": ["Ann"], "seed": SEED})
    ann.context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    ann.page.goto(f"/g/{game.code}/")
    link = ann.page.get_by_label("Link to this table").input_value()
    ann.ready()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/g/[A-Z0-9]{6}/", link), link
    bob.take_seat(link)
    expect(ann.page.locator("#lobby .lobby__seats")).to_contain_text("Bob")
    cat.take_seat(link)
    for p in players:
        seats = p.page.locator("#lobby .lobby__seats li")
        expect(seats).to_have_text([re.compile(r"^\s*Ann\b"), re.compile(r"^\s*Bob\b"),
                                    re.compile(r"^\s*Cat\b")])
    expect(ann.page.locator("#lobby")).to_contain_text("3 of 3 seats taken")
    _shoot_all(shoot, "01-lobby", *players)

    # Ann starts: every lobby follows to the table; Ann writes the first rule.
    ann.page.get_by_role("button", name="Start the game").click()
    for p in players:
        expect(p.page.locator("#status")).to_be_visible(timeout=WAIT_MS)
        p.ready()
        expect(p.page.locator("#seats .seat--me")).to_contain_text(f"{p.name} (you)")
    for p in (bob, cat):
        expect(p.page.locator("#stage")).to_contain_text("Ann is writing a secret rule…")
    dan = _player("Dan", new_context)  # a spectator: anyone else with the link
    dan.page.goto(link)
    dan.ready()
    expect(dan.page.locator("#hand")).to_contain_text("You are watching this game.")
    expect(dan.page.locator("#stage")).to_contain_text("Ann is writing a secret rule…")
    _shoot_all(shoot, "02-writing", *players, dan)
    watchers = [*players, dan]

    _write_first_rule(ann, shoot)
    for p in watchers:
        expect(p.page.locator("#piles .pile--stock")).to_be_visible(timeout=WAIT_MS)
    for p in players:
        expect(p.page.locator(".hand .card")).to_have_count(3)
        expect(p.page.locator("#play-form")).to_be_visible()
    expect(dan.page.locator(".hand .card")).to_have_count(0)
    expect(dan.page.locator("#play-form")).to_have_count(0)
    # The rule is Ann's secret: only her private panel shows it.
    expect(ann.page.locator("#rules .my-rules")).to_contain_text("Pip")
    expect(ann.page.locator("#rules .my-rules")).to_contain_text(
        "A red card may not be played on a red card")
    for p in (bob, cat, dan):
        expect(p.page.locator("#rules")).not_to_contain_text("Pip")
        expect(p.page.locator("#rules")).not_to_contain_text("red card")
    _shoot_all(shoot, "04-dealt", *watchers)

    # Round one: until the refusal only red cards go down (see _card_before_the_refusal), so
    # someone deliberately plays a red card on a red card; then legal cards until someone
    # empties their hand.
    refused = False
    for turn in range(1, ROUND_ONE_TURNS + 1):
        version = ann.version()
        same_version(watchers, version)
        if ann.phase() != "playing":
            break
        mover = _current(players)
        hand, top = mover.hand(), mover.top_colour()
        if refused:
            card = _round_one_card(hand, top, turn, len(hand) == min(mover.hand_counts()))
        else:
            card = _card_before_the_refusal(hand, top)
        if not refused and card is not None and top == "red":
            started = time.monotonic()
            mover.play(card)
            took = all_show([p.page for p in watchers], "#moment", REFUSAL, REFUSAL_TIMEOUT,
                            since=started)
            print(f"refusal on every screen after {took:.2f} s (a figure, not a check)")
            for p in watchers:
                expect(p.page.locator("#moment")).to_contain_text(f"{mover.name} tries")
                expect(p.page.locator("#log")).to_contain_text(REFUSAL)
            same_version(watchers, version + 1)
            # The card goes back and the offender draws one penalty card.
            assert len(mover.hand()) == len(hand) + 1 and card in mover.hand()
            expect(mover.page.locator("#feedback")).to_contain_text(REFUSAL)
            for p in (bob, cat, dan):
                expect(p.page.locator("#rules .known-rules")).to_contain_text("Pip")
            _shoot_all(shoot, "05-refusal", *watchers)
            refused = True
            _reload_keeps_the_seat(bob, shoot)
            continue
        if card is None:
            mover.pass_turn()
        else:
            mover.play(card)
        same_version(watchers, version + 1)
    else:
        raise AssertionError(f"round one did not end within {ROUND_ONE_TURNS} turns")
    assert refused, "the round ended before anyone played a red card on a red card"

    # Someone emptied their hand: they write the next rule, the others wait.
    winner = next(p for p in players if "You won the round" in
                  p.page.locator("#status").inner_text())
    for p in watchers:
        expect(p.page.locator("#moment")).to_contain_text(f"{winner.name} empties their hand")
    for p in players:
        if p is not winner:
            expect(p.page.locator("#stage")).to_contain_text(
                f"{winner.name} is writing a secret rule…")
    _shoot_all(shoot, "06-round-won", *watchers)
    _write_lockup_rule(winner, shoot)

    # Round two until the lockup: a black card on top stops everything. Ann's screen stays
    # on the ended table for its picture (a navigation answered 204 goes nowhere), however
    # long that takes: the others follow the reveal link by themselves.
    ann.page.route("**/reveal/", lambda route: route.fulfill(status=204))
    for _ in range(ROUND_TWO_TURNS):
        expect(ann.page.locator("#status .status__line")).not_to_contain_text(
            "rule is being written", timeout=WAIT_MS)
        version = ann.version()
        same_version(watchers, version)
        if ann.phase() != "playing":
            break
        mover = _current(players)
        card = _round_two_card(mover.hand(), mover.top_colour())
        if card is None:
            mover.pass_turn()
        else:
            mover.play(card)
        same_version(watchers, version + 1)
    else:
        raise AssertionError(f"round two did not lock up within {ROUND_TWO_TURNS} turns")

    for p in watchers:
        expect(p.page.locator("#stage .ended")).to_contain_text("The game is over")
    shoot(ann.page, "full-08-ended-ann")
    ann.page.unroute("**/reveal/")
    ann.page.get_by_role("link", name="See every rule revealed →").click()
    for p in watchers:
        p.page.wait_for_url("**/reveal/", timeout=WAIT_MS * 2)
        _check_reveal(p.page, winner.name)
    _shoot_all(shoot, "09-reveal", *watchers)
    _prints_well(ann.page, shoot)


def _reload_keeps_the_seat(player: Player, shoot: Callable[[Page, str], Path]) -> None:
    """A reload mid-game brings back the same seat, hand and version."""
    hand, version = sorted(player.hand()), player.version()
    player.page.reload()
    player.ready()
    expect(player.page.locator("#seats .seat--me")).to_contain_text(f"{player.name} (you)")
    assert sorted(player.hand()) == hand
    assert player.version() == version
    shoot(player.page, f"full-05b-reloaded-{player.name.lower()}")


def _prints_well(page: Page, shoot: Callable[[Page, str], Path]) -> None:
    """Printed, the reveal keeps its content and drops the page's chrome: no header, menu or
    share link, and the folded parts (the chart as a table, every round of the log) open."""
    page.emulate_media(media="print")
    try:
        for chrome in (".site-header", ".reveal-toc", ".share"):
            expect(page.locator(chrome).first).to_be_hidden()
        expect(page.locator(".chart-table table")).to_be_visible()
        for round_log in page.locator("details.log-round").all():
            expect(round_log.locator(".log-action").first).to_be_visible()
        assert horizontal_overflow(page) <= 0
        shoot(page, "full-10-reveal-printed")
    finally:
        page.emulate_media(media="screen")


def _check_reveal(page: Page, winner: str) -> None:
    expect(page.locator("h1")).to_have_text("The rules revealed")
    expect(page.locator("#end")).to_contain_text("No card can follow")
    rules = page.locator("#rules .rule-list > li.rule")
    expect(rules).to_have_count(2)
    expect(rules.locator(".jargon")).to_have_text(["Pip", "Zap"])
    expect(rules.locator(".author")).to_have_text(["Ann", winner])
    expect(rules.nth(0).locator(".sentence")).to_have_text(PIP_SENTENCE)
    expect(rules.nth(1).locator(".sentence")).to_have_text(ZAP_SENTENCE)
    expect(rules.nth(0)).to_contain_text("Broken 1 time")
    # A desktop's width: the header and footer as wide as the content (72rem).
    spans_a_desktop(page)


def _engine_game(seed: int) -> tuple[int, int, int]:
    """The browser test's game played by the engine from the deal of ``seed``, the players
    choosing as in the browser: the turn of the refusal, the turns round one took (won by an
    emptied hand) and the turns round two took to lock up."""
    state = new_game(GameSettings(players=3, hand_size=3, jokers=False, first_rule_maker=0),
                     ["Ann", "Bob", "Cat"], seed)
    state, _ = apply(state, WriteRule(0, PIP))
    refusals: list[int] = []
    turn = 0
    while state.phase == "playing" and turn < 10 * ROUND_ONE_TURNS:
        turn += 1
        seat = state.current
        hand, top = state.hands[seat], colour_of(str(state.piles[0].top))
        if refusals:
            fewest = len(hand) == min(len(h) for h in state.hands)
            card = _round_one_card(hand, top, turn, fewest)
        else:
            card = _card_before_the_refusal(hand, top)
        state, events = apply(state, Pass(seat) if card is None else Play(seat, (card,)))
        refusals += [turn for e in events if e.kind == "refused"]
    assert len(refusals) == 1, (seed, refusals)
    assert state.phase == "writing" and state.winners[-1].how == "emptied", seed
    state, _ = apply(state, WriteRule(state.writers[0], ZAP))
    second = 0
    while state.phase == "playing" and second < 10 * ROUND_TWO_TURNS:
        second += 1
        seat = state.current
        card = _round_two_card(state.hands[seat], colour_of(str(state.piles[0].top)))
        state, events = apply(state, Pass(seat) if card is None else Play(seat, (card,)))
        assert "refused" not in [e.kind for e in events], seed  # Pip is broken once only
    assert state.phase == "ended" and state.end is not None, seed
    assert state.end.reason == "no_card", (seed, state.end)
    return refusals[0], turn, second


def test_the_players_choices_finish_the_game_whatever_the_deal() -> None:
    """The browser game's choices, played by the engine over many deals: the refusal always
    comes (within the proven bound), round one is always won by an emptied hand and round two
    always locks up, within at most half the turns the browser test allows."""
    assert describe(load_rule({"version": 1, **PIP})) == PIP_SENTENCE
    assert describe(load_rule({"version": 1, **ZAP})) == ZAP_SENTENCE
    assert SEED in range(SIMULATED_DEALS)
    games = [_engine_game(seed) for seed in range(SIMULATED_DEALS)]
    assert max(refusal for refusal, _, _ in games) <= REFUSAL_TURNS
    assert 2 * max(first for _, first, _ in games) <= ROUND_ONE_TURNS
    assert 2 * max(second for _, _, second in games) <= ROUND_TWO_TURNS
