"""Hostile frames on the table's WebSocket: each gets a clear refusal or closes the socket,
the game's state and version stay exactly as they were, and everyone else keeps being served.

Frames are generated with hypothesis; :func:`tests.hardening.helpers.would_accept` (the pure
engine) drops the rare generated frame that is in fact a legal action.
"""

from __future__ import annotations

import html
import json
from types import SimpleNamespace
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from hypothesis import HealthCheck, assume, given
from hypothesis import strategies as st

from games.engine.actions import MAX_SAY
from games.live.consumers import CLOSE_FLOOD, CLOSE_TOO_BIG, MAX_FRAME, RATE_LIMIT
from games.models import Game
from rules.cards import make_deck
from tests.examples import share
from tests.factories import stored_state
from tests.games.helpers import snapshot
from tests.hardening.helpers import (
    ERROR,
    act_frame,
    asnapshot,
    communicator,
    connected,
    key_of,
    playing_game,
    would_accept,
)
from tests.web.helpers import client_with_session, started_game

pytestmark = pytest.mark.django_db(transaction=True)

CARD_TEXTS = sorted({str(card) for card in make_deck(1, True)})
NASTY_TEXT = ["\ud800", "\udfff", "a\x00b", "\x00", "\u202e", "<script>alert(1)</script>",
              "{{ settings.SECRET_KEY }}", "'; DROP TABLE games_game; --", "²", "١٢"]

json_leaf = (st.none() | st.booleans() | st.integers(-(2**80), 2**80)
             | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
json_value = st.recursive(json_leaf, lambda children: st.lists(children, max_size=4)
                          | st.dictionaries(st.text(max_size=8), children, max_size=4),
                          max_leaves=12)
texts = st.text(max_size=40) | st.sampled_from(NASTY_TEXT) | st.integers(
    MAX_SAY + 1, MAX_SAY + 700).map(lambda n: "x" * n)
cards = st.lists(st.sampled_from(CARD_TEXTS) | st.sampled_from(NASTY_TEXT) | json_leaf,
                 max_size=40)
action = st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "pass", "claim_win", "end_game", "write_rule"])
     | st.text(max_size=10) | json_leaf},
    optional={"cards": cards, "say": texts | json_leaf,
              "suit": st.sampled_from("CDHSX") | json_leaf,
              "pile": st.integers(-3, 2**70) | json_leaf,
              "named": st.lists(st.sampled_from(CARD_TEXTS) | json_leaf, max_size=3) | json_leaf,
              "seat": st.integers(-2, 9) | json_leaf, "rule": json_value, "game": json_value,
              "extra": json_value})


plays = st.fixed_dictionaries(
    {"type": st.just("play"),
     "cards": st.lists(st.sampled_from(CARD_TEXTS), min_size=1, max_size=15)},
    optional={"say": texts, "suit": st.sampled_from("CDHS") | json_leaf,
              "pile": st.integers(-1, 3), "named": st.lists(st.sampled_from(CARD_TEXTS),
                                                            max_size=2),
              "seat": st.integers(0, 7)})


def nested_act(version: int, depth: int) -> str:
    """An act frame whose action is ``depth`` nested lists."""
    return f'{{"type": "act", "version": {version}, "action": {"[" * depth + "]" * depth}}}'


def versions(current: int) -> st.SearchStrategy[Any]:
    """Mostly the right version, else stale, future, absurd or wrongly typed ones."""
    good = st.sampled_from([current] * 6 + [current - 1, current + 1, -1, 0, 2**63, 10**30])
    weird = (st.integers() | st.floats() | st.text(max_size=4) | st.booleans() | st.none()
             | st.just(str(current)) | st.just(float(current)))
    return st.integers(0, 3).flatmap(lambda n: weird if n == 0 else good)


def frames(current: int) -> st.SearchStrategy[str | bytes]:
    """Every kind of frame a hostile client can send."""
    nested = st.integers(50, 2500).map(
        lambda n: nested_act(current, n))
    return st.one_of(
        st.text(max_size=200),                                   # not JSON, mostly
        json_value.map(json.dumps),                              # JSON, not a message
        st.builds(act_frame, versions(current), action),         # actions, malformed or not
        st.builds(act_frame, versions(current), plays),          # plays, mostly of cards
        st.builds(act_frame, versions(current), json_value),     # "action" not an object
        nested,                                                  # deep nesting
        st.binary(max_size=64),                                  # binary frames
        st.integers(MAX_FRAME + 1, 3 * MAX_FRAME).map(lambda n: " " * n),  # oversized
    )


