"""The builder bugs a new user found, each kept fixed by a test."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.authoring.forms import check, form_from_data, kept_fields
from games.authoring.model import CondList, EffectRow, Row, RuleForm, new_form
from games.authoring.notes import notes
from games.authoring.preview_warnings import share
from games.authoring.revision import revision
from games.builder.start import blank_form
from games.engine.settings import GameSettings
from games.engine.state import GameState
from games.models import Game
from tests.builder.helpers import (
    HX,
    NAMES,
    as_previewed,
    post_form,
    restriction,
    seated_game,
    write,
)
from tests.factories import create_game, holder_client, play_until

pytestmark = pytest.mark.django_db


def url(game: Game, name: str) -> str:
    return reverse(f"builder:{name}", kwargs={"code": game.code})


def post(client: Client, game: Game, name: str, data: dict[str, Any]) -> str:
    response = client.post(url(game, name), data, headers=HX)
    assert response.status_code == 200, response.content
    return html.unescape(response.content.decode())


class Fields(HTMLParser):
    """The fields a browser would post from a page: inputs, checked boxes, selected options."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, list[str]] = {}
        self.select: str | None = None
        self.first: str | None = None
        self.chosen = False

    def add(self, name: str, value: str) -> None:
        self.found.setdefault(name, []).append(value)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "input" and a.get("name") and a.get("type") != "checkbox":
            self.add(a["name"], a.get("value", ""))
        elif tag == "input" and a.get("name") and "checked" in a:
            self.add(a["name"], a.get("value") or "on")
        elif tag == "select":
            self.select, self.first, self.chosen = a.get("name"), None, False
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = a.get("value", "")
            if "selected" in a and not self.chosen:
                self.add(self.select, a.get("value", ""))
                self.chosen = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select:
            if not self.chosen and self.first is not None:
                self.add(self.select, self.first)
            self.select = None


def fields(page: str) -> dict[str, list[str]]:
    parser = Fields()
    parser.feed(page)
    return parser.found


def body_of(page: str) -> str:
    """The form's body of a response (what replaces ``#builder-body``)."""
    start = page.index('<div id="builder-body"')
    return page[start:page.index('<div id="builder-preview"', start)]


# 1. Suggest, twice.


def test_the_suggested_jargon_field_suggests_again_through_the_builder() -> None:
    game, clients = seated_game()
    page = post(clients[0], game, "jargon", post_form(new_form()))
    button = re.search(r'<button[^>]*hx-post="([^"]*)"[^>]*>Suggest</button>', page)
    assert button is not None
    assert button.group(1) == url(game, "jargon")  # not "" (the table page)
    again = post(clients[0], game, "jargon", post_form(new_form()))
    assert 'id="jargon-field"' in again and "<html" not in again


# 2. The rule written is the rule previewed.


def test_every_preview_carries_the_revision_of_the_rule_it_shows() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="suit", suits=("H",))))
    page = post(clients[0], game, "preview", data)
    shown = fields(page)["revision"]
    assert shown == [revision(check(form_from_data(data)).spec)]
    kind = post(clients[0], game, "form", data | {"kind": ["trigger"]})
    assert fields(kind)["revision"] != shown  # the trigger's own revision came with it


def test_a_submit_of_a_rule_never_previewed_is_refused_and_changes_nothing() -> None:
    game, clients = seated_game()
    seen = post_form(restriction(Row(test="suit", suits=("H",))))
    unseen = post_form(restriction(Row(test="suit", suits=("S",))), version=game.version)
    page = post(clients[0], game, "submit", unseen | {"revision": as_previewed(seen)["revision"]})
    assert "The preview had not caught up with your last change, so nothing was written" in page
    assert "A spade" in page or "spade" in page  # the preview of the form as it stands comes
    assert fields(page)["revision"] == as_previewed(unseen)["revision"]
    before = game.version
    game.refresh_from_db()
    assert game.version == before and not GameState.from_json(game.state or {}).rules


def test_a_submit_without_a_revision_is_refused() -> None:
    game, clients = seated_game()
    page = post(clients[0], game, "submit", post_form(new_form(), version=game.version))
    assert "nothing was written" in page


def test_the_rule_previewed_is_the_rule_written() -> None:
    game, clients = seated_game()
    data = post_form(restriction(Row(test="suit", suits=("S",))), version=game.version)
    shown = fields(post(clients[0], game, "preview", data))["revision"]
    page = post(clients[0], game, "submit", data | {"revision": shown})
    assert "Your rule is written" in page
    state = GameState.from_json(Game.objects.get(pk=game.pk).state or {})
    assert revision(state.rules[-1].data["rule"]) == revision(check(form_from_data(data)).spec)


# 3. Kind switches keep the conditions.


