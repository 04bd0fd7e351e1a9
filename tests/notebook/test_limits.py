"""The notebook's bounds: its writes and the hypothesis builder's checks count per browser
*and* per address (a fresh cookie is a fresh browser), a writer keeps a bounded number of
notes, and one game's notebooks hold a bounded number of bytes whoever writes them. Over
any bound the answer says so and nothing is stored."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from pytest_django import Settings

from games.models import Hypothesis, Note, Seat
from games.notebook import services
from games.store import budgets
from games.store.limits import TOO_FAST
from tests.notebook.helpers import GRONK, NO_HEARTS, NOT_ON_DIAMONDS, form_of, gronk_game
from tests.notebook.test_views import _save

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
#: What a fresh browser at one address sends: no cookie of any earlier request.
ADDRESS = "10.9.8.7"


@pytest.fixture
def limits(settings: Settings, steady_rate_windows: None) -> None:
    """Limits on: two per browser, three per address a minute, counted from 0 under a key
    prefix of this test's own."""
    settings.RATELIMIT_ENABLE = True
    settings.MAO_RATE_ACT = settings.MAO_RATE_BUILDER = "2/m"
    settings.MAO_RATE_NOTEBOOK_ADDRESS = "3/m"
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"


def fresh(address: str = ADDRESS) -> Client:
    """A browser that opened the game's page once (so holds a holder token of its own)."""
    return Client(REMOTE_ADDR=address)


def note(client: Client, code: str, text: str, jargon: str = "") -> tuple[int, str]:
    response = client.post(f"/g/{code}/notebook/note/", {"jargon": jargon, "text": text})
    return response.status_code, response.content.decode()


def opened(client: Client, code: str) -> Client:
    client.get(f"/g/{code}/notebook/")  # mints the browser's holder token
    return client


@pytest.mark.usefixtures("limits")
def test_fresh_browsers_at_one_address_are_held_back_by_the_address() -> None:
    game, _ = gronk_game()
    answers = [note(opened(fresh(), game.code), game.code, f"note {n}")[0] for n in range(5)]
    assert answers == [200, 200, 200, 429, 429]
    assert Note.objects.filter(game=game).count() == 3


@pytest.mark.usefixtures("limits")
def test_one_browser_is_held_back_by_its_own_count_before_its_address_count() -> None:
    game, _ = gronk_game()
    client = opened(fresh(), game.code)
    assert [note(client, game.code, f"v{n}")[0] for n in range(3)] == [200, 200, 429]
    assert Note.objects.get(game=game).text == "v1"


@pytest.mark.usefixtures("limits")
def test_another_address_is_not_held_back() -> None:
    game, _ = gronk_game()
    for n in range(4):
        note(opened(fresh(), game.code), game.code, f"note {n}")
    status, _ = note(opened(fresh("10.9.8.8"), game.code), game.code, "mine")
    assert status == 200


@pytest.mark.usefixtures("limits")
@pytest.mark.parametrize("endpoint", ["form", "rows", "preview"])
def test_the_hypothesis_checks_are_limited_per_browser(endpoint: str) -> None:
    game, clients = gronk_game()
    fields = {**form_of(NO_HEARTS), "jargon": "gronk", "area": "must", "op": "refresh"}
    url = f"/g/{game.code}/notebook/hypothesis/{endpoint}/"
    statuses = [clients[2].post(url, fields, headers=HTMX).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    response = clients[2].post(url, fields, headers=HTMX)
    assert response.status_code == 429 and TOO_FAST in response.content.decode()


@pytest.mark.usefixtures("limits")
def test_the_hypothesis_checks_are_limited_per_address() -> None:
    game, _ = gronk_game()
    fields = {**form_of(NO_HEARTS), "jargon": "gronk"}
    url = f"/g/{game.code}/notebook/hypothesis/preview/"
    statuses = [opened(fresh(), game.code).post(url, fields, headers=HTMX).status_code
                for _ in range(4)]
    assert statuses == [200, 200, 200, 429]


@pytest.mark.usefixtures("limits")
def test_saving_hypotheses_is_limited_per_address() -> None:
    game, _ = gronk_game()
    for _ in range(4):
        opened(fresh(), game.code).post(f"/g/{game.code}/notebook/hypothesis/save/",
                                        {**form_of(GRONK), "jargon": "gronk"}, headers=HTMX)
    assert Hypothesis.objects.filter(game=game).count() == 3


def test_a_writer_keeps_at_most_max_notes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services, "MAX_NOTES", 1)
    game, clients = gronk_game()
    assert note(clients[2], game.code, "on the game")[0] == 200
    status, message = note(clients[2], game.code, "on Gronk", jargon="Gronk")
    assert status == 400 and "You can keep 1 notes" in message
    # Changing or emptying a note one keeps is never refused.
    assert note(clients[2], game.code, "changed")[0] == 200
    assert note(clients[2], game.code, "")[0] == 200
    assert note(clients[2], game.code, "on Gronk", jargon="Gronk")[0] == 200
    assert list(Note.objects.filter(game=game).values_list("text", flat=True)) == ["on Gronk"]


