"""Helpers for web tests: clients with their own sessions, seated in real games."""

from __future__ import annotations

from django.test import Client

from games.engine.settings import GameSettings
from games.lobby import join_game, open_game, start_game
from games.models import Game


def client_with_session() -> tuple[Client, str]:
    """A test client whose session exists, and its key."""
    client = Client()
    session = client.session
    session.save()
    client.cookies["sessionid"] = session.session_key
    return client, session.session_key


def started_game(players: int = 3, host_writes_first: bool = True,
                 **settings: object) -> tuple[Game, list[Client]]:
    """A started game (rule-writing phase) whose seats are held by fresh clients."""
    clients = [client_with_session() for _ in range(players)]
    names = ["Gogol", "Bull", "de Worms", "Ada", "Bo", "Cy", "Di", "Ed"][:players]
    game = open_game(GameSettings(players=players, **settings), names[0], clients[0][1],
                     host_writes_first=host_writes_first)
    for (_, key), name in zip(clients[1:], names[1:], strict=True):
        join_game(game, name, key)
    game = start_game(game, clients[0][1])
    return game, [c for c, _ in clients]
