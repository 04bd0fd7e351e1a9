"""Helpers for web tests: clients with their own sessions, seated in real games."""

from __future__ import annotations

from django.test import Client

from games.engine.settings import GameSettings
from games.models import Game
from tests.factories import create_game, holder_client

NAMES = ("Gogol", "Bull", "de Worms", "Ada", "Bo", "Cy", "Di", "Ed")


def client_with_session() -> tuple[Client, str]:
    """A test client whose session holds a seat token, and the token's holder hash."""
    return holder_client()


def started_game(players: int = 3, host_writes_first: bool = True,
                 **settings: object) -> tuple[Game, list[Client]]:
    """A started game (rule-writing phase) whose seats are held by fresh clients."""
    clients = [client_with_session() for _ in range(players)]
    if host_writes_first:
        settings.setdefault("first_rule_maker", 0)
    game = create_game(GameSettings(players=players, **settings),  # type: ignore[arg-type]
                       NAMES[:players], holders=[key for _, key in clients])
    return game, [c for c, _ in clients]
