"""Every preset in a real browser: the host picks it, three players (one on a phone) take
their seats with a fixed seed, and the round is played to its end by clicking what the
screens show, each move chosen by an oracle playing a mirror game in this process. On the
way a call is made, a house rule broken, owed replies said and races answered. The presets
are a table of scripts (:data:`SCRIPTS`): a new preset is a new row.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games.authoring.forms import check
from games.authoring.model import new_form
from games.engine.actions import (
    Action,
    ClaimWin,
    Deal,
    Pass,
    Play,
    PlayerAction,
    Respond,
    Say,
    SkipRule,
    WriteRule,
)
from games.engine.apply import apply
from games.engine.bots import KnownRules, Oracle
from games.engine.events import CallBroken, Refused
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from tests.browser.helpers import (
    WAIT_SECONDS,
    Player,
    all_show,
    horizontal_overflow,
    htmx_idle,
    same_version,
    start_from_idea,
)
from tests.browser.stage import stage

NAMES = ("Ann", "Bob", "Cat")
WAIT_MS = WAIT_SECONDS * 1000
#: The most actions the round may take: a bound the seeded games never reach.
ROUND_ACTIONS = 200
PHONE = {"width": 375, "height": 740}
#: The rule Ann writes in Mini Mao: the builder's own starting example, named Pip.
PIP = {"jargon": "Pip", "rule": check(new_form()).spec}


def _skip(host: Player) -> Action:
    """The host writes no law (where the preset lets the winner skip), by keyboard."""
    button = host.page.get_by_role("button", name=re.compile(r"^Skip: write no"))
    button.focus()
    host.page.keyboard.press("Enter")
    return SkipRule(0)


def _write_pip(host: Player) -> Action:
    """The host writes the gallery's idea "on a queen", named Pip."""
    page = host.page
    expect(page.locator("#builder-form")).to_be_visible()
    start_from_idea(page)
    page.locator("#f-jargon").fill("Pip")
    htmx_idle(page)
    page.get_by_role("button", name="Write this rule").click()
    return WriteRule(0, PIP)


def _deal(host: Player) -> Action:
    """The host, dealing, names Bob to play first, clockwise (where the dealer names the
    start)."""
    page = host.page
    expect(page.locator("#deal-form")).to_be_visible()
    page.get_by_label("Who plays first").select_option(label="Bob")
    page.get_by_label("Clockwise", exact=True).check()
    page.get_by_role("button", name="Deal the cards").click()
    return Deal(0, first=1, direction=1)


@dataclass(frozen=True)
class Script:
    """How one preset's round is played in the browser (see the module doc)."""

    preset: str
    seed: int
    #: How the host gets the first round dealt (in the browser), and the same as an action
    #: (``None``: the preset deals at once).
    first: Callable[[Player], Action] | None
    law: str | None = None
    #: Whether a player breaks a house rule on purpose (the preset has some).
    breaks: bool = False
    #: Whether the round must hold a call made correctly (the preset asks for some).
    calls: bool = False
    #: Whether the round must hold a race answered and a reply owed said (the preset has
    #: rules that open races and ask for replies).
    races: bool = False


# Each seed gives a short round that still holds what its script asks for: every action is
# a click and a wait on three screens.
SCRIPTS = {
    "mini-mao": Script("mini-mao", seed=11, first=_write_pip),
    "teaching": Script("teaching", seed=3, first=_skip, breaks=True, calls=True),
    "penn-state": Script("penn-state", seed=12, first=_deal, breaks=True, calls=True),
    "five-card": Script("five-card", seed=1, first=None, breaks=True, calls=True),
    "lynnfield": Script("lynnfield", seed=28, first=_deal, breaks=True, calls=True,
                        races=True),
}


def _mirror(script: Script) -> GameState:
    """The game as the server opened it: the same preset, settings, names and seed."""
    chosen = preset(script.preset)
    extra = {"jokers": False} if "jokers" in chosen.choices else {}
    settings = settings_for(chosen, first_rule_maker=0, law=script.law, players=3, **extra)
    state, _ = open_preset(settings, list(NAMES), script.seed)
    return state


def _breaking_card(state: GameState) -> str | None:
    """A card the player to move holds that a house rule refuses, if any."""
    seat = state.current
    for card in state.hands[seat]:
        _, events = apply(state, Play(seat, (card,)))
        refused = [e for e in events if isinstance(e, Refused)]
        if refused and all(b.author is None for r in refused for b in r.broken):
            return card
    return None


def _off_turn[A: (Say, Respond)](state: GameState, step: int, script: Script,
                                 seats: Iterable[int], kind: type[A]) -> A | None:
    """The first of ``seats`` whose oracle would now act with a ``kind`` of action, off its
    turn too (as a bot does: :func:`games.engine.bots.reply_for`, ``race_for``)."""
    for seat in seats:
        oracle = Oracle(seat, script.seed * 1000 + step, KnownRules(state.rulebook()))
        action = oracle.act(player_view(state, seat))
        if isinstance(action, kind):
            return action
    return None


