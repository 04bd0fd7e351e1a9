"""A stored game with a known history, for the notebook's web tests.

Ann (seat 0) writes Gronk: no heart on a club. Bob's 5♥ on K♣ is refused by it, Cat plays
4♠... (as the engine allows), Ann 7♦, and Bob's 5♥ on 7♦ goes down: the same story as
tests/deduction, through the real write path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.test import Client

from games.authoring.forms import form_to_data
from games.authoring.spec_form import spec_to_form
from games.engine.actions import Action, Play, WriteRule
from games.engine.settings import GameSettings
from games.models import Game
from games.store.writes import submit_action
from tests.factories import arranged_table, create_game, holder_client

GRONK: dict[str, Any] = {"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
         "must_not": {"type": "suit", "in": ["H"]}}
#: A hypothesis the table contradicts (Bob's 5♥ on 7♦ went down).
NO_HEARTS: dict[str, Any] = {"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}}
#: Gronk read as "no heart unless on a diamond": consistent with the plays of gronk_game.
NOT_ON_DIAMONDS: dict[str, Any] = {
    "kind": "restriction", "when": {"type": "not", "of": {"type": "suit", "of": "top",
                                                          "in": ["D"]}},
    "must_not": {"type": "suit", "in": ["H"]}}
#: Another meaning of Gronk with the same public history: no heart on a king (unlike
#: :data:`GRONK`, no shipped example says it, so its words on a page can only be a leak).
ON_A_KING: dict[str, Any] = {"kind": "restriction",
                             "when": {"type": "rank", "of": "top", "in": ["K"]},
                             "must_not": {"type": "suit", "in": ["H"]}}
NAMES = ("Ann", "Bob", "Cat")


def gronk_game(plays: bool = True, rule: dict[str, Any] | None = None
               ) -> tuple[Game, list[Client]]:
    """The game, and a client for each seat (in seat order); ``rule``: another meaning
    for Gronk than :data:`GRONK`."""
    return story_game("Gronk", rule or GRONK,
                      [["2C", "7D", "8D"], ["5H", "6D", "9S"], ["9H", "4S", "3D"]], ["KC"],
                      (Play(1, ("5H",)), Play(2, ("4S",)), Play(0, ("7D",)), Play(1, ("5H",)))
                      if plays else ())


def story_game(jargon: str, rule: dict[str, Any], hands: Sequence[Sequence[str]],
               pile: Sequence[str], actions: Sequence[Action], **settings: Any
               ) -> tuple[Game, list[Client]]:
    """A stored game of Ann, Bob and Cat: Ann writes ``jargon`` meaning ``rule``, the seats
    are dealt ``hands`` on ``pile`` with Bob to play, and ``actions`` go through the real
    write path; ``settings``: other game settings (``aces_high=True``...)."""
    clients = [holder_client() for _ in NAMES]
    game = create_game(GameSettings(players=3, first_rule_maker=0, **settings), NAMES, 1,
                       holders=[holder for _, holder in clients])
    game = submit_action(game, WriteRule(0, {"jargon": jargon, "rule": rule}),
                         game.version).game
    game = arranged_table(game, hands, [pile], current=1)
    for action in actions:
        game = submit_action(game.pk, action, game.version).game
    return game, [client for client, _ in clients]


def form_of(spec: dict[str, Any]) -> dict[str, list[str]]:
    """The builder's form fields that show ``spec``, as a browser posts them."""
    return form_to_data(spec_to_form(spec))
