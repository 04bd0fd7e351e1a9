"""The admin lists every model of games; the log and the games cannot be edited there. It
answers only where MAO_ADMIN turns it on, and its login attempts are limited per address."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db.models import Model
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from games.engine.actions import Pass
from games.engine.settings import GameSettings
from games.lobby.services import open_game
from games.models import Game, LogEntry, Round, Rule, Seat
from games.store.writes import submit_action
from tests.factories import new_holder, stored_state
from tests.games.helpers import start_playing


@pytest.fixture(autouse=True)
def admin_on(settings: Settings) -> None:
    settings.MAO_ADMIN = True


@pytest.fixture
def game() -> Game:
    game = start_playing()
    return submit_action(game.pk, Pass(stored_state(game).current), game.version).game


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Game, Seat, Round, Rule, LogEntry])
def test_every_model_has_a_changelist_and_a_page(admin_client: Client, game: Game,
                                                 model: type[Model]) -> None:
    name = model._meta.model_name
    manager = model._default_manager  # each model's only manager, its ``objects``
    obj = manager.filter(pk=game.pk).first() if model is Game else \
        manager.filter(game=game).first()
    assert obj is not None

    listing = admin_client.get(reverse(f"admin:games_{name}_changelist"), {"q": game.code})
    page = admin_client.get(reverse(f"admin:games_{name}_change", args=[obj.pk]))

    assert listing.status_code == page.status_code == 200
    assert game.code in listing.content.decode()


@pytest.mark.django_db
def test_the_log_is_read_only_in_the_admin(admin_client: Client, game: Game) -> None:
    entry = LogEntry.objects.filter(game=game).latest("seq")
    change = reverse("admin:games_logentry_change", args=[entry.pk])

    posted = admin_client.post(change, {"seq": 9})
    deleted = admin_client.post(reverse("admin:games_logentry_delete", args=[entry.pk]),
                                {"post": "yes"})
    added = admin_client.get(reverse("admin:games_logentry_add"))

    assert posted.status_code == deleted.status_code == added.status_code == 403
    assert LogEntry.objects.get(pk=entry.pk).seq == entry.seq


@pytest.mark.django_db
def test_a_whole_game_can_be_deleted_in_the_admin_with_its_log(admin_client: Client,
                                                                 game: Game) -> None:
    confirm = admin_client.get(reverse("admin:games_game_delete", args=[game.pk]))
    assert confirm.status_code == 200
    assert "permission" not in confirm.content.decode()  # the log goes with its game

    response = admin_client.post(reverse("admin:games_game_delete", args=[game.pk]),
                                 {"post": "yes"})

    assert response.status_code == 302
    assert not Game.objects.filter(pk=game.pk).exists()
    assert not LogEntry.objects.filter(game_id=game.pk).exists()
    assert not Seat.objects.filter(game_id=game.pk).exists()


@pytest.mark.django_db
def test_lobby_games_are_listed_with_their_seat_count(admin_client: Client) -> None:
    lobby = open_game(GameSettings(players=4), "Ann", new_holder(), seed=3)

    listing = admin_client.get(reverse("admin:games_game_changelist"))

    assert listing.status_code == 200
    html = listing.content.decode()
    assert lobby.code in html and "lobby" in html


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["game", "seat"])
def test_who_holds_a_seat_is_never_shown_or_searchable(admin_client: Client, game: Game,
                                                       page: str) -> None:
    seat = game.seats.get(index=0)
    assert seat.holder
    if page == "game":
        url = reverse("admin:games_game_change", args=[game.pk])
    else:
        url = reverse("admin:games_seat_change", args=[seat.pk])

    html = admin_client.get(url).content.decode()
    found = admin_client.get(reverse("admin:games_seat_changelist"), {"q": seat.holder})

    assert seat.holder not in html
    assert 'name="holder"' not in html and "Holder" not in html
    assert seat.name not in found.content.decode().split('id="result_list"')[-1]


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/admin/", "/admin/login/", "/admin/games/game/"])
def test_the_admin_is_not_there_unless_turned_on(settings: Settings, admin_client: Client,
                                                 path: str) -> None:
    settings.MAO_ADMIN = False
    assert admin_client.get(path).status_code == 404
    assert Client().post(path, {"username": "a", "password": "b"}).status_code == 404


@pytest.fixture
def attempts(settings: Settings, steady_rate_windows: None,
             monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Login limits on (three a minute per address), and each password check recorded."""
    settings.RATELIMIT_ENABLE = True
    settings.MAO_RATE_ADMIN_LOGIN = "3/m"
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"
    checked: list[Any] = []
    monkeypatch.setattr("django.contrib.auth.forms.authenticate",
                        lambda request, **credentials: checked.append(credentials))
    return checked


def login(address: str = "10.3.3.3") -> Any:
    return Client(REMOTE_ADDR=address).post("/admin/login/", {"username": "root",
                                                              "password": "guess"})


@pytest.mark.django_db
def test_login_attempts_over_the_limit_are_refused_before_any_password_is_checked(
        attempts: list[Any]) -> None:
    answers = [login() for _ in range(5)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429, 429]
    assert "Too many login attempts" in answers[-1].content.decode()
    assert answers[-1]["Content-Type"].startswith("text/plain")
    assert len(attempts) == 3


@pytest.mark.django_db
def test_the_login_limit_is_per_address(attempts: list[Any]) -> None:
    for _ in range(4):
        login()
    assert login("10.3.3.4").status_code == 200
    assert len(attempts) == 4