def _choose(state: GameState, step: int, script: Script, broken: bool) -> PlayerAction:
    # While the table races, every seat that has not answered answers, on the race's button,
    # in seat order. No time passes in a game on a server whose clocks are off (as on the
    # mirror), so the answers tie and the race closes once every seat has answered, settled
    # by the same draw of lots on both. Then a reply a seat owes under the preset's speech
    # rules, said first, off its turn too.
    if state.races.open:
        race = _off_turn(state, step, script, range(state.players), Respond)
        if race is not None:
            return race
    reply = _off_turn(state, step, script, sorted(state.unanswered), Say)
    if reply is not None:
        return reply
    seat = state.current
    if script.breaks and not broken:
        card = _breaking_card(state)
        if card is not None:
            return Play(seat, (card,))
    oracle = Oracle(seat, script.seed * 1000 + step, KnownRules(state.rulebook()))
    action = oracle.act(player_view(state, seat))
    assert action is not None
    return action


def _do(player: Player, action: Action) -> None:
    """Ask for ``action`` on ``player``'s screen as a person would."""
    page = player.page
    if isinstance(action, Play):
        assert len(action.cards) == 1 and action.pile == 0, action
        page.locator("#say").fill(action.say)
        if action.suit is not None:
            # The suit a wild card names sits under "Name a suit...", closed by default.
            more = page.locator("details.controls__more")
            if more.get_attribute("open") is None:
                more.locator("summary").click()
            page.locator("#suit").select_option(action.suit)
        player.play(action.cards[0])
    elif isinstance(action, Say):
        # The say-box, by keyboard: any seat, on its turn or not.
        page.locator("#say-words").fill(action.words)
        page.locator("#say-words").press("Enter")
    elif isinstance(action, Respond):
        race = page.locator(f'#race [data-race="{action.race}"]')
        if action.suit is None:
            race.locator("[data-race-key]").click()
        else:
            race.locator(f'[data-race-suit="{action.suit}"]').click()
    elif isinstance(action, Pass):
        page.locator('#turn-buttons [data-action="pass"]').click()
    elif isinstance(action, ClaimWin):
        # A second step: the claim sits closed under Pass and says what it will show.
        page.locator("#turn-buttons details.claim-win summary").click()
        page.get_by_role("button", name="Show my whole hand to everyone").click()
    else:
        raise AssertionError(f"no button for {action}")


