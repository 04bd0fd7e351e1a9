"""No hand shows during a point of order: every page and every frame each seat or a
spectator gets while one lasts (a whole screen, or the push to a screen that showed the hand
and the log before) holds no card of the hand as a card, none of them named in the hand's
place, no private line of the log ("Your hand: …", "You draw Q♥ …"), and no view holds a
hand at all; once it ends, each seat sees its own hand and its own lines again (and only its
own)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.engine.actions import CallOrder, EndOrder, Pass
from games.engine.events import Event
from games.engine.visibility import player_view
from games.live.fragments import Screen, render_update
from games.models import Game, Seat
from games.presets.format import Preset
from games.store.reads import game_log
from games.store.writes import submit_action
from games.table.context import CardFace
from tests.factories import holder_client, stored_state
from tests.web.presets import preset_game, with_preset
from tests.web.test_fragments import LINK, elements, snapshot_of
from tests.web.test_order import ORDER

pytestmark = pytest.mark.django_db(transaction=True)

CARD_ATTR = re.compile(r'data-card="([^"]+)"')


@pytest.fixture()
def orderly() -> Any:
    with with_preset(ORDER) as extra:
        yield extra


def names_of(cards: list[str]) -> list[str]:
    """Every way the table writes these cards: their code, name, label and face."""
    faces = [CardFace.of(c) for c in cards]
    return [*cards, *(f.name for f in faces), *(f.label for f in faces),
            *(f"{f.rank}</span><span class=\"card__suit\">{f.suit}" for f in faces)]


def private_lines(events: list[Event], seat: Seat | None) -> list[str]:
    """What the log told ``seat`` alone (its hand, the cards it drew)."""
    return [e.private for e in events
            if seat is not None and e.to == seat.index and e.private]


def check(html: str, hands: list[list[str]], private: list[str], what: str) -> None:
    """``html`` shows no card of any hand: no card element, no card named where the hand is
    drawn, and no private line of the log."""
    assert CARD_ATTR.findall(html) == [], what
    hand = elements(html).get("hand", "")
    for cards in hands:
        for name in names_of(cards):
            assert name not in hand, f"{what}: {name!r} in the hand"
    for line in private:
        assert line not in html, f"{what}: {line!r}"


def screens(game: Game, seats: list[Seat | None]) -> list[tuple[Seat | None, Screen]]:
    """Each viewer's screen as a blank screen's first push leaves it (a seat's hand shown)."""
    snapshot = snapshot_of(game)
    found = []
    for seat in seats:
        frame, screen = render_update(snapshot, seat, LINK)
        assert (CARD_ATTR.findall(frame) != []) == (seat is not None)
        found.append((seat, screen))
    return found


def test_no_page_frame_or_view_shows_a_hand_while_a_point_of_order_lasts(
        orderly: Preset) -> None:
    game, clients = preset_game(orderly)
    state = stored_state(game)
    # A move first, so that the hands are not the ones dealt.
    game = submit_action(game, Pass(state.current), game.version).game
    watcher = holder_client()[0]
    seats: list[Seat | None] = [*game.seats.order_by("index"), None]
    before = screens(game, seats)
    caller = next(s for s in (0, 1, 2) if s != stored_state(game).current)
    game = submit_action(game, CallOrder(caller), None).game
    game.refresh_from_db()
    state = stored_state(game)
    hands = [list(h) for h in state.hands]
    events = game_log(game)
    snapshot = snapshot_of(game)
    viewers: list[tuple[Seat | None, Client]] = [*zip(seats[:-1], clients, strict=True),
                                                 (None, watcher)]
    for (seat, client), (_, shown) in zip(viewers, before, strict=True):
        who = "spectator" if seat is None else seat.name
        private = private_lines(events, seat)
        assert (private != []) == (seat is not None)  # every seat was told its hand
        check(client.get(f"/g/{game.code}/").content.decode(), hands, private,
              f"{who}'s page")
        check(render_update(snapshot, seat, LINK)[0], hands, private, f"{who}'s whole frame")
        pushed, _ = render_update(snapshot, seat, LINK, shown)
        # A seat's screen showed its hand and its own lines: the push replaces both.
        assert ('id="hand"' in pushed) == (seat is not None), who
        assert 'id="log"' in pushed, who
        check(pushed, hands, private, f"{who}'s push")
        view = player_view(state, None if seat is None else seat.index)
        assert view.hand == () and view.to_json()["hand"] == ()
    # It ends: each seat sees its own hand again, and only its own.
    game = submit_action(game, EndOrder(caller), None).game
    snapshot = snapshot_of(game)
    for seat, client in viewers:
        page = client.get(f"/g/{game.code}/").content.decode()
        own = [] if seat is None else sorted(hands[seat.index])
        assert sorted(CARD_ATTR.findall(page)) == own
        assert sorted(CARD_ATTR.findall(render_update(snapshot, seat, LINK)[0])) == own
        assert all(line in page for line in private_lines(events, seat))
