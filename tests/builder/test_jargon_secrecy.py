"""A jargon is no oracle: the builder's answers on jargon names tell a writer nothing of
rules they have not heard of.

Property: two games whose rulebooks differ only in the jargon of a rule the writer does not
know give byte-identical answers to a scripted series of builder requests (Suggest many
times, then "Write this rule" with the unknown rule's own jargon), and that submit is
accepted in both. A jargon the writer does know (their own rule, a house rule, one the table
heard in a refusal) is still refused, in the builder's words.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from games.authoring.model import Row
from games.builder.views import OWN_WORDS
from games.engine.actions import Play
from games.engine.events import Refused
from games.engine.state import RuleEntry
from games.models import Game
from games.presets.registry import preset
from games.store.reads import game_log
from games.store.writes import submit_action
from rules.jargon import JARGON_WORDS
from rules.spec import MAX_JARGON
from tests.builder.helpers import HX, as_previewed, post_form, restriction, seated_game, write
from tests.examples import share
from tests.factories import play_until, stacked_deck, staged_rules, stored_state
from tests.web.presets import preset_game

pytestmark = pytest.mark.django_db

ANN, BULL = 0, 1
#: Bull's rule: no heart may be played.
NO_HEARTS = {"kind": "restriction", "must_not": {"type": "suit", "of": "played", "in": ["H"]}}
#: How many times the script presses Suggest.
PRESSES = 12
#: The count the Suggest button posts back (the answer carries the next one).
COUNT = re.compile(r"hx-vals='\{&quot;suggested&quot;: &quot;(\d+)&quot;\}'|"
                   r"""hx-vals='\{"suggested": "(\d+)"\}'""")
REFUSED = OWN_WORDS["rule/jargon_taken"]


def draft(jargon: str, game: Game) -> dict[str, Any]:
    """Ann's draft ("a black card on a queen"), named ``jargon``, as the page posts it."""
    form = restriction(Row(test="colour", colour="black"),
                       when=(Row(test="rank", subject="top", ranks=("Q",)),), jargon=jargon)
    return as_previewed(post_form(form, version=game.version))


def script(client: Client, game: Game, jargon: str) -> list[str]:
    """The writer's answers to the script, the game's code masked (the only thing two
    games' pages may differ in): the panel, Suggest pressed ``PRESSES`` times (each time
    with the count the last answer gave, as the browser posts it), then "Write this rule"
    with ``jargon``."""
    base = f"/g/{game.code}/builder/"
    pages = [client.get(base, headers=HX)]
    count = "0"
    for _ in range(PRESSES):
        page = client.post(f"{base}jargon/", draft("", game) | {"suggested": [count]},
                           headers=HX)
        found = COUNT.search(page.content.decode())
        assert found is not None, page.content.decode()
        count = found.group(1) or found.group(2)
        pages.append(page)
    pages.append(client.post(f"{base}submit/", draft(jargon, game), headers=HX))
    assert all(page.status_code == 200 for page in pages)
    return [page.content.decode().replace(game.code, "[code]") for page in pages]


def unknown_rule(game: Game, jargon: str) -> Game:
    """Bull's secret rule, never heard at the table, named ``jargon``."""
    return staged_rules(game, [RuleEntry(1, BULL, 1, {"version": 1, "jargon": jargon,
                                                      "rule": NO_HEARTS})])


JARGONS = st.one_of(st.sampled_from(JARGON_WORDS),
                    st.text(st.characters(categories=["L", "N"]), min_size=1,
                            max_size=MAX_JARGON))


@share(0.4, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(first=JARGONS, second=JARGONS)
def test_an_unknown_rules_jargon_changes_no_answer(first: str, second: str) -> None:
    shown = []
    for theirs in (first, second):
        game, clients = seated_game(players=3)
        game = unknown_rule(game, theirs)
        # Both games write the first game's unknown jargon: a clash in one, not the other.
        shown.append(script(clients[ANN], game, first))
        state = stored_state(Game.objects.get(pk=game.pk))
        assert [(e.author, e.jargon) for e in state.rules] == [(BULL, theirs), (ANN, first)]
    assert shown[0] == shown[1]
    assert "Your rule is written" in shown[0][-1]


def test_suggestions_are_the_same_for_the_same_requests_and_avoid_known_names() -> None:
    game, clients = seated_game(players=3)
    names = []
    for count in range(30):
        answers = {clients[ANN].post(f"/g/{game.code}/builder/jargon/",
                                     draft("Pip", game) | {"suggested": [str(count)]},
                                     headers=HX).content.decode() for _ in range(2)}
        assert len(answers) == 1  # the same request, the same answer
        (answer,) = answers
        found = re.search(r'name="jargon" form="builder-form" type="text" maxlength="40"\s+'
                          r'value="([^"]*)"', answer)
        assert found is not None
        names.append(found.group(1))
    assert "Pip" not in names  # never the name the field holds
    assert len(set(names)) > 10  # pressing again gives another name


def test_the_writers_own_jargon_is_refused_in_the_builders_words() -> None:
    game, clients = seated_game(players=3)
    game = staged_rules(game, [RuleEntry(1, ANN, 1, {"version": 1, "jargon": "Mine",
                                                     "rule": NO_HEARTS})])
    html = clients[ANN].post(f"/g/{game.code}/builder/submit/", draft("MINE", game),
                             headers=HX).content.decode()
    assert REFUSED in html
    assert len(stored_state(Game.objects.get(pk=game.pk)).rules) == 1
    # ...and Suggest never offers it.
    for count in range(20):
        answer = clients[ANN].post(f"/g/{game.code}/builder/jargon/",
                                   draft("", game) | {"suggested": [str(count)]}, headers=HX)
        assert 'value="Mine"' not in answer.content.decode()


def test_a_house_rules_jargon_is_refused_in_the_builders_words() -> None:
    game, clients = preset_game(preset("teaching"))
    (writer,) = stored_state(game).writers
    html = clients[writer].post(f"/g/{game.code}/builder/submit/", draft(" mao ", game),
                                headers=HX).content.decode()
    assert REFUSED in html
    assert not [e for e in stored_state(Game.objects.get(pk=game.pk)).rules if not e.house]


def test_a_jargon_the_table_heard_in_a_refusal_is_refused_in_the_builders_words() -> None:
    game, clients = seated_game(players=2)
    game = write(game, BULL, "Zorblax", NO_HEARTS)
    hands = [["3C", "4C", "5C", "6S", "7S"], ["2H", "8D", "9D", "10S", "JS"]]
    with stacked_deck(hands, "KC"):
        game = write(game, ANN, "Mine", {"kind": "restriction",
                                         "must_not": {"type": "rank", "in": ["A"]}})
    assert stored_state(game).current == BULL
    game = submit_action(game.pk, Play(BULL, ("2H",)), game.version).game
    (refused,) = [e for e in game_log(game) if isinstance(e, Refused)]
    assert refused.text.endswith("Bull: that's a Zorblax!")  # the table heard it
    game = play_until(game, lambda s: s.phase == "writing", holding_back=[BULL])
    assert stored_state(game).writers == [ANN]
    html = clients[ANN].post(f"/g/{game.code}/builder/submit/", draft("zorblax", game),
                             headers=HX).content.decode()
    assert REFUSED in html
    assert len(stored_state(Game.objects.get(pk=game.pk)).rules) == 2
    # A name nobody heard is the writer's to take.
    html = clients[ANN].post(f"/g/{game.code}/builder/submit/", draft("Quux", game),
                             headers=HX).content.decode()
    assert "Your rule is written" in html
