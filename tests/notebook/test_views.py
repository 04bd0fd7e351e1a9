"""The notebook over HTTP: evidence for everyone, notes and hypotheses for their writer
only, sealed guesses for players, and every bad request refused without a change."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine.actions import CallOrder, EndGame, EndOrder, LeaveSeat, TakeSeat
from games.models import Hypothesis, Note, SealedGuess
from games.store.identity import SESSION_KEY, hash_token
from games.store.writes import submit_action
from tests.factories import holder_client
from tests.notebook.helpers import GRONK, NO_HEARTS, NOT_ON_DIAMONDS, form_of, gronk_game

pytestmark = pytest.mark.django_db


def _save(client: Client, code: str, spec: dict[str, Any], **extra: str) -> str:
    response = client.post(f"/g/{code}/notebook/hypothesis/save/",
                           {**form_of(spec), "jargon": "gronk", **extra},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.headers.get("HX-Redirect", "") or response.content.decode()


def test_the_notebook_page_shows_the_evidence_by_jargon() -> None:
    game, clients = gronk_game()
    page = clients[2].get(f"/g/{game.code}/notebook/").content.decode()
    assert "Gronk" in page and "by Ann" in page
    assert "Bob tried 5♥ on K♣, holding 3 cards, saying nothing." in page
    assert "Let 3 plays through" in page
    assert 'title="5♥ on K♣: refused by Gronk 1×"' in page
    # Spectators have a notebook too, with the same evidence.
    watcher, _ = holder_client()
    assert "Bob tried 5♥ on K♣" in watcher.get(f"/g/{game.code}/notebook/").content.decode()


def test_a_game_in_its_lobby_or_a_game_that_does_not_exist_has_no_notebook() -> None:
    from games.engine.settings import GameSettings
    from games.lobby.services import open_game
    from tests.factories import new_holder

    lobby = open_game(GameSettings(players=3), "Ann", new_holder())
    client, _ = holder_client()
    assert client.get(f"/g/{lobby.code}/notebook/").status_code == 404
    assert client.get("/g/NOPE99/notebook/").status_code == 404


def test_a_note_is_kept_for_its_writer_alone() -> None:
    game, clients = gronk_game()
    bob, cat = clients[1], clients[2]
    answer = cat.post(f"/g/{game.code}/notebook/note/", {"jargon": "Gronk",
                                                          "text": "hearts on clubs?"})
    assert answer.status_code == 200 and "Saved" in answer.content.decode()
    cat.post(f"/g/{game.code}/notebook/note/", {"jargon": "", "text": "Ann writes short rules"})
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "hearts on clubs?" in mine and "Ann writes short rules" in mine
    for other in (bob, holder_client()[0]):
        page = other.get(f"/g/{game.code}/notebook/").content.decode()
        assert "hearts on clubs?" not in page and "Ann writes short rules" not in page
    # An empty note is no note.
    cat.post(f"/g/{game.code}/notebook/note/", {"jargon": "Gronk", "text": ""})
    assert list(Note.objects.filter(game=game).values_list("jargon", flat=True)) == [""]


@pytest.mark.parametrize(("fields", "message"), [
    ({"jargon": "Pip", "text": "x"}, "No rule called 'Pip' has shown itself"),
    ({"jargon": "Gronk", "text": "x" * 4001}, "too long"),
    ({"jargon": "Gronk", "text": "a\x00b"}, "cannot hold that character"),
])
def test_a_bad_note_is_refused_and_changes_nothing(fields: dict[str, str], message: str) -> None:
    game, clients = gronk_game()
    answer = clients[2].post(f"/g/{game.code}/notebook/note/", fields)
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not Note.objects.filter(game=game).exists()


def test_a_contradicted_hypothesis_is_shown_with_the_play_that_contradicts_it() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    assert _save(cat, game.code, NO_HEARTS) == f"/g/{game.code}/#notebook-mine"
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "A heart may never be played." in mine
    assert ("Contradicted by 1: 5♥ on 7♦ (round 1, turn 4) was accepted; your rule would "
            "refuse it.") in mine
    # Fixed in place: the same hypothesis, now the real rule's meaning.
    row = Hypothesis.objects.get(game=game)
    _save(cat, game.code, GRONK, edit=str(row.pk))
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert Hypothesis.objects.filter(game=game).count() == 1
    assert "Consistent with all 4 plays seen." in mine
    assert "Contradicted" not in mine


def test_the_hypothesis_page_checks_the_form_as_it_is_written() -> None:
    game, clients = gronk_game()
    url = f"/g/{game.code}/notebook/hypothesis/preview/"
    answer = clients[2].post(url, {**form_of(NO_HEARTS), "jargon": "Gronk"}).content.decode()
    assert "A heart may never be played." in answer
    assert "Contradicted by 1 of 4 plays seen" in answer
    assert "5♥ on 7♦ (round 1, turn 4) was accepted; your rule would refuse it." in answer
    answer = clients[2].post(url, {**form_of(GRONK), "jargon": "Gronk"}).content.decode()
    assert "Consistent with all 4 plays seen." in answer
    page = clients[2].get(f"/g/{game.code}/notebook/hypothesis/?jargon=GRONK").content.decode()
    assert "What does “Gronk” mean?" in page


def test_an_unfinished_or_foreign_hypothesis_is_refused_and_changes_nothing() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    unfinished = {"kind": "restriction", "jargon": "Gronk", "must-join": "all"}
    answer = cat.post(f"/g/{game.code}/notebook/hypothesis/save/", unfinished,
                      headers={"HX-Request": "true"})
    assert "not finished yet" in answer.content.decode()
    assert answer.headers["HX-Retarget"] == "#builder-result"
    unknown = cat.post(f"/g/{game.code}/notebook/hypothesis/save/",
                       {**form_of(GRONK), "jargon": "Pip"})
    assert unknown.status_code == 404
    assert cat.get(f"/g/{game.code}/notebook/hypothesis/?jargon=Pip").status_code == 404
    assert not Hypothesis.objects.exists()
    # Someone else's hypothesis can be neither changed, sealed nor deleted.
    _save(clients[1], game.code, NO_HEARTS)
    bobs = Hypothesis.objects.get()
    assert cat.get(f"/g/{game.code}/notebook/hypothesis/?edit={bobs.pk}").status_code == 404
    cat.post(f"/g/{game.code}/notebook/hypotheses/{bobs.pk}/delete/")
    cat.post(f"/g/{game.code}/notebook/hypotheses/{bobs.pk}/seal/")
    assert Hypothesis.objects.filter(pk=bobs.pk).exists() and not SealedGuess.objects.exists()


def test_a_player_seals_a_guess_and_a_spectator_cannot() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, GRONK)
    row = Hypothesis.objects.get()
    answer = cat.post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/seal/").content.decode()
    assert "Sealed as your guess for Gronk" in answer and "Sealed guess" in answer
    # When, as the reveal will say it; and no button to seal what is sealed already.
    assert "<strong>Sealed guess</strong> (in round 1, turn 4, at " in answer
    assert "Seal as my guess" not in answer
    guess = SealedGuess.objects.get()
    assert (guess.seat, guess.jargon, guess.version) == (2, "Gronk", game.version)
    watcher, _ = holder_client()
    _save(watcher, game.code, NO_HEARTS)
    theirs = Hypothesis.objects.exclude(pk=row.pk).get()
    refused = watcher.post(f"/g/{game.code}/notebook/hypotheses/{theirs.pk}/seal/")
    assert "Only the players at the table seal guesses." in refused.content.decode()
    assert SealedGuess.objects.count() == 1


def test_sealing_with_the_hypothesis_and_after_the_end() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, NO_HEARTS, seal="1")
    assert SealedGuess.objects.get().spec == Hypothesis.objects.get().spec
    game = submit_action(game.pk, EndGame(0), game.version).game
    row = Hypothesis.objects.get()
    answer = cat.post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/seal/").content.decode()
    assert "The game is over" in answer


def test_deleting_a_hypothesis() -> None:
    game, clients = gronk_game()
    _save(clients[2], game.code, NO_HEARTS)
    row = Hypothesis.objects.get()
    answer = clients[2].post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/delete/")
    assert "Hypothesis deleted." in answer.content.decode()
    assert not Hypothesis.objects.exists()


def test_experiments_come_from_the_players_own_hand() -> None:
    """Cat holds 9♥ and 3♦ on 5♥: 9♥ tells "no heart unless on a diamond" from Gronk's
    real meaning, and says which is out either way."""
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, NOT_ON_DIAMONDS)
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "Play 9♥ here: if Gronk refuses it, " in mine
    assert "if it lets it through, H1 is out" in mine
    _save(cat, game.code, GRONK)
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "Play 9♥ here: if Gronk refuses it, H2 is out" in mine
    assert "if it lets it through, H1 is out" in mine
    # Bob is not about to play: nobody's hand but the viewer's own is ever used.
    bob = clients[1]
    _save(bob, game.code, NOT_ON_DIAMONDS)
    mine = bob.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "9♥" not in mine


def test_a_contradicted_hypothesis_gets_no_advice_and_a_warning_on_sealing() -> None:
    """No heart at all: 5♥ went down on 7♦. Nothing to test; sealing it is still allowed,
    with the evidence against it in the confirmation."""
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, NO_HEARTS)
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "Worth trying" not in mine
    assert ("Warning: the notebook shows H1 contradicted by what the table saw. Contradicted "
            "by 1: 5♥ on 7♦ (round 1, turn 4) was accepted; your rule would refuse it. Seal H1 "
            "as your guess for Gronk anyway?") in html.unescape(mine)
    row = Hypothesis.objects.get()
    cat.post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/seal/")
    assert SealedGuess.objects.get().spec == row.spec


def test_a_consistent_hypothesis_is_sealed_without_a_warning() -> None:
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, GRONK)
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert 'hx-confirm="Seal H1 as your guess for Gronk? You can' in mine
    assert "Warning" not in mine
    # On 5♥, Gronk and its simplest rivals all let 9♥ and 3♦ through: nothing to try.
    assert "Nothing in your hand tells your hypotheses from" in mine


def test_nobody_seals_a_guess_on_their_own_rule() -> None:
    game, clients = gronk_game()
    ann = clients[0]
    _save(ann, game.code, GRONK)
    row = Hypothesis.objects.get()
    answer = ann.post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/seal/").content.decode()
    assert "Gronk is your own rule" in answer
    assert not SealedGuess.objects.exists()


def test_the_evidence_grids_are_asked_for_one_jargon_at_a_time() -> None:
    game, clients = gronk_game()
    answer = clients[2].get(f"/g/{game.code}/notebook/grid/?jargon=gronk").content.decode()
    assert "Evidence grid: Gronk" in answer
    assert 'title="5♥ on K♣: refused by Gronk 1×"' in answer
    assert f'data-version="{game.version}"' in answer
    everything = clients[2].get(f"/g/{game.code}/notebook/grid/").content.decode()
    assert "Evidence grid: All plays" in everything
    assert 'title="5♥ on K♣: refused 1×"' in everything
    assert clients[2].get(f"/g/{game.code}/notebook/grid/?jargon=Pip").status_code == 404


def test_a_refused_seal_keeps_no_hypothesis_either() -> None:
    game, clients = gronk_game()
    watcher, _ = holder_client()
    answer = _save(watcher, game.code, GRONK, seal="1")
    assert "Only the players at the table seal guesses." in answer
    assert not Hypothesis.objects.exists() and not SealedGuess.objects.exists()


def test_no_experiment_from_the_hand_while_a_point_of_order_lasts() -> None:
    """Every hand is face down in a point of order: the notebook names none of Cat's cards
    until it ends (the table hides the hand the same way)."""
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, NOT_ON_DIAMONDS)
    game = submit_action(game.pk, CallOrder(0), None).game
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "Worth trying from your hand" not in mine
    assert "9♥" not in mine
    submit_action(game.pk, EndOrder(0), None)
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "Play 9♥ here" in mine


def test_a_guess_sealed_by_a_seats_earlier_player_is_not_shown_to_the_next() -> None:
    """Cat seals a guess and leaves; Cy takes the seat over: Cy's notebook does not show
    Cat's guess. Cat, back in the seat, sees it again."""
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, NO_HEARTS)
    row = Hypothesis.objects.get()
    cat.post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/seal/")
    game = submit_action(game.pk, LeaveSeat(2), game.version).game
    cy, cy_key = holder_client()
    game = submit_action(game.pk, TakeSeat(2, "Cy"), game.version, taker=cy_key).game
    mine = cy.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "Sealed guess" not in mine
    game = submit_action(game.pk, LeaveSeat(2), game.version).game
    game = submit_action(game.pk, TakeSeat(2, "Cat", stint=0), game.version,
                         taker=hash_token(cat.session[SESSION_KEY])).game
    mine = cat.get(f"/g/{game.code}/notebook/", headers={"HX-Request": "true"}).content.decode()
    assert "<strong>Sealed guess</strong>" in mine


