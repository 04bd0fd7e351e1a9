"""The builder's views with the Django test client and htmx headers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from games.authoring import lock_check as pure_lock_check
from games.authoring.examples import template
from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import Row
from games.authoring.spec_form import spec_to_form
from games.builder import lock_check
from games.builder.context import panel_context
from games.engine.state import GameState
from games.models import Game
from tests.builder.helpers import (
    HX,
    as_previewed,
    post_form,
    restriction,
    seated_game,
    write,
)

pytestmark = pytest.mark.django_db

ZORBLAX = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["9"]},
           "must_not": {"type": "suit", "in": ["D"]}}
ZORBLAX_TEXT = "A diamond may not be played on a nine."
PREVIEW_OOB = 'id="builder-preview" class="preview-verdict" aria-live="polite" hx-swap-oob="true"'


def url(game: Game, name: str) -> str:
    return reverse(f"builder:{name}", kwargs={"code": game.code})


def post(client: Client, game: Game, name: str, data: dict[str, Any]) -> Any:
    if name == "submit" and "revision" not in data:
        data = as_previewed(data)  # as the page posts it, after the preview of this rule
    return client.post(url(game, name), data, headers=HX)


def mourning(**extra: Any) -> dict[str, Any]:
    form = restriction(Row(test="colour", colour="black"),
                       when=(Row(test="rank", subject="top", ranks=("Q",)),))
    form.jargon = extra.pop("jargon", "")
    return post_form(form, **extra)


def red_on_a_queen(**extra: Any) -> dict[str, Any]:
    """"Only a red card may be played on a queen": with Mourning, no card could be."""
    form = restriction(Row(test="colour", colour="red"),
                       when=(Row(test="rank", subject="top", ranks=("Q",)),))
    return post_form(form, **extra)


def spec_of(data: dict[str, Any]) -> dict[str, Any]:
    """The rule a form's POST data holds, as JSON."""
    checked = check(form_from_data(data))
    assert checked.ok
    return checked.spec


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    assert game.state is not None
    return GameState.from_json(game.state)


# Who may use it.


