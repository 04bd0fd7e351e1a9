"""``python -m scripts.hostile``: its options refused before anything starts, its server's
environment (the rate limits on whatever the caller's says), and one attack end to end
against a fresh daphne as ``--serve 1`` starts it.

No figure is held to a value here: the figures are what the run reports (docs/security.md);
the end-to-end test checks that the attack ran as a person's browser would (every request
answered, the two control games alike), not what it found.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scripts.hostile.__main__ as command
from scripts.hostile.__main__ import HOSTILE_SETTINGS, main, not_inherited


@pytest.fixture
def nothing_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("a server was started")

    monkeypatch.setattr(command, "serving", started)


@pytest.mark.usefixtures("nothing_starts")
@pytest.mark.parametrize(("args", "message"), [
    (["--attacks", "lock,telepathy"], "unknown attack 'telepathy'"),
    (["--attacks", ","], "names no attack"),
    (["--serve", "2"], "--serve must be 1"),
    (["--url", "http://example.com:8000"], "--url must be http:// on 127.0.0.1"),
])
def test_bad_options_are_refused_before_anything_starts(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_the_server_gets_the_rate_limits_on_whatever_the_caller_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("MAO_RATE_LIMITS", "0"), ("MAO_RATE_BUILDER", "9999/s"),
                        ("MAO_BOT_DELAY", "0"), ("DEBUG", "1"), ("MAO_DB_POOL", "2")):
        monkeypatch.setenv(name, value)
    dropped = not_inherited()
    assert HOSTILE_SETTINGS["MAO_RATE_LIMITS"] == "1" and HOSTILE_SETTINGS["DEBUG"] == "0"
    assert {"MAO_RATE_LIMITS", "MAO_RATE_BUILDER", "MAO_BOT_DELAY", "DEBUG"} <= set(dropped)
    assert "MAO_DB_POOL" not in dropped  # tuning only


def test_the_lock_oracle_runs_end_to_end_against_a_fresh_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # not the real ~/.cache
    report = tmp_path / "report.json"
    assert main(["--attacks", "lock", "--quick", "--json", str(report)]) == 0
    figures = json.loads(report.read_text())["lock oracle"]
    assert "error" not in figures, figures
    assert figures["statuses"] == [200]  # Ann was the writer; nothing was throttled
    assert figures["requests"] == 9 and figures["noise"] == 0
    assert isinstance(figures["bits"], int)
    assert "lock oracle: " in capsys.readouterr().out
