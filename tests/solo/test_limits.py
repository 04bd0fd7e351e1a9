"""Solo tables are opened no faster than tables of friends (the ``new_game`` limit)."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from pytest_django import Settings

from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]


@pytest.fixture(autouse=True)
def limits(settings: Settings, steady_rate_windows: None) -> None:
    """Limits on, two tables a minute, under a key prefix of this test's own."""
    settings.RATELIMIT_ENABLE = True
    settings.MAO_RATE_NEW_GAME = "2/m"
    settings.RATELIMIT_CACHE_PREFIX = f"rl-test-{uuid.uuid4().hex}:"


def test_opening_solo_tables_over_the_limit_answers_429_and_opens_nothing() -> None:
    client = Client()
    form = {"puzzle": "hearts", "name": "Ana"}
    for _ in range(2):
        assert client.post("/solo/start/", form).status_code == 303
    response = client.post("/solo/start/", form)
    assert response.status_code == 429 and "You are going too fast" in response.content.decode()
    assert Game.objects.count() == 2
