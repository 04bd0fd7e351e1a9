"""Games for tests, made the way players make them: through the lobby.

:func:`create_game` opens a table as its host, seats the other players (and bots) as the
lobby does, and starts it: versions, log numbers and seat holders are exactly what a game
opened in a browser has. :func:`holder_client` is a test client whose browser session holds
a seat token, as a browser's does after its first visit. :func:`stored_state` is the state a
started game stores.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.test import Client

from games.engine.settings import GameSettings
from games.lobby.services import add_bot, join_game, open_game, start_game
from games.models import Game
from games.store.identity import SESSION_KEY, hash_token


def new_holder() -> str:
    """A seat holder as a browser would have one: the hash of a fresh random token."""
    return hash_token(secrets.token_urlsafe(32))


def holder_client() -> tuple[Client, str]:
    """A test client whose session holds a fresh token, and that token's holder hash."""
    client = Client()
    token = secrets.token_urlsafe(32)
    session = client.session
    session[SESSION_KEY] = token
    session.save()
    assert session.session_key is not None  # save() gave the session its key
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return client, hash_token(token)


def create_game(game_settings: GameSettings, names: Sequence[str], seed: int = 1, *,
                bots: Mapping[int, str] | None = None,
                holders: Sequence[str | None] | None = None) -> Game:
    """A started game with ``names`` seated in order, seat 0 its host (waiting for its
    first rule), made through the lobby: ``open_game``, ``join_game`` or ``add_bot``,
    ``start_game``.

    ``bots`` maps seat indexes (never 0: the host is a person) to a bot kind; a bot takes
    the lobby's bot name, not the one in ``names``. ``holders`` gives each person's seat
    holder (fresh ones by default).
    """
    bots = dict(bots or {})
    if 0 in bots:
        raise ValueError("seat 0 is the host, a person")
    if len(names) != game_settings.players:
        raise ValueError("one name per seat")
    chosen = list(holders) if holders is not None else [None] * len(names)
    keys = [key or new_holder() for key in chosen]
    game = open_game(game_settings, names[0], keys[0], seed=seed)
    for index in range(1, len(names)):
        if index in bots:
            add_bot(game, keys[0], bots[index])
        else:
            join_game(game, names[index], keys[index])
    return start_game(game, keys[0])


def stored_state(game: Game) -> dict[str, Any]:
    """The state a started game stores (``GameState.to_json()``), as read from ``game.state``;
    fails the test for a game still in its lobby (which stores none)."""
    assert game.state is not None, f"{game} has not started"
    state: dict[str, Any] = game.state
    return state