def test_the_writer_gets_the_builder() -> None:
    game, clients = seated_game()
    response = clients[0].get(url(game, "panel"), headers=HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<section id="builder" class="builder"' in html
    assert "Write your secret rule" in html and 'id="builder-form"' in html


def test_opened_directly_it_is_a_whole_page_with_its_css() -> None:
    game, clients = seated_game()
    html = clients[0].get(url(game, "panel")).content.decode()
    assert "<html" in html and "css/builder.css" in html


def test_the_others_see_who_is_writing() -> None:
    game, clients = seated_game()
    html = clients[1].get(url(game, "panel"), headers=HX).content.decode()
    assert "Gogol is writing a rule…" in html
    assert 'id="builder-form"' not in html


@pytest.mark.parametrize("name", ["preview", "submit", "rows", "form", "jargon"])
def test_only_the_writer_may_post(name: str) -> None:
    game, clients = seated_game()
    response = post(clients[1], game, name, mourning(version=game.version, area="must"))
    assert response.status_code == 403
    assert response.content.decode() == (
        "It is not your turn to write a rule: Gogol is writing.")


def test_a_spectator_may_not_post() -> None:
    game, _ = seated_game()
    response = post(Client(), game, "preview", mourning())
    assert response.status_code == 403
    assert "Only the player writing a rule" in response.content.decode()


def test_get_is_not_allowed_on_actions() -> None:
    game, clients = seated_game()
    assert clients[0].get(url(game, "submit"), headers=HX).status_code == 405


def test_an_unknown_game_is_not_found() -> None:
    _, clients = seated_game()
    assert clients[0].get("/g/NOSUCH/builder/", headers=HX).status_code == 404


def test_panel_context_for_the_table_page() -> None:
    game, _ = seated_game()
    with refused_checks():
        writer = panel_context(game, 0)["builder"]
    other = panel_context(game, 1)["builder"]
    spectator = panel_context(game, None)["builder"]
    # An empty rule to start: nothing to preview, an invitation, and no field marked.
    assert writer.writing and writer.form is not None and writer.preview is None
    assert writer.blank and "must" not in writer.form.errors
    with refused_checks():
        idea = panel_context(game, 0, idea="09-2")["builder"]  # an idea of the gallery
    assert idea.preview is not None and idea.preview.sentence == (
        "Only a black card may be played on a queen.")
    assert idea.jargon_from == "09-2" and idea.form is not None
    assert idea.form.form.jargon == "Mourning"
    assert not other.writing and other.form is None and other.writers == ["Gogol"]
    assert not spectator.writing


def test_a_panel_drawn_without_its_preview_asks_for_it_as_it_loads() -> None:
    """The push draws the builder without a preview: a finished draft's panel holds a
    request for it, sent on load on the builder's queue, which the preview answers."""
    game, clients = seated_game()
    with mock.patch("games.builder.context.computed_preview") as computed:
        builder = panel_context(game, 0, idea="09-2", preview=False)["builder"]
    html = render_to_string("games/builder/panel.html", {"builder": builder})
    loader = re.search(r'<p class="preview-loading[^>]*>', html)

    assert computed.call_count == 0 and builder.preview is None and builder.preview_later
    assert loader is not None and 'role="status"' in loader.group()
    assert 'hx-trigger="load"' in loader.group()
    assert 'hx-target="#builder-preview"' in loader.group()
    assert 'hx-sync="#builder-form:queue all"' in loader.group()
    asked = re.search(r'hx-post="([^"]+)"', loader.group())
    assert asked is not None and asked.group(1) == url(game, "preview")
    assert 'class="gcard ' not in html and "builder-difficulty" not in html
    answer = clients[0].post(asked.group(1), mourning(top="QH"), headers=HX).content.decode()
    assert answer.lstrip().startswith('<div id="builder-preview"')
    assert "Only a black card may be played on a queen." in answer
    assert answer.count('class="gcard ') == 53 and "builder-difficulty" in answer


def test_an_empty_rule_drawn_without_its_preview_asks_for_nothing() -> None:
    game, _ = seated_game()
    builder = panel_context(game, 0, preview=False)["builder"]
    html = render_to_string("games/builder/panel.html", {"builder": builder})

    assert builder.blank and not builder.preview_later
    assert "Nothing to preview yet" in html and "preview-loading" not in html


@contextmanager
def refused_checks() -> Iterator[None]:
    """Fails the test if anything asks whether a draft locks the game with every rule in
    force (only "Write this rule" may)."""
    refused = mock.Mock(side_effect=AssertionError("a check against every rule in force"))
    with mock.patch.object(lock_check, "locks_in_force", refused), \
            mock.patch.object(pure_lock_check, "locks_in_force", refused):
        yield


def test_no_answer_but_a_submit_checks_the_draft_against_every_rule_in_force() -> None:
    game, clients = seated_game(players=2)
    game = write(game, 1, "Zorblax", ZORBLAX)
    writer = clients[0]
    with refused_checks():
        responses = [
            writer.get(url(game, "panel"), headers=HX),
            writer.get(url(game, "panel")),
            writer.get(reverse("game", kwargs={"code": game.code})),
            post(writer, game, "preview", red_on_a_queen(top="QH")),
            post(writer, game, "rows", red_on_a_queen() | {"area": "must", "op": "add"}),
            post(writer, game, "form", red_on_a_queen() | {"kind": "call"}),
            post(writer, game, "form", red_on_a_queen() | {"template": "08-1"}),
            post(writer, game, "jargon", red_on_a_queen()),
            post(writer, game, "submit", red_on_a_queen(version=game.version)
                 | {"revision": ["0" * 16]}),
        ]
    assert [r.status_code for r in responses] == [200] * len(responses)


# Preview, rows, form.


def test_preview_shows_the_sentence_grid_and_warnings() -> None:
    game, clients = seated_game()
    response = post(clients[0], game, "preview", mourning(top="QH"))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="builder-preview"' in html
    assert "Only a black card may be played on a queen." in html
    assert html.count('class="gcard ') == 53
    assert "Five of hearts: refused by your rule" in html
    assert "Five of spades: may be played" in html


def test_a_blank_rule_is_invited_not_marked_and_its_submit_says_what_is_missing() -> None:
    from games.builder.start import blank_form
    game, clients = seated_game()
    data = post_form(blank_form(), version=game.version)
    page = post(clients[0], game, "preview", data).content.decode()
    assert "Nothing to preview yet: add a condition" in page
    assert "not finished yet" not in page and "Add at least one condition" not in page
    written = post(clients[0], game, "submit", as_previewed(data)).content.decode()
    assert "Your rule is not finished yet: it has no condition." in written
    game.refresh_from_db()
    assert game.state is not None and game.state["rules"] == []
    # One condition removed of two leaves a rule to finish, marked as before.
    half = post_form(restriction(Row(test="suit", suits=())), version=game.version)
    assert "Tick at least one suit." in post(clients[0], game, "preview", half).content.decode()


def test_preview_of_an_unfinished_rule_shows_its_problems_at_their_rows() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="suit", suits=())))
    html = post(clients[0], game, "preview", data).content.decode()
    assert "Your rule is not finished yet" in html
    assert ('<p class="field-error" id="err-must-0" hx-swap-oob="true">'
            'Tick at least one suit.') in html
    assert 'class="gcard' not in html