async def check_refused(game: Game, key: str | None, sent: list[str | bytes]) -> None:
    """Send ``sent`` on a fresh socket: each frame is refused clearly (or closes the socket
    for abuse), and the stored game is exactly as it was."""
    before = await asnapshot(game)
    ws = await connected(game.code, key)
    for frame in sent:
        # Raw input: the communicator's send_to refuses empty frames, a client need not.
        kind = "bytes" if isinstance(frame, bytes) else "text"
        await ws.send_input({"type": "websocket.receive", kind: frame})
        output = await ws.receive_output(timeout=5)
        size = len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8",
                                                                          "surrogatepass"))
        if size > MAX_FRAME:
            assert output == {"type": "websocket.close", "code": CLOSE_TOO_BIG}
            break
        assert output["type"] == "websocket.send" and ERROR in output["text"], output
    await ws.disconnect()
    assert await asnapshot(game) == before


def seat_for(game: Game, clients: list[Any], role: str) -> tuple[str | None, int | None, bool]:
    """The session key, seat and host flag of an abuser playing ``role``."""
    current = stored_state(game).current
    if role == "current":
        return key_of(clients[current]), current, current == 0
    if role == "other":  # neither the one to move nor the host (who may end the game)
        seat = next(s for s in range(1, len(clients)) if s != current)
        return key_of(clients[seat]), seat, False
    if role == "spectator":
        return client_with_session()[1], None, False
    # A player seated in another game, acting in this one.
    _, others = started_game(2)
    return key_of(others[0]), None, False