def _player(name: str, new_context: Callable[..., BrowserContext], **options: object) -> Player:
    context = new_context(**options)
    return Player(name, context, context.new_page())


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_preset_is_played_from_the_lobby_to_a_round_won(
        name: str, server_env: dict[str, str], server_url: str,
        new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path]) -> None:
    script = SCRIPTS[name]
    chosen = preset(name)
    ann = _player("Ann", new_context, viewport={"width": 1280, "height": 900})
    bob = _player("Bob", new_context, viewport=PHONE)
    cat = _player("Cat", new_context, viewport={"width": 1280, "height": 900})
    players = [ann, bob, cat]

    # The home page: Ann picks the preset and sees only what it lets her choose.
    ann.page.goto("/")
    # Ticking a way to play reloads the form with that way's settings, no other button.
    radio = ann.page.get_by_label(chosen.title, exact=True)
    if not radio.is_checked():
        radio.check()
        ann.page.wait_for_url(f"**/?preset={name}")
    expect(ann.page.get_by_label(chosen.title, exact=True)).to_be_checked()
    expect(ann.page.get_by_role("heading", name=f"{chosen.title}: your table")).to_be_visible()
    expect(ann.page.get_by_label("Seats at the table")).to_be_visible()
    expect(ann.page.get_by_label("Cards in each hand")).to_have_count(
        1 if "hand_size" in chosen.choices else 0)
    shoot(ann.page, f"preset-{name}-00-home")
    seats, hands = chosen.choices.get("players"), chosen.choices.get("hand_size")
    most_seats = max((o for o in seats.options if isinstance(o, int)), default=0) if seats else 0
    most_cards = max((o for o in hands.options if isinstance(o, int)), default=0) if hands else 0
    if most_seats * most_cards >= 52:
        # A combination the preset refuses is said on the form, never a server error.
        page = ann.page
        page.get_by_label("Your name").fill("Ann")
        page.get_by_label("Seats at the table").select_option(str(most_seats))
        page.get_by_label("Cards in each hand").select_option(str(most_cards))
        if "decks" in chosen.choices:
            page.get_by_label("Decks").select_option("1")
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator(".form__errors")).to_contain_text("need two decks")
        shoot(page, f"preset-{name}-00-home-refused")
    bob.page.goto(f"/?preset={name}")
    assert horizontal_overflow(bob.page) <= 0
    shoot(bob.page, f"preset-{name}-00-home-phone")

    # The lobby (staged with the seed: the home page's form would draw a random one).
    game = stage(server_env, {"lobby": True, "preset": name, "players": 3, "hand_size": 5,
                              "jokers": False, "names": ["Ann"], "seed": script.seed,
                              "law": script.law})
    ann.context.add_cookies([game.cookie(0, server_url)])  # type: ignore[list-item]
    ann.page.goto(f"/g/{game.code}/")
    ann.ready()
    link = ann.page.get_by_label("Link to this table").input_value()
    bob.take_seat(link)
    cat.take_seat(link)
    for p in players:
        expect(p.page.locator("#lobby")).to_contain_text("3 of 3 seats taken")
        expect(p.page.locator("#lobby .lobby__preset")).to_have_text(chosen.title)
        for rule in chosen.house_rules:
            expect(p.page.locator("#lobby .house-rules")).to_contain_text(rule.jargon)
    assert horizontal_overflow(bob.page) <= 0
    shoot(ann.page, f"preset-{name}-01-lobby-host")
    shoot(bob.page, f"preset-{name}-01-lobby-phone")

    ann.page.get_by_role("button", name="Start the game").click()
    for p in players:
        expect(p.page.locator("#status")).to_be_visible(timeout=WAIT_MS)
        p.ready()
    for p in players:
        for rule in chosen.house_rules:
            expect(p.page.locator("#house")).to_contain_text(rule.jargon)
    state = _mirror(script)
    version = ann.version()
    if state.phase in ("writing", "dealing"):
        shoot(ann.page, f"preset-{name}-02-{state.phase}-host")
        if state.phase == "dealing":
            for p in (bob, cat):
                expect(p.page.locator("#stage")).to_contain_text("Ann is dealing")
            shoot(bob.page, f"preset-{name}-02-dealing-phone")
        assert script.first is not None, f"{name} waits for the host before its first deal"
        action = script.first(ann)
        state, _ = apply(state, action)
        version += 1
    same_version(players, version)
    shoot(bob.page, f"preset-{name}-03-dealt-phone")

    by_name = {p.name: p for p in players}
    broken = called = raced = replied = False
    for step in range(ROUND_ACTIONS):
        if state.winners:
            break
        action = _choose(state, step, script, broken)
        # A reply owed may be said by a seat off its turn: the one who acts is the action's.
        mover = by_name[state.names[action.seat]]
        assert sorted(mover.hand()) == sorted(state.hands[action.seat]), "the mirror agrees"
        state, events = apply(state, action)
        raced |= isinstance(action, Respond)
        replied |= isinstance(action, Say)
        _do(mover, action)
        version += 1
        same_version(players, version)
        refusal = next((e for e in events if isinstance(e, Refused)), None)
        if refusal is not None and not broken:
            broken = True
            verdict = f"{chosen.settings.chair}: that's a {refusal.broken[0].jargon}!"
            all_show([p.page for p in players], "#moment", verdict, WAIT_SECONDS)
            shoot(mover.page, f"preset-{name}-04-refused")
        if isinstance(action, Play) and action.say and not called:
            # Said as the rules ask: no penalty for the words.
            assert not any(isinstance(e, CallBroken) for e in events), events
            called = True
            expect(mover.page.locator("#log-list")).to_contain_text(action.say)
    assert state.winners, f"no round won within {ROUND_ACTIONS} actions"
    assert broken == script.breaks and called == script.calls, (broken, called)
    assert (raced and replied) or not script.races, (raced, replied)

    winner = state.names[state.winners[0].seat]
    if state.phase == "ended":
        # The round took the match (the first round won ends the game): every screen
        # moves on to the reveal, which shows the match and the house rules apart.
        for p in players:
            p.page.wait_for_url("**/reveal/", timeout=WAIT_MS * 2)
            expect(p.page.locator("#match")).to_contain_text(f"{winner} took the match")
            for rule in chosen.house_rules:
                expect(p.page.locator("#house-rules")).to_contain_text(rule.jargon)
    else:
        for p in players:
            expect(p.page.locator("#status")).not_to_contain_text("Your turn")
            if chosen.settings.match_wins is not None:
                expect(p.page.locator("#house .match")).to_contain_text(
                    f"{winner}{' (you)' if p.name == winner else ''}: 1 of "
                    f"{chosen.settings.match_wins}")
    assert horizontal_overflow(bob.page) <= 0
    shoot(ann.page, f"preset-{name}-05-won-host")
    shoot(bob.page, f"preset-{name}-05-won-phone")
