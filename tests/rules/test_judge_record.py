"""The ``judge`` command with the round so far (``--record``) for rules about the round."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

FIFTH = {"version": 1, "jargon": "Fifth", "rule": {
    "kind": "restriction", "when": {"type": "position", "op": "==", "value": 5},
    "must": {"type": "suit", "in": ["H"]}}}


def judge(tmp_path: Path, *args: str) -> tuple[str, int]:
    rule = tmp_path / "fifth.json"
    rule.write_text(json.dumps(FIFTH))
    out = StringIO()
    try:
        call_command("judge", str(rule), *args, stdout=out)
    except SystemExit as exc:
        return out.getvalue(), int(exc.code or 0)
    return out.getvalue(), 0


def test_the_record_sets_the_position_of_the_play(tmp_path: Path) -> None:
    out, status = judge(tmp_path, "--pile", "6S", "--record", "2C 3C 4C 5C 6S", "--play", "5S")
    assert status == 1 and "Illegal: breaks Fifth." in out
    out, status = judge(tmp_path, "--pile", "6S", "--record", "2C 3C 4C 5C 6S", "--play", "5H")
    assert status == 0 and "Legal." in out


def test_without_a_record_the_pile_is_the_round(tmp_path: Path) -> None:
    out, status = judge(tmp_path, "--pile", "2C 3C 4C 5C 6S", "--play", "5S")
    assert status == 1
    out, status = judge(tmp_path, "--pile", "6S", "--play", "5S")
    assert status == 0


def test_a_joker_in_the_record_is_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="name what a joker stood for") as info:
        call_command("judge", str(_rule(tmp_path)), "--pile", "6S", "--record", "JK 6S",
                     "--play", "5S")
    assert info.value.returncode == 2


def _rule(tmp_path: Path) -> Path:
    path = tmp_path / "fifth.json"
    path.write_text(json.dumps(FIFTH))
    return path