def test_whoever_takes_a_seat_over_may_seal_a_guess_on_the_rule_its_earlier_player_wrote(
        ) -> None:
    """Ann wrote Gronk and leaves; Dee, taking her seat over, never knew it: Dee may seal a
    guess on it. Ann, back in her seat, may not."""
    game, clients = gronk_game()
    ann = clients[0]
    game = submit_action(game.pk, LeaveSeat(0), game.version).game
    dee, dee_key = holder_client()
    game = submit_action(game.pk, TakeSeat(0, "Dee"), game.version, taker=dee_key).game
    _save(dee, game.code, GRONK)
    row = Hypothesis.objects.get(holder=dee_key)
    answer = dee.post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/seal/").content.decode()
    assert "your own rule" not in answer
    assert SealedGuess.objects.get().stint == 1
    game.refresh_from_db()
    game = submit_action(game.pk, LeaveSeat(0), game.version).game
    game = submit_action(game.pk, TakeSeat(0, "Ann", stint=0), game.version,
                         taker=hash_token(ann.session[SESSION_KEY])).game
    _save(ann, game.code, GRONK)
    row = Hypothesis.objects.filter(holder=hash_token(ann.session[SESSION_KEY])).get()
    answer = ann.post(f"/g/{game.code}/notebook/hypotheses/{row.pk}/seal/").content.decode()
    assert "Gronk is your own rule" in answer
    assert SealedGuess.objects.count() == 1


