"""The builder writes third-person rules: the moment it judges, its excepted phrases and its
penalty, round-tripped through the form; its sentence and a note instead of the card grid;
a note on an excepted phrase that holds no pronoun."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import RuleForm
from games.authoring.spec_form import form_to_spec, spec_to_form
from rules.english import describe
from rules.spec import load_rule
from tests.builder.helpers import HX, seated_game
from tests.builder.test_speech import canonical, data_of, preview

THIRD = {"kind": "third_person", "during": "order", "allow": ["Thank you"], "penalty": 1}
phrases = st.lists(st.sampled_from(["Thank you", "Thank you very much", "Excuse me",
                                    "(Thanks|Thank you)", "[Do] you see"]),
                   max_size=3, unique=True)


@given(during=st.sampled_from(["order", "round", "always"]), allow=phrases,
       penalty=st.integers(1, 5))
def test_a_third_person_rule_round_trips_through_the_form(during: str, allow: list[str],
                                                           penalty: int) -> None:
    spec = canonical({"kind": "third_person", "during": during, "allow": allow,
                      "penalty": penalty})
    form = form_from_data(form_to_data(spec_to_form(spec, "Third")))
    assert (form.kind, form.during) == ("third_person", during)
    assert form_to_spec(form).spec == spec
    checked = check(form)
    assert checked.ok and checked.rule is not None
    assert describe(checked.rule) == describe(load_rule({"version": 1, "jargon": "Third",
                                                         "rule": spec}))


def test_a_new_form_starts_it_for_points_of_order_thank_you_excepted() -> None:
    assert check(RuleForm(kind="third_person")).spec == THIRD


def test_an_unknown_moment_is_read_as_the_default() -> None:
    form = form_from_data({"kind": "third_person", "during": "sometimes"})
    assert form.during == "order"


def test_a_bad_excepted_phrase_is_named_at_its_field() -> None:
    checked = check(form_from_data({"kind": "third_person", "exempt": "Thank you\n{card}"}))
    assert not checked.ok
    assert checked.by_slot()["exempt"].startswith("Words excepted: ")


@pytest.mark.django_db
def test_the_page_draws_its_form_and_its_sentence_without_a_grid() -> None:
    game, clients = seated_game(players=3)
    form = clients[0].post(f"/g/{game.code}/builder/form/", data_of(THIRD), headers=HX)
    text = form.content.decode()
    assert '<option value="order" selected>during a point of order</option>' in text
    assert re.search(r'<textarea id="f-exempt" name="exempt"[^>]*>Thank you</textarea>', text)
    shown = preview(clients[0], game, data_of(THIRD))
    assert ("Words that use the first or second person (I, me, we, you…) cost the speaker a "
            "card when said during a point of order, unless the pronoun is part of “Thank "
            "you” or a reply the speaker owes.") in shown
    assert 'data-code="grid_speech"' in shown and "gcard" not in shown
    assert 'data-code="no_pronoun"' not in shown


@pytest.mark.django_db
def test_excepting_words_without_a_pronoun_is_noted() -> None:
    game, clients = seated_game(players=3)
    shown = preview(clients[0], game, data_of(THIRD | {"allow": ["Thank you", "Go fish"]}))
    assert ("“Go fish” uses no first- or second-person pronoun: the rule never minds it, so "
            "excepting it changes nothing.") in shown
