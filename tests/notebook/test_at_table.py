"""Writing a hypothesis without leaving the table: the writer for the table's notebook
(htmx), its save answering with "My notes", the table's slots for it, and the line the page
opened apart from the table shows about whose move it is."""

from __future__ import annotations

import re
from unittest import mock

import pytest

from games.engine.actions import CallOrder, EndGame, Pass
from games.engine.state import GameState
from games.models import Hypothesis, SealedGuess
from games.notebook import turn
from games.notebook.turn import turn_line
from games.store.writes import submit_action
from tests.factories import holder_client
from tests.notebook.helpers import GRONK, NAMES, NO_HEARTS, form_of, gronk_game
from tests.timers.test_service import T0, clocked

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
OOB = re.compile(r'<[^>]*\bid="([^"]+)"[^>]*\bhx-swap-oob=')


def _current(game_state: object) -> int:
    assert isinstance(game_state, dict)
    return GameState.from_json(game_state).current


def test_htmx_gets_the_writer_alone_for_the_tables_notebook() -> None:
    game, clients = gronk_game()
    url = f"/g/{game.code}/notebook/hypothesis/"
    writer = clients[2].get(url, {"jargon": "Gronk"}, headers=HX).content.decode()
    assert "<html" not in writer and "<h1" not in writer
    assert 'id="nb-writer"' in writer and 'id="builder"' not in writer
    assert '<h3 id="nb-writer-title" tabindex="-1">What does “Gronk” mean?</h3>' in writer
    assert "data-nb-write-close" in writer and "Back to the table" not in writer
    assert '<input type="hidden" name="panel" value="1">' in writer
    # What Gronk did, folded under the form's heading (its parts one level below).
    assert '<details class="nb-jargon nb-seen">' in writer
    assert '<h4 class="nb-h">Refused</h4>' in writer
    # The page opened directly is the same writer, in a page of its own.
    page = clients[2].get(url, {"jargon": "Gronk"}).content.decode()
    assert '<h1 id="builder-title">What does “Gronk” mean?</h1>' in page
    assert 'name="panel"' not in page and 'id="nb-writer"' not in page
    assert '<h2 class="nb-h">Refused</h2>' in page


def test_changing_a_hypothesis_in_the_tables_notebook() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    cat.post(f"/g/{game.code}/notebook/hypothesis/save/", {**form_of(NO_HEARTS), "jargon": "Gronk"})
    row = Hypothesis.objects.get()
    writer = cat.get(f"/g/{game.code}/notebook/hypothesis/", {"edit": row.pk},
                     headers=HX).content.decode()
    assert f'<input type="hidden" name="edit" value="{row.pk}">' in writer
    assert "Change your hypothesis" in writer
    assert clients[1].get(f"/g/{game.code}/notebook/hypothesis/", {"edit": row.pk},
                          headers=HX).status_code == 404


def test_keeping_it_there_answers_with_my_notes_for_their_slot() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    answer = cat.post(f"/g/{game.code}/notebook/hypothesis/save/",
                      {**form_of(NO_HEARTS), "jargon": "gronk", "panel": "1"}, headers=HX)
    assert answer.status_code == 200
    assert answer.headers["HX-Retarget"] == "#nb-mine-slot"
    assert answer.headers["HX-Reswap"] == "innerHTML"
    assert "HX-Redirect" not in answer.headers
    mine = answer.content.decode()
    assert mine.lstrip().startswith('<div id="nb-mine"')
    assert "Hypothesis for Gronk kept." in mine
    assert "A heart may never be played." in mine and "Contradicted by 1:" in mine
    assert not SealedGuess.objects.exists()
    sealed = cat.post(f"/g/{game.code}/notebook/hypothesis/save/",
                      {**form_of(GRONK), "jargon": "Gronk", "panel": "1", "seal": "1"},
                      headers=HX).content.decode()
    assert "Hypothesis kept and sealed as your guess for Gronk." in sealed
    assert SealedGuess.objects.get().seat == 2 and Hypothesis.objects.count() == 2


def test_a_refusal_there_still_answers_in_the_writer() -> None:
    game, clients = gronk_game()
    answer = clients[2].post(f"/g/{game.code}/notebook/hypothesis/save/",
                             {"kind": "restriction", "jargon": "Gronk", "panel": "1",
                              "must-join": "all"}, headers=HX)
    assert answer.headers["HX-Retarget"] == "#builder-result"
    assert "not finished yet" in answer.content.decode()
    assert not Hypothesis.objects.exists()


def test_the_writers_answers_swap_only_what_the_writer_holds() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    base = f"/g/{game.code}/notebook/hypothesis/"
    fields = {**form_of(NO_HEARTS), "jargon": "Gronk", "panel": "1"}
    # The writer as it stands once the hypothesis holds these rows (it opens blank).
    cat.post(f"{base}save/", fields, headers=HX)
    kept = Hypothesis.objects.get()
    writer = cat.get(base, {"jargon": "Gronk", "edit": str(kept.pk)}, headers=HX).content.decode()
    fields["edit"] = str(kept.pk)
    for answer in (cat.post(f"{base}preview/", fields), cat.post(f"{base}form/", fields)):
        targets = OOB.findall(answer.content.decode())
        assert targets
        assert [t for t in targets if f'id="{t}"' not in writer] == []


