"""A load-test player reads the fragments the real consumer renders (not a copy of them)."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string

from games.engine.actions import WriteRule
from games.live.fragments import render_update
from games.live.snapshots import read_snapshot
from games.models import Game
from games.store.writes import submit_action
from scripts.loadtest import pages
from tests.web.helpers import started_game

pytestmark = pytest.mark.django_db

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
LINK = "http://localhost/g/X/"


def _seen(game: Game, index: int) -> pages.Seen:
    seat = game.seats.get(index=index)
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    frame, _ = render_update(snapshot, seat, LINK, None)
    seen = pages.Seen.read(frame)
    assert seen is not None
    return seen


def test_the_rule_maker_sees_it_must_write_and_the_others_wait() -> None:
    game, _ = started_game(3)
    writer, other = _seen(game, 0), _seen(game, 1)
    assert writer.writing and not writer.my_turn and not writer.ended
    assert not other.writing and not other.my_turn
    assert writer.version == other.version == game.version


def test_the_player_to_move_sees_its_turn_hand_and_top_card() -> None:
    game, _ = started_game(3)
    result = submit_action(game, WriteRule(0, RULE), game.version)
    current = result.state.current
    mine = _seen(result.game, current)
    assert mine.my_turn and not mine.writing
    assert mine.version == result.version
    assert sorted(mine.hand) == sorted(str(c) for c in result.state.hand_cards(current))
    assert mine.top
    waiting = _seen(result.game, (current + 1) % 3)
    assert not waiting.my_turn and waiting.hand != mine.hand


def test_a_lobby_frame_has_no_version_and_feedback_frames_are_told_apart() -> None:
    assert pages.Seen.read('<section id="lobby"></section>') is None
    refusal = render_to_string("games/feedback_oob.html", {"message": "Sorry, that's a Pip."})
    assert pages.is_feedback(refusal)
    assert pages.feedback_text(refusal) == "Sorry, that's a Pip."
    assert pages.feedback_text(render_to_string("games/feedback_oob.html", {"message": ""})) == ""


def test_a_penalty_answer_is_told_apart_from_a_refused_action() -> None:
    from games.engine.actions import Play
    from scripts.loadtest.clients import MaoPlayer, Table, Tally

    game, _ = started_game(3)
    only_jokers = {"jargon": "Pip", "rule": {"kind": "restriction",
                                             "must": {"type": "joker"}}}
    result = submit_action(game, WriteRule(0, only_jokers), game.version)
    seat = result.state.current
    card = next(str(c) for c in result.state.hand_cards(seat) if not c.is_joker)
    played = submit_action(result.game, Play(seat, (card,)), result.version)
    refused = next(e for e in played.events if e.kind == "refused")
    name = result.state.names[seat]
    player = MaoPlayer(Table("X"), seat, "http://127.0.0.1:1", 2.0, Tally(), 1, name)
    assert player.is_penalty(refused.text_for(seat))
    assert not player.is_penalty("It is not your turn.")


def apply_pass(state: object, seat: int) -> int:
    """Who moves after ``seat`` passes (the engine's answer, without storing anything)."""
    from games.engine.actions import Pass
    from games.engine.apply import apply

    after, _ = apply(state, Pass(seat))  # type: ignore[arg-type]
    return after.current


def test_a_push_without_the_hand_or_piles_keeps_what_the_screen_showed() -> None:
    from games.engine.actions import Pass
    from games.live.fragments import render_update as render

    game, _ = started_game(3)
    result = submit_action(game, WriteRule(0, RULE), game.version)
    current = result.state.current
    following = apply_pass(result.state, current)
    # A seat that neither moves now nor next: its hand shows no change of turn.
    watcher = result.game.seats.get(index=({0, 1, 2} - {current, following}).pop())
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    first, screen = render(snapshot, watcher, LINK)
    before = pages.Seen.read(first)
    assert before is not None and before.hand and before.top

    passed = submit_action(result.game, Pass(current), result.version)
    later = read_snapshot(game.pk, game.code)
    assert later is not None
    push, screen = render(later, watcher, LINK, screen)
    assert 'id="hand"' not in push  # their hand did not change
    seen = pages.Seen.read(push, before)
    assert seen is not None and seen.version == passed.version
    assert seen.hand == before.hand and seen.top == before.top
    alone = pages.Seen.read(push)
    assert alone is not None and alone.hand == ()  # without what the screen showed
    status_only, _ = render(later, watcher, LINK, screen)
    assert 'id="piles"' not in status_only
    kept = pages.Seen.read(status_only, seen)
    assert kept is not None and (kept.hand, kept.top) == (seen.hand, seen.top)
