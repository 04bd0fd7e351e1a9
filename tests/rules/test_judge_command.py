"""The ``judge`` command: verdicts, effects, calls, and exit status 2 on bad input."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.offline import database_files, manage
from tests.rules.helpers import EXAMPLES

QUEEN = str(EXAMPLES / "09_queen_then_black.json")


def judge(*args: str) -> tuple[str, int]:
    out = StringIO()
    try:
        call_command("judge", *args, stdout=out)
    except SystemExit as exc:
        return out.getvalue(), int(exc.code or 0)
    return out.getvalue(), 0


def test_a_legal_play() -> None:
    out, status = judge(QUEEN, "--pile", "3D QH", "--play", "QC")
    assert status == 0
    assert "Play: Q♣ on Q♥" in out and "\nLegal." in out


def test_an_illegal_play_names_the_broken_rules() -> None:
    out, status = judge(QUEEN, "--pile", "3D QH", "--play", "4D")
    assert status == 1
    assert "Illegal: breaks Match, Mourning." in out


def test_rules_are_listed_in_english() -> None:
    out, _ = judge(QUEEN, "--pile", "QH", "--play", "QC")
    assert "Mourning (restriction): Only a black card may be played on a queen." in out


def test_effects_and_calls_are_reported() -> None:
    out, status = judge(*(str(p) for p in sorted(EXAMPLES.glob("1[24]_*.json"))),
                        "--pile", "3D 7H", "--play", "7S", "--say", "seven of spades",
                        "--hand-size", "2")
    assert status == 0
    assert "Fires Nice Day on 7♠" in out and "(2 now)" in out
    assert "Call Mao: “mao” missing; the penalty is a card." in out
    assert "Call Spade Call: “seven of spades” said, as required." in out


def test_a_group_needs_a_permission() -> None:
    ladder = str(EXAMPLES / "05_ascending_runs.json")
    out, status = judge(ladder, "--pile", "3D", "--play", "4C 5C 6C")
    assert status == 0 and "Group allowed by Ladder." in out
    out, status = judge(QUEEN, "--pile", "3D", "--play", "4C 5C")
    assert status == 1 and "no rule allows playing these cards together" in out


def test_a_joker_stands_for_the_card_named() -> None:
    out, status = judge(QUEEN, "--pile", "QH", "--play", "JK", "--as", "QC")
    assert status == 0
    out, status = judge(QUEEN, "--pile", "QH", "--play", "JK", "--as", "QD")
    assert status == 1


def test_author_flag_makes_the_player_the_author(tmp_path: Path) -> None:
    path = tmp_path / "boss.json"
    path.write_text('{"version": 1, "jargon": "Boss", "rule": {"kind": "restriction", '
                    '"when": {"type": "is_author"}, "must_not": {"type": "face"}}}')
    assert judge(str(path), "--pile", "2C", "--play", "KH")[1] == 0
    assert judge(str(path), "--pile", "2C", "--play", "KH", "--author", "Boss")[1] == 1


@pytest.mark.parametrize(("args", "message"), [
    (["missing.json", "--pile", "3D", "--play", "4C"], "No such file"),
    ([QUEEN, "--pile", "3D", "--play", "ZZ"], "not a card: 'ZZ'"),
    ([QUEEN, "--pile", "", "--play", "4C"], "at least one card"),
    ([QUEEN, "--pile", "3D", "--play", "JK"], "1 joker(s) played but 0 card(s) named"),
    ([QUEEN, "--pile", "3D", "--play", "4C", "--author", "Nobody"], "names no rule: Nobody"),
    ([QUEEN, "--pile", "3D", "--play", "4C", "--players", "12"], "between 2 and 8"),
])
def test_bad_input_exits_with_status_2(args: list[str], message: str) -> None:
    with pytest.raises(CommandError) as caught:
        call_command("judge", *args)
    assert caught.value.returncode == 2
    assert message in str(caught.value)


def test_an_invalid_rule_file_names_the_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"version": 1, "jargon": "X", "rule": {"kind": "restriction", '
                    '"must": {"type": "rank", "in": ["Z"]}}}')
    with pytest.raises(CommandError) as caught:
        call_command("judge", str(path), "--pile", "3D", "--play", "4C")
    assert caught.value.returncode == 2
    assert "bad.json: rule.must.in[0]: not a rank" in str(caught.value)
    path.write_text("{nope")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("judge", str(path), "--pile", "3D", "--play", "4C")


def test_judge_runs_from_a_fresh_clone_without_configuration_or_a_database(
        tmp_path: Path) -> None:
    before = database_files()
    done = manage(["judge", QUEEN, "--pile", "3D QH", "--play", "9H"], tmp_path)
    assert done.returncode == 1, done.stderr  # illegal: 1, not a configuration error
    assert "Illegal: breaks Mourning." in done.stdout
    assert database_files() == before and list(tmp_path.iterdir()) == []


def test_judge_opens_no_database_even_when_one_is_configured(tmp_path: Path) -> None:
    database = tmp_path / "site.sqlite3"
    done = manage(["judge", QUEEN, "--pile", "3D QH", "--play", "QC"], tmp_path,
                  DATABASE_URL=f"sqlite:///{database}")
    assert done.returncode == 0, done.stderr
    assert not database.exists()
