"""A stored game with a known history, for the notebook's web tests.

Ann (seat 0) writes Gronk: no heart on a club. Bob's 5♥ on K♣ is refused by it, Cat plays
4♠... (as the engine allows), Ann 7♦, and Bob's 5♥ on 7♦ goes down: the same story as
tests/deduction, through the real write path.
"""

from __future__ import annotations

from typing import Any

from django.test import Client

from games.builder.forms import form_to_data
from games.builder.spec_form import spec_to_form
from games.engine.actions import Play, WriteRule
from games.engine.settings import GameSettings
from games.live import records, snapshots
from games.models import Game
from games.store.reads import load_state
from games.store.writes import submit_action
from tests.engine.helpers import arrange
from tests.factories import create_game, holder_client

GRONK: dict[str, Any] = {"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
         "must_not": {"type": "suit", "in": ["H"]}}
#: A hypothesis the table contradicts (Bob's 5♥ on 7♦ went down).
NO_HEARTS: dict[str, Any] = {"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}}
NAMES = ("Ann", "Bob", "Cat")


def gronk_game(plays: bool = True, rule: dict[str, Any] | None = None
               ) -> tuple[Game, list[Client]]:
    """The game, and a client for each seat (in seat order); ``rule``: another meaning
    for Gronk than :data:`GRONK`."""
    clients = [holder_client() for _ in NAMES]
    game = create_game(GameSettings(players=3, first_rule_maker=0), NAMES, 1,
                       holders=[holder for _, holder in clients])
    game = submit_action(game, WriteRule(0, {"jargon": "Gronk", "rule": rule or GRONK}),
                         game.version).game
    state = arrange(load_state(game), [["2C", "7D", "8D"], ["5H", "6D", "9S"],
                                       ["9H", "4S", "3D"]], [["KC"]], current=1)
    game.state = state.to_json()
    game.save(update_fields=["state"])
    snapshots.forget()
    records.forget()
    if plays:
        for action in (Play(1, ("5H",)), Play(2, ("4S",)), Play(0, ("7D",)),
                       Play(1, ("5H",))):
            game = submit_action(game.pk, action, game.version).game
    return game, [client for client, _ in clients]


def form_of(spec: dict[str, Any]) -> dict[str, list[str]]:
    """The builder's form fields that show ``spec``, as a browser posts them."""
    return form_to_data(spec_to_form(spec))
