"""Pushes carry only what changed, from renderings shared between viewers, and leak nothing.

A socket's :class:`~games.live.fragments.Screen` says what its page shows; the next push sends the
status, the fragments whose content differs, and only the new log lines. Fragments that show
two viewers the same thing are rendered once per version (``TableSnapshot.rendered``), from
contexts sharing one public part (``TableSnapshot.public``): the property test renders every
viewer twice, once from the shared snapshot and once alone, and the frames must be equal,
and must pass the leak audit of tests/web/test_no_leak.py.
"""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser
from itertools import accumulate
from unittest import mock

import pytest
from django.template.loader import render_to_string
from django.utils.html import escape
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from games.authoring.examples import template
from games.authoring.spec_form import spec_to_form
from games.builder.context import panel_context
from games.engine.actions import Pass
from games.live.fragments import Screen, _own_row, render_update
from games.live.snapshots import TableSnapshot, read_snapshot
from games.models import Game, Seat
from games.store.reads import game_log
from games.store.writes import submit_action
from games.table.context import LOG_ACTIONS, table_context
from tests.examples import share
from tests.factories import play_until, stored_state
from tests.web.helpers import started_game
from tests.web.test_no_leak import check_html, drive

pytestmark = pytest.mark.django_db

LINK = "http://localhost/g/X/"
FRAGMENT_ID = re.compile(r'<\w+ id="([\w-]+)"[^>]*hx-swap-oob="([\w:#-]+)"')


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class _Elements(HTMLParser):
    """Finds where each element with an id starts and ends in a frame."""

    def __init__(self, frame: str) -> None:
        super().__init__(convert_charrefs=False)
        self.open: list[tuple[str, int]] = []  # (id or "", start offset) of each open element
        self.depth: list[int] = []
        self.found: dict[str, tuple[int, int, int]] = {}  # id -> start, end, depth
        # Where each line of the frame starts, for offsets from the parser's line and column.
        self.line_starts = [0, *accumulate(len(line) for line in frame.splitlines(True))]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.open.append((dict(attrs).get("id") or "", self._offset()))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        name, start = self.open.pop()
        if name:
            self.found[name] = (start, self._offset() + len(f"</{tag}>"), len(self.open))

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column


def elements(frame: str, top_only: bool = False) -> dict[str, str]:
    """The elements of a frame that have an id (``top_only``: its fragments), by id."""
    parser = _Elements(frame)
    parser.feed(frame)
    return {name: frame[start:end] for name, (start, end, depth) in parser.found.items()
            if depth == 0 or not top_only}


def snapshot_of(game: Game) -> TableSnapshot:
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    return snapshot


def fragments(frame: str) -> dict[str, str]:
    """The fragments of a frame: id -> swap style."""
    return dict(FRAGMENT_ID.findall(frame))


def playing_game(players: int = 3) -> Game:
    game, _ = started_game(players)
    drive(game, 1, seed=1)  # the first rule: the cards are dealt
    game.refresh_from_db()
    assert game.phase == "playing"
    return game


def test_a_blank_screen_gets_every_fragment_and_the_whole_log() -> None:
    game = playing_game()
    snapshot = snapshot_of(game)
    frame, screen = render_update(snapshot, snapshot.seats[0], LINK, Screen())

    assert {"status", "moment", "seats", "piles", "hand", "rules", "log", "stage"} <= set(
        fragments(frame))
    assert screen.log_version == game.version and screen.stage


def test_the_next_push_carries_the_status_what_changed_and_the_new_log_lines() -> None:
    game = playing_game()
    snapshot = snapshot_of(game)
    state = stored_state(game)
    mover = state.current
    watcher = next(s for s in snapshot.seats if s.index != mover)
    _, watcher_screen = render_update(snapshot, watcher, LINK)
    _, mover_screen = render_update(snapshot, snapshot.seats[mover], LINK)

    submit_action(game, Pass(mover), game.version)
    game.refresh_from_db()
    after = snapshot_of(game)
    watched, _ = render_update(after, watcher, LINK, watcher_screen)
    moved, _ = render_update(after, after.seats[mover], LINK, mover_screen)

    shown = fragments(watched)
    assert shown["status"] == "true" and shown["seats"] == "true"  # turn and hand counts
    assert "hand" not in shown and "stage" not in shown and "log" not in shown
    assert shown["log-list"] == "afterbegin"
    assert f"{snapshot.seats[mover].name} draws" in watched  # the new log line, public form
    # The mover drew a card: their hand changed, and their private line says which.
    assert "hand" in fragments(moved)
    assert len(re.findall(r'data-card="', moved)) == len(
        stored_state(game).hands[mover])


def test_an_unchanged_version_sends_only_the_status() -> None:
    game = playing_game()
    snapshot = snapshot_of(game)
    _, screen = render_update(snapshot, snapshot.seats[1], LINK)
    again, _ = render_update(snapshot, snapshot.seats[1], LINK, screen)

    assert list(fragments(again)) == ["status"]


