"""The play_bots command prints real figures and refuses bad options."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.offline import database_files, manage


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_play_bots_reports_games_rounds_endings_and_violations() -> None:
    out = run("play_bots", "--games", "3", "--players", "3", "--max-rounds", "3")
    assert "3 games of Mini Mao, 3 players (oracle, experimenter)" in out
    assert "games/s" in out and "rounds won per game" in out
    assert "how games ended:" in out
    assert "invariant violations: 0" in out


def test_play_bots_plays_a_preset_and_counts_what_oracles_pay() -> None:
    out = run("play_bots", "--games", "2", "--players", "3", "--preset", "teaching",
              "--law", "Wrong Colour", "--max-rounds", "3")
    assert "2 games of Teaching Mao, 3 players (oracle, experimenter)" in out
    assert "oracle bots refused 0 times" in out
    assert "invariant violations: 0" in out


def test_play_bots_seats_detectives() -> None:
    out = run("play_bots", "--games", "2", "--players", "3", "--max-rounds", "2",
              "--bots", "detective,experimenter")
    assert "2 games of Mini Mao, 3 players (detective, experimenter)" in out
    assert "invariant violations: 0" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "wizard"], "oracle, experimenter and/or detective"),
    (["--games", "0"], "at least 1"),
    (["--players", "9"], "players must be"),
    (["--preset", "calvinball"], "no preset 'calvinball'"),
    (["--preset", "teaching", "--players", "2"], "players must be one of 3, 4, 5, 6"),
    (["--preset", "teaching", "--law", "Pip"], "offers no law 'Pip'"),
])
def test_play_bots_refuses_bad_options(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message) as caught:
        call_command("play_bots", *args)
    assert caught.value.returncode == 2


def test_play_bots_runs_from_a_fresh_clone_without_configuration_or_a_database(
        tmp_path: Path) -> None:
    before = database_files()
    done = manage(["play_bots", "--games", "1", "--players", "3", "--max-rounds", "2"],
                  tmp_path)
    assert done.returncode == 0, done.stderr
    assert "invariant violations: 0" in done.stdout
    assert database_files() == before and list(tmp_path.iterdir()) == []


def test_play_bots_opens_no_database_even_when_one_is_configured(tmp_path: Path) -> None:
    database = tmp_path / "site.sqlite3"
    done = manage(["play_bots", "--games", "1", "--players", "3", "--max-rounds", "2"],
                  tmp_path, DATABASE_URL=f"sqlite:///{database}")
    assert done.returncode == 0, done.stderr
    assert not database.exists()
