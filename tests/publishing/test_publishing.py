"""Publishing a rule as a solo puzzle from the reveal: its author only, after the reveal
only, once (a second click changes nothing), through the checks, with no name unless
chosen, rate-bounded, and never a 500 whatever is posted."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st
from pytest_django import Settings

from games.engine.settings import GameSettings
from games.models import Game, PublishedPuzzle
from games.publishing.services import published_puzzles, slug_for
from games.puzzles.library import MAX_SLUG, SLUG, find
from games.store.reads import load_state
from tests.factories import create_game, holder_client
from tests.reveal.helpers import FIVER, LOCK, NAMES, TANGLE, play

pytestmark = pytest.mark.django_db

#: Every card played on a face card goes under the pile, and its player draws: once a face
#: card is on top, nobody can ever empty their hand (a certain stall), yet no card is refused.
KEEPER: dict[str, Any] = {"jargon": "Keeper", "rule": {
    "kind": "trigger", "when": {"type": "face", "of": "top"},
    "effects": [{"type": "to_bottom"}, {"type": "draw", "who": "player", "count": 1}]}}


@pytest.fixture(autouse=True)
def limits(settings: Settings, steady_rate_windows: None) -> None:
    """Limits on, counted from 0 under a key prefix of this test's own."""
    settings.RATELIMIT_ENABLE = True
    settings.MAO_RATE_PUBLISH = "5/m"
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"


def ended(rules: list[dict[str, Any]], seed: int = 104) -> tuple[Game, dict[str, Client]]:
    """An ended game of three people in which ``rules`` were written, and a client per
    jargon for its author's seat (and ``""`` for a seat that wrote none, if any)."""
    clients = [holder_client() for _ in range(3)]
    game = create_game(GameSettings(players=3, first_rule_maker=0), NAMES[:3], seed,
                       holders=[h for _, h in clients])
    game = play(game, rules, ("oracle", "experimenter"))
    state = load_state(game)
    by_jargon = {e.data["jargon"]: clients[e.author][0] for e in state.rules
                 if e.author is not None}
    others = [c for i, (c, _) in enumerate(clients)
              if i not in {e.author for e in state.rules}]
    if others:
        by_jargon[""] = others[0]
    return game, by_jargon


def rule_id(game: Game, jargon: str) -> int:
    return next(e.id for e in load_state(game).rules if e.data["jargon"] == jargon)


def post(client: Client, game: Game, data: dict[str, str]) -> tuple[int, str]:
    response = client.post(f"/g/{game.code}/reveal/publish/", data)
    return response.status_code, response.content.decode()


def test_only_the_author_sees_the_button_and_may_publish() -> None:
    game, clients = ended([TANGLE, FIVER])
    author, other = clients["Tangle"], clients["Fiver"]
    html = author.get(f"/g/{game.code}/reveal/").content.decode()
    assert 'id="publish"' in html and f'value="{rule_id(game, "Tangle")}"' in html
    assert f'value="{rule_id(game, "Fiver")}"' not in html
    theirs = other.get(f"/g/{game.code}/reveal/").content.decode()
    assert f'value="{rule_id(game, "Tangle")}"' not in theirs
    assert 'id="publish"' not in Client().get(f"/g/{game.code}/reveal/").content.decode()

    for stranger in (other, Client(), holder_client()[0]):
        status, page = post(stranger, game, {"rule": str(rule_id(game, "Tangle"))})
        assert status == 403 and "Only the player who wrote a rule" in page
    assert not PublishedPuzzle.objects.exists()

    status = author.post(f"/g/{game.code}/reveal/publish/",
                         {"rule": str(rule_id(game, "Tangle"))}).status_code
    assert status == 302
    assert PublishedPuzzle.objects.count() == 1
    html = author.get(f"/g/{game.code}/reveal/").content.decode()
    assert "is published as a puzzle" in html


def test_nothing_is_published_before_the_reveal() -> None:
    author, holder = holder_client()
    game = create_game(GameSettings(players=3, first_rule_maker=0), NAMES[:3], 1,
                       holders=[holder, None, None])
    status, _ = post(author, game, {"rule": "1"})
    assert status == 404
    assert not PublishedPuzzle.objects.exists()


def test_a_published_rule_carries_no_name_unless_chosen() -> None:
    game, clients = ended([TANGLE, FIVER])
    author_of = {j: c for j, c in clients.items() if j}
    assert post(author_of["Tangle"], game, {"rule": str(rule_id(game, "Tangle"))})[0] == 302
    assert post(author_of["Fiver"], game, {"rule": str(rule_id(game, "Fiver")),
                                           "show_name": "on"})[0] == 302
    state = load_state(game)
    names = {e.data["jargon"]: state.names[e.author] for e in state.rules if e.author is not None}
    tangle, fiver = (PublishedPuzzle.objects.get(jargon=j) for j in ("Tangle", "Fiver"))
    assert tangle.author_name == "" and fiver.author_name == names["Fiver"]
    puzzles = {p.title: p for p in published_puzzles()}
    assert puzzles["Tangle"].blurb == "Published by a player."
    assert names["Fiver"] in puzzles["Fiver"].blurb
    for puzzle in puzzles.values():
        assert puzzle.source == "published" and puzzle.rules[0].author is None
    # Nothing of the game goes out: not its code, not another player's name.
    shown = repr(puzzles["Tangle"]) + puzzles["Tangle"].slug
    assert game.code not in shown and game.code.lower() not in shown
    assert not any(name in shown for name in state.names)
    assert find(tangle.slug, published_puzzles()) == puzzles["Tangle"]


