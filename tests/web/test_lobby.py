"""The lobby service: opening a table, seats, bots, removal, starting, and clear refusals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.engine.settings import GameSettings
from games.lobby.services import add_bot, join_game, open_game, remove_seat, start_game
from games.models import LOBBY, Game, Seat
from games.store.errors import ServiceError
from tests.factories import stored_state

pytestmark = pytest.mark.django_db


def table(players: int = 4, host_writes_first: bool = False) -> Game:
    settings = GameSettings(players=players, first_rule_maker=0 if host_writes_first else None)
    return open_game(settings, "Gogol", "host-key")


def code_of(call: Callable[..., object], *args: object) -> str:
    with pytest.raises(ServiceError) as caught:
        call(*args)
    return caught.value.code


def test_opening_a_table_seats_the_host() -> None:
    game = table()
    assert game.phase == LOBBY and game.state is None and game.version == 0
    (seat,) = game.seats.all()
    assert (seat.index, seat.name, seat.is_host, seat.holder) == (0, "Gogol", True,
                                                                   "host-key")


def test_joining_takes_the_next_seat_and_bumps_the_version() -> None:
    game = table()
    seat = join_game(game.code, "  Bull  ", "bull-key")
    game.refresh_from_db()
    assert (seat.index, seat.name, game.version) == (1, "Bull", 1)


def test_joining_again_from_the_same_session_keeps_the_seat() -> None:
    game = table()
    first = join_game(game.code, "Bull", "bull-key")
    again = join_game(game.code, "Someone else", "bull-key")
    assert again.pk == first.pk and game.seats.count() == 2


def test_clear_refusals() -> None:
    game = table(players=2)
    assert code_of(join_game, game.code, "gogol", "other") == "lobby/name_taken"
    assert code_of(join_game, game.code, "   ", "other") == "lobby/bad_name"
    assert code_of(join_game, game.code, "x" * 41, "other") == "lobby/bad_name"
    assert code_of(join_game, "NOSUCH", "Bull", "other") == "game/not_found"
    join_game(game.code, "Bull", "bull-key")
    assert code_of(join_game, game.code, "de Worms", "worms-key") == "lobby/full"


def test_only_the_host_adds_bots_removes_seats_and_starts() -> None:
    game = table()
    join_game(game.code, "Bull", "bull-key")
    assert code_of(add_bot, game.code, "bull-key") == "lobby/not_host"
    assert code_of(start_game, game.code, "bull-key") == "lobby/not_host"
    bot = add_bot(game.code, "host-key", "oracle")
    assert bot.is_bot and bot.bot_kind == "oracle" and bot.name.startswith("Robo")
    assert code_of(remove_seat, game.code, "bull-key", bot.index) == "lobby/not_host"
    remove_seat(game.code, "host-key", bot.index)
    assert not Seat.objects.filter(pk=bot.pk).exists()


def test_a_player_may_leave_but_the_host_stays() -> None:
    game = table()
    seat = join_game(game.code, "Bull", "bull-key")
    remove_seat(game.code, "bull-key", seat.index)
    assert game.seats.count() == 1
    assert code_of(remove_seat, game.code, "host-key", 0) == "lobby/host_stays"


def test_starting_needs_two_players() -> None:
    game = table()
    assert code_of(start_game, game.code, "host-key") == "lobby/too_few"


def test_starting_hands_the_seats_to_the_engine_in_order() -> None:
    game = table(host_writes_first=True)
    join_game(game.code, "Bull", "bull-key")
    leaver = join_game(game.code, "Leaver", "leaver-key")
    join_game(game.code, "de Worms", "worms-key")
    remove_seat(game.code, "leaver-key", leaver.index)
    started = start_game(game.code, "host-key")
    assert started.phase == "writing"
    assert stored_state(started).names == ["Gogol", "Bull", "de Worms"]
    assert stored_state(started).writers == [0]
    assert list(started.seats.values_list("index", flat=True)) == [0, 1, 2]
    assert started.settings["players"] == 3
    assert code_of(join_game, game.code, "Late", "late-key") == "lobby/started"
    assert code_of(start_game, game.code, "host-key") == "lobby/started"
