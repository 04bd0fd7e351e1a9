"""Groups in a hypothesis: the notebook's writer is the builder's form, so a hypothesis holds
groups of conditions too, with script (the list redrawn) and without (the page again)."""

from __future__ import annotations

import pytest

from tests.notebook.helpers import form_of, gronk_game

pytestmark = pytest.mark.django_db

#: A hypothesis with a group in it: no heart, unless it is a face card or the top is a king.
GROUPED = {"kind": "restriction", "when": {"type": "always"}, "must": {"type": "any", "of": [
    {"type": "not", "of": {"type": "suit", "of": "played", "in": ["H"]}},
    {"type": "all", "of": [{"type": "face", "of": "played"},
                           {"type": "rank", "of": "top", "in": ["K"]}]}]}}


def test_a_group_is_added_to_a_hypothesis_with_and_without_script() -> None:
    game, clients = gronk_game()
    url = f"/g/{game.code}/notebook/hypothesis/rows/"
    fields = {**form_of(GROUPED), "jargon": "Gronk"}
    assert fields["must-1-test"] == ["group"]
    scripted = clients[2].post(url, fields | {"area": "must", "op": "add", "at": "must-1"},
                               headers={"HX-Request": "true"})
    assert scripted.status_code == 200
    html = scripted.content.decode()
    assert html.lstrip().startswith('<fieldset id="list-must"')
    assert 'id="f-must-1-2-test"' in html and "autofocus" in html
    plain = clients[2].post(url, fields | {"row_op": "remove must-1-0"})
    assert plain.status_code == 200
    page = plain.content.decode()
    assert "<!doctype html>" in page and "What does “Gronk” mean?" in page
    assert 'id="row-must-1-0"' in page and 'id="row-must-1-1"' not in page