def test_the_grid_groups_by_suit_and_by_colour() -> None:
    """Gronk's grid (5♥ and 4♠ on K♣, 7♦ on 4♠, 5♥ on 7♦) with suits and colours apart."""
    game, clients = gronk_game()
    base = f"/g/{game.code}/notebook/grid/"
    by_suit = clients[2].get(base, {"jargon": "Gronk", "arrange": "suit"}).content.decode()
    headings = re.findall(r'scope="colgroup" colspan="(\d)" class="nb-group">([^<]+)<', by_suit)
    assert headings == [("1", "Diamonds ♦"), ("1", "Hearts ♥"), ("1", "Spades ♠")]
    rows = re.findall(r'scope="rowgroup" colspan="4" class="nb-group">([^<]+)<', by_suit)
    assert rows == ["Clubs ♣", "Diamonds ♦", "Spades ♠"]
    assert 'title="5♥ on K♣: refused by Gronk 1×"' in by_suit
    by_colour = clients[2].get(base, {"jargon": "Gronk", "arrange": "colour"}).content.decode()
    headings = re.findall(r'scope="colgroup" colspan="(\d)" class="nb-group">([^<]+)<', by_colour)
    assert headings == [("1", "Black ♣ ♠"), ("2", "Red ♦ ♥")]


