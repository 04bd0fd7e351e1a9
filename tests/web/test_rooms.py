"""The fan-out of one game in one process (games/live/rooms.py), with stand-in sockets."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest
from asgiref.sync import sync_to_async

from games.engine.actions import Pass
from games.live import rooms, snapshots
from games.live.snapshots import TableSnapshot
from games.models import Game
from games.store.writes import submit_action
from tests.factories import stored_state
from tests.web.helpers import started_game
from tests.web.test_no_leak import drive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def rung_by_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests ring the rooms themselves, when they choose: the writes here ring nothing."""
    monkeypatch.setattr("games.live.notify.ring_here", lambda game_id, version: None)


class FakeSocket:
    """A viewer that records what it is asked to render and what it is sent."""

    def __init__(self, fail: bool = False) -> None:
        self.rendered: list[tuple[int, bool]] = []
        self.sent: list[str] = []
        self.closed: int | None = None
        self.fail = fail

    def render_frame(self, snapshot: TableSnapshot, fresh: bool) -> str:
        if self.fail:
            raise RuntimeError("this socket cannot render")
        self.rendered.append((snapshot.version, fresh))
        return f"v{snapshot.version}{'-fresh' if fresh else ''}"

    async def send(self, text_data: str) -> None:
        self.sent.append(text_data)

    async def close(self, code: int) -> None:
        self.closed = code


def _playing_game() -> Game:
    snapshots.forget()
    game, _ = started_game(3)
    drive(game, 1, seed=3)
    game.refresh_from_db()
    return game


def _pass(game: Game) -> int:
    game.refresh_from_db()
    return submit_action(game, Pass(stored_state(game).current),
                         game.version).version


async def settle(room: rooms.Room) -> None:
    """Wait until the room's pump has nothing left to do."""
    for _ in range(500):
        if room.task is None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the pump never stopped")


async def test_a_connecting_socket_gets_one_fresh_frame_and_the_others_nothing() -> None:
    game = await sync_to_async(_playing_game)()
    first, second = FakeSocket(), FakeSocket()
    room = rooms.join(game.pk, game.code, first)
    room.request(fresh=first)
    await settle(room)
    rooms.join(game.pk, game.code, second)
    room.request(fresh=second)
    await settle(room)

    assert first.sent == [f"v{game.version}-fresh"]
    assert second.sent == [f"v{game.version}-fresh"]
    rooms.leave(room, first)
    rooms.leave(room, second)


async def _room_shown_afresh(sockets: Sequence[FakeSocket]) -> tuple[Game, rooms.Room]:
    """A playing game's room holding ``sockets``, each sent its fresh frame."""
    game = await sync_to_async(_playing_game)()
    room = rooms.join(game.pk, game.code, sockets[0])
    for socket in sockets[1:]:
        rooms.join(game.pk, game.code, socket)
    for socket in sockets:
        room.request(fresh=socket)
    await settle(room)
    return game, room


async def test_a_change_renders_every_socket_once_in_one_round() -> None:
    sockets = [FakeSocket() for _ in range(3)]
    game, room = await _room_shown_afresh(sockets)
    version = await sync_to_async(_pass)(game)
    for _ in sockets:  # every socket hears the doorbell; one round answers them all
        room.request(version)
    await settle(room)

    for socket in sockets:
        assert socket.sent[-1] == f"v{version}"
        assert [v for v, fresh in socket.rendered if not fresh] == [version]
    for socket in sockets:
        rooms.leave(room, socket)


async def test_doorbells_during_a_round_fold_into_one_more_round_at_the_latest() -> None:
    game = await sync_to_async(_playing_game)()
    socket = FakeSocket()
    room = rooms.join(game.pk, game.code, socket)
    room.request(fresh=socket)
    await settle(room)
    versions = [await sync_to_async(_pass)(game) for _ in range(3)]
    for version in versions:
        room.request(version)
    await settle(room)

    assert socket.sent[-1] == f"v{versions[-1]}"
    assert len(socket.sent) <= 3  # the fresh frame, then at most two rounds for three rings
    shown = [int(frame[1:].split("-")[0]) for frame in socket.sent]
    assert shown == sorted(shown)  # frames never go back in time
    rooms.leave(room, socket)


