"""The builder writes speech rules: a talking penalty (its allowed phrases) and an owed reply
(its words, the reasons it is owed), with their sentence, a note instead of the card grid,
notes on words shared with the calls and replies the author knows, and nothing learnt of
another player's rules."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.authoring.forms import check, form_from_data, form_to_data, kept_fields
from games.authoring.model import RuleForm
from games.authoring.spec_form import form_to_spec, spec_to_form
from games.builder.context import FormView
from games.models import Game
from rules.english import describe
from rules.spec import DRAW_REASONS, load_rule, spec_to_json
from tests.builder.helpers import HX, seated_game
from tests.builder.test_secrecy import entry, set_rules

pytestmark = pytest.mark.django_db

TALKING = {"kind": "talking", "allow": ["Point of order", "End point of order"], "penalty": 1}
REPLY = {"kind": "reply", "say": "Thank you", "after": ["penalty"], "penalty": 1}
CALL_MAO = {"kind": "call", "when": {"type": "compare", "what": "hand_after", "op": "==",
                                     "value": 1}, "say": "Mao", "penalty": 1}


def canonical(spec: dict[str, Any]) -> dict[str, Any]:
    return spec_to_json(load_rule({"version": 1, "jargon": "X", "rule": spec}).spec)


def data_of(spec: dict[str, Any], jargon: str = "Mine") -> dict[str, Any]:
    return form_to_data(spec_to_form(canonical(spec), jargon))


def preview(client: Client, game: Game, data: dict[str, Any]) -> str:
    response = client.post(f"/g/{game.code}/builder/preview/", data, headers=HX)
    assert response.status_code == 200
    return response.content.decode()


phrases = st.lists(st.sampled_from(["Point of order", "End point of order", "Thank you",
                                    "Merry Christmas", "All hail the (chairman|chairwoman)",
                                    "[Call a] pause"]), max_size=4, unique=True)


@given(allow=phrases, penalty=st.integers(1, 5), play_talk=st.sampled_from(["free", "judged"]))
def test_a_talking_rule_round_trips_through_the_form(allow: list[str], penalty: int,
                                                     play_talk: str) -> None:
    spec = canonical({"kind": "talking", "allow": allow, "penalty": penalty,
                      "play_talk": play_talk})
    form = form_from_data(form_to_data(spec_to_form(spec, "Hush")))
    assert form.kind == "talking"
    assert form_to_spec(form).spec == spec
    checked = check(form)
    assert checked.ok and checked.rule is not None
    assert describe(checked.rule) == describe(load_rule({"version": 1, "jargon": "Hush",
                                                         "rule": spec}))


@given(after=st.sets(st.sampled_from(DRAW_REASONS), min_size=1),
       say=st.sampled_from(["Thank you", "Thank you very much", "(Thanks|Thank you)"]),
       penalty=st.integers(1, 5))
def test_a_reply_rule_round_trips_through_the_form(after: set[str], say: str,
                                                   penalty: int) -> None:
    spec = canonical({"kind": "reply", "say": say, "after": sorted(after), "penalty": penalty})
    form = form_from_data(form_to_data(spec_to_form(spec, "Manners")))
    assert form.kind == "reply" and set(form.after) == after
    assert form_to_spec(form).spec == spec
    assert check(form).ok


def test_allowed_phrases_are_typed_one_a_line() -> None:
    form = form_from_data({"kind": "talking", "allow": "Point of order\r\n\r\n  Pause \n",
                           "penalty": "2"})
    checked = check(form)
    assert checked.ok
    assert checked.spec == {"kind": "talking", "allow": ["Point of order", "Pause"],
                            "penalty": 2}


def test_a_bad_allowed_phrase_is_named_at_its_field() -> None:
    form = form_from_data({"kind": "talking", "allow": "Point of order\nThe {rank}",
                           "penalty": "1"})
    checked = check(form)
    assert not checked.ok
    message = checked.by_slot()["allow"]
    assert message.startswith("Allowed words, phrase 2 (“The {rank}”): may not use a "
                              "placeholder")


def test_too_many_allowed_phrases_are_refused() -> None:
    allow = "\n".join(f"Phrase number {i}" for i in range(13))
    checked = check(form_from_data({"kind": "talking", "allow": allow}))
    assert "at most 12" in checked.by_slot()["allow"]


def test_a_reply_needs_a_reason_ticked() -> None:
    # The boxes were on the page (after-present) and none was ticked.
    form = form_from_data({"kind": "reply", "reply": "Thank you", "after-present": "1"})
    assert form.after == ()
    assert check(form).by_slot()["after"] == "Tick at least one reason to draw."
    # Without the boxes on the page (another kind shown), the reasons keep their default.
    assert form_from_data({"kind": "reply", "reply": "Thank you"}).after == ("penalty",)


def test_a_reply_without_words_is_refused_at_its_field() -> None:
    checked = check(form_from_data({"kind": "reply", "reply": "  ", "after-present": "1",
                                    "after": ["pass"]}))
    assert checked.by_slot()["reply"] == "Words owed: must not be empty."


def test_switching_kind_keeps_the_speech_fields() -> None:
    form = spec_to_form(canonical(TALKING), "Hush")
    form.reply, form.after = "Thanks a lot", ("effect", "pass")
    form.kind = "restriction"
    kept: dict[str, list[str]] = {}
    for name, value in kept_fields(form):
        kept.setdefault(name, []).append(value)
    back = form_from_data(kept | {"kind": ["reply"]})
    assert (back.reply, back.after) == ("Thanks a lot", ("effect", "pass"))
    assert back.allow == "Point of order\nEnd point of order"


def test_the_page_shows_a_talking_rule_without_a_grid() -> None:
    game, clients = seated_game(players=3)
    text = preview(clients[0], game, data_of(TALKING))
    assert ("Words said outside a play cost the speaker a card, unless they are only "
            "“Point of order”, “End point of order” or a reply the speaker owes.") in text
    assert 'data-code="grid_speech"' in text
    assert "No problems found" not in text
    assert "gcard" not in text
    assert "No card grid for a rule about words said outside a play." in text


def test_the_kind_menu_draws_each_speech_form() -> None:
    game, clients = seated_game(players=3)
    base = f"/g/{game.code}/builder/form/"
    talking = clients[0].post(base, data_of(TALKING) | {"kind": ["talking"]}, headers=HX)
    text = talking.content.decode()
    assert talking.status_code == 200
    assert re.search(r'<textarea id="f-allow" name="allow"[^>]*>Point of order\nEnd point '
                     r'of order</textarea>', text)
    reply = clients[0].post(base, data_of(REPLY) | {"kind": ["reply"]}, headers=HX)
    text = reply.content.decode()
    assert 'id="f-after-penalty" name="after" value="penalty" checked' in text
    assert 'id="f-after-pass" name="after" value="pass">' in text
    assert 'value="Thank you"' in text
    assert "A player who draws a penalty card must say “Thank you” as their next action" in text


def test_a_speech_rule_is_written_through_the_builder() -> None:
    game, clients = seated_game(players=3)
    data = data_of(REPLY, "Manners")
    text = preview(clients[0], game, data)
    found = re.search(r'id="builder-revision" name="revision" form="builder-form" '
                      r'value="([0-9a-f]+)"', text)
    assert found is not None
    response = clients[0].post(f"/g/{game.code}/builder/submit/",
                               data | {"revision": [found.group(1)],
                                       "version": [str(game.version)]}, headers=HX)
    assert response.status_code == 200
    assert "Your rule is written" in response.content.decode()
    game.refresh_from_db()
    assert game.state is not None
    assert game.state["rules"][-1]["rule"]["rule"] == canonical(REPLY)


def test_allowing_a_known_replys_words_is_noted() -> None:
    game, clients = seated_game(players=3)
    set_rules(game, [entry(1, 0, REPLY, "Manners")])
    allow = TALKING | {"allow": ["Point of order", "Thank you"]}
    text = preview(clients[0], game, data_of(allow))
    assert ("“Thank you” shares words with your rule “Manners”: words a player owes are "
            "never talking") in text
    assert "speech_words" not in preview(clients[0], game, data_of(TALKING))


def test_a_reply_with_a_known_calls_words_is_noted() -> None:
    game, clients = seated_game(players=3)
    set_rules(game, [entry(1, 0, CALL_MAO, "Last card")])
    text = preview(clients[0], game, data_of(REPLY | {"say": "Mao"}))
    assert "Your rule “Last card” asks for words like these with a play" in text
    # And the other way round: a call draft with a known reply's words.
    set_rules(game, [entry(1, 0, REPLY | {"say": "Mao"}, "Manners")])
    text = preview(clients[0], game, data_of(CALL_MAO))
    assert "Your rule “Manners” asks for words like these as a reply" in text


def test_replies_whose_words_hold_one_another_are_noted() -> None:
    game, clients = seated_game(players=3)
    set_rules(game, [entry(1, 0, REPLY, "Manners")])
    text = preview(clients[0], game, data_of(REPLY | {"say": "Thank you very much",
                                                      "after": ["effect"]}))
    assert "Your rule “Manners” asks for words that hold these" in text
    # The same words share one saying: nothing to note.
    assert 'data-code="speech_words"' not in preview(clients[0], game, data_of(REPLY))


def test_a_new_form_starts_the_speech_fields_sensibly() -> None:
    form = RuleForm(kind="talking")
    assert check(form).spec == {"kind": "talking", "allow": ["Point of order"], "penalty": 1}
    form.kind = "reply"
    assert check(form).spec == {"kind": "reply", "say": "Thank you", "after": ["penalty"],
                                "penalty": 1}


def test_the_talking_form_offers_what_words_said_with_a_play_cost() -> None:
    spec = canonical({"kind": "talking", "allow": [], "penalty": 1, "play_talk": "judged"})
    view = FormView(spec_to_form(spec, "Hush"), {}, [], {})
    assert [(o.value, o.selected) for o in view.play_talks] == [("free", False),
                                                                ("judged", True)]
