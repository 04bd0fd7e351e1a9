"""Games for tests, made the way players make them: through the lobby and the write path.

:func:`create_game` opens, seats and starts a table as the lobby does; :func:`holder_client`
is a client whose session holds a seat token; :func:`stored_state` is a game's stored state.
A particular moment is staged only through these hooks (``tests/test_staging.py``):

- :func:`play_until`: play on through the write path, seats as oracles, until it comes;
- :func:`stacked_deck`: the engine deals chosen hands and starter (never replayed);
- :func:`staged_rules`: another secret rulebook behind the same public history;
- :func:`writers_first`: several seats write a rule before the first deal;
- :func:`arranged_table`: hands and piles no deal gives (never replayed);
- :func:`undone`: undo a block's database changes and drop the caches, as a restart.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from django.conf import settings
from django.db import transaction
from django.test import Client

from games.engine.actions import Action, Pass
from games.engine.bots import KnownRules, Oracle
from games.engine.settings import GameSettings
from games.engine.state import GameState, RuleEntry
from games.engine.stock import shuffle_rng
from games.engine.visibility import player_view
from games.lobby.services import add_bot, join_game, open_game, start_game
from games.models import Game
from games.store import owned
from games.store.identity import SESSION_KEY, hash_token
from games.store.writes import submit_action


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


def stored_state(game: Game) -> GameState:
    """The engine state ``game`` holds (no query: refresh it first); fails in the lobby."""
    assert game.state is not None, f"{game} has not started"
    return GameState.from_json(game.state)


def play_until(game: Game, done: Callable[[GameState], bool], *,
               holding_back: Collection[int] = (), limit: int = 500) -> Game:
    """Play ``game`` on through the one write path until ``done`` holds of its state, and
    return it fresh: every seat chooses as an oracle does (a legal card whenever it holds
    one, with the calls required; a random valid rule when it writes), but the seats
    ``holding_back``, which pass whenever they may (a player letting another go out).

    Everything is seeded by the game's seed, so the same game is played on every run; a
    test fails (rather than waits) when ``limit`` actions bring no such moment.
    """
    game.refresh_from_db()
    for step in range(limit):
        state = stored_state(game)
        if done(state):
            return game
        assert state.phase != "ended", f"the game ended before the moment came ({step})"
        seats = state.writers if state.phase == "writing" else [state.current]
        seat = seats[0]
        action: Action | None
        if seat in holding_back and state.phase == "playing":
            action = Pass(seat)
        else:
            oracle = Oracle(seat, game.seed * 1000 + step, KnownRules(state.rulebook()))
            action = oracle.act(player_view(state, seat))
        assert action is not None, f"nobody can act in phase {state.phase}"
        game = submit_action(game.pk, action, game.version).game
    raise AssertionError(f"no such moment within {limit} actions")


@contextmanager
def stacked_deck(hands: Sequence[Sequence[str]], starter: str,
                 draws: Sequence[str] = ()) -> Iterator[None]:
    """While inside, the next round dealt deals exactly ``hands`` (one per seat, each of the
    game's hand size) and turns up ``starter``; ``draws`` are the first cards drawn from the
    stock, in order, which holds the rest of the deck. The engine deals them as ever (its
    events, the write path's version and log), from a deck put in that order instead of
    shuffled."""
    real = shuffle_rng
    dealt: list[bool] = []

    class Stacked:
        """The deal's generator: the deck in the staged order; anything else, as drawn."""

        def __init__(self, state: GameState) -> None:
            self.state, self.rng = state, real(state)

        def shuffle(self, deck: list[str]) -> None:
            state = self.state
            assert all(len(hand) == state.settings.hand_size for hand in hands), \
                "one full hand per seat"
            # deal() deals one card at a time from the seat after the dealer.
            order = [hands[(state.dealer + offset) % state.players][card]
                     for card in range(state.settings.hand_size)
                     for offset in range(1, state.players + 1)]
            placed = [*order, starter, *draws]
            rest = list(deck)
            for card in placed:
                rest.remove(card)  # ValueError: a card the deck does not hold (twice)
            # deal() pops from the end: the hands in dealing order, the starter, then draws.
            deck[:] = rest + list(reversed(draws)) + [starter] + list(reversed(order))

        def randrange(self, stop: int) -> int:
            return self.rng.randrange(stop)

    def stacked(state: GameState) -> Any:
        if dealt:
            return real(state)  # once: later rounds shuffle as ever
        dealt.append(True)
        return Stacked(state)

    # The name the engine's deal() calls.
    with mock.patch("games.engine.deal.shuffle_rng", stacked):
        yield


def staged_rules(game: Game, entries: Sequence[RuleEntry]) -> Game:
    """Put ``entries`` in force in the stored game instead of its rules, changing nothing
    else (its version and log included): two games so staged have the same public history
    and different secret rulebooks. For the properties that compare what those give away
    (tests/builder/test_secrecy.py); a game staged so must not be replayed."""
    state = stored_state(game)
    state.rules = list(entries)
    Game.objects.filter(pk=game.pk).update(state=state.to_json())
    owned.forget()  # written without a new version: the kept copy would not see it
    game.refresh_from_db()
    return game


def arranged_table(game: Game, hands: Sequence[Sequence[str]], piles: Sequence[Sequence[str]],
                   current: int) -> Game:
    """Give every seat exactly ``hands`` and lay ``piles`` (bottom first) in the stored game,
    the deck kept whole, with ``current`` to play; nothing else changes (its version, log and
    rules). The processes' caches of the game are dropped, as a restart would."""
    from games.live import records, snapshots
    from games.notebook.services import forget_records
    from tests.engine.helpers import arrange

    state = arrange(stored_state(game), hands, piles, current=current)
    Game.objects.filter(pk=game.pk).update(state=state.to_json())
    snapshots.forget()
    records.forget()
    forget_records()
    owned.forget()
    game.refresh_from_db()
    return game


def writers_first(game: Game, seats: Sequence[int]) -> Game:
    """Have ``seats`` write the first rules, in that order, before the first deal (a game
    still waiting for them); nothing else in the stored game changes."""
    state = stored_state(game)
    assert state.phase == "writing" and not state.rules, "only before the first rule"
    state.writers = list(seats)
    Game.objects.filter(pk=game.pk).update(state=state.to_json())
    owned.forget()  # written without a new version: the kept copy would not see it
    game.refresh_from_db()
    return game


@contextmanager
def undone() -> Iterator[None]:
    """Whatever the block writes to the database (actions through the write path, seats'
    rows) is undone when it ends, by a savepoint rolled back, and the processes' caches of
    games are dropped: the next block starts from the same moment. Only inside a test's
    transaction (``django_db`` without ``transaction=True``); refresh games read before."""
    from games.live import records, snapshots
    from games.notebook.services import forget_records

    assert transaction.get_connection().in_atomic_block, "only inside a test's transaction"
    saved = transaction.savepoint_create()
    try:
        yield
    finally:
        transaction.savepoint_rollback(saved)
        snapshots.forget()
        records.forget()
        forget_records()
        owned.forget()