def test_a_screen_keeps_digests_of_what_it_shows_not_the_strings() -> None:
    """A socket keeps its Screen for as long as it is open: 16 bytes a fragment, however
    long the seat list or the rules it was drawn from."""
    game = playing_game()
    snapshot = snapshot_of(game)
    _, screen = render_update(snapshot, snapshot.seats[0], LINK)

    assert set(screen.shown) >= {"status", "seats", "hand", "piles", "rules"}
    assert all(isinstance(d, bytes) and len(d) == 16 for d in screen.shown.values())


def test_the_rule_builder_is_built_only_when_the_writer_s_stage_is_drawn() -> None:
    """The builder's preview (with the stall analysis of every rule) is the dearest part of
    a writer's view: a push that keeps the writer's stage must not pay for it."""
    game, _ = started_game(3)  # seat 0 writes the first rule
    snapshot = snapshot_of(game)
    writer = snapshot.seats[0]
    with mock.patch("games.table.context.panel_context", wraps=panel_context) as built:
        first, screen = render_update(snapshot, writer, LINK)
        again, _ = render_update(snapshot, writer, LINK, screen)

    assert "stage" in fragments(first) and 'id="builder' in first
    assert list(fragments(again)) == ["status"]
    assert built.call_count == 1  # the first frame's, drawn; not the push's


def test_a_push_draws_the_builder_without_computing_a_preview() -> None:
    """Even a finished draft (an idea to start from) is pushed without its preview: the
    builder asks for it as it loads (tests/builder/test_views.py), so that no render round
    computes a grid, its warnings or a stall analysis for one viewer."""
    game, _ = started_game(3)  # seat 0 writes the first rule
    snapshot = snapshot_of(game)
    idea = template("09-2")
    assert idea is not None
    with mock.patch("games.builder.context.adopted",
                    lambda _: spec_to_form(idea.spec, idea.jargon)), \
            mock.patch("games.builder.context.computed_preview") as computed:
        frame, _ = render_update(snapshot, snapshot.seats[0], LINK)
    preview = elements(frame)["builder-preview"]

    assert computed.call_count == 0
    assert 'hx-trigger="load"' in preview and "Checking your rule" in preview
    assert 'class="gcard ' not in frame and "builder-difficulty" not in frame
    assert "preview-warnings" not in preview


def test_a_push_that_makes_a_player_the_writer_draws_the_builder() -> None:
    """The other side of the cut above: a kept screen whose stage changes in a push (a
    round won) gets the stage with the builder, as a page loaded afresh would show it."""
    game = playing_game()
    before = snapshot_of(game)
    screens = {seat.index: render_update(before, seat, LINK)[1] for seat in before.seats}
    game = play_until(game, lambda state: state.phase == "writing")
    after = snapshot_of(game)
    writer = after.seats[stored_state(game).writers[0]]
    frame, _ = render_update(after, writer, LINK, screens[writer.index])

    assert "stage" in fragments(frame)
    builder = elements(frame)["builder"]
    assert builder == elements(render_update(after, writer, LINK)[0])["builder"]


def test_a_screen_too_far_behind_gets_the_whole_log_again() -> None:
    game = playing_game()
    snapshot = snapshot_of(game)
    _, screen = render_update(snapshot, snapshot.seats[1], LINK)
    stale = dataclasses.replace(screen, log_version=game.version - LOG_ACTIONS - 1)
    frame, _ = render_update(snapshot, snapshot.seats[1], LINK, stale)

    assert fragments(frame).get("log") == "true" and "log-list" not in fragments(frame)


def test_a_lobby_screen_stays_a_lobby_screen() -> None:
    game = playing_game()
    frame, screen = render_update(snapshot_of(game), None, LINK, Screen.blank(lobby=True))

    assert "lobby" in frame and 'id="status"' not in frame and screen.is_lobby


@share(0.25, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), players=st.integers(2, 4),
       steps=st.lists(st.integers(1, 4), min_size=3, max_size=8))
def test_shared_renderings_equal_a_viewers_own_and_leak_nothing(
        seed: int, players: int, steps: list[int]) -> None:
    game, _ = started_game(players)
    viewers = [*range(players), None]
    shared: dict[int | None, Screen] = {v: Screen() for v in viewers}
    alone: dict[int | None, Screen] = {v: Screen() for v in viewers}
    for step in steps:
        snapshot = snapshot_of(game)
        seats = {s.index: s for s in snapshot.seats}
        state = stored_state(snapshot.game)
        events = game_log(game)
        for viewer in viewers:
            seat = seats[viewer] if viewer is not None else None
            frame, shared[viewer] = render_update(snapshot, seat, LINK, shared[viewer])
            own = dataclasses.replace(snapshot, rendered={}, public={})
            expected, alone[viewer] = render_update(own, seat, LINK, alone[viewer])
            assert frame == expected, f"viewer {viewer} got another viewer's rendering"
            if state.phase != "ended":  # at the end everything is revealed
                check_html(frame, state, events, viewer)
            # Each fragment a push carries is the one a page loaded afresh would show.
            whole = elements(render_update(dataclasses.replace(snapshot, rendered={}, public={}),
                                           seat, LINK)[0])
            for name, html in elements(frame, top_only=True).items():
                if name != "log-list":
                    assert html == whole[name], f"viewer {viewer}: #{name} differs"
            # The seat list, made from the list all viewers share, is the page's own.
            assert whole["seats"] == page_seats(snapshot, seat)
        if state.phase == "ended":
            break
        drive(game, step, seed + step)
        game.refresh_from_db()


