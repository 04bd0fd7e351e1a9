"""The leak audit of the notebook: before the reveal, nobody's page or frame carries another
viewer's notes, hypotheses or sealed guesses, or the text of a rule they did not write."""

from __future__ import annotations

import pytest
from django.test import Client

from games.live.fragments import render_update
from games.live.snapshots import read_snapshot
from games.models import Game, SealedGuess
from games.store.identity import SESSION_KEY, hash_token, seat_of
from tests.factories import holder_client
from tests.notebook.helpers import NO_HEARTS, form_of, gronk_game

pytestmark = pytest.mark.django_db

NOTE = "Cat thinks Ann hates hearts"
GENERAL = "Cat plans to play clubs"
HYPOTHESIS = "A heart may never be played."  # NO_HEARTS in English
REAL = "A heart may not be played on a club."  # Gronk in English


def _everything(client: Client, code: str) -> str:
    """Every page and frame of the game this client can get."""
    pages = [client.get(f"/g/{code}/{url}").content.decode()
             for url in ("", "notebook/", "notebook/hypothesis/?jargon=Gronk")]
    pages.append(client.get(f"/g/{code}/notebook/", headers={"HX-Request": "true"}
                            ).content.decode())
    game = Game.objects.get(code=code)
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    token = client.session.get(SESSION_KEY)
    seat = seat_of(snapshot.game, hash_token(token)) if token else None
    frame, _ = render_update(snapshot, seat, "http://x/", None, notebook=True)
    return "\n".join([*pages, frame])


def test_no_page_or_frame_carries_another_viewers_notebook() -> None:
    game, clients = gronk_game()
    ann, bob, cat = clients
    cat.post(f"/g/{game.code}/notebook/note/", {"jargon": "Gronk", "text": NOTE})
    cat.post(f"/g/{game.code}/notebook/note/", {"jargon": "", "text": GENERAL})
    cat.post(f"/g/{game.code}/notebook/hypothesis/save/",
             {**form_of(NO_HEARTS), "jargon": "Gronk", "seal": "1"})
    assert SealedGuess.objects.filter(game=game, seat=2).exists()
    mine = _everything(cat, game.code)
    assert NOTE in mine and GENERAL in mine and HYPOTHESIS in mine and "Sealed guess" in mine
    assert REAL not in mine  # Cat did not write Gronk
    watcher, _ = holder_client()
    for viewer in (ann, bob, watcher):
        seen = _everything(viewer, game.code)
        for secret in (NOTE, GENERAL, HYPOTHESIS, "Sealed guess", "sealed"):
            assert secret not in seen, secret
        if viewer is not ann:
            assert REAL not in seen
