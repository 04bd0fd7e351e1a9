"""The table's hot fragments, drawn by Jinja2, are the page's own in every push, escaped.

Over generated games of every preset (clocks, matches, dealers, two decks, points of
order, names with markup in them), each fragment a push draws for a viewer is byte for byte
the one in the page that viewer loads; whatever a player writes (names, jargon, words) shows
escaped in both.
"""

from __future__ import annotations

import re
from typing import Any
from unittest import mock

import pytest
from django.template.loader import render_to_string
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from games.engine.actions import CallOrder, Say, WriteRule
from games.engine.bots import KnownRules, Oracle
from games.engine.errors import EngineError
from games.engine.settings import GameSettings
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.live.fragments import render_update
from games.live.snapshots import read_snapshot
from games.models import Game, Seat
from games.presets import registry
from games.presets.opening import settings_for
from games.store.writes import submit_action
from games.table.context import table_context
from tests.examples import share
from tests.factories import create_game, stored_state
from tests.web.test_fragments import LINK, elements

pytestmark = pytest.mark.django_db

#: The server's time, in ms, where a test has the clock run.
CLOCK = 1_800_000_000_000
#: One line of the log as the page and the push draw it.
LOG_ITEM = re.compile(r'<li class="log__item[^"]*">.*?</li>')
#: A secret rule: no face cards.
FACES = {"kind": "restriction", "must_not": {"type": "face"}}
#: Names a player may choose, markup and quotes among them.
HOSTILE = ("<script>alert(1)</script>", "O'Brien & \"Co\"", "Ann", "<b>Bob</b>", "Cy")


def advance(game: Game, steps: int, seed: int, at: int | None = None) -> GameState:
    """Up to ``steps`` actions of oracles through the write path: rules written, deals and
    plays (it stops early where an oracle has nothing to do or is refused, in a race), all at the
    server's time ``at`` and 10 ms a step on (``None``: no time passes)."""
    for step in range(steps):
        game.refresh_from_db()
        state = stored_state(game)
        if state.phase == "ended":
            break
        seat = (state.writers[0] if state.phase == "writing"
                else state.dealer if state.phase == "dealing" else state.current)
        action = Oracle(seat, seed * 100 + step, KnownRules(state.rulebook())).act(
            player_view(state, seat))
        if action is None:
            break
        try:
            submit_action(game, action, game.version, at=None if at is None else at + step * 10)
        except EngineError:  # a race another seat answered first: the game stays as it is
            break
    game.refresh_from_db()
    return stored_state(game)


@share(0.25, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(sorted(registry.presets())),
       players=st.integers(3, 5), steps=st.integers(1, 40), decks=st.integers(1, 2),
       order=st.booleans(), clock=st.booleans())
# A timed table stopped by a point of order; a dealer's table with two decks; a long game.
@example(seed=1, preset="five-card", players=3, steps=8, decks=1, order=True, clock=True)
@example(seed=2, preset="lynnfield", players=4, steps=6, decks=2, order=False, clock=True)
@example(seed=3, preset="mini-mao", players=5, steps=40, decks=1, order=True, clock=False)
def test_each_hot_fragment_of_a_push_is_the_page_s_own(
        seed: int, preset: str, players: int, steps: int, decks: int, order: bool,
        clock: bool) -> None:
    chosen: dict[str, Any] = {"players": players}
    if "decks" in registry.presets()[preset].choices:
        chosen["decks"] = decks
    settings = settings_for(registry.presets()[preset], first_rule_maker=0, **chosen)
    # ``clock``: the server's clock runs (tests keep it stopped), so turns have deadlines.
    at = CLOCK if clock else None
    with mock.patch("games.lobby.services.game_time", return_value=at):
        game = create_game(settings, HOSTILE[:players], seed=seed)
    state = advance(game, steps, seed, at)
    if order and state.phase == "playing":
        submit_action(game, CallOrder(state.current), game.version,
                      at=None if at is None else at + steps * 10)  # hands face down
        game.refresh_from_db()
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    for seat in [*snapshot.seats, None]:
        page = elements(page_of(game, seat))
        frame, _ = render_update(snapshot, seat, LINK)
        pushed = elements(frame, top_only=True)
        for name in ("status", "seats", "piles", "hand"):
            # The push marks each fragment for htmx to swap in by its id; nothing else differs.
            swapped = pushed[name].replace('hx-swap-oob="true"', "", 1)
            assert swapped == page[name], f"#{name} for seat {seat}"
        # The play form's buttons, inside the stage a blank screen is sent.
        if "turn-buttons" in page:
            inside = elements(frame)["turn-buttons"].replace('hx-swap-oob="true"', "", 1)
            assert inside == page["turn-buttons"]
        # A viewer's own row, put into the list every viewer shares, is the page's row.
        assert pushed["seats"].count("seat--me") == (seat is not None)


def test_the_newest_log_lines_pushed_are_the_page_s_newest() -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), HOSTILE[:3])
    state = advance(game, 3, seed=5)
    assert state.phase == "playing"
    before = read_snapshot(game.pk, game.code)
    assert before is not None
    screens = {s.index: render_update(before, s, LINK)[1] for s in before.seats}
    advance(game, 2, seed=6)  # two plays or passes: new lines for everyone
    after = read_snapshot(game.pk, game.code)
    assert after is not None
    for seat in after.seats:
        frame, _ = render_update(after, seat, LINK, screens[seat.index])
        pushed = LOG_ITEM.findall(elements(frame, top_only=True)["log-list"])
        assert 'hx-swap-oob="afterbegin"' in frame and pushed
        assert pushed == LOG_ITEM.findall(page_of(game, seat))[:len(pushed)]


def test_what_players_write_is_escaped_in_the_page_and_the_push() -> None:
    game = create_game(GameSettings(players=3, first_rule_maker=0), HOSTILE[:3])
    jargon, words = "<script>alert(2)</script>", "<script>alert(3)</script> & 'so' \"on\""
    submit_action(game, WriteRule(0, {"jargon": jargon, "rule": FACES}), game.version)
    game.refresh_from_db()
    submit_action(game, Say(stored_state(game).current, words), game.version)
    game.refresh_from_db()
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    for seat in [*snapshot.seats, None]:
        for html in (page_of(game, seat), render_update(snapshot, seat, LINK)[0]):
            assert "<script>alert" not in html and "<b>Bob" not in html
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # a name
            assert "O&#x27;Brien &amp; &quot;Co&quot;" in html
            assert ("&lt;script&gt;alert(3)&lt;/script&gt; &amp; &#x27;so&#x27; &quot;on&quot;"
                    in html)  # words said
            # The jargon: the author's secret, shown to the author alone.
            assert ("&lt;script&gt;alert(2)&lt;/script&gt;" in html) == (
                seat is not None and seat.index == 0)


def page_of(game: Game, seat: Seat | None) -> str:
    """The table's page as ``seat`` loads it (``None``: a spectator)."""
    context = table_context(game, seat) | {"server_now": CLOCK}
    return render_to_string("games/table.html", context)