def page_seats(snapshot: TableSnapshot, seat: Seat | None) -> str:
    """The seat list as the table's template renders it whole for ``seat``."""
    context = table_context(snapshot.game, seat, snapshot.events, snapshot.seats)
    return render_to_string("games/table.html#seats", context | {"oob": True}).strip()


@pytest.mark.parametrize("name", ["Bob", "Ann", '<li class="seat">Eve</li>', "Ann (you)"])
def test_each_viewer_s_seat_list_is_the_whole_list_rendered_for_them(name: str) -> None:
    game, _ = started_game(4)
    Seat.objects.filter(game=game, index=2).update(name=name)  # "Ann": a name twice
    Seat.objects.filter(game=game, index=3).update(is_bot=True, bot_kind="oracle")
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    names = [s.name for s in snapshot.seats]
    for seat in [*snapshot.seats, None]:
        frame, _ = render_update(snapshot, seat, LINK)
        seats = elements(frame, top_only=True)["seats"]
        assert seats == page_seats(snapshot, seat)
        marked = re.findall(r'<li class="seat[^"]*seat--me[^"]*">\s*<span class="seat__name">'
                            r'([^<]*) \(you\)', seats)
        assert marked == ([] if seat is None else [escape(names[seat.index])])
    # One list was rendered for everybody, not one per viewer.
    assert sum(key[0] == "seats-shared" for key in snapshot.rendered) == 1


def test_a_viewer_s_own_row_is_drawn_again_only_when_it_changed() -> None:
    """The list changes with every action; a viewer's own row only with its seat's count,
    turn or name, and is then drawn afresh (never another push's row)."""
    game = playing_game(4)
    mover = stored_state(game).current
    bystander = next(s for s in snapshot_of(game).seats
                     if s.index not in (mover, (mover + 1) % 4))
    _own_row.cache_clear()
    render_update(snapshot_of(game), bystander, LINK)
    submit_action(game, Pass(mover), game.version)  # the mover draws; the turn moves on
    game.refresh_from_db()
    after = snapshot_of(game)
    frame, _ = render_update(after, bystander, LINK)
    mover_frame, _ = render_update(after, after.seats[mover], LINK)

    assert _own_row.cache_info().hits == 1  # the bystander's row, as it was
    assert _own_row.cache_info().misses == 2  # first sight of it; the mover's new row
    assert elements(frame, top_only=True)["seats"] == page_seats(after, bystander)
    assert elements(mover_frame, top_only=True)["seats"] == page_seats(after, after.seats[mover])


def test_the_whole_log_says_when_earlier_lines_are_not_shown() -> None:
    game = playing_game()
    frame, _ = render_update(snapshot_of(game), None, LINK)
    assert re.search(r'<p id="log-earlier" class="muted" hidden>', frame)

    drive(game, LOG_ACTIONS + 5, seed=0)  # a seeded game, still going after these actions
    game.refresh_from_db()
    assert len(stored_state(game).history) > LOG_ACTIONS
    frame, _ = render_update(snapshot_of(game), None, LINK)
    assert re.search(r'<p id="log-earlier" class="muted" >', frame)


@share(0.75)
@given(seed=st.integers(min_value=0, max_value=100_000), players=st.integers(2, 5))
def test_every_action_gives_every_viewer_a_log_line(seed: int, players: int) -> None:
    """Why LOG_ACTIONS = LOG_SHOWN is enough: 80 actions hold at least 80 lines for anyone."""
    from games.engine.apply import apply
    from games.engine.bots import make_bot
    from games.engine.settings import GameSettings
    from games.engine.setup import new_game
    from games.engine.visibility import log_line, player_view
    from games.table.context import LOG_SHOWN, log_lines

    assert LOG_ACTIONS >= LOG_SHOWN
    names = ["Ann", "Bob", "Cy", "Di", "Ed"][:players]
    state = new_game(GameSettings(players=players), names, seed)
    bots = [make_bot("oracle" if i % 2 else "experimenter", i, seed + i,
                     insight=lambda: state.rulebook())
            for i in range(players)]
    for _ in range(150):
        if state.phase == "ended":
            break
        due = state.writers if state.phase == "writing" else [state.current]
        action = bots[due[0]].act(player_view(state, due[0]))
        assert action is not None
        state, events = apply(state, action)
        for viewer in [*range(players), None]:
            assert log_lines([log_line(e, viewer) for e in events]), (viewer, action)
