"""The daily challenge: one run per browser and day, its results by name, the share text,
the streak; and a solo game's log that a replay (a restart) opens again."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.test import Client

from games.bots.driver import act_once
from games.models import Game, SoloRun
from games.solo import daily
from games.solo.opening import start_solo
from games.store.reads import replay
from tests.factories import holder_client, stored_state
from tests.solo.helpers import HEARTS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("test_library")]
DAY = date(2026, 12, 7)


@pytest.fixture
def fixed_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.solo.daily.today", lambda: DAY)


def start_daily(client: Client, name: str = "Ana") -> Game:
    response = client.post("/solo/start/", {"daily": "1", "name": name})
    assert response.status_code == 303
    return Game.objects.get(code=response["Location"].split("/")[2])


@pytest.mark.usefixtures("fixed_day")
def test_the_daily_challenge_is_one_game_per_browser_and_the_same_deal_for_all() -> None:
    ann, _ = holder_client()
    first = start_daily(ann)
    assert start_daily(ann) == first and SoloRun.objects.count() == 1
    bob, _ = holder_client()
    other = start_daily(bob, "Bob")
    puzzle, seed = daily.challenge(DAY)
    assert first.seed == other.seed == seed
    assert stored_state(first).hands[0] == stored_state(other).hands[0]
    assert SoloRun.objects.get(game=other).puzzle == puzzle.slug


@pytest.mark.usefixtures("fixed_day")
def test_a_given_up_daily_shows_its_share_text_and_the_days_results() -> None:
    client, _ = holder_client()
    game = start_daily(client)
    client.post(f"/g/{game.code}/solo/give-up/", {"confirm": "yes"})
    page = client.get("/solo/daily/").content.decode()
    assert "Mini Mao daily 2026-12-07: not cracked (0 plays)" in page
    assert 'data-copy="solo-share"' in page and "<td>Ana</td>" in page
    # The share text gives nothing away: no rule, no card.
    assert "heart" not in daily.share_text(daily.RunRow.of(SoloRun.objects.get()))


def test_a_streak_counts_days_cracked_in_a_row() -> None:
    _, holder = holder_client()
    for back in (1, 2, 4):
        game = start_daily_on(holder, DAY - timedelta(days=back))
        SoloRun.objects.filter(game=game).update(outcome="cracked", plays=3)
    assert daily.streak(holder, DAY).days == 2
    assert [r.day for r in daily.streak(holder, DAY).history] == [
        DAY - timedelta(days=b) for b in (1, 2, 4)]
    assert daily.streak(None, DAY).days == 0


def start_daily_on(holder: str, day: date) -> Game:
    return start_solo(HEARTS, "Ana", holder, 5, day)


@pytest.mark.parametrize("day", ["2099-01-01", "yesterday", "2026-02-30"])
def test_a_bad_day_is_a_plain_400(day: str) -> None:
    response = Client().get("/solo/daily/", {"day": day})
    assert response.status_code == 400 and "There is no such day" in response.content.decode()


def test_a_solo_game_replays_from_its_log() -> None:
    client, _ = holder_client()
    response = client.post("/solo/start/", {"puzzle": "hearts", "name": "Ana"})
    game = Game.objects.get(code=response["Location"].split("/")[2])
    state = stored_state(game)
    card = state.hands[0][0]
    for _ in range(10):  # the bots before Ana (their moves wait for the commit otherwise)
        game.refresh_from_db()
        if stored_state(game).current == 0:
            break
        assert act_once(game.pk)
    client.post(f"/g/{game.code}/act/", {"type": "play", "cards": card,
                                          "version": Game.objects.get().version})
    game.refresh_from_db()
    assert game.version > 1
    assert replay(game).to_json() == game.state


def test_the_home_page_offers_play_alone_and_the_daily_challenge() -> None:
    page = Client().get("/").content.decode()
    assert 'href="/solo/"' in page and 'href="/solo/daily/"' in page
    # Offered before the long form to open a table too (a phone's first screen).
    form = page.index('id="new-game"')
    assert page.index('href="/solo/"') < form and page.index('href="/solo/daily/"') < form


def test_a_dailys_rule_is_kept_from_strangers_until_its_day_is_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    client, _ = holder_client()
    game = start_daily(client)
    client.post(f"/g/{game.code}/solo/give-up/", {"confirm": "yes"})
    # The detective's section answers 286 once made: htmx stops asking.
    for page, shown in (("solo/end/", 200), ("solo/detective/", 286), ("reveal/?whole", 200)):
        assert client.get(f"/g/{game.code}/{page}").status_code == shown
        stranger = Client().get(f"/g/{game.code}/{page}")
        assert stranger.status_code == 404
        assert "daily challenge these days" in stranger.content.decode()
    # Two days on, that day is over everywhere: the link shows the rule to anyone.
    later = daily.today() + timedelta(days=2)
    monkeypatch.setattr("django.utils.timezone.localdate", lambda: later)
    assert Client().get(f"/g/{game.code}/solo/end/").status_code == 200
    assert Client().get(f"/g/{game.code}/reveal/").status_code == 200
