"""``manage.py loadtest`` runs ``python -m scripts.loadtest`` with the same arguments (and
``--serve 1`` unless told which servers to drive) and ends with its exit status.

A whole run through the command is in tests/scripts/loadtest/test_command.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.management.commands import loadtest
from games.management.commands.loadtest import arguments
from tests.offline import database_files, manage


@pytest.mark.parametrize(("given", "forwarded"), [
    ([], ["--serve", "1"]),
    (["--games", "20", "--players", "5"], ["--serve", "1", "--games", "20", "--players", "5"]),
    (["--serve", "2", "--redis", "redis://127.0.0.1:6379/0"],
     ["--serve", "2", "--redis", "redis://127.0.0.1:6379/0"]),
    (["--serve=1"], ["--serve=1"]),
    (["--url", "http://127.0.0.1:8000"], ["--url", "http://127.0.0.1:8000"]),
    (["--games", "2", "--url=http://127.0.0.1:8000"], ["--games", "2",
                                                        "--url=http://127.0.0.1:8000"]),
])
def test_the_load_test_serves_itself_unless_told_which_servers(
        given: list[str], forwarded: list[str]) -> None:
    assert arguments(given) == forwarded


def test_call_command_passes_the_options_on_and_fails_with_the_load_tests_status(
        capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(CommandError, match="exit status 2") as caught:
        call_command("loadtest", "--games", "2", "--players", "9")
    assert caught.value.returncode == 2
    assert "error: --players must be 2 to 8" in capfd.readouterr().err


def test_help_lists_the_load_tests_options_from_a_fresh_checkout(tmp_path: Path) -> None:
    done = manage(["loadtest", "--help"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "--serve N" in done.stdout and "--baseline-duration" in done.stdout
    assert "manage.py loadtest" in done.stdout  # says that it serves itself by default


@pytest.mark.parametrize(("args", "status", "message"), [
    (["--serve", "2"], 2, "--serve with more than one process needs --redis"),
    (["--players", "1"], 2, "--players must be 2 to 8"),
    (["--bogus"], 2, "unrecognized arguments: --bogus"),
    # Not read as --url (and refused with --serve 1): no abbreviation is guessed.
    (["--ur", "http://127.0.0.1:8000"], 2, "unrecognized arguments: --ur"),
])
def test_bad_options_end_the_command_with_the_load_tests_status_and_start_nothing(
        tmp_path: Path, args: list[str], status: int, message: str) -> None:
    before = database_files()
    done = manage(["loadtest", *args], cwd=tmp_path)
    assert done.returncode == status
    assert message in done.stderr
    assert not any(line.startswith("loadtest: ") for line in done.stderr.splitlines()), \
        done.stderr  # no step of serving began
    assert database_files() == before


def test_without_the_checkouts_scripts_the_command_says_where_the_load_test_lives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loadtest, "ROOT", tmp_path)  # an installed site: no scripts/
    with pytest.raises(CommandError, match="lives in a checkout's scripts/loadtest/"):
        call_command("loadtest", "--games", "2")
