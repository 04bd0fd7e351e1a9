"""The table's public part: made once per version from public data only, shared by every
viewer's context, which adds only that viewer's own parts."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.engine.visibility import player_view, public_view
from games.live.snapshots import read_snapshot
from games.models import Seat
from games.table.context import table_context, table_public
from tests.engine.test_public_view import GAMES, bot_game_steps, with_other_secrets
from tests.examples import share
from tests.web.helpers import started_game
from tests.web.test_no_leak import drive


def seats_of(names: tuple[str, ...]) -> list[Seat]:
    """Unsaved seats for ``names``, the first the host's."""
    return [Seat(id=100 + i, index=i, name=name, is_host=i == 0) for i, name in enumerate(names)]


def test_the_public_part_is_never_made_from_a_seat_s_view() -> None:
    state, _ = bot_game_steps((1, 3, ("experimenter",)))[5]

    with pytest.raises(ValueError, match="not seat 1's"):
        table_public("ABCD", 7, player_view(state, 1), seats_of(tuple(state.names)))


@share(0.5, deadline=None)
@given(game=GAMES, at=st.floats(0, 1), seed=st.integers(0, 1_000))
def test_the_public_part_is_the_same_whatever_the_secrets(
        game: tuple[int, int, tuple[str, ...]], at: float, seed: int) -> None:
    states = bot_game_steps(game)
    state, _ = states[int(at * (len(states) - 1))]
    assume(state.phase != "ended")  # at the end every rule is revealed
    seats = seats_of(tuple(state.names))
    other = with_other_secrets(state, seed)

    public = table_public("ABCD", 7, public_view(state), seats)
    assert table_public("ABCD", 7, public_view(other), seats) == public
    assert not any(row.me for row in public.seats)


@pytest.mark.django_db
@pytest.mark.parametrize("steps", [0, 6])
def test_each_viewer_s_context_from_the_shared_part_is_the_one_made_alone(steps: int) -> None:
    game, _ = started_game(3)
    drive(game, steps, seed=3)
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    state = snapshot.state()
    shared = table_public(game.code, snapshot.version, public_view(state), snapshot.seats)
    for seat in [None, *snapshot.seats]:
        alone = table_context(snapshot.game, seat, snapshot.events, snapshot.seats, state=state)
        context = table_context(snapshot.game, seat, snapshot.events, snapshot.seats,
                                state=state, public=shared)
        assert context == alone
        assert [row.me for row in context["seats"]] == [
            seat is not None and s.pk == seat.pk for s in snapshot.seats]
