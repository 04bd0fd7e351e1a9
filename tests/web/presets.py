"""Presets for web tests: the real ones from the registry, and a stand-in preset with a
dealer who names the start, a match and a house rule that stacks owed cards (the shipped
presets may lack one; the app must work for any preset the registry lists)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from django.test import Client

from games.models import Game
from games.presets import registry
from games.presets.format import Preset, load_preset
from games.presets.opening import settings_for
from tests.factories import create_game, holder_client

DEALING: dict[str, Any] = {
    "version": 1, "name": "test-dealing", "title": "Dealer's Choice", "seed": None,
    "summary": "A stand-in: the dealer names the start, fours stack two cards.",
    "description": "For tests: nobody writes rules, the dealer names who plays first and "
                   "which way, and the first to two round wins takes the match.",
    "settings": {"players": 3, "rule_making": "none", "name_start": True, "match_wins": 2,
                 "dealer_rotates": True, "jokers": False, "chair": "Croupier"},
    "house_rules": [
        {"version": 1, "jargon": "Fours",
         "rule": {"kind": "trigger", "when": {"type": "rank", "in": ["4"]},
                  "effects": [{"type": "owe", "count": 2}]}},
        {"version": 1, "jargon": "No Kings",
         "rule": {"kind": "restriction", "must_not": {"type": "rank", "in": ["K"]}}}],
    "laws": [], "law_choice": False}


@contextmanager
def with_preset(data: dict[str, Any]) -> Iterator[Preset]:
    """While inside, the registry lists the preset ``data`` too (after the shipped ones)."""
    extra = load_preset(data)
    listed = {**registry.presets(), extra.name: extra}
    with mock.patch.object(registry, "presets", lambda: listed):
        yield extra


def preset_game(preset: Preset, players: int = 3, law: str | None = None,
                **chosen: Any) -> tuple[Game, list[Client]]:
    """A started game of ``preset`` (the host, seat 0, writes or deals first), its seats
    held by fresh clients."""
    clients = [holder_client() for _ in range(players)]
    if "players" in preset.choices:
        chosen["players"] = players
    settings = settings_for(preset, first_rule_maker=0, law=law, **chosen)
    game = create_game(settings, ["Gogol", "Bull", "Worms", "Ada"][:players],
                       holders=[key for _, key in clients])
    return game, [client for client, _ in clients]

#: A stand-in with table talk: nobody writes rules; speaking outside a play costs a card
#: (but "Point of order"), a penalty or a rule's draw owes "Thank you", and a seven makes
#: every other player draw. (The shipped presets gain their talking rules apart.)
TALK: dict[str, Any] = {
    "version": 1, "name": "test-talk", "title": "Quiet Table", "seed": None,
    "summary": "A stand-in: no talking, and thank whoever makes you draw.",
    "description": "For tests: nobody writes rules; talking outside a play costs a card, "
                   "a penalty or a rule's draw is owed a thank-you, sevens make the others "
                   "draw.",
    "settings": {"players": 3, "rule_making": "none", "jokers": False, "chair": "Croupier"},
    "house_rules": [
        {"version": 1, "jargon": "Talking",
         "rule": {"kind": "talking", "allow": ["Point of order"]}},
        {"version": 1, "jargon": "Thanks",
         "rule": {"kind": "reply", "say": "Thank you", "after": ["penalty", "effect"]}},
        {"version": 1, "jargon": "Sevens",
         "rule": {"kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["7"]},
                  "effects": [{"type": "draw", "who": "others", "count": 1}]}}],
    "laws": [], "law_choice": False}