def test_the_notes_of_a_game_stop_at_its_byte_cap(settings: Settings) -> None:
    settings.MAO_NOTEBOOK_GAME_BYTES = 3000
    game, clients = gronk_game()
    assert note(clients[0], game.code, "a" * 2000)[0] == 200
    status, message = note(clients[1], game.code, "b" * 1001)
    assert status == 400 and "notebooks are full" in message
    assert note(clients[1], game.code, "b" * 1000)[0] == 200
    # A note replaced counts once: shrinking or growing one's own note within the room.
    assert note(clients[0], game.code, "é" * 1000)[0] == 200  # 2,000 bytes
    assert note(clients[0], game.code, "é" * 1001)[0] == 400
    assert sorted(len(t.encode()) for t in
                  Note.objects.filter(game=game).values_list("text", flat=True)) == [1000, 2000]


def test_browsers_without_a_seat_share_half_of_the_cap(settings: Settings) -> None:
    settings.MAO_NOTEBOOK_GAME_BYTES = 4000
    game, clients = gronk_game()
    watchers = [opened(fresh(f"10.0.1.{n}"), game.code) for n in range(3)]
    assert note(watchers[0], game.code, "w" * 1500)[0] == 200
    status, message = note(watchers[1], game.code, "w" * 501)
    assert status == 400 and "notebooks are full" in message
    assert note(watchers[1], game.code, "w" * 500)[0] == 200
    assert note(watchers[2], game.code, "w")[0] == 400
    # The players still have the other half.
    assert note(clients[0], game.code, "p" * 2000)[0] == 200
    assert note(clients[1], game.code, "p")[0] == 400


def test_hypotheses_count_against_the_cap(settings: Settings) -> None:
    game, clients = gronk_game()
    settings.MAO_NOTEBOOK_GAME_BYTES = 2000
    assert note(clients[2], game.code, "c" * 1990)[0] == 200
    answer = clients[2].post(f"/g/{game.code}/notebook/hypothesis/save/",
                             {**form_of(GRONK), "jargon": "gronk"}, headers=HTMX)
    assert "notebooks are full" in answer.content.decode()
    assert not Hypothesis.objects.filter(game=game).exists()


def test_advice_is_on_the_viewers_cpu_budget(settings: Settings) -> None:
    """Over the budget the notebook still shows every hypothesis and its check, with the
    advice paused and when it is back; another viewer's advice is untouched."""
    settings.MAO_BUILDER_CPU = 5.0
    game, clients = gronk_game()
    cat = clients[2]
    _save(cat, game.code, NOT_ON_DIAMONDS)
    mine = cat.get(f"/g/{game.code}/notebook/", headers=HTMX).content.decode()
    assert "Play 9♥ here" in mine
    holder = Seat.objects.get(game=game, index=2).holder
    budgets.charge(f"{game.code}:h{(holder or "")[:32]}", 60.0)
    mine = cat.get(f"/g/{game.code}/notebook/", headers=HTMX).content.decode()
    assert "Play 9♥ here" not in mine
    assert "Advice on what to try is paused" in mine
    assert "Consistent with all 4 plays seen." in mine
