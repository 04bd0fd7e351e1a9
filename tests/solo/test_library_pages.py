"""What the choice page offers and refuses (the daily challenges around today, published
puzzles), a run whose puzzle left the library, and a day's results and statistics."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Game, PublishedPuzzle, SoloRun, new_code
from games.puzzles.library import builtin_puzzles
from games.solo import daily
from games.solo.opening import start_solo
from tests.factories import holder_client
from tests.solo.helpers import HEARTS, NO_HEARTS, open_puzzle

pytestmark = pytest.mark.django_db
DAY = date(2026, 12, 7)


@pytest.fixture
def real_library(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real built-in library, today fixed."""
    monkeypatch.setattr("games.solo.daily.today", lambda: DAY)


def _offered(page: str) -> set[str]:
    return set(re.findall(r'name="puzzle" value="([^"]+)"', page))


@pytest.mark.usefixtures("real_library")
def test_the_challenges_around_today_are_not_offered_for_free() -> None:
    near = {daily.challenge(DAY + timedelta(days=d))[0].slug for d in (-1, 0, 1)}
    assert near == daily.near_dailies(DAY) and len(near) == 3
    offered = _offered(Client().get("/solo/").content.decode())
    assert offered == {p.slug for p in builtin_puzzles()} - near


@pytest.mark.usefixtures("real_library")
@pytest.mark.parametrize("shift", [-1, 0, 1])
def test_a_forged_start_of_a_challenge_around_today_opens_nothing(shift: int) -> None:
    slug = daily.challenge(DAY + timedelta(days=shift))[0].slug
    client, _ = holder_client()
    response = client.post("/solo/start/", {"puzzle": slug, "name": "Ana"}, follow=True)
    assert "This puzzle is a daily challenge around now" in response.content.decode()
    assert not Game.objects.exists()
    # The daily challenge itself still opens, as the daily run.
    assert client.post("/solo/start/", {"daily": "1", "name": "Ana"}).status_code == 303
    assert SoloRun.objects.get().day == DAY


@pytest.mark.usefixtures("real_library")
def test_the_name_comes_first_and_each_grade_lists_its_own_puzzles_easiest_first() -> None:
    page = Client().get("/solo/").content.decode()
    grades = re.findall(r'<h2 id="grade-([a-z-]+)">', page)
    assert grades == ["easy", "medium", "hard", "very-hard"]
    assert page.index('id="solo-name"') < page.index('name="puzzle"')
    sections = re.split(r'<h2 id="grade-', page)[1:]
    for slug, section in zip(grades, sections, strict=True):
        tags = set(re.findall(r'<span class="tag">([a-z ]+)</span>', section))
        assert tags == {slug.replace("-", " ")}
        # Every puzzle has its own Play button, named by its title for a screen reader.
        titles = re.findall(r'<h3 class="solo-offer__title">([^<]+) <span', section)
        buttons = re.findall(r'Play<span class="visually-hidden"> ([^<]+)</span>', section)
        assert titles == buttons and titles


@pytest.mark.usefixtures("real_library")
def test_published_puzzles_are_offered_apart_with_a_name_only_if_shown() -> None:
    shown = PublishedPuzzle.objects.create(slug="pip-0a1b2c3d", engine_id=1, jargon="Pip",
                                           spec=NO_HEARTS, grade="easy", author_name="Ana")
    PublishedPuzzle.objects.create(slug="zog-0a1b2c3d", engine_id=2, jargon="Zog",
                                   spec=NO_HEARTS, grade="hard", author_name="")
    page = Client().get("/solo/").content.decode()
    group = page[page.index('<h2 id="grade-published">'):]
    assert _offered(group) == {"pip-0a1b2c3d", "zog-0a1b2c3d"}
    assert "Published by Ana." in group and "Published by a player." in group
    client, _ = holder_client()
    response = client.post("/solo/start/", {"puzzle": shown.slug, "name": "Bo"})
    assert response.status_code == 303 and SoloRun.objects.get().puzzle == shown.slug


@pytest.mark.usefixtures("test_library")
def test_a_run_whose_puzzle_left_the_library_still_shows_its_table_and_its_end() -> None:
    client, _ = holder_client()
    game = open_puzzle(client)
    SoloRun.objects.filter(game=game).update(puzzle="renamed-since")
    table = client.get(f"/g/{game.code}/")
    assert table.status_code == 200 and 'id="solo"' in table.content.decode()
    client.post(f"/g/{game.code}/solo/give-up/", {"confirm": "yes"})
    end = client.get(f"/g/{game.code}/solo/end/")
    text = end.content.decode()
    assert end.status_code == 200
    assert "This puzzle is no longer in the library" in text
    assert "A heart may never be played." in text  # the rule, from the game itself


def _finished_runs(day: date, count: int, outcome: str, plays: int) -> None:
    games = Game.objects.bulk_create(
        Game(code=new_code(), seed=i, settings={}, phase="ended") for i in range(count))
    SoloRun.objects.bulk_create(
        SoloRun(game=g, puzzle=HEARTS.slug, holder=f"{outcome}{i}", name=f"P{i}", day=day,
                outcome=outcome, plays=plays + i % 2, penalties=1, finished=timezone.now())
        for i, g in enumerate(games))


def test_the_cracked_come_first_and_the_stats_count_every_finished_run() -> None:
    _finished_runs(DAY, 103, "gave_up", 2)
    _finished_runs(DAY, 2, "cracked", 6)
    rows = daily.results(DAY)
    assert len(rows) == 100
    assert [r.outcome for r in rows[:2]] == ["cracked", "cracked"]
    assert [r.plays for r in rows[:2]] == [6, 7]
    stats = daily.day_stats(DAY)
    assert (stats.players, stats.cracked, stats.median_plays) == (105, 2, 6.5)


@pytest.mark.usefixtures("test_library")
def test_a_past_day_shows_the_puzzle_its_runs_were_played_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.solo.daily.today", lambda: DAY)
    past = DAY - timedelta(days=3)
    _, holder = holder_client()
    start_solo(HEARTS, "Ana", holder, 5, past)
    assert daily.challenge(past)[0] != HEARTS
    page = Client().get("/solo/daily/", {"day": past.isoformat()}).content.decode()
    assert HEARTS.title in page and daily.challenge(past)[0].title not in page


@pytest.mark.usefixtures("test_library", "real_library")
def test_median_plays_are_printed_without_a_needless_decimal() -> None:
    _finished_runs(DAY - timedelta(days=1), 1, "cracked", 6)
    page = Client().get("/solo/daily/", {"day": (DAY - timedelta(days=1)).isoformat()})
    text = page.content.decode()
    assert "in 6 plays and 1 penalty at the median" in text
