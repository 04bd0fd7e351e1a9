"""The Jinja2 fragments draw exactly what the page's Django partials drew.

Over generated games of every preset (clocks, matches, dealers, two decks, points of
order, names with markup in them), every viewer's context is rendered by both engines, as a
page (no ``oob``) and as a push, and the HTML must be equal byte for byte.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.template.loader import render_to_string
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from games.engine.actions import CallOrder
from games.engine.bots import KnownRules, Oracle
from games.engine.errors import EngineError
from games.engine.settings import GameSettings
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.live.snapshots import read_snapshot
from games.models import Game
from games.presets import registry
from games.presets.opening import settings_for
from games.store.writes import submit_action
from games.table.context import table_context
from games.table.fragments import JINJA_FRAGMENTS, render_fragment
from tests.examples import share
from tests.factories import create_game, stored_state

pytestmark = pytest.mark.django_db

#: The server's time, in ms, where a test has the clock run.
CLOCK = 1_800_000_000_000
#: Names a player may choose, markup and quotes among them.
HOSTILE = ("<script>alert(1)</script>", "O'Brien & \"Co\"", "Ann", "<b>Bob</b>", "Cy")


def advance(game: Game, steps: int, seed: int, at: int | None = None) -> GameState:
    """Up to ``steps`` actions of oracles through the write path: rules written, deals and
    plays (it stops early where an oracle has nothing to do or is refused, in a race), all at the
    server's time ``at`` and 10 ms a step on (``None``: no time passes)."""
    for step in range(steps):
        game.refresh_from_db()
        state = stored_state(game)
        if state.phase == "ended":
            break
        seat = (state.writers[0] if state.phase == "writing"
                else state.dealer if state.phase == "dealing" else state.current)
        action = Oracle(seat, seed * 100 + step, KnownRules(state.rulebook())).act(
            player_view(state, seat))
        if action is None:
            break
        try:
            submit_action(game, action, game.version, at=None if at is None else at + step * 10)
        except EngineError:  # a race another seat answered first: the game stays as it is
            break
    game.refresh_from_db()
    return stored_state(game)


def django_partial(name: str, context: dict[str, object]) -> str:
    """The page's Django partial ``name``, as the push rendered it."""
    return render_to_string(f"games/table.html#{name}", context).strip()


@share(0.25, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(sorted(registry.presets())),
       players=st.integers(3, 5), steps=st.integers(1, 40), decks=st.integers(1, 2),
       order=st.booleans(), clock=st.booleans())
# A timed table stopped by a point of order; a dealer's table with two decks; a long game.
@example(seed=1, preset="five-card", players=3, steps=8, decks=1, order=True, clock=True)
@example(seed=2, preset="lynnfield", players=4, steps=6, decks=2, order=False, clock=True)
@example(seed=3, preset="mini-mao", players=5, steps=40, decks=1, order=True, clock=False)
def test_each_jinja_fragment_equals_the_django_partial(
        seed: int, preset: str, players: int, steps: int, decks: int, order: bool,
        clock: bool) -> None:
    chosen: dict[str, Any] = {"players": players}
    if "decks" in registry.presets()[preset].choices:
        chosen["decks"] = decks
    settings = settings_for(registry.presets()[preset], first_rule_maker=0, **chosen)
    # ``clock``: the server's clock runs (tests keep it stopped), so turns have deadlines.
    at = CLOCK if clock else None
    with mock.patch("games.lobby.services.game_time", return_value=at):
        game = create_game(settings, HOSTILE[:players], seed=seed)
    state = advance(game, steps, seed, at)
    if order and state.phase == "playing":
        submit_action(game, CallOrder(state.current), game.version,
                      at=None if at is None else at + steps * 10)  # hands face down
        game.refresh_from_db()
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    for seat in [*snapshot.seats, None]:
        context = table_context(game, seat, snapshot.events, snapshot.seats)
        for oob in (False, True):
            shown = context | {"oob": oob}
            for name in JINJA_FRAGMENTS:
                if name == "seat-row":
                    for row in context["seats"]:
                        assert render_fragment(name, {"s": row}) == django_partial(
                            name, {"s": row})
                else:
                    assert render_fragment(name, shown) == django_partial(name, shown), name


def test_names_with_markup_are_escaped_in_every_fragment() -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), HOSTILE[:3])
    advance(game, 2, seed=3)
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    context = table_context(game, snapshot.seats[1], snapshot.events, snapshot.seats)
    seats = render_fragment("seats", context)

    assert "<script>" not in seats and "<b>" not in seats
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in seats
    assert "O&#x27;Brien &amp; &quot;Co&quot;" in seats