def test_publishing_twice_is_one_puzzle() -> None:
    game, clients = ended([TANGLE, FIVER])
    data = {"rule": str(rule_id(game, "Tangle"))}
    assert post(clients["Tangle"], game, data)[0] == 302
    first = PublishedPuzzle.objects.get()
    assert post(clients["Tangle"], game, {**data, "show_name": "on"})[0] == 302
    assert list(PublishedPuzzle.objects.all()) == [first]
    assert PublishedPuzzle.objects.get().author_name == ""


def test_a_rule_that_locks_the_game_is_refused_with_a_reason() -> None:
    game, clients = ended([TANGLE, LOCK], seed=4)
    status, page = post(clients["Gridlock"], game, {"rule": str(rule_id(game, "Gridlock"))})
    assert status == 400 and "would lock up" in page
    assert not PublishedPuzzle.objects.exists()


def test_a_rule_that_stalls_play_is_refused_with_a_reason() -> None:
    game, clients = ended([KEEPER])
    status, page = post(clients["Keeper"], game, {"rule": str(rule_id(game, "Keeper"))})
    assert status == 400 and "would stall play" in page
    assert not PublishedPuzzle.objects.exists()


@pytest.mark.parametrize("data", [{}, {"rule": ""}, {"rule": "x"}, {"rule": "-1"},
                                  {"rule": "²"}, {"rule": "9" * 50}, {"rule": "999"}])
def test_bad_input_is_refused_never_an_error(data: dict[str, str]) -> None:
    game, clients = ended([TANGLE, FIVER])
    status, _ = post(clients["Tangle"], game, data)
    assert status in (400, 403)
    assert not PublishedPuzzle.objects.exists()


def test_anything_but_a_ticked_box_keeps_the_name_back() -> None:
    game, clients = ended([TANGLE, FIVER])
    data = {"rule": str(rule_id(game, "Tangle")), "show_name": "x" * 10_000}
    assert post(clients["Tangle"], game, data)[0] == 302
    assert PublishedPuzzle.objects.get().author_name == ""


def test_an_unknown_game_or_a_get_is_refused() -> None:
    client = holder_client()[0]
    assert client.post("/g/ZZZZZZ/reveal/publish/", {"rule": "1"}).status_code == 404
    assert client.get("/g/ZZZZZZ/reveal/publish/").status_code == 405


def test_publishing_is_rate_bounded(settings: Settings) -> None:
    settings.MAO_RATE_PUBLISH = "2/m"
    game, clients = ended([TANGLE, FIVER])
    data = {"rule": str(rule_id(game, "Tangle"))}
    assert [post(clients["Tangle"], game, data)[0] for _ in range(3)] == [302, 302, 429]


def test_a_published_puzzle_outlives_its_game() -> None:
    game, clients = ended([TANGLE, FIVER])
    assert post(clients["Tangle"], game, {"rule": str(rule_id(game, "Tangle"))})[0] == 302
    game.delete()
    assert PublishedPuzzle.objects.get().game is None
    assert [p.title for p in published_puzzles()] == ["Tangle"]


@given(st.text(max_size=40))
def test_every_jargon_gives_a_puzzle_slug(jargon: str) -> None:
    slug = slug_for(jargon)
    assert SLUG.match(slug) and len(slug) <= MAX_SLUG


@pytest.mark.parametrize("jargon", ["Big_Rule", "a" * 39 + " b", "___", "Überregel"])
def test_awkward_jargons_publish_a_puzzle_the_library_takes(jargon: str) -> None:
    slug = slug_for(jargon)
    PublishedPuzzle.objects.create(slug=slug, engine_id=1, jargon=jargon[:40],
                                   spec=FIVER["rule"], grade="easy")
    assert [p.slug for p in published_puzzles()] == [slug]


def test_a_stored_row_that_is_no_puzzle_does_not_hide_the_others() -> None:
    PublishedPuzzle.objects.create(slug="big_rule-", engine_id=1, jargon="Big_Rule",
                                   spec=FIVER["rule"], grade="easy")
    PublishedPuzzle.objects.create(slug="fine-0a1b2c3d", engine_id=2, jargon="Fine",
                                   spec=FIVER["rule"], grade="easy")
    assert [p.slug for p in published_puzzles()] == ["fine-0a1b2c3d"]