def test_preview_of_a_black_heart() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="colour", colour="black"),
                                 Row(test="suit", suits=("H",))))
    html = post(clients[0], game, "preview", data).content.decode()
    assert 'id="err-must" hx-swap-oob="true">These conditions can never all be true' in html


def test_preview_warns_of_a_lockup() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="value", op=">", value="13"),
                                 when=(Row(test="rank", subject="top", ranks=("Q",)),)))
    html = post(clients[0], game, "preview", data | {"top": ["QH"]}).content.decode()
    assert 'data-code="lockup_tops"' in html
    assert "no card at all could be played on Q♣ Q♦ Q♥ Q♠" in html
    assert "lock up at once" not in html and "lock the game at once" not in html


def test_adding_a_row_returns_the_list_in_place_and_the_preview() -> None:
    game, clients = seated_game()
    html = post(clients[0], game, "rows", mourning() | {"area": "must", "op": "add"}).content
    text = html.decode()
    assert text.lstrip().startswith('<fieldset id="list-must"')
    assert 'id="row-must-1"' in text
    assert PREVIEW_OOB in text


def test_removing_a_row() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="face"), Row(test="number"), join="any"))
    text = post(clients[0], game, "rows", data | {"area": "must", "op": "remove",
                                                   "index": "0"}).content.decode()
    assert 'id="row-must-0"' in text and 'id="row-must-1"' not in text
    assert 'value="number" selected' in text


def test_changing_a_rows_test_redraws_its_inputs() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="rank", ranks=("Q",))))
    data["must-0-test"] = ["suit"]
    text = post(clients[0], game, "rows", data | {"area": "must", "op": "refresh"}
                ).content.decode()
    assert 'name="must-0-suits"' in text and 'name="must-0-ranks"' not in text
    assert PREVIEW_OOB in text
    # The list draws its own messages; only slots outside it come out of band.
    assert 'id="err-must-0" hx-swap-oob' not in text and 'id="err-jargon" hx-swap-oob' in text


def test_changing_the_kind_redraws_the_form_keeping_the_writers_conditions() -> None:
    game, clients = seated_game()
    own = restriction(Row(test="colour", colour="red"),
                      when=(Row(test="rank", subject="top", ranks=("Q",)),))
    text = post(clients[0], game, "form", post_form(own) | {"kind": "trigger"}).content.decode()
    assert text.lstrip().startswith('<div id="builder-body"')
    assert 'id="list-effects"' in text and 'id="list-must"' not in text
    assert "When a card is played on a queen, the next player draws a card." in text


def test_an_example_loads_as_a_template() -> None:
    game, clients = seated_game()
    text = post(clients[0], game, "form", mourning() | {"template": "12-1"}).content.decode()
    assert 'name="effects-0-per_run" checked' in text
    assert "When a seven is played, the next player draws a card for each card" in text


