"""The builder's CPU bounds per writer (games.store.budgets) through its views: a second
request beside one in flight is refused at once and changes nothing; over the CPU budget a
writer gets 429 without anything computed, until the budget refills; other writers are not
held back; and the panel's own requests never overlap."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from games.authoring.model import Row
from games.builder import context, views
from games.models import Game
from games.store import budgets
from tests.builder.helpers import HX, as_previewed, post_form, restriction, seated_game

pytestmark = pytest.mark.django_db

PANEL = Path(__file__).resolve().parents[2] / "templates" / "games" / "builder" / "panel.html"
TOO_FAST = "You are going too fast"


def mourning(game: Game) -> dict[str, Any]:
    form = restriction(Row(test="colour", colour="black"),
                       when=(Row(test="rank", subject="top", ranks=("Q",)),), jargon="Mourning")
    return as_previewed(post_form(form, version=game.version))


def post(client: Client, game: Game, name: str, data: dict[str, Any]) -> Any:
    return client.post(reverse(f"builder:{name}", kwargs={"code": game.code}), data,
                       headers=HX)


class Panels:
    """Counts the panels the builder makes (its work), and can run something in the middle
    of making one."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made = 0
        self.during: Any = None
        real = context.make_panel

        def make_panel(*args: Any, **kwargs: Any) -> Any:
            self.made += 1
            during, self.during = self.during, None
            if during is not None:
                during()
            return real(*args, **kwargs)

        monkeypatch.setattr(views, "make_panel", make_panel)


class CPU:
    """The CPU clock the budget reads: each request's work costs ``cost`` seconds."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, cost: float) -> None:
        self.seconds = 0.0
        self.reads = 0
        self.cost = cost
        self.now = 60_000.0
        monkeypatch.setattr(budgets, "cpu", self.read)
        monkeypatch.setattr(budgets, "clock", lambda: self.now)

    def read(self) -> float:
        # Read once before the work and once after: the second read sees its cost.
        self.reads += 1
        if self.reads % 2 == 0:
            self.seconds += self.cost
        return self.seconds


def test_a_second_request_beside_one_in_flight_is_refused_at_once_and_changes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, clients = seated_game()
    panels = Panels(monkeypatch)
    second: list[Any] = []
    # While the writer's preview is being made, "Write this rule" from another tab.
    panels.during = lambda: second.append(post(clients[0], game, "submit", mourning(game)))
    first = post(clients[0], game, "preview", mourning(game))
    assert first.status_code == 200
    (refused,) = second
    assert refused.status_code == 429 and TOO_FAST in refused.content.decode()
    assert refused["Retry-After"] == "1"
    assert panels.made == 1  # the refused request made nothing
    game.refresh_from_db()
    assert game.state is not None and game.state["rules"] == []
    # Released once the first answered: the same write now goes through.
    assert post(clients[0], game, "submit", mourning(game)).status_code == 200
    game.refresh_from_db()
    assert game.state is not None and len(game.state["rules"]) == 1


def test_another_writers_request_is_not_refused_beside_one_in_flight(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, clients = seated_game()
    other, others = seated_game()
    panels = Panels(monkeypatch)
    second: list[Any] = []
    panels.during = lambda: second.append(post(others[0], other, "preview", mourning(other)))
    assert post(clients[0], game, "preview", mourning(game)).status_code == 200
    assert [response.status_code for response in second] == [200]


def test_over_the_cpu_budget_a_writer_gets_429_until_it_refills(
        monkeypatch: pytest.MonkeyPatch, settings: Settings) -> None:
    settings.MAO_BUILDER_CPU = 1.0
    cpu = CPU(monkeypatch, cost=0.3)
    game, clients = seated_game()
    other, others = seated_game()
    statuses = [post(clients[0], game, "preview", mourning(game)).status_code
                for _ in range(4)]
    assert statuses == [200] * 4  # 1.2 s of CPU spent: over 1.0 after the fourth
    panels = Panels(monkeypatch)
    loaded: list[object] = []
    monkeypatch.setattr(views, "load_state", lambda game: loaded.append(game))
    refused = post(clients[0], game, "submit", mourning(game))
    assert refused.status_code == 429 and TOO_FAST in refused.content.decode()
    assert panels.made == 0 and loaded == []  # refused before the game was even read
    monkeypatch.setattr(views, "load_state", context.load_state)
    game.refresh_from_db()
    assert game.state is not None and game.state["rules"] == []
    # A writer at another table is not held back.
    assert post(others[0], other, "preview", mourning(other)).status_code == 200
    # After the wait the answer names, the budget has room again.
    cpu.now += int(refused["Retry-After"])
    assert post(clients[0], game, "submit", mourning(game)).status_code == 200
    game.refresh_from_db()
    assert game.state is not None and len(game.state["rules"]) == 1


def test_the_difficulty_poll_may_run_beside_a_builder_request(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """It is not on the builder's queue in the page, so it must not be refused for that."""
    from games.difficulty import runner
    monkeypatch.setattr(runner, "inline", True)
    monkeypatch.setattr(runner, "_estimate", lambda rule_json, settings_json: None)
    runner.forget()
    game, clients = seated_game()
    panels = Panels(monkeypatch)
    polls: list[Any] = []
    panels.during = lambda: polls.append(clients[0].post(
        reverse("difficulty", kwargs={"code": game.code}), mourning(game), headers=HX))
    assert post(clients[0], game, "preview", mourning(game)).status_code == 200
    assert [poll.status_code for poll in polls] == [200]
    runner.forget()


def test_every_builder_request_of_the_panel_waits_on_the_forms_queue() -> None:
    """So that one page never has two of them in flight (the second would be refused):
    every element posting to the builder is the form itself or synced on it."""
    text = PANEL.read_text(encoding="utf-8")
    elements = re.findall(r"<[a-z]+\b[^<>]*?hx-post=\"\{\{ builder\.urls\.\w+ \}\}\"[^<>]*>",
                          text, flags=re.S)
    assert len(elements) >= 10
    unsynced = [tag for tag in elements
                if 'id="builder-form"' not in tag and "builder.urls.difficulty" not in tag
                and 'hx-sync="#builder-form:queue all"' not in tag]
    assert unsynced == []


def test_estimates_spend_their_own_budget_never_the_writers_previews_or_write(
        monkeypatch: pytest.MonkeyPatch, settings: Settings) -> None:
    """A writer who lingers over a hard draft spends the estimates' budget (each draft's
    estimate runs until the next): the difficulty line then waits, but the preview and
    "Write this rule" still answer."""
    from games.difficulty import runner
    settings.MAO_BUILDER_CPU = 1.0
    CPU(monkeypatch, cost=0.6)
    monkeypatch.setattr(runner, "inline", True)
    monkeypatch.setattr(runner, "_estimate", lambda rule_json, settings_json: None)
    runner.forget()
    game, clients = seated_game()

    def poll() -> Any:
        return clients[0].post(reverse("difficulty", kwargs={"code": game.code}),
                               mourning(game), headers=HX)

    assert [poll().status_code for _ in range(2)] == [200, 200]  # 1.2 s on estimates
    refused = poll()
    assert refused.status_code == 429 and TOO_FAST in refused.content.decode()
    assert post(clients[0], game, "preview", mourning(game)).status_code == 200
    assert post(clients[0], game, "submit", mourning(game)).status_code == 200
    game.refresh_from_db()
    assert game.state is not None and len(game.state["rules"]) == 1
    runner.forget()