def test_the_compact_view_lists_only_what_was_seen() -> None:
    game, clients = gronk_game()
    seen = clients[2].get(f"/g/{game.code}/notebook/grid/",
                          {"jargon": "Gronk", "arrange": "seen"}).content.decode()
    rows = re.findall(r'<th scope="row"[^>]*>([^<]+)</th>\s*<td class="nb-seen-cards">(.*?)</td>'
                      r'\s*<td class="nb-seen-cards">(.*?)</td>', seen)
    text = [(top, re.sub(r"<[^>]+>", "", a), re.sub(r"<[^>]+>", "", b)) for top, a, b in rows]
    assert text == [("K♣", "5♥", "4♠"), ("7♦", "none", "5♥"), ("4♠", "none", "7♦")]
    assert "<td></td>" not in seen.split("nb-grid--several")[0]


def test_the_arrangement_is_remembered_per_browser_and_bad_values_ignored() -> None:
    game, clients = gronk_game()
    base = f"/g/{game.code}/notebook/"
    clients[2].get(base, {"arrange": "colour"})
    page = clients[2].get(base).content.decode()
    assert 'value="colour" checked' in page and "Black ♣ ♠" in page
    assert 'value="rank" checked' in clients[1].get(base).content.decode()  # Bob: his own
    odd = clients[2].get(f"{base}grid/", {"arrange": "<script>", "jargon": "Gronk"})
    assert odd.status_code == 200 and 'value="colour" checked' in odd.content.decode()
    assert "<script>" not in odd.content.decode()


def test_the_writer_at_a_table_of_friends_asks_nothing_of_solo_runs() -> None:
    """Only a table with bots can be a solo table: a table of friends skips the query."""
    game, clients = gronk_game()
    assert not game.has_bots
    with CaptureQueriesContext(connection) as queries:
        page = clients[2].post(f"/g/{game.code}/notebook/hypothesis/preview/",
                               {**form_of(GRONK), "jargon": "Gronk"})
    assert page.status_code == 200
    assert not [q for q in queries.captured_queries if "solorun" in q["sql"].lower()]
