"""The leak audit of the notebook: before the reveal, nobody's page or frame carries another
viewer's notes, hypotheses or sealed guesses, or a rule they did not write, in English or
as JSON."""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client

from games.display.evidence_grid import ARRANGEMENTS
from games.models import SealedGuess
from rules.errors import RuleError
from rules.spec import canonical_text, load_rule
from tests.factories import holder_client
from tests.notebook.endpoints import notebook_answers
from tests.notebook.helpers import NO_HEARTS, ON_A_KING, form_of, gronk_game

pytestmark = pytest.mark.django_db

NOTE = "Cat thinks Ann hates hearts"
GENERAL = "Cat plans to play clubs"
HYPOTHESIS = "A heart may never be played."  # NO_HEARTS in English
REAL = "A heart may not be played on a king."  # Gronk (ON_A_KING) in English


def _everything(client: Client, code: str) -> str:
    """Every page and frame of the game this client can get."""
    pages = [client.get(f"/g/{code}/").content.decode()]
    pages += [answer for _, answer in notebook_answers(client, code, "Gronk")]
    return "\n".join(pages)


def _rules_as_json(seen: str) -> list[str]:
    """The canonical text of every rule written as JSON anywhere in ``seen`` (in any key
    order or spacing, HTML-escaped or not)."""
    text, decoder, found = html.unescape(seen), json.JSONDecoder(), []
    for start in (i for i, c in enumerate(text) if c == "{"):
        try:
            data, _ = decoder.raw_decode(text, start)
        except ValueError:
            continue
        if isinstance(data, dict) and "kind" in data:
            try:
                found.append(canonical_text(load_rule({"version": 1, "jargon": "x",
                                                        "rule": data}).spec))
            except RuleError:
                continue
    return found


def test_no_page_or_frame_carries_another_viewers_notebook() -> None:
    game, clients = gronk_game(rule=ON_A_KING)
    ann, bob, cat = clients
    cat.post(f"/g/{game.code}/notebook/note/", {"jargon": "Gronk", "text": NOTE})
    cat.post(f"/g/{game.code}/notebook/note/", {"jargon": "", "text": GENERAL})
    cat.post(f"/g/{game.code}/notebook/hypothesis/save/",
             {**form_of(NO_HEARTS), "jargon": "Gronk", "seal": "1"})
    assert SealedGuess.objects.filter(game=game, seat=2).exists()
    mine = _everything(cat, game.code)
    assert NOTE in mine and GENERAL in mine and HYPOTHESIS in mine and "Sealed guess" in mine
    watcher, _ = holder_client()
    for viewer in (ann, bob, watcher):
        seen = _everything(viewer, game.code)
        for secret in (NOTE, GENERAL, HYPOTHESIS, "Sealed guess", "sealed"):
            assert secret not in seen, secret
    for viewer in (bob, cat, watcher):  # Ann wrote Gronk: everyone else
        assert _rule_shown(_everything(viewer, game.code)) == []


def _rule_shown(seen: str) -> list[str]:
    """Gronk's real meaning where ``seen`` shows it: in English, or as JSON."""
    real = canonical_text(load_rule({"version": 1, "jargon": "Gronk", "rule": ON_A_KING}).spec)
    return ([REAL] if REAL in seen else []) + [t for t in _rules_as_json(seen) if t == real]


def test_every_notebook_endpoint_is_audited() -> None:
    """The audit asks every endpoint of the notebook's URLs (a new one must be added)."""
    from games.notebook.urls import urlpatterns

    game, clients = gronk_game()
    asked = {what for what, _ in notebook_answers(clients[2], game.code, "Gronk")}
    # Writing endpoints (note, save, seal, delete) change the notebook: their answers are
    # audited where they are used (above, and in test_records.py).
    writes = {"note", "hypothesis_save", "seal", "delete"}
    names = {p.name for p in urlpatterns} - writes
    assert names == {"page", "grid", "hypothesis", "hypothesis_form", "hypothesis_rows",
                     "hypothesis_preview"}
    arranged = {f"{where} arranged {how}" for where in ("page", "grid") for how in ARRANGEMENTS}
    assert {"page", "mine", "grid", "grid of the jargon", "hypothesis page",
            "hypothesis writer at the table", "hypothesis form", "hypothesis rows",
            "hypothesis preview", "frame", "evidence", *arranged} == asked


def test_the_audit_can_fail() -> None:
    """The rule check finds Gronk in English on its author's table, and as JSON however it
    is spelled (so a green audit means something)."""
    game, clients = gronk_game(rule=ON_A_KING)
    assert _rule_shown(clients[0].get(f"/g/{game.code}/").content.decode()) == [REAL]
    spelled = {"must_not": {"in": ["H"], "type": "suit"}, "kind": "restriction",
               "when": {"of": "top", "in": ["K"], "type": "rank"}}
    assert _rule_shown(f"<script>{json.dumps(spelled, indent=1)}</script>")
    assert _rule_shown(html.escape(json.dumps(ON_A_KING, separators=(",", ":"))))