def test_suggest_jargon_avoids_only_names_the_writer_knows(monkeypatch: Any) -> None:
    game, clients = seated_game(players=2)
    game = write(game, 1, "Zorblax", ZORBLAX)  # Bob's rule, never heard at the table
    seen: list[list[str]] = []

    def fake(rng: Any, taken: list[str]) -> str:
        seen.append(list(taken))
        return "Wibble"

    monkeypatch.setattr("games.builder.naming.suggest_jargon", fake)
    text = post(clients[0], game, "jargon", mourning(jargon="Mine")).content.decode()
    assert 'value="Wibble"' in text
    assert seen == [["Mine"]]
    assert "Zorblax" not in text


# Submitting.


def test_submit_writes_the_rule_and_starts_the_round() -> None:
    game, clients = seated_game()
    seen = game.version
    response = post(clients[0], game, "submit", mourning(jargon="Mourning", version=seen))
    html = response.content.decode()
    assert response.status_code == 200
    assert '<section id="builder" class="builder builder-done"' in html
    assert "<strong>Mourning</strong>: Only a black card may be played on a queen." in html
    state = state_of(game)
    assert game.version == seen + 1 and state.phase == "playing"
    (entry,) = state.rules
    assert (entry.author, entry.jargon) == (0, "Mourning")
    assert entry.data["rule"]["must"] == {"type": "colour", "of": "played", "is": "black"}


def test_submit_with_a_blank_jargon_gets_one_picked() -> None:
    game, clients = seated_game()
    post(clients[0], game, "submit", mourning(version=game.version))
    (entry,) = state_of(game).rules
    assert entry.jargon


def test_an_unfinished_rule_is_not_submitted() -> None:
    game, clients = seated_game()
    seen = game.version
    data = post_form(restriction(Row(test="rank", ranks=()))) | {"version": [str(seen)]}
    response = post(clients[0], game, "submit", data)
    html = response.content.decode()
    assert response["HX-Retarget"] == "#builder-result"
    assert "Your rule is not finished yet" in html and "Tick at least one rank." in html
    assert state_of(game).rules == [] and game.version == seen


def test_max_below_min_is_not_submitted() -> None:
    game, clients = seated_game()
    loaded = template("05-1")
    assert loaded is not None
    form = spec_to_form(loaded.spec)
    form.least, form.most = "4", "2"
    html = post(clients[0], game, "submit", form_to_data(form) | {"version": [str(game.version)]}
                ).content.decode()
    assert "Most cards must not be below fewest cards." in html
    assert state_of(game).rules == []


def test_a_stale_version_is_refused_clearly_and_the_version_refreshed() -> None:
    game, clients = seated_game(players=2)
    seen = game.version
    write(game, 1, "Zorblax", ZORBLAX)
    response = post(clients[0], game, "submit", mourning(jargon="Mourning", version=seen))
    html = response.content.decode()
    assert response["HX-Retarget"] == "#builder-result"
    # The write path's words, as on every transport, and what the builder's form adds.
    assert "Your screen is out of date: it shows version" in html
    assert "Your form is kept and now up to date" in html
    assert (f'<input type="hidden" id="builder-version" name="version" value="{seen + 1}" '
            'hx-swap-oob="true">') in html
    assert len(state_of(game).rules) == 1
    again = post(clients[0], game, "submit", mourning(jargon="Mourning", version=seen + 1))
    assert "Your rule is written" in again.content.decode()
    assert state_of(game).phase == "playing"


def test_a_draft_that_could_end_the_game_with_the_rules_in_force_is_stopped_once() -> None:
    """Bull's rule and Gogol's draft leave no card to play on a queen: the first "Write this
    rule" writes nothing and says so in the result area, as an alert; pressed again, the
    rule is written."""
    game, clients = seated_game(players=2)
    game = write(game, 1, "Mourning", spec_of(mourning()))
    response = post(clients[0], game, "submit", red_on_a_queen(version=game.version))
    html = response.content.decode()
    assert response["HX-Retarget"] == "#builder-result"
    assert ('<p class="builder-message warning warning-lockup_in_force" role="alert" '
            'data-code="lockup_in_force">') in html
    assert "this rule could end the game" in html and "Nothing was written" in html
    assert "queen" not in html.lower() and "Mourning" not in html
    assert len(state_of(game).rules) == 1
    again = post(clients[0], game, "submit", red_on_a_queen(version=game.version))
    assert "Your rule is written" in again.content.decode()
    assert state_of(game).phase == "playing"