def test_a_change_of_kind_swaps_no_message_slot_apart() -> None:
    game, clients = gronk_game()
    base = f"/g/{game.code}/notebook/hypothesis/"
    writer = clients[2].get(base, {"jargon": "Gronk"}, headers=HX).content.decode()
    assert 'id="err-effects"' not in writer  # the writer starts as a restriction
    answer = clients[2].post(f"{base}form/", {"kind": "trigger", "jargon": "Gronk"})
    body = answer.content.decode()
    assert 'id="err-effects"' in body  # drawn in place, in the body
    assert [t for t in OOB.findall(body) if f'id="{t}"' not in writer] == []


def test_the_table_holds_the_notebooks_turn_line_and_writer_slot_once() -> None:
    game, clients = gronk_game()
    watcher, _ = holder_client()
    for client in (clients[2], watcher):
        table = client.get(f"/g/{game.code}/").content.decode()
        notebook = table[table.index('<aside id="notebook"'):]
        for part in ('id="nb-turn"', 'id="nb-turn-line"', 'id="nb-write"',
                     'id="nb-turn-alert"', "js/notebook.js"):
            assert notebook.count(part) == 1, part
        assert '<div id="nb-write" class="nb-write" hidden></div>' in notebook


def test_the_page_apart_from_the_table_says_whose_move_it_was() -> None:
    game, clients = gronk_game()
    current = _current(game.state)
    url = f"/g/{game.code}/notebook/hypothesis/"
    mover = clients[current].get(url, {"jargon": "Gronk"}).content.decode()
    assert '<p class="nb-turn-then">When this page opened it was your turn.</p>' in mover
    other = clients[(current + 1) % 3].get(url, {"jargon": "Gronk"}).content.decode()
    assert (f"When this page opened it was {NAMES[current]}&#x27;s turn.") in other
    watcher, _ = holder_client()
    assert f"it was {NAMES[current]}&#x27;s turn." in watcher.get(
        url, {"jargon": "Gronk"}).content.decode()


def test_the_turn_line() -> None:
    game, _ = gronk_game()
    current = _current(game.state)
    other = (current + 1) % 3
    assert turn_line(game, current) == "When this page opened it was your turn."
    assert turn_line(game, other) == f"When this page opened it was {NAMES[current]}'s turn."
    assert turn_line(game, None) == f"When this page opened it was {NAMES[current]}'s turn."
    game = submit_action(game.pk, Pass(current), game.version).game
    assert turn_line(game, other) == "When this page opened it was your turn."
    game = submit_action(game.pk, CallOrder(0), game.version).game
    assert turn_line(game, other) == ("When this page opened play was stopped for a point "
                                      "of order.")
    game = submit_action(game.pk, EndGame(0), game.version).game
    assert turn_line(game, other) == ""


def test_the_turn_line_gives_the_turn_clocks_time_left_then() -> None:
    game = clocked()
    current = _current(game.state)
    with mock.patch.object(turn, "now_ms", return_value=T0 + 3_500):
        assert turn_line(game, current) == ("When this page opened it was your turn (0:27 "
                                            "left to play or draw).")
    with mock.patch.object(turn, "now_ms", return_value=T0 + 31_000):
        assert turn_line(game, None).endswith("(0:00 left to play or draw).")


def test_without_script_the_page_posts_itself_and_answers_with_pages() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    base = f"/g/{game.code}/notebook/hypothesis/"
    page = cat.get(base, {"jargon": "Gronk"}).content.decode()
    assert 'name="csrfmiddlewaretoken"' in page
    assert (f'<button type="submit" class="builder-submit" form="builder-form" '
            f'formaction="{base}save/" formmethod="post">Keep this hypothesis</button>') in page
    # Refused: the page again, the reason in its alert, the form as it was posted.
    refused = cat.post(f"{base}save/", {"kind": "restriction", "jargon": "Gronk",
                                        "must-join": "all"})
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "<h1 id=\"builder-title\">" in body
    assert ('<div id="builder-alert" class="builder-alert" role="alert">Your hypothesis is '
            "not finished yet: see the marked fields.</div>") in body
    assert not Hypothesis.objects.exists()
    # Kept: the notebook's page, which works without script, shows it checked.
    kept = cat.post(f"{base}save/", {**form_of(NO_HEARTS), "jargon": "Gronk", "seal": "1"})
    assert kept.status_code == 303
    assert kept.headers["Location"] == f"/g/{game.code}/notebook/#nb-mine-title"
    assert SealedGuess.objects.get().seat == 2
    assert "A heart may never be played." in cat.get(kept.headers["Location"]).content.decode()
    # The table offers the notebook's page to whoever has no script.
    table = cat.get(f"/g/{game.code}/").content.decode()
    assert (f'<noscript><a class="button button--quiet" href="/g/{game.code}/notebook/">'
            "Notebook</a></noscript>") in table
