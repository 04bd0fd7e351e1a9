"""The builder's start: an empty rule and a gallery of ideas graded easy, medium and hard
by the detective, the same for everyone, that works without script; switching the kind of
an example left as it was starts the new kind empty."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.authoring.examples import templates
from games.authoring.forms import check, form_from_data
from games.authoring.model import Row
from games.builder import gallery
from games.builder.gallery import BANDS, GRADES, PER_GRADE, Grade, grade_of, ideas, stored_grades
from games.models import Game
from tests.builder.helpers import HX, post_form, restriction, seated_game, write
from tests.builder.test_new_user_bugs import body_of, fields

pytestmark = pytest.mark.django_db

GALLERY = re.compile(r'<details id="builder-gallery".*?</details>', re.S)


def url(game: Game, name: str = "panel") -> str:
    return reverse(f"builder:{name}", kwargs={"code": game.code})


def page(client: Client, game: Game, query: str = "", **headers: Any) -> str:
    response = client.get(url(game) + query, headers=headers)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_the_stored_grades_are_the_detectives_now() -> None:
    """``ideas.json`` holds what the estimate says today of every example (run
    ``python -m scripts.grade_ideas`` when this fails)."""
    assert stored_grades() == tuple(grade_of(t) for t in templates())


def test_the_gallery_offers_every_grade_easiest_first_and_never_a_very_hard_rule() -> None:
    stored = {g.id: g for g in stored_grades()}
    found = ideas()
    grades = [i.grade for i in found]
    assert grades == sorted(grades, key=GRADES.index) and set(grades) == set(GRADES)
    assert all(grades.count(g) <= PER_GRADE for g in GRADES)
    for idea in found:
        g = stored[idea.template.id]
        assert g.verdict not in ("very hard", "unknown") and g.plays is not None
        low, high = {"easy": (0, BANDS[0]), "medium": (BANDS[0] + 1, BANDS[1]),
                     "hard": (BANDS[1] + 1, 10**6)}[idea.grade]
        assert low <= g.plays <= high
    # Each grade shows more than one kind of rule where the examples of that grade have them.
    easy = {str(i.template.spec["kind"]) for i in found if i.grade == "easy"}
    assert len(easy) > 1


def test_an_example_changed_since_it_was_graded_is_not_offered(
        monkeypatch: pytest.MonkeyPatch) -> None:
    first = ideas()[0].template
    stale = tuple(Grade(g.id, "0" * 16, g.plays, g.verdict) if g.id == first.id else g
                  for g in stored_grades())
    ideas.cache_clear()
    monkeypatch.setattr(gallery, "stored_grades", lambda: stale)
    try:
        assert first.id not in {i.template.id for i in ideas()}
    finally:
        ideas.cache_clear()


def test_the_builder_starts_on_an_empty_rule_with_the_gallery() -> None:
    game, clients = seated_game()
    text = page(clients[0], game, HX="true")
    gallery_html = GALLERY.search(text)
    assert gallery_html is not None
    for idea in ideas():
        assert f'name="template" value="{idea.template.id}"' in gallery_html.group(0)
        assert idea.template.sentence in gallery_html.group(0)
    form = form_from_data(fields(body_of(text)))
    assert all(not cond.rows for cond in form.lists.values())  # nobody else's conditions
    assert "queen" not in body_of(text)


def test_the_gallery_is_the_same_for_every_writer_whatever_the_rules_in_force() -> None:
    first, clients = seated_game()
    other, others = seated_game(players=2)
    write(other, 1, "Zorblax", {"kind": "restriction", "when": {"type": "rank", "of": "top",
                                                                 "in": ["9"]},
                                "must_not": {"type": "suit", "in": ["D"]}})
    shown = []
    for game, client in ((first, clients[0]), (other, others[0])):
        found = GALLERY.search(page(client, game, HX="true"))
        assert found is not None
        shown.append(found.group(0).replace(game.code, "CODE"))
    assert shown[0] == shown[1]


def test_an_idea_is_adopted_without_script() -> None:
    """Each idea is a button of a plain GET form: the page it opens holds the idea, with its
    jargon, previewed."""
    game, clients = seated_game()
    plain = page(clients[0], game)
    action = re.search(r'<form method="get" action="([^"]+)" class="gallery-grades">', plain)
    assert action is not None and action.group(1) == url(game)
    adopted = page(clients[0], game, "?template=08-1")
    assert "A heart may not be played on a club." in adopted
    assert fields(adopted)["jargon"] == ["Gronk"] and fields(adopted)["jargon_from"] == ["08-1"]
    assert check(form_from_data(fields(body_of(adopted)))).ok
    # An unknown idea opens the empty rule; someone who is not writing sees who is.
    assert "queen" not in body_of(page(clients[0], game, "?template=99-9"))
    assert "is writing a rule" in page(clients[1], game, "?template=08-1")


def test_changing_the_kind_of_an_untouched_example_starts_the_new_kind_empty() -> None:
    """An example adopted and left as it was is not the writer's: its "on a queen" does not
    become a trigger's condition behind their back, nor does its jargon stay."""
    game, clients = seated_game()
    example = restriction(Row(test="colour", colour="black"),
                          when=(Row(test="rank", subject="top", ranks=("Q",)),),
                          jargon="Mourning")
    data = post_form(example, jargon_from="09-2") | {"kind": ["trigger"]}
    response = clients[0].post(url(game, "form"), data, headers=HX)
    text = html.unescape(response.content.decode())
    body = body_of(text)
    assert 'id="list-effects"' in body and 'id="row-when-0"' not in body
    assert 'id="row-effects-0"' not in body and "queen" not in body
    assert "Your rule is not finished yet" in text  # no trigger on a queen to preview
    assert fields(text)["jargon"] == [""]  # the example's jargon went with it
    back = form_from_data(fields(body))
    back.kind = "restriction"  # switching back finds no example either
    assert not check(back).ok and back.lists["must"].rows == []