@pytest.mark.parametrize("role", ["current", "other", "spectator", "foreign"])
def test_hostile_frames_are_refused_and_change_nothing(role: str) -> None:
    game, clients = playing_game()
    key, seat, is_host = seat_for(game, clients, role)

    @share(2.5, database=None,
           suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(st.lists(frames(game.version), min_size=1, max_size=3))
    def run(sent: list[str | bytes]) -> None:
        for frame in sent:
            if isinstance(frame, str):
                assume(not would_accept(game, seat, is_host, frame))
                decoded = json.loads(frame) if _is_json(frame) else None
                assume(not (isinstance(decoded, dict) and decoded.get("type") == "resync"))
        async_to_sync(check_refused)(game, key, sent)

    run()


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def named_cases(game: Game, hand: list[str]) -> dict[str, tuple[str, str]]:
    """One frame per kind of hostile input, with the words its refusal must contain."""
    v = game.version
    not_held = next(c for c in CARD_TEXTS if c not in hand)
    held = hand[0]
    return {
        "malformed JSON": ('{"type": "act", "version": 1,', "not understood"),
        "unknown message": ('{"type": "shutdown"}', "not understood"),
        "unknown action": (act_frame(v, {"type": "cheat"}), "Unknown action"),
        "card not held": (act_frame(v, {"type": "play", "cards": [not_held]}), "do not hold"),
        "not a card": (act_frame(v, {"type": "play", "cards": ["ZZ"]}), "not a card"),
        "stale version": (act_frame(v - 1, {"type": "pass"}), "out of date"),
        "future version": (act_frame(v + 7, {"type": "pass"}), "out of date"),
        "version as text": (act_frame(str(v), {"type": "pass"}), "the \"version\" you saw"),
        "say too long": (act_frame(v, {"type": "play", "cards": [held],
                                       "say": "x" * (MAX_SAY + 1)}),
                         f"at most {MAX_SAY} characters"),
        "giant card list": (act_frame(v, {"type": "play", "cards": [held] * 300}),
                            "1 to 13 cards"),
        "deep nesting": (nested_act(v, 1500), "an \"action\" object"),
        "NUL in say": (act_frame(v, {"type": "play", "cards": [held], "say": "a\x00b"}),
                       "not understood"),
        # json.dumps writes the lone surrogate as the escape "\\ud800", as a client could.
        "lone surrogate": (act_frame(v, {"type": "play", "cards": [held], "say": "\ud800"}),
                           "not understood"),
        "a rule over the socket": (act_frame(v, {"type": "write_rule", "rule": {}}),
                                   "rule builder"),
        "unknown field": (act_frame(v, {"type": "pass", "admin": True}), "unknown field"),
        "bad pile": (act_frame(v, {"type": "play", "cards": [held], "pile": 10**20}),
                     "no pile"),
    }


@pytest.mark.asyncio
async def test_each_kind_of_hostile_frame_gets_a_clear_refusal() -> None:
    game, clients = await sync_to_async(playing_game)()
    current = stored_state(game).current
    cases = named_cases(game, stored_state(game).hands[current])
    before = await asnapshot(game)
    for name, (frame, words) in cases.items():
        ws = await connected(game.code, key_of(clients[current]))
        await ws.send_to(text_data=frame)
        reply = html.unescape(await ws.receive_from(timeout=5))
        assert ERROR in reply and words in reply, (name, reply)
        await ws.disconnect()
    assert await asnapshot(game) == before


@pytest.mark.asyncio
async def test_forged_seats_and_games_act_as_nobody_else() -> None:
    game, clients = await sync_to_async(playing_game)()
    current = stored_state(game).current
    other = next(s for s in range(1, 3) if s != current)
    _, strangers = await sync_to_async(started_game)(2)
    before = await asnapshot(game)
    cases = [
        # A seat field is ignored: the socket's own seat acts, and it is not its turn.
        (key_of(clients[other]), {"type": "pass", "seat": current}, "not yours"),
        (key_of(clients[other]), {"type": "end_game", "seat": 0}, "Only the host"),
        # A session seated in another game is a spectator here, whatever it claims.
        (key_of(strangers[0]), {"type": "pass", "seat": current}, "only players can act"),
        (None, {"type": "pass", "seat": current}, "only players can act"),
    ]
    for key, action, words in cases:
        ws = await connected(game.code, key)
        await ws.send_to(text_data=act_frame(game.version, action, game=game.code, seat=current))
        reply = html.unescape(await ws.receive_from(timeout=5))
        assert ERROR in reply and words in reply, (action, reply)
        await ws.disconnect()
    assert await asnapshot(game) == before


@pytest.mark.asyncio
async def test_abusers_are_closed_and_everyone_else_is_still_served() -> None:
    game, clients = await sync_to_async(playing_game)()
    current = stored_state(game).current
    bystander_seat = next(s for s in range(3) if s != current)
    bystander = await connected(game.code, key_of(clients[bystander_seat]))
    mover = await connected(game.code, key_of(clients[current]))
    before = await asnapshot(game)

    big = await connected(game.code, key_of(clients[current]))
    await big.send_to(text_data=act_frame(game.version, {"type": "pass", "pad": "x" * 5000}))
    assert await big.receive_output(timeout=5) == {"type": "websocket.close",
                                                   "code": CLOSE_TOO_BIG}
    flood = await connected(game.code, key_of(clients[bystander_seat]))
    for _ in range(RATE_LIMIT):
        await flood.send_to(text_data=act_frame(game.version, {"type": "pass"}))
        assert ERROR in await flood.receive_from(timeout=5)
    await flood.send_to(text_data=act_frame(game.version, {"type": "pass"}))
    assert await flood.receive_output(timeout=5) == {"type": "websocket.close",
                                                     "code": CLOSE_FLOOD}
    assert await asnapshot(game) == before
    assert await bystander.receive_nothing(timeout=0.2)

    # The game goes on for everyone who behaved: the mover's pass reaches the bystander.
    await mover.send_json_to({"type": "act", "version": game.version, "action": {"type": "pass"}})
    pushed = await bystander.receive_from(timeout=5)
    assert f'name="version" value="{game.version + 1}"' in pushed
    fresh = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert fresh.version == game.version + 1
    for ws in (bystander, mover):
        await ws.disconnect()


@pytest.mark.asyncio
async def test_a_flood_is_per_socket_and_the_limit_resets_with_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import games.live.consumers

    game, clients = await sync_to_async(playing_game)()
    clock = [1000.0]
    # The consumer's clock only (the time module itself drives the event loop and drivers).
    monkeypatch.setattr(games.live.consumers, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    ws = await connected(game.code, key_of(clients[1]))
    for _ in range(3):
        for _ in range(RATE_LIMIT):
            await ws.send_to(text_data="{}")
            assert ERROR in await ws.receive_from(timeout=5)
        clock[0] += games.live.consumers.RATE_WINDOW + 0.1  # a patient client is never cut off
    await ws.disconnect()


def test_snapshot_sees_a_change() -> None:
    """The tests above rely on :func:`snapshot` noticing any accepted action."""
    from games.engine.actions import Pass
    from games.store.writes import submit_action

    game, _ = playing_game()
    before = snapshot(game)
    submit_action(game.pk, Pass(stored_state(game).current), game.version)
    assert snapshot(game) != before


@pytest.mark.asyncio
@pytest.mark.parametrize("code", ["\x00", "ABC\x00", "A" * 5000, "%00", "..", "ÄÖÜ"])
async def test_a_socket_to_a_hostile_game_code_is_closed(code: str) -> None:
    ws = communicator(code)
    connected, close_code = await ws.connect(timeout=5)
    assert not connected and close_code == 4404
