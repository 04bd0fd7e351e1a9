"""The load test plays and passes as the browser does: the same fields to the same URL.

What the table's ``#play-form`` holds is read from the page itself (the template's source
for every field it may hold, and a real rendered screen for the fields it holds now), what
the script adds from ``static/js/table.js``; the load test's form must match both, and the
server must read it as the action the load test meant.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.http import QueryDict
from django.test import Client

from games.engine.actions import WriteRule
from games.live.fragments import render_update
from games.live.snapshots import read_snapshot
from games.models import Game
from games.store.acting import read_frame, read_post
from games.store.writes import submit_action
from scripts.loadtest import pages
from scripts.loadtest.clients import MaoPlayer, Move, Table, Tally
from scripts.loadtest.forms import PLAY_FORM_FIELDS, SUBMIT_FIELDS, play_form
from tests.web.helpers import started_game

ROOT = Path(__file__).resolve().parents[3]
RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}
LINK = "http://localhost/g/X/"


class PlayFormFields(HTMLParser):
    """The names of the fields inside ``<form id="play-form">``, and the form's attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.names: set[str] = set()
        self.attrs: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "form" and found.get("id") == "play-form":
            self.depth, self.attrs = 1, found
        elif tag == "form" and self.depth:
            self.depth += 1
        elif self.depth and tag in ("input", "select", "textarea", "button") and found.get("name"):
            self.names.add(found["name"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.depth:
            self.depth -= 1


def fields_of(html: str) -> PlayFormFields:
    parser = PlayFormFields()
    parser.feed(html)
    return parser


def test_the_template_s_play_form_has_exactly_the_fields_the_load_test_knows() -> None:
    source = (ROOT / "templates/games/table.html").read_text()
    start = source.index('<form id="play-form"')
    block = source[start:source.index("</form>", start)]
    assert set(re.findall(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"', block)) \
        == PLAY_FORM_FIELDS
    assert 'hx-include="#version"' in block
    assert re.search(r'''hx-post="\{% url 'act' code %\}"''', block)
    script = (ROOT / "static/js/table.js").read_text()
    # The script sets the type and adds the cards before htmx submits the form.
    assert "setField(f, \"cards\", cards || [])" in script
    assert "querySelector('input[name=\"type\"]').value = type" in script
    assert {"cards", "version"} == SUBMIT_FIELDS


def _player_to_move() -> tuple[Game, int, str, Client]:
    game, clients = started_game(3)
    result = submit_action(game, WriteRule(0, RULE), game.version)
    current = result.state.current
    seat = result.game.seats.get(index=current)
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    frame, _ = render_update(snapshot, seat, LINK, None)
    return result.game, current, frame, clients[current]


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["play", "pass"])
def test_the_load_test_posts_what_the_rendered_form_holds(kind: str) -> None:
    game, seat, frame, _ = _player_to_move()
    seen = pages.Seen.read(frame)
    assert seen is not None and seen.my_turn
    player = MaoPlayer(Table(game.code), seat, "http://127.0.0.1:1", 2.0, Tally(), 1, "P")
    player.seen = seen
    payload = {"cards": [seen.hand[0]], "named": [None], "say": "Mao", "suit": "H", "pile": 0}
    form = player.browser_form(Move(kind, seen.version, payload if kind == "play" else {}))

    shown = fields_of(frame)
    assert shown.attrs["hx-include"] == "#version"
    assert shown.attrs["hx-post"] == f"/g/{game.code}/act/"
    extra = {"cards", "version"} if kind == "play" else {"version"}
    assert set(form) == shown.names | extra
    assert pages.version_of(frame) == int(form["version"][0])


@pytest.mark.django_db
def test_the_server_reads_the_load_test_s_play_as_the_move_it_meant() -> None:
    form = play_form("play", 12, {"cards": ["JK"], "named": ["QS"], "say": "Mao", "suit": "D",
                                  "pile": 1}, joker_in_hand=True, piles=2)
    request = read_post(_query(form))
    assert request.version == 12
    assert request.action == {"type": "play", "cards": ["JK"], "named": ["QS"], "say": "Mao",
                            "suit": "D", "pile": 1}


def _query(form: dict[str, list[str]]) -> QueryDict:
    query = QueryDict(mutable=True)
    for name, values in form.items():
        query.setlist(name, values)
    return query


def test_a_pass_sends_no_card_and_hidden_rows_send_nothing() -> None:
    form = play_form("pass", 3, {}, joker_in_hand=False, piles=1)
    assert form == {"type": ["pass"], "say": [""], "suit": [""], "version": ["3"]}
    request = read_post(_query(form))
    assert request.action == {"type": "pass"} and request.version == 3


def test_only_plays_and_passes_go_through_the_play_form() -> None:
    with pytest.raises(ValueError, match="rule"):
        play_form("rule", 3, {}, joker_in_hand=False, piles=1)


@pytest.mark.django_db
def test_a_posted_play_is_accepted_and_answered_as_the_browser_reads_it() -> None:
    game, seat, frame, client = _player_to_move()
    seen = pages.Seen.read(frame)
    assert seen is not None
    player = MaoPlayer(Table(game.code), seat, "http://127.0.0.1:1", 2.0, Tally(), 1, "P")
    player.seen = seen
    form = player.browser_form(Move("pass", seen.version))
    response = client.post(f"/g/{game.code}/act/", _query(form).urlencode(),
                           content_type="application/x-www-form-urlencoded",
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["X-Mao-Accepted"] == "1"
    assert pages.answer_text(response.content.decode()) == ""
    game.refresh_from_db()
    assert game.version == seen.version + 1


def test_the_script_sends_the_play_form_s_fields_as_the_socket_s_act_frame() -> None:
    script = (ROOT / "static/js/table.js").read_text()
    # The fields as htmx would post them (the form's own and hx-include's #version), one
    # list of values per name, in the frame the load test sends (test below).
    assert "var data = new FormData(f);" in script
    assert 'var version = document.getElementById("version");' in script
    assert "data.append(version.name, version.value)" in script
    assert "(fields[name] = fields[name] || []).push(value);" in script
    assert 'socket.sendImmediately(JSON.stringify({ type: "act", form: pendingAct }));' in script
    assert "pendingAct = formFields(f);" in script
    # Only while the socket is open: otherwise htmx posts the form (not prevented).
    assert "!socketOpen || !socket) { return; }" in script


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["play", "pass"])
def test_the_load_test_s_socket_frame_is_the_posted_form_read_the_same(kind: str) -> None:
    game, seat, frame, _ = _player_to_move()
    seen = pages.Seen.read(frame)
    assert seen is not None
    player = MaoPlayer(Table(game.code), seat, "http://127.0.0.1:1", 2.0, Tally(), 1, "P")
    player.seen = seen
    payload = {"cards": [seen.hand[0]], "named": [None], "say": "Mao", "suit": "H", "pile": 0}
    move = Move(kind, seen.version, payload if kind == "play" else {})
    sent = player.socket_frame(move)
    assert sent == {"type": "act", "form": player.browser_form(move)}
    assert read_frame(sent) == read_post(_query(player.browser_form(move)))
    assert read_frame(sent).action["type"] == kind