def test_submitting_twice_is_refused() -> None:
    game, clients = seated_game()
    post(clients[0], game, "submit", mourning(version=game.version))
    response = post(clients[0], game, "submit", mourning(version=game.version + 1))
    assert response.status_code == 403
    assert len(state_of(game).rules) == 1


# Secrets: nothing of another author's rule in any builder response.


def test_no_other_authors_rule_appears_in_any_builder_response() -> None:
    game, clients = seated_game(players=2)
    game = write(game, 1, "Zorblax", ZORBLAX)
    writer = clients[0]
    # Behaves exactly like Zorblax, in other words: no warning says so (the builder compares
    # a draft with its author's own rules only).
    reordered_duplicate = post_form(restriction(
        Row(test="suit", suits=("C", "H", "S")),
        when=(Row(test="rank", subject="top", ranks=("9",)),)))
    responses = [
        writer.get(url(game, "panel"), headers=HX),
        writer.get(url(game, "panel")),
        post(writer, game, "preview", mourning(top="9D")),
        post(writer, game, "preview", reordered_duplicate | {"top": ["9C"]}),
        post(writer, game, "rows", mourning() | {"area": "must", "op": "add"}),
        post(writer, game, "rows", mourning() | {"area": "when", "op": "refresh"}),
        post(writer, game, "form", mourning() | {"kind": "call"}),
        post(writer, game, "form", mourning() | {"template": "08-1"}),
        post(writer, game, "jargon", mourning()),
        post(writer, game, "submit", mourning(jargon="Zorblax", version=game.version - 1)),
        post(writer, game, "submit", mourning(version=game.version - 1)),
        post(writer, game, "submit", mourning(jargon="Mine", version=game.version)),
    ]
    duplicate_html = responses[3].content.decode()
    assert "preview-sentence" in duplicate_html and 'data-code="duplicate"' not in duplicate_html
    for response in responses:
        html = response.content.decode()
        assert response.status_code == 200, html[:300]
        assert "Zorblax" not in html
        assert ZORBLAX_TEXT not in html
        assert "Bull wrote" not in html and "by Bull" not in html


@pytest.mark.parametrize("data", [
    {},
    {"kind": "nonsense", "must-join": "all", "must-0-test": "warp", "must-0-subject": "moon"},
    {"kind": "trigger", "effects-present": "1", "effects-0-type": "explode"},
    {"kind": "permission", "min": "x", "max": "-1", "each-join": "any", "each-0-test": "rank"},
    {"kind": "instant_win", "hand-join": "all", "hand-0-test": "hand_count",
     "hand-0-match": "relation"},
    {"kind": "restriction", "must-join": "all", "must-0-test": "rank", "must-0-ranks": "Z",
     "top": "nonsense"},
    {"kind": "restriction", "must-join": "all", "must-0-test": "position", "must-0-op": "in",
     "must-0-value": "a,,-4", "must-0-mod": "x"},
    {"kind": "restriction", "must-join": "any", "must-0-test": "count", "must-0-match": "sum",
     "must-0-window": "-1", "must-1-test": "difference", "must-1-absolute": "maybe",
     "must-1-other": "moon", "must-2-test": "sum_window", "must-2-with_played": "on"},
])
def test_garbage_is_answered_with_messages_not_errors(data: dict[str, str]) -> None:
    game, clients = seated_game()
    for name in ("preview", "form", "submit"):
        response = post(clients[0], game, name, data)
        assert response.status_code == 200, (name, response.content[:300])
    response = post(clients[0], game, "rows", data | {"area": "must", "op": "add"})
    assert response.status_code in (200, 400)
    assert state_of(game).rules == []


# The situation: drawn once with the panel, never redrawn by an answer.

MORE_THAN_3 = {"kind": "restriction",
               "must": {"type": "compare", "what": "hand_before", "op": ">", "value": 3}}