async def test_a_doorbell_ahead_of_the_database_does_not_spin() -> None:
    game = await sync_to_async(_playing_game)()
    socket = FakeSocket()
    room = rooms.join(game.pk, game.code, socket)
    room.request(game.version + 50)
    await settle(room)

    assert room.shown >= game.version + 50
    rooms.leave(room, socket)


async def _fresh_round_beside_a_failing_socket(good: FakeSocket
                                               ) -> tuple[Game, rooms.Room, FakeSocket]:
    """A playing game's room holding ``good`` and a socket whose render fails, after a
    round that asked both for a fresh frame."""
    game = await sync_to_async(_playing_game)()
    bad = FakeSocket(fail=True)
    room = rooms.join(game.pk, game.code, good)
    rooms.join(game.pk, game.code, bad)
    room.request(fresh=good)
    room.request(fresh=bad)
    await settle(room)
    return game, room, bad


async def test_one_failing_socket_is_closed_and_the_others_are_served() -> None:
    good = FakeSocket()
    game, room, bad = await _fresh_round_beside_a_failing_socket(good)

    assert good.sent == [f"v{game.version}-fresh"]
    assert bad.sent == [] and bad.closed == rooms.CLOSE_SERVER_ERROR
    rooms.leave(room, good)
    rooms.leave(room, bad)


async def test_a_deleted_game_closes_its_sockets_as_not_found() -> None:
    game = await sync_to_async(_playing_game)()
    socket = FakeSocket()
    room = rooms.join(game.pk, game.code, socket)
    await sync_to_async(Game.objects.filter(pk=game.pk).delete)()
    room.request(fresh=socket)
    await settle(room)

    assert socket.closed == rooms.CLOSE_NOT_FOUND and socket.sent == []
    rooms.leave(room, socket)


async def test_an_empty_room_is_forgotten() -> None:
    game = await sync_to_async(_playing_game)()
    socket = FakeSocket()
    room = rooms.join(game.pk, game.code, socket)
    assert rooms.join(game.pk, game.code, socket) is room
    rooms.leave(room, socket)

    other = FakeSocket()
    assert rooms.join(game.pk, game.code, other) is not room
    rooms.leave(rooms.join(game.pk, game.code, other), other)


class SharingSocket(FakeSocket):
    """A viewer that shares a rendering through the snapshot, as the fragments do."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[bool] = []

    def render_frame(self, snapshot: TableSnapshot, fresh: bool) -> str:
        self.found.append(("shared", "") in snapshot.rendered)
        snapshot.rendered.setdefault(("shared", ""), "x" * 10_000)
        return super().render_frame(snapshot, fresh)


async def test_renderings_are_shared_within_a_round_and_dropped_after_it() -> None:
    sockets = [SharingSocket() for _ in range(3)]
    game, room = await _room_shown_afresh(sockets)
    version = await sync_to_async(_pass)(game)
    room.request(version)
    await settle(room)

    # Each round: the first socket renders, the others find its rendering.
    assert [socket.found for socket in sockets] == [[False, False], [True, True], [True, True]]
    kept = await sync_to_async(snapshots.table_snapshot)(game.pk, game.code, version)
    assert kept is not None and kept.version == version and kept.rendered == {}
    for socket in sockets:
        rooms.leave(room, socket)


async def test_renderings_are_dropped_when_a_socket_fails() -> None:
    good = SharingSocket()
    game, room, bad = await _fresh_round_beside_a_failing_socket(good)

    kept = await sync_to_async(snapshots.table_snapshot)(game.pk, game.code, game.version)
    assert kept is not None and kept.rendered == {}
    rooms.leave(room, good)
    rooms.leave(room, bad)
