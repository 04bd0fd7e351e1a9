"""Speech outside a play at the web table: the say-box's ``say`` action goes through the one
action path on both transports, from any seated player at any moment of a round; bad input
changes nothing and reads the same either way; speech has a rate limit of its own that both
transports share; the table shows the say-box to players only, and hints at a reply owed
only under a public rule."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from pytest_django import Settings

from games.bots.driver import wake_bots_of
from games.engine.actions import Play, Say, WriteRule
from games.engine.events import Said, SpeechBroken
from games.engine.state import RuleEntry
from games.live.fragments import Screen, render_update
from games.models import Game
from games.presets.format import Preset
from games.presets.opening import settings_for
from games.store.acting import ActionRequest, perform
from games.store.reads import game_log
from games.store.writes import submit_action
from tests.examples import share
from tests.factories import (
    arranged_table,
    create_game,
    holder_client,
    staged_rules,
    stored_state,
)
from tests.web.helpers import started_game
from tests.web.presets import TALK, preset_game, with_preset
from tests.web.test_consumer import communicator
from tests.web.test_fragments import LINK, elements, fragments, snapshot_of
from tests.web.test_transports import HTMX, both_ways, post_data, said

pytestmark = pytest.mark.django_db(transaction=True)

TALK_BOX = 'id="say-form"'
HINT = "You owe a reply"


@pytest.fixture(autouse=True)
def talk() -> Iterator[Preset]:
    with with_preset(TALK) as extra:
        yield extra


def say_over_http(game: Game, client: Client, words: str) -> tuple[bool, str]:
    """Say ``words`` from the table's say-box (at the game's latest version): whether it
    was accepted, and the answer."""
    game.refresh_from_db()
    response = client.post(f"/g/{game.code}/act/",
                           post_data({"type": "say", "words": words}, game.version),
                           headers=HTMX)
    assert response.status_code == 200
    return response["X-Mao-Accepted"] == "1", response.content.decode()


def test_a_player_off_their_turn_speaks_and_a_needless_remark_costs_a_card(
        talk: Preset) -> None:
    game, clients = preset_game(talk)
    before = stored_state(game)
    speaker = next(s for s in range(3) if s != before.current)
    accepted, answer = say_over_http(game, clients[speaker], "Nice weather")
    assert accepted and "feedback__text" not in answer  # nothing to tell: the table hears it
    game.refresh_from_db()
    after = stored_state(game)
    events = game_log(game, since=game.version - 1)
    name = after.names[speaker]
    assert [e.text for e in events if isinstance(e, Said | SpeechBroken)] == [
        f"{name} says “Nice weather”.",
        f"Croupier: that's a Talking! {name} spoke outside a play."]
    assert len(after.hands[speaker]) == len(before.hands[speaker]) + 1
    assert (after.current, after.turn) == (before.current, before.turn)
    # Every screen's moment line and log show it, a spectator's too.
    for client in (*clients, holder_client()[0]):
        page = client.get(f"/g/{game.code}/").content.decode()
        assert f"that&#x27;s a Talking! {name} spoke outside a play." in page
        assert f"{name} says “Nice weather”." in page


def test_an_allowed_phrase_costs_nothing(talk: Preset) -> None:
    game, clients = preset_game(talk)
    before = stored_state(game)
    assert say_over_http(game, clients[0], "Point of order")[0]
    game.refresh_from_db()
    assert stored_state(game).hands == before.hands


def test_the_say_box_is_for_every_player_at_every_moment_of_play_and_no_spectator(
        talk: Preset) -> None:
    game, clients = preset_game(talk)
    for client in clients:  # the one on turn and the ones waiting
        assert TALK_BOX in client.get(f"/g/{game.code}/").content.decode()
    assert TALK_BOX not in holder_client()[0].get(f"/g/{game.code}/").content.decode()


def test_no_say_box_while_a_rule_is_being_written() -> None:
    game, clients = started_game()
    assert stored_state(game).phase == "writing"
    assert TALK_BOX not in clients[1].get(f"/g/{game.code}/").content.decode()


def test_a_reply_owed_under_a_house_rule_is_hinted_to_the_one_who_owes_it(talk: Preset) -> None:
    game, clients = preset_game(talk)
    speaker = next(s for s in range(3) if s != stored_state(game).current)
    assert HINT not in clients[speaker].get(f"/g/{game.code}/").content.decode()
    say_over_http(game, clients[speaker], "Oops")  # a Talking penalty: a reply is owed
    assert HINT in clients[speaker].get(f"/g/{game.code}/").content.decode()
    others = [c for i, c in enumerate(clients) if i != speaker]
    assert all(HINT not in c.get(f"/g/{game.code}/").content.decode() for c in others)
    assert say_over_http(game, clients[speaker], "Thank you")[0]
    assert HINT not in clients[speaker].get(f"/g/{game.code}/").content.decode()


def test_a_reply_owed_under_a_secret_rule_is_never_hinted() -> None:
    game, clients = started_game()
    thanks = {"jargon": "Thanks", "rule": {"kind": "reply", "say": "Thank you",
                                           "after": ["pass"]}}
    game = submit_action(game.code, WriteRule(0, thanks), game.version).game
    mover = stored_state(game).current
    response = clients[mover].post(f"/g/{game.code}/act/",
                                   post_data({"type": "pass"}, game.version), headers=HTMX)
    assert response["X-Mao-Accepted"] == "1"
    game.refresh_from_db()
    assert stored_state(game).unanswered == {mover: ["pass"]}
    assert HINT not in clients[mover].get(f"/g/{game.code}/").content.decode()


@pytest.fixture
def speech_limit(settings: Settings, steady_rate_windows: None) -> None:
    settings.RATELIMIT_ENABLE = True
    settings.MAO_RATE_SAY = "2/m"
    settings.MAO_RATE_ACT = "100/m"
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"


@pytest.mark.usefixtures("speech_limit")
def test_speech_over_its_limit_is_not_heard_and_plays_go_on(talk: Preset) -> None:
    game, clients = preset_game(talk)
    mover = stored_state(game).current
    for _ in range(2):
        assert say_over_http(game, clients[mover], "Point of order")[0]
    game.refresh_from_db()
    version = game.version
    accepted, answer = say_over_http(game, clients[mover], "Point of order")
    assert not accepted and "You are going too fast" in said(answer)
    game.refresh_from_db()
    assert game.version == version
    # Another player's speech, and the speaker's own plays, are not held back.
    other = clients[(mover + 1) % 3]
    assert say_over_http(game, other, "Point of order")[0]
    game.refresh_from_db()
    response = clients[mover].post(f"/g/{game.code}/act/",
                                   post_data({"type": "pass"}, game.version), headers=HTMX)
    assert response["X-Mao-Accepted"] == "1"


SAY_CASES = {
    "nothing said": ({"type": "say", "words": "   "}, "Say some words."),
    "too long": ({"type": "say", "words": "a" * 1001},
                 "words must be text of at most 1000 characters"),
}


def test_words_with_a_nul_are_refused(talk: Preset) -> None:
    """(A socket frame holding one is not understood at all: tests/web/test_consumer.py.)"""
    game, clients = preset_game(talk)
    version = game.version
    accepted, answer = say_over_http(game, clients[1], "a\x00b")
    assert not accepted and said(answer) == "What you say cannot contain that character."
    game.refresh_from_db()
    assert game.version == version


@pytest.mark.asyncio
@pytest.mark.parametrize("name", sorted(SAY_CASES))
async def test_bad_speech_reads_the_same_on_both_transports(name: str, talk: Preset) -> None:
    action, words = SAY_CASES[name]
    game, clients = await sync_to_async(preset_game)(talk)
    before = (game.version, game.state)
    over_http, over_socket = await both_ways(game, clients[1], action, game.version)
    assert over_http == over_socket
    assert words in over_http
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


@pytest.mark.asyncio
async def test_a_spectator_cannot_speak_on_either_transport(talk: Preset) -> None:
    game, _ = await sync_to_async(preset_game)(talk)
    spectator = (await sync_to_async(holder_client)())[0]
    over_http, over_socket = await both_ways(game, spectator,
                                             {"type": "say", "words": "Hi"}, game.version)
    assert over_http == over_socket == "You are watching this game: only players can act."


@pytest.mark.asyncio
async def test_no_words_are_heard_while_a_rule_is_written_on_either_transport() -> None:
    game, clients = await sync_to_async(started_game)()
    before = (game.version, game.state)
    over_http, over_socket = await both_ways(game, clients[1],
                                             {"type": "say", "words": "Hi"}, game.version)
    assert over_http == over_socket == "Words are heard only while a round is being played."
    await sync_to_async(game.refresh_from_db)()
    assert (game.version, game.state) == before


@pytest.mark.asyncio
async def test_a_socket_frame_speaks_like_the_say_box(talk: Preset) -> None:
    game, clients = await sync_to_async(preset_game)(talk)
    ws = communicator(game.code, clients[2].cookies["sessionid"].value)
    assert (await ws.connect())[0]
    await ws.receive_from(timeout=5)
    await ws.send_json_to({"type": "act", "version": game.version,
                           "action": {"type": "say", "words": "Point of order", "seat": 0}})
    frames = [await ws.receive_from(timeout=5) for _ in range(2)]
    await ws.disconnect()
    # The seat is the socket's own, whatever the frame says.
    assert any("Worms says “Point of order”." in f for f in frames)
    await sync_to_async(game.refresh_from_db)()
    events = await sync_to_async(game_log)(game, game.version - 1)
    assert [(e.seat, e.words) for e in events if isinstance(e, Said)] == [(2, "Point of order")]


def test_bots_that_owe_a_reply_say_it_once_off_their_turn_too(talk: Preset) -> None:
    """A person's seven makes both bots draw: the bot off its turn thanks at once, the one
    on turn thanks, then plays; neither says it twice nor takes a speech penalty."""
    game = create_game(settings_for(talk, first_rule_maker=0), ["Gogol", "Bull", "Worms"],
                       bots={1: "oracle", 2: "experimenter"})
    game = arranged_table(game, [["7C", "2H"], ["9D", "3D", "5C"], ["4C", "6H", "KS"]],
                          [["8C"]], current=0)
    seq = game.version
    game = submit_action(game.code, Play(0, ("7C",)), game.version).game
    wake_bots_of(game.pk)
    game.refresh_from_db()
    actions = list(game.log.filter(seq__gt=seq).order_by("seq").values_list("action",
                                                                              flat=True))
    says = [(a["seat"], a["words"].lower()) for a in actions if a["type"] == "say"]
    assert sorted(says) == [(1, "thank you"), (2, "thank you")]
    # Worms (off its turn) first, then Bull, on turn, before its play.
    kinds = [(a["type"], a["seat"]) for a in actions]
    assert kinds[:4] == [("play", 0), ("say", 2), ("say", 1), (kinds[3][0], 1)]
    assert kinds[3][0] in ("play", "pass")
    events = game_log(game, since=seq)
    assert not [e for e in events if isinstance(e, SpeechBroken)]


def test_a_bot_never_answers_the_penalty_for_its_own_words_again_and_again(
        talk: Preset) -> None:
    """A secret reply rule the experimenter does not know ("Please") breaks every thank-you
    it says: each costs it a card that would be owed a thank-you again, while the stock
    lasts. The driver lets it answer its draws once: never twice in a row."""
    game = create_game(settings_for(talk, first_rule_maker=0), ["Gogol", "Bull", "Worms"],
                       bots={1: "oracle", 2: "experimenter"})
    please = {"version": 1, "jargon": "Please", "rule": {"kind": "reply", "say": "Please",
                                           "after": ["penalty", "effect"]}}
    game = staged_rules(game, [*stored_state(game).rules, RuleEntry(4, 0, 1, please)])
    game = arranged_table(game, [["7C", "2H"], ["9D", "3D", "5C"], ["4C", "6H", "KS"]],
                          [["8C"]], current=0)
    seq = game.version
    submit_action(game.code, Play(0, ("7C",)), game.version)
    game.refresh_from_db()
    actions = list(game.log.filter(seq__gt=seq).order_by("seq").values_list("action",
                                                                              flat=True))
    worms = [a["type"] for a in actions if a["seat"] == 2]
    assert worms[0] == "say"  # its thank-you, off its turn
    assert all(not (a == b == "say") for a, b in zip(worms, worms[1:], strict=False))
    broken = [e for e in game_log(game, since=seq) if isinstance(e, SpeechBroken)]
    assert ("Please", 2) in [(e.jargon, e.seat) for e in broken]
    assert len(actions) < 40  # the bots stopped when the person was due


def test_a_push_never_replaces_the_say_box_but_carries_the_words(talk: Preset) -> None:
    """The say-box is pushed when it comes (the round's play begins), never while it stays,
    so words being typed and the focus survive every push; the words said come in the
    moment line and the log."""
    game, _ = preset_game(talk)
    snapshot = snapshot_of(game)
    speaker = next(s for s in snapshot.seats if s.index != stored_state(game).current)
    first, screen = render_update(snapshot, speaker, LINK, Screen())
    assert "talk" in fragments(first) and 'id="say-words"' in first
    submit_action(game, Say(speaker.index, "Point of order"), game.version)
    game.refresh_from_db()
    pushed, _ = render_update(snapshot_of(game), speaker, LINK, screen)
    shown = fragments(pushed)
    assert "talk" not in shown and 'id="say-words"' not in pushed
    assert shown["moment"] == "true"
    assert f"{speaker.name} says “Point of order”." in elements(pushed)["moment"]
    assert shown["log-list"] == "afterbegin"


@pytest.fixture
def talk_game(talk: Preset, settings: Settings) -> Game:
    """One game for every example of a hypothesis test, without a speech limit."""
    settings.MAO_RATE_SAY = "10000/m"
    return preset_game(talk)[0]


@share(2, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.text(max_size=1100))
def test_any_words_are_heard_as_said_or_refused_with_a_message_changing_nothing(
        words: str, talk_game: Game) -> None:
    game = talk_game
    game.refresh_from_db()
    seat = game.seats.get(index=1)
    version = game.version
    outcome = perform(game.code, seat.holder, ActionRequest({"type": "say", "words": words},
                                                            version))
    game.refresh_from_db()
    if outcome.accepted:
        assert game.version == version + 1
        heard = [e for e in game_log(game, since=version) if isinstance(e, Said)]
        assert [(e.seat, e.words) for e in heard] == [(1, words)]
    else:
        assert outcome.message and outcome.code
        assert game.version == version
        assert (len(words) > 1000 or "\x00" in words or not words.split()
                or outcome.code == "action/nothing_said"), outcome
