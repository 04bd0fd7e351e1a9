"""The writing turn's one check against every rule in force: spent once per (game, seat,
round), in the database, before it is computed; whatever browser, draft or outcome."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest
from django.test import Client

from games.authoring import lock_check as pure_lock_check
from games.authoring import preview as builder_preview
from games.authoring.forms import form_to_data
from games.authoring.spec_form import spec_to_form
from games.builder import lock_check
from games.builder.lock_check import spend
from games.engine.state import GameState, RuleEntry
from games.live import records, snapshots
from games.models import Game, Seat
from games.presets.registry import preset
from tests.builder.helpers import HX, previewed, seated_game, second_browser
from tests.factories import play_until, staged_rules, stored_state
from tests.web.presets import preset_game

pytestmark = pytest.mark.django_db

ON_A_QUEEN = {"type": "rank", "of": "top", "in": ["Q"]}
BOB = {"kind": "restriction", "when": ON_A_QUEEN, "must": {"type": "colour", "is": "black"}}
HEARTS = {"kind": "restriction", "when": ON_A_QUEEN, "must": {"type": "suit", "in": ["H"]}}
CLUBS = {"kind": "restriction", "when": ON_A_QUEEN, "must": {"type": "suit", "in": ["C"]}}
#: Ann's own rule: on a nine, no diamond (it locks nothing, with any of the rules above).
NINES = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["9"]},
         "must_not": {"type": "suit", "in": ["D"]}}
STOPPED = 'data-code="lockup_in_force"'
WRITTEN = "Your rule is written"


def entry(rule_id: int, author: int, spec: dict[str, Any], jargon: str) -> RuleEntry:
    return RuleEntry(rule_id, author, 1, {"version": 1, "jargon": jargon, "rule": spec})


@pytest.fixture
def checks() -> Iterator[mock.MagicMock]:
    """Counts the checks against every rule in force (the real one answers)."""
    with mock.patch.object(lock_check, "locks_in_force",
                           wraps=pure_lock_check.locks_in_force) as counted:
        yield counted


def submit(client: Client, game: Game, spec: dict[str, Any], jargon: str = "Mine",
           version: int | None = None) -> str:
    """"Write this rule" for ``spec``, as a page showing its preview posts it."""
    data = form_to_data(spec_to_form(spec, jargon))
    data |= {"revision": [previewed(data)],
             "version": [str(game.version if version is None else version)]}
    response = client.post(f"/g/{game.code}/builder/submit/", data, headers=HX)
    assert response.status_code == 200
    return response.content.decode()


def spent(game: Game, seat: int = 0) -> int | None:
    """The round whose check ``seat`` spent, read afresh from the database."""
    return Seat.objects.get(game=game, index=seat).lock_checked_round


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return stored_state(game)


def bobs_game() -> tuple[Game, list[Client]]:
    """Ann (seat 0) writes the first rule; Bob's "on a queen, only black" is in force."""
    game, clients = seated_game(players=3)
    return staged_rules(game, [entry(1, 1, BOB, "Mourning")]), clients


def test_spending_is_true_once_per_seat_and_round() -> None:
    game, _ = seated_game(players=3)
    assert spent(game) is None
    assert spend(game, 0, 1) and not spend(game, 0, 1)
    assert spend(game, 1, 1) and spend(game, 0, 2) and not spend(game, 0, 2)
    assert spent(game, 0) == 2 and spent(game, 1) == 1 and spent(game, 2) is None


def test_two_browsers_of_one_seat_share_the_check(checks: mock.MagicMock) -> None:
    game, clients = bobs_game()
    laptop, phone = clients[0], second_browser(clients[0])
    seen = game.version
    stopped = submit(laptop, game, HEARTS)
    assert STOPPED in stopped and "You will not be asked again this turn" in stopped
    assert 'role="alert"' in stopped
    assert len(state_of(game).rules) == 1 and game.version == seen
    assert spent(game) == 1 and checks.call_count == 1
    # The other browser of the same seat is not asked again: the rule is written.
    assert WRITTEN in submit(phone, game, HEARTS)
    assert checks.call_count == 1
    assert [e.author for e in state_of(game).rules] == [1, 0]


def test_the_same_browser_writes_it_anyway_when_pressed_again(checks: mock.MagicMock) -> None:
    game, clients = bobs_game()
    assert STOPPED in submit(clients[0], game, HEARTS)
    assert WRITTEN in submit(clients[0], game, HEARTS)
    assert checks.call_count == 1


def test_a_submit_refused_for_a_stale_version_spends_the_check(
        checks: mock.MagicMock) -> None:
    game, clients = bobs_game()
    refused = submit(clients[0], game, CLUBS, version=game.version - 1)
    assert "Your screen is out of date" in refused and STOPPED not in refused
    assert spent(game) == 1 and checks.call_count == 1
    # Another draft, one that would lock the game with Bob's rule: not checked.
    assert WRITTEN in submit(clients[0], game, HEARTS)
    assert checks.call_count == 1


