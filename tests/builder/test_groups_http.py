"""Groups of rows over HTTP: the row buttons' requests, with htmx (the list redrawn) and
without script (the whole page), and refusals of places that are not there."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.authoring.forms import form_to_data
from games.authoring.model import GROUP, CondList, Row
from tests.builder.helpers import HX, restriction, seated_game

pytestmark = pytest.mark.django_db


def _posted(*must: Row) -> dict[str, list[str]]:
    return form_to_data(restriction(*must, when=(Row(test="face", subject="top"),)))


def test_a_group_added_with_htmx_redraws_its_list_with_the_focus_on_its_join() -> None:
    game, clients = seated_game()
    data = _posted(Row(test="colour", colour="red")) | {
        "area": ["must"], "op": ["group"], "at": ["must"]}
    response = clients[0].post(f"/g/{game.code}/builder/rows/", data, headers=HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<fieldset id="list-must"')
    assert re.search(r'<select id="f-must-1-join" name="must-1-join" '
                     r'class="cond-group-join structural"[^>]* autofocus>', html)
    assert 'name="must-1-0-test"' in html and 'name="must-1-1-test"' in html
    assert "<!doctype html>" not in html


def test_row_buttons_work_without_script_and_answer_with_the_page() -> None:
    game, clients = seated_game()
    group = Row(test=GROUP, group=CondList("any", [Row(test="face"), Row(test="number")]))
    data = _posted(Row(test="colour", colour="red"), group) | {"row_op": ["up must-1-1"]}
    response = clients[0].post(f"/g/{game.code}/builder/rows/", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<!doctype html>" in html and 'name="csrfmiddlewaretoken"' in html
    # The group's rows swapped, and the preview already drawn for the new form.
    assert html.index('name="must-1-0-test" class="cond-test structural"') < html.index(
        'value="number" selected')
    assert 'class="preview-sentence"' in html


def test_a_changed_test_is_redrawn_without_script() -> None:
    game, clients = seated_game()
    data = _posted(Row(test="colour", colour="red"))
    data["must-0-test"] = ["rank"]
    response = clients[0].post(f"/g/{game.code}/builder/rows/", data | {
        "row_op": ["refresh must"]})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<!doctype html>" in html and 'name="must-0-ranks"' in html


def test_operations_on_places_that_are_not_there_change_nothing() -> None:
    game, clients = seated_game()
    data = _posted(Row(test="colour", colour="red"))
    for extra in ({"area": ["must"], "op": ["remove"], "at": ["must-7"]},
                  {"area": ["must"], "op": ["up"], "at": ["must-0-w-3"]},
                  {"area": ["must"], "op": ["add"], "at": ["must-0-0-0"]},
                  {"area": ["must"], "op": ["explode"], "at": ["must"]}):
        response = clients[0].post(f"/g/{game.code}/builder/rows/", data | extra, headers=HX)
        assert response.status_code == 200
        assert 'id="row-must-0"' in response.content.decode()
        assert 'id="row-must-1"' not in response.content.decode()
    for extra in ({"area": ["must"], "op": ["add"], "at": ["when-0"]},
                  {"row_op": ["add nowhere"]}):
        response = clients[0].post(f"/g/{game.code}/builder/rows/", data | extra, headers=HX)
        assert response.status_code == 400


def test_a_deep_post_is_answered_without_error() -> None:
    game, clients = seated_game()
    client: Client = clients[0]
    deep = "-".join(["must", *["0"] * 400])
    data = _posted(Row(test="colour")) | {f"{deep}-test": ["face"], "area": ["must"],
                                          "op": ["refresh"]}
    response = client.post(f"/g/{game.code}/builder/rows/", data, headers=HX)
    assert response.status_code == 200
