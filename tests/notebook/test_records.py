"""The evidence of a live game: followed from memory, and the same bytes whatever the
secret rules behind the same public history."""

from __future__ import annotations

import difflib
import re
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine.actions import Pass
from games.live import records
from games.live.fragments import notebook_evidence
from games.live.snapshots import read_snapshot, table_snapshot
from games.store.writes import submit_action
from tests.notebook.helpers import NO_HEARTS, form_of, gronk_game

pytestmark = pytest.mark.django_db

#: Another meaning of Gronk with the same public history: no heart on a king.
ON_A_KING: dict[str, Any] = {"kind": "restriction",
                             "when": {"type": "rank", "of": "top", "in": ["K"]},
                             "must_not": {"type": "suit", "in": ["H"]}}


def _masked(page: str, code: str) -> str:
    """The page without what differs between any two games: the code, the session's CSRF
    token, the database's row numbers of the viewer's own hypotheses."""
    page = page.replace(code, "CODE")
    page = re.sub(r'"X-CSRFToken": "[^"]+"', "TOKEN", page)
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


def test_two_secret_meanings_with_one_public_history_give_the_same_bytes() -> None:
    """The strongest secrecy test: Gronk as "no heart on a club" or "no heart on a king"
    refused and let through the same plays; every other viewer's notebook is identical."""
    pages: list[list[str]] = []
    for meaning in (None, ON_A_KING):
        game, clients = gronk_game(rule=meaning)
        snapshot = read_snapshot(game.pk, game.code)
        assert snapshot is not None
        seen = [_masked(notebook_evidence(snapshot), game.code)]
        for client in clients[1:]:
            client.post(f"/g/{game.code}/notebook/hypothesis/save/",
                        {**form_of(NO_HEARTS), "jargon": "Gronk"})
            for url in ("", "hypothesis/?jargon=Gronk"):
                page = client.get(f"/g/{game.code}/notebook/{url}").content.decode()
                seen.append(_masked(page, game.code))
        records.forget()
        pages.append(seen)
    for a, b in zip(pages[0], pages[1], strict=True):
        assert a == b, "\n".join(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm=""))
