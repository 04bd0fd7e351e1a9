"""The builder's "how hard is it?" endpoint: who may ask, what it answers while the estimate
runs, once it is done or if it failed, and that it never depends on other players' rules."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.authoring.model import Row
from games.autoplay.difficulty import Difficulty
from games.difficulty import runner, views
from games.models import Game
from tests.builder.helpers import HX, post_form, restriction, seated_game, write

pytestmark = pytest.mark.django_db

STYLESHEET = Path(settings.BASE_DIR) / "static" / "css" / "builder.css"
STYLE = re.compile(r"#builder-preview:has\(\.difficulty-problem\) \.preview-ok \{\s*display: none;")

#: "A heart may not be played on a club": the seed's example of a rule that is about right.
HEART_ON_CLUB = restriction(Row(test="suit", suits=("H",)), mode="must_not",
                            when=(Row(test="suit", subject="top", suits=("C",)),))


@pytest.fixture(autouse=True)
def fresh_runner() -> Iterator[None]:
    """Every test starts with no estimate remembered, computing in the asking thread."""
    runner.forget()
    runner.inline = True
    yield
    runner.inline = False
    runner.forget()


def ask(client: Client, game: Game, data: dict[str, Any]) -> tuple[int, str]:
    response = client.post(reverse("difficulty", kwargs={"code": game.code}), data, headers=HX)
    return response.status_code, response.content.decode()


def test_only_the_writer_may_ask() -> None:
    game, clients = seated_game()
    status, html = ask(clients[1], game, post_form(HEART_ON_CLUB))
    assert status == 403
    assert "detective" not in html
    assert ask(Client(), game, post_form(HEART_ON_CLUB))[0] == 403


def test_an_estimate_asked_after_the_rule_was_written_is_answered_with_nothing() -> None:
    # The builder asks a moment after each preview: the question can arrive after the rule.
    game, clients = seated_game()
    write(game, 0, "Pip", {"kind": "restriction", "when": {"type": "always"},
                           "must_not": {"type": "rank", "in": ["5"]}})
    status, html = ask(clients[0], game, post_form(HEART_ON_CLUB))
    assert (status, html) == (204, "")
    # Anyone else is still refused, as ever.
    assert ask(clients[1], game, post_form(HEART_ON_CLUB))[0] == 403


def test_an_unfinished_rule_is_asked_to_be_finished() -> None:
    game, clients = seated_game()
    status, html = ask(clients[0], game, post_form(restriction()))
    assert status == 200
    assert "Finish your rule" in html
    assert "hx-post" not in html  # nothing to ask again about


def test_a_finished_rule_gets_its_estimate() -> None:
    game, clients = seated_game()
    status, html = ask(clients[0], game, post_form(HEART_ON_CLUB))
    assert status == 200
    assert "In typical situations your rule refuses about 1 in" in html
    assert "simulated" in html
    assert "hx-post" not in html  # done: no more polling


def test_while_it_runs_the_answer_asks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    runner.inline = False
    pending: Future[object] = Future()

    class Busy:
        """A worker that never finishes."""

        def submit(self, *args: object) -> Future[object]:
            return pending

    monkeypatch.setattr(runner, "_worker", Busy)
    game, clients = seated_game()
    status, html = ask(clients[0], game, post_form(HEART_ON_CLUB))
    assert status == 200
    assert "trying to crack it" in html and "without waiting" in html
    assert f'hx-trigger="load delay:{round(1000 * views.AGAIN_RUNNING)}ms"' in html
    pending.cancel()


def test_a_failed_estimate_says_so_and_is_not_started_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def broken(rule: object, settings: object) -> object:
        calls.append(rule)
        raise RuntimeError("simulated table crashed")

    monkeypatch.setattr(runner, "estimate", broken)
    game, clients = seated_game()
    for _ in range(2):
        status, html = ask(clients[0], game, post_form(HEART_ON_CLUB))
        assert status == 200
        assert "could not be estimated" in html and "You can still write it" in html
    assert len(calls) == 1


def test_the_estimate_does_not_depend_on_other_players_rules() -> None:
    """The same draft in two games whose only difference is another player's rule in force
    gets the same answer, byte for byte (apart from the game's own code in its URLs)."""
    answers = []
    for other in ({"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}},
                  {"kind": "restriction", "must": {"type": "colour", "is": "red"}}):
        # Two players both write a rule before the first round: Bull's is in force while
        # Gogol still writes.
        game, clients = seated_game(players=2)
        game = write(game, 1, "Zorblax", other)
        runner.forget()
        status, html = ask(clients[0], game, post_form(HEART_ON_CLUB))
        assert status == 200
        answers.append(html.replace(game.code, "CODE"))
    assert answers[0] == answers[1]
    assert "Zorblax" not in answers[0] and "simulated" in answers[0]


def test_far_too_hard_is_a_problem_and_takes_back_no_problems_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule the detective rarely cracks is said to be a problem, with why, and the
    preview's "No problems found" above it is hidden (the stylesheet hides it beside a
    difficulty problem); any other verdict leaves it."""
    game, clients = seated_game()
    panel = clients[0].get(reverse("builder:panel", kwargs={"code": game.code})
                           + "?template=09-2", headers=HX).content.decode()
    preview = panel[panel.index('id="builder-preview"'):]
    assert 'class="preview-ok"' in preview  # what a problem hides
    assert STYLE.search(STYLESHEET.read_text(encoding="utf-8"))
    verdicts = {"very hard": Difficulty("restriction", 0.3, (None, None, None, 40, None, None)),
                "hard": Difficulty("restriction", 0.3, (50, 50, 50, None, 50, 50))}
    for verdict, found in verdicts.items():
        assert found.verdict == verdict
        monkeypatch.setattr(runner, "request", lambda *a, found=found, **k: runner.Answer(
            running=False, difficulty=found))
        status, html = ask(clients[0], game, post_form(HEART_ON_CLUB))
        assert status == 200
        assert ('class="difficulty-verdict difficulty-very-hard difficulty-problem"' in html) \
            == (verdict == "very hard")
        assert ("A problem: it is far too hard to guess." in html) == (verdict == "very hard")
        # Why, in the estimate's own words: cracked at one table of six.
        assert ("cracked it at 1 of 6 simulated tables" in html) == (verdict == "very hard")
