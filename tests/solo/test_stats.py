"""Each puzzle's statistics on the choice page: counted from finished runs, never typed in,
and moving the grade once enough players have tried it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from games.models import DetectiveResult, Game, SoloRun, new_code
from games.solo.stats import CACHE_KEY, puzzle_statistics
from tests.solo.helpers import HEARTS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]


@pytest.fixture(autouse=True)
def _fresh_statistics() -> Iterator[None]:
    """Counted again in each test (only this key: the cache may be a shared Redis)."""
    cache.delete(CACHE_KEY)
    yield
    cache.delete(CACHE_KEY)


def _runs(results: list[tuple[str, int]], holder: str = "") -> None:
    """Finished runs of the Hearts puzzle, each by a browser of its own (or all by
    ``holder``, the last the latest)."""
    games = Game.objects.bulk_create(
        Game(code=new_code(), seed=i, settings={}, phase="ended") for i in range(len(results)))
    now = timezone.now()
    SoloRun.objects.bulk_create(
        SoloRun(game=g, puzzle=HEARTS.slug, holder=holder or f"h{i}", name=f"P{i}",
                outcome=outcome, plays=plays, penalties=1,
                finished=now + timedelta(seconds=i))
        for i, (g, (outcome, plays)) in enumerate(zip(games, results, strict=True)))


def _offer(page: str) -> str:
    """The choice page's line of the Hearts puzzle (its label and summary)."""
    found = re.search(r'id="puzzle-hearts".*?</li>', page, re.S)
    assert found is not None
    return found.group(0)


def test_the_statistics_count_finished_runs_only() -> None:
    _runs([("cracked", 4), ("cracked", 8), ("gave_up", 30), ("playing", 0)])
    DetectiveResult.objects.create(puzzle=HEARTS.slug, seed=1, plays=11, penalties=2,
                                   cracked=True)
    stats = puzzle_statistics()[HEARTS.slug]
    assert (stats.players, stats.cracked, stats.median_plays) == (3, 2, 6.0)
    assert stats.detective_plays == 11
    line = _offer(Client().get("/solo/").content.decode())
    assert "Cracked by 2 of 3 players, in 6 plays (median)" in line
    assert "the detective needs about 11" in line
    assert '<span class="tag">easy</span>' in line  # too few players to move the grade


def test_enough_players_who_struggle_make_a_puzzle_harder() -> None:
    _runs([("cracked", 15)] * 3 + [("gave_up", 40)] * 7)
    line = _offer(Client().get("/solo/").content.decode())
    assert "Cracked by 3 of 10 players" in line
    assert '<span class="tag">hard</span>' in line


def test_nobody_has_played_it_yet() -> None:
    line = _offer(Client().get("/solo/").content.decode())
    assert "Cracked by" not in line and '<span class="tag">easy</span>' in line


def test_one_browser_trying_again_is_one_player() -> None:
    _runs([("gave_up", 40)] * 9 + [("cracked", 12)], holder="same")
    stats = puzzle_statistics()[HEARTS.slug]
    assert (stats.players, stats.cracked, stats.median_plays) == (1, 1, 12.0)