KING_UNDER = {"kind": "restriction", "when": {"type": "rank", "of": "pile2", "in": ["K"]},
              "must": {"type": "colour", "is": "red"}}


def test_the_panel_draws_the_situation_and_answers_only_say_what_auto_stands_for() -> None:
    game, clients = seated_game()
    panel = clients[0].get(url(game, "panel"), headers=HX).content.decode()
    assert '<fieldset id="builder-situation"' in panel
    assert '<input id="f-sit-hand" name="sit-hand"' in panel
    data = post_form(spec_to_form(MORE_THAN_3, ""), **{"sit-hand": "", "sit-depth": "1"})
    answer = post(clients[0], game, "preview", data).content.decode()
    # No control the author types in comes back: only the words "Auto" stands for.
    assert 'id="builder-situation"' not in answer and 'id="f-sit-hand"' not in answer
    assert 'id="sit-piles"' not in answer
    assert '<span id="auto-sit-hand" hx-swap-oob="innerHTML">Auto (3)</span>' in answer
    assert '<span id="auto-sit-player" hx-swap-oob="innerHTML">Auto (another player)' in answer
    assert 'id="builder-grid" class="preview-grid" hx-swap-oob="true"' in answer


def test_the_pile_controls_come_back_only_when_the_depth_read_changes() -> None:
    game, clients = seated_game()
    form = spec_to_form(KING_UNDER, "")
    deeper = post(clients[0], game, "preview", post_form(form, **{"sit-depth": "1",
                                                               "sit-pile2": "QS"}))
    html = deeper.content.decode()
    assert '<div id="sit-piles" class="sit-piles" hx-swap-oob="true">' in html
    assert '<input type="hidden" name="sit-depth" form="builder-form" value="2">' in html
    assert '<option value="QS" selected>' in html  # the author's choice, as posted
    same = post(clients[0], game, "preview", post_form(form, **{"sit-depth": "2"}))
    html = same.content.decode()
    assert 'id="sit-piles"' not in html
    assert '<span id="auto-sit-pile2" hx-swap-oob="innerHTML">Auto (K' in html  # a king


#: A rule of the round so far: the fifth card of each round must be a heart.
FIFTH_HEART = {"kind": "restriction", "when": {"type": "position", "op": "==", "value": 5},
               "must": {"type": "suit", "in": ["H"]}}


def test_the_rounds_controls_come_and_go_with_the_rules_that_read_the_round() -> None:
    game, clients = seated_game()
    round_form, plain = spec_to_form(FIFTH_HEART, ""), spec_to_form(KING_UNDER, "")
    shown = post(clients[0], game, "preview", post_form(round_form, **{"sit-rounds": "0"}))
    html = shown.content.decode()
    assert '<div id="sit-round" class="sit-round" hx-swap-oob="true">' in html
    assert '<input type="hidden" name="sit-rounds" form="builder-form" value="1">' in html
    assert 'id="f-sit-position"' in html and 'id="f-sit-earlier"' in html
    # Shown already: only what "Auto" stands for comes back, never the fields typed in.
    kept = post(clients[0], game, "preview", post_form(round_form, **{
        "sit-rounds": "1", "sit-position": "5"})).content.decode()
    assert 'id="sit-round"' not in kept and 'id="f-sit-position"' not in kept
    assert '<span id="auto-sit-earlier" hx-swap-oob="innerHTML">Auto (' in kept
    # A rule that reads no round takes them away.
    gone = post(clients[0], game, "preview", post_form(plain, **{"sit-rounds": "1"}))
    html = gone.content.decode()
    assert '<div id="sit-round" class="sit-round" hx-swap-oob="true">' in html
    assert 'id="f-sit-position"' not in html


def test_an_unfinished_rule_leaves_the_situation_as_it_is() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="suit", suits=())), **{"sit-hand": "4"})
    html = post(clients[0], game, "preview", data).content.decode()
    assert "Your rule is not finished yet" in html
    assert 'id="auto-sit-hand"' not in html and 'id="sit-piles"' not in html
    assert '<div id="builder-grid" class="preview-grid" hx-swap-oob="true">' in html
    assert 'class="card-grid"' not in html