def test_switching_kind_and_back_keeps_every_condition() -> None:
    game, clients = seated_game()
    form = restriction(Row(test="suit", suits=("H", "D"), negate=True),
                       Row(test="rank", ranks=("3",)), join="any", mode="must_not",
                       when=(Row(test="face", subject="top"),))
    form.say = "Hail"
    start = post_form(form)
    away = fields(body_of(post(clients[0], game, "form", start | {"kind": ["call"]})))
    assert away["kind"] == ["call"]
    back = fields(body_of(post(clients[0], game, "form", away | {"kind": ["restriction"]})))
    again = form_from_data(back)
    assert again.mode == "must_not"
    assert again.lists["must"] == form_from_data(start).lists["must"]
    assert again.lists["when"] == form_from_data(start).lists["when"]
    assert len(again.lists["must"].rows) == 2 and again.lists["must"].join == "any"
    assert again.say == "Hail"


def test_kept_fields_hold_only_what_the_kind_does_not_show() -> None:
    form = new_form()
    form.effects = [EffectRow(type="skip")]
    kept = dict(kept_fields(form))
    assert "mode" not in kept and "when-0-test" not in kept and "must-0-test" not in kept
    assert kept["effects-0-type"] == "skip" and kept["say"] == "Mao"


# 4. The example menu agrees with the form; an example's jargon goes with the example.


def selected_example(page: str) -> str:
    menu = page[page.index('id="builder-template"'):]
    menu = menu[:menu.index("</select>")]
    found = re.search(r'<option value="([^"]*)" selected', menu)
    assert found is not None
    return found.group(1)


def test_the_example_menu_names_the_example_the_form_holds() -> None:
    game, clients = seated_game()
    page = html.unescape(clients[0].get(url(game, "panel"), headers=HX).content.decode())
    assert selected_example(page) == ""  # the page starts on an empty rule, no example
    loaded = post(clients[0], game, "form", post_form(blank_form()) | {"template": ["09-2"]})
    assert selected_example(loaded) == "09-2"
    changed = post(clients[0], game, "preview", post_form(restriction(Row(test="face"))))
    assert selected_example(changed) == ""  # "Choose an example…" for a rule of one's own


def test_an_examples_jargon_goes_when_the_rule_is_changed_away_from_it() -> None:
    game, clients = seated_game()
    loaded = post(clients[0], game, "form", post_form(new_form()) | {"template": ["03-1"]})
    jargon = fields(loaded)
    assert jargon["jargon"] != [""] and jargon["jargon_from"] == ["03-1"]
    kept = form_from_data(fields(body_of(loaded)))
    kept.jargon = jargon["jargon"][0]
    same = post(clients[0], game, "preview", post_form(kept) | {"jargon_from": ["03-1"]})
    assert 'id="jargon-field"' not in same  # still the example: its jargon stays
    kept.lists["when"].rows[0].ranks = ("6",)
    changed = post(clients[0], game, "preview", post_form(kept) | {"jargon_from": ["03-1"]})
    assert fields(changed)["jargon"] == [""] and fields(changed)["jargon_from"] == [""]
    kept.jargon = "Mine"
    typed = post(clients[0], game, "preview", post_form(kept) | {"jargon_from": ["03-1"]})
    assert 'id="jargon-field"' not in typed  # a jargon the writer typed is theirs


# 5. Shares never round to nothing.


def test_one_card_in_53_is_not_called_none() -> None:
    assert share(4 / 2704) == "under 1%" and share(0.5) == "50%" and share(0) == "none"


def test_a_rule_allowing_almost_nothing_says_under_one_percent() -> None:
    game, clients = seated_game()
    # A♠ on a king, and nothing else: 4 pairs of 2,704.
    form = restriction(Row(test="rank", ranks=("A",)), Row(test="suit", suits=("S",)),
                       Row(test="rank", subject="top", ranks=("K",)))
    page = post(clients[0], game, "preview", post_form(form))
    assert "only under 1% of cards are allowed" in page and " 0% " not in page


# 6. The grid's key names no card.


def test_the_grids_key_shows_no_card_to_contradict_the_grid() -> None:
    game, clients = seated_game()
    form = restriction(Row(test="colour", colour="black"))  # Q♥ refused on Q♥
    page = post(clients[0], game, "preview", post_form(form, top="QH"))
    legend = page[page.index('class="grid-legend"'):]
    legend = legend[:legend.index("</p>")]
    assert "Queen of hearts: refused by your rule" in page
    assert not re.search(r"[AJQK0-9][♠♥♦♣]", legend)


# 7. Aces high: two to ace.


def aces_high_game() -> tuple[Game, Client]:
    client, key = holder_client()
    others = [holder_client() for _ in range(2)]
    game = create_game(GameSettings(players=3, first_rule_maker=0, aces_high=True), NAMES,
                       seed=1, holders=[key, *(k for _, k in others)])
    return game, client


