"""The reveal page of a game whose seat was taken over: the players' table says who played it
in turn and each one's part of its turns."""

from __future__ import annotations

import pytest

from games.engine.actions import Deal, EndGame, OpenSeat, Pass, TakeSeat
from games.presets.registry import preset
from games.reveal.context import reveal_context
from games.reveal.players import Share
from games.store.writes import submit_action
from tests.factories import holder_client
from tests.web.presets import preset_game

pytestmark = pytest.mark.django_db


def test_the_reveal_shares_a_seat_between_the_players_who_took_turns_at_it() -> None:
    game, clients = preset_game(preset("lynnfield"), players=3)
    version = game.version
    newcomer = holder_client()[1]
    for action in (Deal(0, first=1), Pass(1), Pass(1), OpenSeat(0, 1), TakeSeat(1, "Dot"),
                   EndGame(0)):
        version = submit_action(game, action, version, taker=newcomer).version
    rows = reveal_context(game.code)["player_rows"]
    assert rows[1].shares == (Share("Bull", 1, 1), Share("Dot", 0, 1))
    shown = clients[2].get(f"/g/{game.code}/reveal/").content.decode()
    assert "played in turn by Bull (1 turn, 100%), Dot (0 turns, 0%)" in shown
