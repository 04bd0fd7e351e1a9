"""The public view: what every viewer of a state sees alike, made once and shared by all of
them. It is a function of the public record only, and every viewer's view is it plus that
viewer's own parts."""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache

from hypothesis import assume, given
from hypothesis import strategies as st

from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.simulate import play_game
from games.engine.state import GameState, RuleEntry
from games.engine.visibility import PlayerView, player_view, public_view
from tests.engine.helpers import steps
from tests.examples import share

#: The fields of a view that are the viewer's own (the rest is the public view's).
OWN = frozenset({"viewer", "hand", "my_rules", "log", "stint", "unanswered", "drawn",
                 "waiting"})
#: A secret rule put in place of every secret rule in force: its jargon and author stay.
OTHER_RULE = {"version": 1, "rule": {"kind": "restriction",
                                     "when": {"type": "rank", "of": "top", "in": ["7"]},
                                     "must": {"type": "suit", "of": "played", "in": ["H"]}}}
KINDS = [("experimenter",), ("oracle", "experimenter")]
GAMES = st.tuples(st.integers(0, 10_000), st.integers(2, 5), st.sampled_from(KINDS))


@lru_cache(maxsize=32)
def bot_game_steps(game: tuple[int, int, tuple[str, ...]]) -> list[tuple[GameState,
                                                                         list[Event]]]:
    """Every state of a bounded bot game with the events of the step that led to it."""
    seed, players, kinds = game
    record = play_game(GameSettings(players=players), seed, kinds, max_actions=60,
                       max_rounds=3)
    return steps(record.start, record.actions)


def with_other_secrets(state: GameState, seed: int) -> GameState:
    """``state`` with the same public record and other secrets: the cards of the hands and
    the stock dealt again (every hand keeps its size), and every secret rule another rule
    under the same jargon and author."""
    other = state.clone()
    cards = [card for hand in other.hands for card in hand] + other.stock
    random.Random(seed).shuffle(cards)
    for hand in other.hands:
        hand[:], cards = cards[:len(hand)], cards[len(hand):]
    other.stock = cards
    other.rules = [entry if entry.house or entry.id in other.disclosed else
                   RuleEntry(entry.id, entry.author, entry.round,
                             OTHER_RULE | {"jargon": entry.jargon}, entry.house, entry.retired,
                             entry.stint)
                   for entry in other.rules]
    return other


def public_fields(view: PlayerView) -> dict[str, object]:
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)
            if f.name not in OWN}


@share(0.5, deadline=None)
@given(game=GAMES, at=st.floats(0, 1), seed=st.integers(0, 1_000))
def test_the_public_view_is_the_same_whatever_the_secrets(
        game: tuple[int, int, tuple[str, ...]], at: float, seed: int) -> None:
    states = bot_game_steps(game)
    state, _ = states[int(at * (len(states) - 1))]
    assume(state.phase != "ended")  # at the end every rule is revealed
    other = with_other_secrets(state, seed)

    assert public_view(other) == public_view(state)


@share(0.5, deadline=None)
@given(game=GAMES, at=st.floats(0, 1))
def test_every_view_is_the_public_view_and_the_viewer_s_own_parts(
        game: tuple[int, int, tuple[str, ...]], at: float) -> None:
    states = bot_game_steps(game)
    index = int(at * (len(states) - 1))
    state, _ = states[index]
    log = [event for _, events in states[:index + 1] for event in events]
    public = public_view(state)

    assert public.viewer is None and public.log == () and public.hand == ()
    for seat in [None, *range(len(state.names))]:
        view = player_view(state, seat, log)
        assert public_fields(view) == public_fields(public)
        assert player_view(state, seat, log, public=public) == view
