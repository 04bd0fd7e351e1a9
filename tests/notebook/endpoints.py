"""Every answer a viewer can get from the notebook and the hypothesis pages of a game, for
the leak audits (tests/notebook/test_secrecy.py, tests/web/test_no_leak.py) and the test that
two secret rulebooks behind one public history answer every other viewer byte for byte
alike (tests/notebook/test_records.py)."""

from __future__ import annotations

from typing import Any

from django.test import Client

from games.display.evidence_grid import ARRANGEMENTS, DEFAULT
from games.live.fragments import notebook_evidence, render_update
from games.live.snapshots import read_snapshot
from games.models import Game
from games.store.identity import SESSION_KEY, hash_token, seat_of
from tests.notebook.helpers import form_of

#: A draft a viewer might be writing on the hypothesis page (no spade may be played).
DRAFT: dict[str, Any] = {"kind": "restriction", "must_not": {"type": "suit", "in": ["S"]}}


def notebook_answers(client: Client, code: str, jargon: str | None,
                     draft: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """``(what, answer)`` for every notebook endpoint ``client`` can ask, about ``jargon``
    (``None``: no rule seen yet, so only the notebook itself and its grid of all plays), the
    hypothesis endpoints with ``draft`` (default :data:`DRAFT`) in the form, and the frame
    pushed to a screen with the notebook open."""
    base = f"/g/{code}/notebook/"
    found = [("page", client.get(base)),
             ("mine", client.get(base, headers={"HX-Request": "true"})),
             ("grid", client.get(f"{base}grid/"))]
    if jargon is not None:
        fields = {**form_of(draft or DRAFT), "jargon": jargon}
        found += [
            ("grid of the jargon", client.get(f"{base}grid/", {"jargon": jargon})),
            ("hypothesis page", client.get(f"{base}hypothesis/", {"jargon": jargon})),
            ("hypothesis writer at the table",
             client.get(f"{base}hypothesis/", {"jargon": jargon},
                        headers={"HX-Request": "true"})),
            ("hypothesis form", client.post(f"{base}hypothesis/form/", fields)),
            ("hypothesis rows", client.post(f"{base}hypothesis/rows/",
                                            {**fields, "area": "must", "op": "add"})),
            ("hypothesis preview", client.post(f"{base}hypothesis/preview/", fields)),
        ]
        # Every arrangement of the grids, on the page and alone (the last, the default,
        # is what the browser remembers afterwards).
        for how in (*(h for h in ARRANGEMENTS if h != DEFAULT), DEFAULT):
            found += [(f"page arranged {how}", client.get(base, {"arrange": how})),
                      (f"grid arranged {how}", client.get(f"{base}grid/",
                                                          {"jargon": jargon, "arrange": how}))]
    answers = [(what, response.content.decode()) for what, response in found]
    game = Game.objects.get(code=code)
    snapshot = read_snapshot(game.pk, game.code)
    assert snapshot is not None
    token = client.session.get(SESSION_KEY)
    seat = seat_of(snapshot.game, hash_token(token)) if token else None
    frame, _ = render_update(snapshot, seat, "http://x/", None, notebook=True)
    answers += [("frame", frame), ("evidence", notebook_evidence(snapshot))]
    return answers
