"""The builder writes a trigger that opens a race: the effect row's answer (say the words,
press the button, name the suit), words, seconds and penalty round-trip through the form;
a bad one is named in plain words at its place; the preview gives the sentence and notes
that a race shows itself."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import CondList, EffectRow, Row, RuleForm
from games.authoring.spec_form import form_to_spec, spec_to_form
from games.models import Game
from rules.english import describe
from tests.builder.helpers import HX, seated_game
from tests.builder.test_speech import canonical, data_of, preview

TWO = {"type": "rank", "of": "played", "in": ["2"]}


def race_spec(effect: dict[str, Any]) -> dict[str, Any]:
    return canonical({"kind": "trigger", "when": TWO, "effects": [effect]})


races = st.one_of(
    st.builds(lambda w, s, p: {"type": "race", "say": w, "seconds": s, "penalty": p},
              st.sampled_from(["Chauncey", "Hail Satan", "(Kool Kids Klub|Dominic Spinella) "
                                                          "Konfirmed"]),
              st.integers(2, 30), st.integers(1, 5)),
    st.builds(lambda w, s, p: {"type": "race", "press": w, "seconds": s, "penalty": p},
              st.sampled_from(["Hands up", "Fingers on the table"]), st.integers(2, 30),
              st.integers(1, 5)),
    st.builds(lambda s: {"type": "race", "name": "suit", "seconds": s}, st.integers(2, 30)))


@given(effect=races)
def test_a_race_round_trips_through_the_form(effect: dict[str, Any]) -> None:
    spec = race_spec(effect)
    form = form_from_data(form_to_data(spec_to_form(spec, "Deuces")))
    assert form_to_spec(form).spec == spec
    checked = check(form)
    assert checked.ok and checked.rule is not None


def form_with(effect: EffectRow) -> RuleForm:
    form = RuleForm(kind="trigger")
    form.lists["when"] = CondList("all", [Row(test="rank", subject="played", ranks=("2",))])
    form.effects = [effect]
    return form


def test_a_new_race_row_starts_as_a_race_to_say_chauncey() -> None:
    checked = check(form_with(EffectRow(type="race")))
    assert checked.rule is not None
    assert describe(checked.rule) == (
        "When a two is played, everyone races to say “Chauncey” within five seconds: the "
        "last, and anyone who does not, draws a penalty card.")


@pytest.mark.parametrize(("effect", "message"), [
    (EffectRow(type="race", words=""), "Words to say: must not be empty."),
    (EffectRow(type="race", words="{rank}!"), "Words to say: may not use a placeholder but "
                                              "{holiday}: words said outside a play name no "
                                              "card."),
    (EffectRow(type="race", answer="press", words="  "),
     "The button's label: must say what to do, in words."),
    (EffectRow(type="race", seconds="1"), "Seconds to answer: must be between 2 and 30, got 1."),
    (EffectRow(type="race", seconds="soon"), "Seconds to answer: enter a whole number."),
    (EffectRow(type="race", penalty="9"), "Penalty: must be between 1 and 5, got 9."),
])
def test_a_bad_race_is_named_in_plain_words_at_its_row(effect: EffectRow, message: str) -> None:
    checked = check(form_with(effect))
    assert [(p.slot, p.message) for p in checked.problems] == [("effects-0", message)]


def test_a_race_to_name_the_suit_asks_no_words_and_no_penalty() -> None:
    form = form_with(EffectRow(type="race", answer="suit", words="", penalty="x"))
    assert check(form).spec == race_spec({"type": "race", "name": "suit", "seconds": 5})


@pytest.mark.django_db
def test_the_preview_gives_the_sentence_and_notes_that_a_race_shows_itself() -> None:
    game, clients = seated_game(players=3)
    text = preview(clients[0], game, data_of(race_spec({"type": "race", "press": "Hands up"})))
    assert "everyone races to press “Hands up” within five seconds" in text
    assert 'data-code="race_public"' in text
    assert "Everyone sees a race as it opens" in text
    plain = data_of(canonical({"kind": "trigger", "when": TWO, "effects": [{"type": "skip"}]}))
    assert 'data-code="race_public"' not in preview(clients[0], game, plain)


def effect_row(client: Client, game: Game, spec: dict[str, Any]) -> str:
    """The effect list redrawn, as a change of the effect's answer asks for it."""
    data = data_of(spec) | {"area": "effects", "op": "refresh"}
    response = client.post(f"/g/{game.code}/builder/rows/", data, headers=HX)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_the_effect_row_shows_the_inputs_of_its_answer() -> None:
    game, clients = seated_game(players=3)
    say = effect_row(clients[0], game, race_spec({"type": "race", "say": "Chauncey"}))
    assert 'name="effects-0-words"' in say and 'name="effects-0-penalty"' in say
    suit = effect_row(clients[0], game, race_spec({"type": "race", "name": "suit"}))
    assert 'name="effects-0-answer"' in suit and "to name the suit" in suit
    assert 'name="effects-0-words"' not in suit and 'name="effects-0-penalty"' not in suit