def test_a_submit_refused_for_a_taken_jargon_spends_the_check(
        checks: mock.MagicMock) -> None:
    game, clients = seated_game(players=3)
    game = staged_rules(game, [entry(1, 0, NINES, "Nines"), entry(2, 1, BOB, "Mourning")])
    refused = submit(clients[0], game, CLUBS, jargon="Nines")
    assert "You already know a rule by that jargon name" in refused and STOPPED not in refused
    assert checks.call_count == 1
    assert WRITTEN in submit(clients[0], game, HEARTS)
    assert checks.call_count == 1


def test_the_check_is_spent_before_it_is_computed() -> None:
    """A check that fails half-way (a crash, a restart) has been spent all the same."""
    game, clients = bobs_game()
    with mock.patch.object(lock_check, "locks_in_force", side_effect=RuntimeError("crash")), \
            pytest.raises(RuntimeError):
        submit(clients[0], game, HEARTS)
    assert spent(game) == 1
    assert WRITTEN in submit(clients[0], game, HEARTS)


def test_a_fresh_process_finds_the_check_spent(checks: mock.MagicMock) -> None:
    game, clients = bobs_game()
    assert STOPPED in submit(clients[0], game, HEARTS)
    # What a new process has: the database, no cache, a browser with a new connection.
    builder_preview.clear_caches()
    snapshots.forget()
    records.forget()
    game = Game.objects.get(pk=game.pk)
    assert spent(game) == 1
    assert WRITTEN in submit(second_browser(clients[0]), game, HEARTS)
    assert checks.call_count == 1


def test_a_draft_that_locks_with_no_other_rule_is_written_unchecked_of_its_own_turn(
        checks: mock.MagicMock) -> None:
    """Without Bob's rule, the same draft is written at the first press (and its check
    said no lock)."""
    game, clients = seated_game(players=3)
    assert WRITTEN in submit(clients[0], game, HEARTS)
    assert checks.call_count == 1 and spent(game) == 1


@pytest.mark.parametrize("spec", [
    # The preview already warns from the writer's own rules: no card may follow a queen.
    {"kind": "restriction", "when": ON_A_QUEEN, "must": {"type": "value", "op": ">",
                                                        "value": 13}},
    # Speech brings no lockup.
    {"kind": "talking", "allow": ["Point of order"], "penalty": 1},
])
def test_a_draft_whose_answer_is_known_is_written_without_a_check(
        spec: dict[str, Any], checks: mock.MagicMock) -> None:
    game, clients = bobs_game()
    assert WRITTEN in submit(clients[0], game, spec)
    assert checks.call_count == 0 and spent(game) is None


def test_a_new_round_gives_a_new_check(checks: mock.MagicMock) -> None:
    """Ann writes her first rule (its check spent on round 1), wins round 1 and writes
    again in round 2: a check of its own, which stops a draft locking with Bob's rule."""
    game, clients = seated_game(players=3)
    assert WRITTEN in submit(clients[0], game, NINES, jargon="Nines")
    assert spent(game) == 1 and checks.call_count == 1
    game = play_until(game, lambda s: s.phase == "writing" and s.round == 2,
                      holding_back=(1, 2))
    assert stored_state(game).writers == [0]
    rules = stored_state(game).rules
    game = staged_rules(game, [*rules, RuleEntry(len(rules) + 1, 1, 1, {
        "version": 1, "jargon": "Mourning", "rule": BOB})])
    stopped = submit(clients[0], game, HEARTS)
    assert STOPPED in stopped and spent(game) == 2 and checks.call_count == 2
    assert WRITTEN in submit(clients[0], game, HEARTS)
    assert checks.call_count == 2


def test_a_law_retiring_with_the_write_is_not_checked(checks: mock.MagicMock) -> None:
    """Where the new law replaces the laws in force (``rule_making`` "replace"), the check
    reads only the rules that stay beside it: Bob's law of round 1 retires with Ann's."""
    game, clients = preset_game(preset("teaching"))
    ann = clients[0]
    assert stored_state(game).settings.rule_making == "replace"
    assert stored_state(game).writers == [0]
    assert WRITTEN in submit(ann, game, NINES, jargon="Nines")
    game = play_until(game, lambda s: s.phase == "writing" and s.round == 2,
                      holding_back=(1, 2))
    rules = stored_state(game).rules
    game = staged_rules(game, [*rules, RuleEntry(len(rules) + 1, 1, 1, {
        "version": 1, "jargon": "Mourning", "rule": BOB})])
    assert WRITTEN in submit(ann, game, HEARTS)
    assert checks.call_count == 2 and spent(game) == 2
