"""The evidence of a live game: followed from memory, and the same bytes whatever the
secret rules behind the same public history."""

from __future__ import annotations

import difflib
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine.actions import Pass, Play
from games.live import records
from games.live.fragments import notebook_evidence
from games.live.snapshots import read_snapshot, table_snapshot
from games.models import Game, Hypothesis
from games.notebook.services import forget_records, record_for
from games.store.writes import submit_action
from tests.factories import holder_client
from tests.notebook.endpoints import notebook_answers
from tests.notebook.helpers import (
    GRONK,
    NO_HEARTS,
    NOT_ON_DIAMONDS,
    ON_A_KING,
    form_of,
    gronk_game,
)

pytestmark = pytest.mark.django_db


def _masked(page: str, code: str) -> str:
    """The page without what differs between any two games: the code, the session's CSRF
    token (the header's and the form's), the database's row numbers of the viewer's own
    hypotheses, and the clock time a guess was sealed at (the two games are played a moment
    apart: a minute may turn)."""
    page = page.replace(code, "CODE")
    page = re.sub(r'"X-CSRFToken": "[^"]+"', "TOKEN", page)
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", page)
    page = re.sub(r"(turn \d+), at \d\d:\d\d\)", r"\1, at TIME)", page)
    return re.sub(r"hypothes(is/\?edit=|es/)\d+", "HYPOTHESIS", page)


def test_the_evidence_is_followed_from_memory_after_the_first_read() -> None:
    """One read of the log per game and process; later versions add the snapshot's events."""
    game, _ = gronk_game()
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    assert "4 plays tried, 1 refused." in notebook_evidence(snapshot)
    game = submit_action(game.pk, Pass(2), game.version).game
    later = table_snapshot(game.pk, game.code, game.version)
    assert later is not None and later.version == game.version
    with CaptureQueriesContext(connection) as queries:
        record = records.table_record(later)
    assert len(queries) == 0
    assert len(record.attempts) == 4
    records.forget()
    with CaptureQueriesContext(connection) as queries:
        assert records.table_record(later) == record  # read afresh: the same record
    assert len(queries) >= 1


def test_a_viewer_s_record_is_read_once_a_version() -> None:
    """A notebook asks for its viewer's record many times a version: the log is read for the
    first ask only; the next version is read again, and a game row read before that version
    still gets the record of its own version."""
    game, _ = gronk_game(plays=False)
    first = record_for(game, 1)
    with CaptureQueriesContext(connection) as queries:
        assert record_for(game, 1) is first
    assert len(queries) == 0
    later = submit_action(game.pk, Play(1, ("5H",)), game.version).game
    with CaptureQueriesContext(connection) as queries:
        now = record_for(later, 1)
    assert len(queries) >= 1
    assert len(now.attempts) == len(first.attempts) + 1
    forget_records()
    assert record_for(game, 1) == first  # the old row: its version's record, read afresh
    assert record_for(game, None) != first  # each viewer's own record


def test_two_secret_meanings_with_one_public_history_give_the_same_bytes() -> None:
    """The strongest secrecy test: Gronk as "no heart on a club" or "no heart on a king"
    refused and let through the same plays; every other viewer (Bob, Cat, a spectator) gets
    the very same bytes from every notebook and hypothesis endpoint and frame, before and
    after keeping a note, a hypothesis and a seal, with Gronk's real meaning in the form."""
    pages: list[list[tuple[str, str]]] = []
    for meaning in (None, ON_A_KING):
        game, clients = gronk_game(rule=meaning)
        seen = [(f"{who}: {what}", _masked(answer, game.code))
                for who, client in (("Bob", clients[1]), ("Cat", clients[2]),
                                    ("spectator", holder_client()[0]))
                for what, answer in _answers(game, client)]
        records.forget()
        pages.append(seen)
    assert len(pages[0]) == len(pages[1]) > 30
    answers = dict(pages[0])
    # Real answers, not alike errors: the check of Gronk's first meaning, the seal.
    assert "Consistent with all 4 plays seen." in answers["Cat: hypothesis preview"]
    assert "Sealed as your guess for Gronk." in answers["Cat: seal"]
    assert "Sealed guess" in answers["Cat: mine, later"]
    assert "Play 9♥ here: if Gronk refuses it" in answers["Cat: mine, later"]
    for (what, a), (_, b) in zip(pages[0], pages[1], strict=True):
        assert a == b, what + "\n" + "\n".join(
            difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm=""))


def _answers(game: Game, client: Client) -> list[tuple[str, str]]:
    """Every notebook answer ``client`` gets, before and after keeping a note, a hypothesis
    and its seal (the form holding Gronk's first meaning throughout)."""
    base = f"/g/{game.code}/notebook/"
    found = notebook_answers(client, game.code, "Gronk", GRONK)
    found.append(("note", client.post(f"{base}note/", {"jargon": "Gronk",
                                                       "text": "hearts?"}).content.decode()))
    saved = client.post(f"{base}hypothesis/save/", {**form_of(NO_HEARTS), "jargon": "Gronk"},
                        headers={"HX-Request": "true"})
    found.append(("save", saved.headers.get("HX-Redirect", "") + saved.content.decode()))
    row = Hypothesis.objects.filter(game=game).order_by("-pk").first()
    assert row is not None
    found.append(("seal", client.post(f"{base}hypotheses/{row.pk}/seal/").content.decode()))
    # One the table has not contradicted: the advice weighs it against the rivals.
    client.post(f"{base}hypothesis/save/", {**form_of(NOT_ON_DIAMONDS), "jargon": "Gronk"})
    found += [(f"{what}, later", answer)
              for what, answer in notebook_answers(client, game.code, "Gronk", GRONK)]
    return found


def test_the_same_bytes_test_can_fail() -> None:
    """Ann wrote Gronk: her own notebook does tell its two meanings apart."""
    seen = []
    for meaning in (None, ON_A_KING):
        game, clients = gronk_game(rule=meaning)
        seen.append(_masked(clients[0].get(f"/g/{game.code}/").content.decode(), game.code))
        records.forget()
    assert seen[0] != seen[1]
