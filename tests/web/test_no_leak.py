"""No secret leaks: every page and frame a seat or spectator gets, before the reveal,
holds no other seat's cards and no rule the viewer did not write."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.bots import make_bot
from games.engine.events import Event
from games.engine.state import GameState
from games.engine.views import player_view
from games.live.fragments import render_update
from games.live.snapshots import read_snapshot
from games.models import Game
from games.store.identity import seat_of
from games.store.reads import game_log
from games.store.writes import submit_action
from rules.english import describe
from tests.factories import stored_state
from tests.web.helpers import client_with_session, started_game

CARD_ATTR = re.compile(r'data-card="([^"]+)"')


def secrets_for(state: GameState, events: list[Event], viewer: int | None) -> list[str]:
    """Texts that must not reach ``viewer``: others' private lines and others' rules."""
    # Others' private lines, unless the viewer received the very same words ("You draw 🃏.").
    mine = {e.private for e in events if e.to == viewer}
    found = [e.private for e in events if e.private and e.to != viewer and e.private not in mine]
    # Two authors may write the same rule: the viewer's own wording is not a secret to them.
    own = {describe(e.rule) for e in state.rules if e.author == viewer}
    for entry in state.rules:
        if entry.author == viewer:
            continue
        if describe(entry.rule) not in own:
            found.append(describe(entry.rule))
        if entry.id not in state.revealed:
            found.append(f">{entry.jargon}<")
            found.append(f" {entry.jargon} ")
    return [s for s in found if s]


def check_html(html: str, state: GameState, events: list[Event], viewer: int | None) -> None:
    own = sorted(state.hands[viewer]) if viewer is not None and state.hands else []
    shown = sorted(CARD_ATTR.findall(html))
    assert shown in (own, []), f"seat {viewer} sees cards {shown}, holds {own}"
    for secret in secrets_for(state, events, viewer):
        assert secret not in html, f"seat {viewer} was shown a secret: {secret!r}"


def audit(game: Game, clients: list[Client], watcher: Client) -> None:
    game.refresh_from_db()
    state = GameState.from_json(stored_state(game))
    if state.phase == "ended":
        return
    events = game_log(game)
    for viewer, client in [*enumerate(clients), (None, watcher)]:
        page = client.get(f"/g/{game.code}/").content.decode()
        check_html(page, state, events, viewer)
        key = client.cookies["sessionid"].value
        snapshot = read_snapshot(game.pk, game.code)
        assert snapshot is not None
        frame, _ = render_update(snapshot, seat_of(game, key), "http://x/", None)
        check_html(frame, state, events, viewer)


def drive(game: Game, steps: int, seed: int) -> None:
    """Let engine bots choose every seat's moves, through the real write path."""
    for step in range(steps):
        game.refresh_from_db()
        state = GameState.from_json(stored_state(game))
        if state.phase == "ended":
            return
        due = state.writers if state.phase == "writing" else [state.current]
        seat = due[0]
        bot = make_bot("oracle" if (seed + step) % 3 else "experimenter", seat,
                       seed * 100 + step * 10 + seat, insight=state.rulebook)
        action = bot.act(player_view(state, seat))
        assert action is not None
        submit_action(game, action, game.version)


@pytest.mark.django_db
@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), players=st.integers(2, 4))
def test_no_page_or_frame_leaks_a_secret(seed: int, players: int) -> None:
    game, clients = started_game(players)
    watcher, _ = client_with_session()
    audit(game, clients, watcher)
    for _ in range(6):
        drive(game, 7, seed)
        audit(game, clients, watcher)


@pytest.mark.django_db
def test_the_audit_can_fail() -> None:
    """The checker notices a leak when one is planted (so a green run means something)."""
    game, clients = started_game(3)
    drive(game, 3, 1)
    game.refresh_from_db()
    state = GameState.from_json(stored_state(game))
    events = game_log(game)
    other_hand = " ".join(f'data-card="{c}"' for c in state.hands[1])
    with pytest.raises(AssertionError):
        check_html(other_hand, state, events, 0)
    with pytest.raises(AssertionError):
        check_html(describe(state.rules[0].rule), state, events, 1)