def test_with_aces_high_the_ranks_and_the_grid_run_two_to_ace() -> None:
    game, client = aces_high_game()
    form = restriction(Row(test="rank", ranks=("5",)))
    page = post(client, game, "preview", post_form(form))
    grid = re.findall(r'class="gcard-rank[^"]*">([^<]+)<', page)
    assert grid[:13] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    body = post(client, game, "form", post_form(form))
    ranks = re.findall(r'name="must-0-ranks" value="([^"]+)"', body)
    assert ranks == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_with_aces_low_the_ranks_run_ace_to_king() -> None:
    game, clients = seated_game()
    body = post(clients[0], game, "form", post_form(restriction(Row(test="rank", ranks=("5",)))))
    assert re.findall(r'name="must-0-ranks" value="([^"]+)"', body)[0] == "A"


# 8. ★ is the joker, and only the joker.


def test_a_star_in_the_grid_is_only_the_joker() -> None:
    game, clients = seated_game()
    form = RuleForm(kind="trigger", lists={"when": CondList("all", [Row(test="face")])},
                    effects=[EffectRow()])
    page = post(clients[0], game, "preview", post_form(form))
    assert "sets your rule off" in page
    marks = re.findall(r'class="gcard-mark">([^<]*)<', page)
    assert "★" not in marks and "⚡" in marks
    assert re.findall(r'class="gcard-rank[^"]*">([^<]+)<', page)[-1] == "★"  # the joker


# 9. Double negatives.


def codes(page: str) -> list[str]:
    return re.findall(r'data-code="([^"]+)"', page)


def test_must_not_with_not_is_called_a_double_negative_with_the_simpler_form() -> None:
    game, clients = seated_game()
    double = restriction(Row(test="colour", colour="red", negate=True), mode="must_not")
    page = post(clients[0], game, "preview", post_form(double))
    assert "double_negative" in codes(page)
    assert "untick “not” and choose “must”" in page
    plain = restriction(Row(test="colour", colour="red"), mode="must_not")
    assert "double_negative" not in codes(post(clients[0], game, "preview", post_form(plain)))


# 10. Call rules with the same words: the author's own only.


#: A trigger that never stops a play (so that a round can be won under it).
SKIP = {"kind": "trigger", "when": {"type": "rank", "in": ["7"]}, "effects": [{"type": "skip"}]}


def with_call_by(seat: int, say: str = "Mao!") -> tuple[Game, list[Client]]:
    """A two-player game in which seat 0 writes a rule while ``seat``'s call rule "Hail" is
    in force, as players get there: both write at the start, so seat 1's rule is in force
    while seat 0 still writes; seat 0 writes again after winning round 1 (seat 1 holding
    back)."""
    game, clients = seated_game(players=2)
    hail = {"kind": "call", "when": {"type": "suit", "in": ["H"]}, "say": say}
    if seat == 1:
        return write(game, 1, "Hail", hail), clients
    game = write(write(game, 0, "Hail", hail), 1, "Skip", SKIP)
    game = play_until(game, lambda state: state.phase == "writing" and 0 in state.writers,
                      holding_back={1})
    return game, clients


CALL = RuleForm(kind="call", lists={"when": CondList("all", [Row(test="suit", suits=("S",))])},
                say="mao")


def test_a_call_with_the_words_of_the_authors_own_call_is_warned_of() -> None:
    game, clients = with_call_by(0)
    page = post(clients[0], game, "preview", post_form(CALL))
    assert "same_words" in codes(page) and "Your rule “Hail” already asks" in page


def test_another_players_call_words_are_never_hinted_at() -> None:
    game, clients = with_call_by(1)
    page = post(clients[0], game, "preview", post_form(CALL))
    assert "same_words" not in codes(page) and "Hail" not in page


def test_notes_read_only_the_rules_they_are_given() -> None:
    checked = check(CALL)
    assert checked.rule is not None
    assert notes(CALL, checked.rule, []) == ()


def test_call_words_that_hold_the_authors_own_are_warned_of_as_the_engine_judges_them(
        ) -> None:
    # "Mao" inside "Mao Mao" (either way round), and a placeholder filled in: the same
    # containment of rules.phrases.phrases_overlap.
    for own, draft in (("Mao Mao", "mao"), ("Mao", "mao mao"), ("{rank} of hearts", "seven")):
        game, clients = with_call_by(0, own)
        page = post(clients[0], game, "preview",
                    post_form(replace(CALL, say=draft)))
        assert "same_words" in codes(page), (own, draft)
        assert "already asks for words that hold these, or are held in them" in page
    game, clients = with_call_by(0, "Have a nice day")
    assert "same_words" not in codes(post(clients[0], game, "preview", post_form(CALL)))
