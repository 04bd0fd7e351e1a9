"""The admin lists every model of games; the log and the games cannot be edited there."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.actions import Pass
from games.models import Game, LogEntry, Round, Rule, Seat
from games.services import submit_action
from tests.games.helpers import start_playing


@pytest.fixture
def game() -> Game:
    game = start_playing()
    return submit_action(game.pk, Pass(game.state["current"]), 1).game


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Game, Seat, Round, Rule, LogEntry])
def test_every_model_has_a_changelist_and_a_page(admin_client: Client, game: Game,
                                                 model: type[Game]) -> None:
    name = model._meta.model_name
    obj = model.objects.filter(pk=game.pk).first() if model is Game else \
        model.objects.filter(game=game).first()
    assert obj is not None

    listing = admin_client.get(reverse(f"admin:games_{name}_changelist"), {"q": game.code})
    page = admin_client.get(reverse(f"admin:games_{name}_change", args=[obj.pk]))

    assert listing.status_code == page.status_code == 200
    assert game.code in listing.content.decode()


@pytest.mark.django_db
def test_the_log_is_read_only_in_the_admin(admin_client: Client, game: Game) -> None:
    entry = LogEntry.objects.get(game=game, seq=2)
    change = reverse("admin:games_logentry_change", args=[entry.pk])

    posted = admin_client.post(change, {"seq": 9})
    deleted = admin_client.post(reverse("admin:games_logentry_delete", args=[entry.pk]),
                                {"post": "yes"})
    added = admin_client.get(reverse("admin:games_logentry_add"))

    assert posted.status_code == deleted.status_code == added.status_code == 403
    assert LogEntry.objects.get(pk=entry.pk).seq == 2


@pytest.mark.django_db
def test_games_cannot_be_deleted_in_the_admin(admin_client: Client, game: Game) -> None:
    response = admin_client.post(reverse("admin:games_game_delete", args=[game.pk]),
                                 {"post": "yes"})

    assert response.status_code == 403
    assert Game.objects.filter(pk=game.pk).exists()
