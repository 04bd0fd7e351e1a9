"""What a screen reader is given to say, in a real browser, at staged deals
(tests.browser.stage): every text the page puts into its live regions is recorded (the
polite #announce-polite, the urgent #announce-urgent and the #feedback alert), as a screen
reader would be handed it.

A rule firing and "Your turn" in one push are one polite message, not two that overwrite
each other; so are a round won and "You won the round"; a refusal of someone else's play is
said at once (urgent), and a player whose own play is refused hears it once, not twice.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import POLL_MS, WAIT_SECONDS, Player, htmx_idle
from tests.browser.stage import StagedGame, stage

WAIT_MS = WAIT_SECONDS * 1000
#: Records each new text of the live regions, in order: {region, text}.
RECORD = """
window.__maoSaid = [];
document.addEventListener("DOMContentLoaded", () => {
  const last = {};
  const read = () => {
    for (const id of ["announce-polite", "announce-urgent", "feedback"]) {
      const el = document.getElementById(id);
      const text = el ? el.textContent.trim().replace(/\\s+/g, " ") : "";
      if (text && text !== last[id]) { window.__maoSaid.push({region: id, text}); }
      last[id] = text;
    }
  };
  new MutationObserver(read).observe(document.body,
    {childList: true, subtree: true, characterData: true});
});
"""
FIVER = {"kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["5"]},
         "effects": [{"type": "draw", "who": "player", "count": 1}]}
#: Refuses nothing in a game without jokers: every play of Ann's goes down.
NO_JOKER = {"kind": "restriction", "must_not": {"type": "joker"}}
NO_FIVES = {"kind": "restriction", "must_not": {"type": "rank", "in": ["5"]}}


def _sit(new_context: Callable[..., BrowserContext], server_url: str, game: StagedGame,
         seat: int, name: str) -> Player:
    context = new_context()
    context.add_init_script(RECORD)
    context.add_cookies([game.cookie(seat, server_url)])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"/g/{game.code}/")
    player = Player(name, context, page)
    player.ready()
    return player


def _said(player: Player, region: str | None = None) -> list[str]:
    said: list[dict[str, str]] = player.page.evaluate("window.__maoSaid")
    return [s["text"] for s in said if region is None or s["region"] == region]


def _hears(player: Player, region: str, *parts: str) -> None:
    """Wait until ``region`` has said a text holding every one of ``parts`` (a live region
    is filled 50 ms after the push that brings its news)."""
    player.page.wait_for_function(
        "([region, parts]) => window.__maoSaid.some(s => s.region === region"
        " && parts.every(part => s.text.includes(part)))", arg=[region, list(parts)],
        timeout=WAIT_MS, polling=POLL_MS)


def _my_turn(player: Player) -> None:
    expect(player.page.locator("#status .your-turn")).to_be_visible(timeout=WAIT_MS * 3)
    htmx_idle(player.page)


def _act(player: Player, act: Callable[[], Any]) -> None:
    pushes = player.pushes()
    act()
    player.wait_push_after(pushes)


def test_a_trigger_a_round_won_and_your_turn_are_each_said_in_one_message(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    """Bob plays a five (Ann's Fiver fires: he draws) and it is Ann's turn; Ann then plays
    out her hand, Bob passing, and wins the round."""
    game = stage(server_env, {"players": 2, "hand_size": 3, "names": ["Ann", "Bob"],
                              "seed": 1, "rules": [[0, "Fiver", FIVER], [1, "Jest", NO_JOKER]],
                              "holds": [1, ["5S"]]})
    ann = _sit(new_context, server_url, game, 0, "Ann")
    bob = _sit(new_context, server_url, game, 1, "Bob")
    if ann.my_turn():
        hand = ann.hand()
        _act(ann, partial(ann.play, next((c for c in hand if not c.startswith("5")), hand[0])))
    _my_turn(bob)
    pushes = ann.pushes()
    bob.play("5S")
    ann.wait_push_after(pushes)
    _my_turn(ann)
    expect(ann.page.locator("#moment")).to_contain_text("Fiver")
    _hears(ann, "announce-polite", "Fiver", "Your turn")
    polite = _said(ann, "announce-polite")
    assert any("Fiver" in text and "Your turn" in text for text in polite), polite
    shoot(ann.page, "announce-01-fired-your-turn")

    for _ in range(12):
        _my_turn(ann)
        hand = ann.hand()
        # A five would set Fiver off (a card drawn): any other card first.
        card = next((c for c in hand if not c.startswith("5")), hand[0])
        _act(ann, partial(ann.play, card))
        if "You won the round" in ann.page.locator("#status").inner_text():
            break
        _my_turn(bob)
        _act(bob, bob.pass_turn)
    else:
        raise AssertionError("Ann did not empty her hand in 12 turns")
    _hears(ann, "announce-polite", "empties", "You won the round")
    polite = _said(ann, "announce-polite")
    assert any("empties" in text and "You won the round" in text for text in polite), polite
    # Nothing urgent was said: no play was refused.
    assert not _said(ann, "announce-urgent")


def test_a_refusal_is_said_once_to_its_player_and_at_once_to_the_others(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str], shoot: Callable[[Page, str], Path]) -> None:
    game = stage(server_env, {"players": 2, "hand_size": 5, "names": ["Ann", "Bob"],
                              "seed": 1, "rules": [[0, "Jest", NO_JOKER],
                                                   [1, "Fivefold", NO_FIVES]],
                              "holds": [0, ["5H"]]})
    ann = _sit(new_context, server_url, game, 0, "Ann")
    bob = _sit(new_context, server_url, game, 1, "Bob")
    if not ann.my_turn():
        _my_turn(bob)
        _act(bob, bob.pass_turn)
    _my_turn(ann)
    pushes = bob.pushes()
    _act(ann, partial(ann.play, "5H"))
    bob.wait_push_after(pushes)
    verdict = "Bob: that's a Fivefold!"
    expect(ann.page.locator("#feedback")).to_contain_text(verdict)
    expect(bob.page.locator("#moment")).to_contain_text(verdict)
    for p in (ann, bob):
        p.page.wait_for_timeout(200)
    heard = [t for t in _said(ann) if verdict in t]
    assert len(heard) == 1, f"Ann hears her refusal {len(heard)} times: {_said(ann)}"
    assert [t for t in _said(ann, "feedback") if verdict in t] == heard
    assert any(verdict in t for t in _said(bob, "announce-urgent")), _said(bob)
    assert not any(verdict in t for t in _said(bob, "announce-polite"))
    shoot(ann.page, "announce-02-own-refusal")
