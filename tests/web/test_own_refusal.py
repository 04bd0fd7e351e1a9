"""The banner marks a refusal of the viewer's own play (``data-own-refusal``), for the
table's script: that player hears it from #feedback, the answer to their play, and the
banner is not read to them a second time. Every other screen reads it at once."""

from __future__ import annotations

import re

import pytest

from games.engine.actions import Play
from games.store.writes import submit_action
from tests.factories import play_until, stored_state
from tests.hardening.helpers import playing_game

pytestmark = pytest.mark.django_db

MOMENT = re.compile(r'<div id="moment"[^>]*>')


def test_only_the_offender_s_banner_is_marked_as_their_own_refusal() -> None:
    game, clients = playing_game(3)
    # Pip refuses face cards: play on (seeded) until the player to move holds one.
    game = play_until(game, lambda s: s.phase == "playing" and any(
        card[0] in "JQK" for card in s.hands[s.current]))
    state = stored_state(game)
    seat = state.current
    face = next(card for card in state.hands[seat] if card[0] in "JQK")
    submit_action(game.code, Play(seat, (face,)), game.version)
    banners = {i: MOMENT.search(c.get(f"/g/{game.code}/").content.decode()).group()  # type: ignore[union-attr]
               for i, c in enumerate(clients)}
    assert all("moment--refused" in b for b in banners.values()), banners
    assert [i for i, b in banners.items() if "data-own-refusal" in b] == [seat]
