"""``python -m scripts.loadtest`` against a live daphne: the report's figures, and nothing lost;
and its options refused before anything starts.

The servers are separate daphne processes with their own SQLite files: one started here for
the ``post`` and ``action`` transports (skipped, with the reason, when it cannot start), and
one that ``manage.py loadtest`` starts itself (``--serve 1``), as from a fresh checkout.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import scripts.loadtest.__main__ as command
from scripts.loadtest.__main__ import main
from scripts.loadtest.serve import Plan, ServeError, serving
from tests.offline import manage

ROOT = Path(__file__).resolve().parents[3]
#: A run serving itself: collectstatic (about 12 s), migrate, daphne, 5 s of play, 2 of
#: baseline, the drains; minutes on a loaded machine.
MANAGE_TIMEOUT = 300.0
#: A short run: 2 games of 3, 5 s of play, 2 s of baseline.
SHORT_RUN = ("--games", "2", "--players", "3", "--duration", "5", "--pace", "0.5",
             "--baseline-duration", "2", "--drain", "5")
FIGURES = ("actions_per_second", "latency_ms", "errors", "error_total", "lost_updates",
           "clients_checked", "memory", "window_seconds", "frames")


@pytest.fixture(scope="module")
def static_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The cache of collected static files for this module's runs (``$XDG_CACHE_HOME``, not
    the real ``~/.cache``): filled by the first run that serves itself."""
    cache = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(cache))
        yield cache


@pytest.fixture(scope="module")
def server(static_cache: Path) -> Iterator[tuple[str, int]]:
    """A live daphne serving Mini Mao on a fresh SQLite file, as ``--serve 1`` starts it
    (:func:`scripts.loadtest.serve.serving`): its URL and pid."""
    with contextlib.ExitStack() as stack:
        try:
            served = stack.enter_context(serving(Plan(1), say=lambda message: None))
        except ServeError as exc:
            pytest.skip(f"cannot start the server: {exc}")
        yield served.urls[0], served.pids[0]


def check_report(report: dict[str, Any], transport: str) -> None:
    """A short run's report: every figure, no error, nothing lost, both ratios."""
    for part in ("mao", "baseline"):
        figures = report[part]
        assert all(name in figures for name in FIGURES), sorted(figures)
        assert figures["games"] == 2 and figures["clients_checked"] == 6
        assert figures["lost_updates"] == 0, figures["lost_examples"]
        assert figures["error_total"] == 0, figures["error_examples"]
        assert 0 < figures["actions"] <= figures["attempted"]
        assert figures["served_of_attempted"] == round(figures["actions"] /
                                                       figures["attempted"], 3)
        assert {"median", "p95", "p99"} <= set(figures["latency_ms"])
    mao = report["mao"]
    assert mao["actions_by_kind"].get("rule", 0) >= 2  # every game began with a rule
    assert report["config"]["transport"] == transport
    assert mao["actions_by_kind"].get("play", 0) + mao["actions_by_kind"].get("pass", 0) > 0
    assert mao["memory"]["per_player_kib"] is not None
    assert report["p95_ratio_to_baseline"] > 0
    assert mao["server_cpu_seconds"] > 0
    # A baseline of a few seconds may use less than one clock tick of CPU: no ratio then.
    if report["baseline"]["server_cpu_seconds"] > 0:
        assert report["cpu_per_action_ratio_to_baseline"] > 0
    else:
        assert "cpu_per_action_ratio_to_baseline" not in report


@pytest.mark.parametrize("transport", ["post", "action"])
def test_a_short_run_reports_every_figure_and_loses_nothing(
        server: tuple[str, int], tmp_path: Path, transport: str) -> None:
    url, pid = server
    out = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "scripts.loadtest", "--url", url, *SHORT_RUN,
         "--server-pid", str(pid), "--json", str(out), "--transport", transport],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    check_report(json.loads(out.read_text()), transport)
    assert "p95 ratio to the baseline" in done.stdout
    assert "server CPU per action ratio to the baseline" in done.stdout


def test_manage_py_loadtest_serves_itself_from_a_fresh_checkout(tmp_path: Path,
                                                              static_cache: Path) -> None:
    """No --url: the command starts a daphne of its own (DEBUG off, a fresh SQLite file),
    plays the browser's way, reports, and stops the server. The static files come from this
    module's cache (collected here if no other test did: about 12 s, more on a busy machine,
    hence the timeout)."""
    out = tmp_path / "report.json"
    done = manage(["loadtest", *SHORT_RUN, "--json", str(out)], cwd=tmp_path,
                  timeout=MANAGE_TIMEOUT, XDG_CACHE_HOME=str(static_cache))
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(out.read_text())
    check_report(report, "socket")
    served = report["served"]
    assert [s["url"] for s in served["servers"]] == report["config"]["urls"]
    assert served["database"].startswith("SQLite")
    assert "DEBUG=0 MAO_HTTPS=0 MAO_RATE_LIMITS=0" in served["settings"]
    assert "servers started for this run" in done.stdout
    pid = served["servers"][0]["pid"]
    assert not Path(f"/proc/{pid}").exists(), "the served daphne is still running"
    folder = Path(served["database"].split()[1]).parent
    assert not folder.exists(), "the run's folder is still there"
    assert list((static_cache / "minimao" / "loadtest-static").iterdir())


@pytest.fixture
def nothing_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if the load test starts a server or a run."""
    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the load test started something")

    monkeypatch.setattr(command, "serving", started)
    monkeypatch.setattr(command, "run", started)


@pytest.mark.usefixtures("nothing_starts")
@pytest.mark.parametrize(("args", "message"), [
    (["--url", "http://example.com:8000"], "127.0.0.1"),
    (["--players", "9"], "players must be 2 to 8"),
    (["--pace", "0"], "--pace"),
    (["--games", "1000", "--players", "8"], "at most"),
    (["--serve", "0"], "--serve must be 1 to 16"),
    (["--serve", "17"], "--serve must be 1 to 16"),
    (["--serve", "2"], "--serve with more than one process needs --redis"),
    (["--serve", "1", "--url", "http://127.0.0.1:8000"], "not both"),
    (["--serve", "1", "--server-pid", "1"], "--server-pid goes with --url"),
    (["--database", "postgres://postgres@127.0.0.1/postgres"], "--database goes with --serve"),
    (["--redis", "redis://127.0.0.1:6379/0"], "--redis goes with --serve"),
    (["--server-logs", "logs"], "--server-logs goes with --serve"),
    (["--serve", "1", "--database", "mysql://root@127.0.0.1/test"], "postgres:// URL"),
    (["--serve", "1", "--database", "postgres://db.example.com/x"], "postgres:// URL on"),
    (["--serve", "2", "--redis", "redis://cache.example.com:6379/0"], "redis:// URL on"),
    (["--serve", "1", "--players", "1"], "players must be 2 to 8"),
])
def test_bad_options_are_refused_before_anything_starts(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


@pytest.mark.usefixtures("nothing_starts")
@pytest.mark.parametrize("args", [["--serve", "two"], ["--serve"], ["--bogus"]])
def test_unreadable_options_exit_with_status_2(args: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    assert "usage: python -m scripts.loadtest" in capsys.readouterr().err


@pytest.mark.usefixtures("nothing_starts")
def test_an_abbreviated_option_is_refused_not_guessed(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    # manage.py loadtest would add --serve 1 to "--ur X": it must not become --url X.
    with pytest.raises(SystemExit):
        main(["--serve", "1", "--ur", "http://127.0.0.1:8000"])
    assert "unrecognized arguments: --ur" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--database", "postgres://postgres@127.0.0.1:1/postgres"],
     "cannot create a database on 127.0.0.1:1"),
    (["--redis", "redis://127.0.0.1:1/0"], "Redis does not answer at 127.0.0.1:1"),
])
def test_a_service_that_does_not_answer_ends_the_run_with_status_1_and_leaves_nothing(
        args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("psycopg")
    pytest.importorskip("channels_redis")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the run's folder goes
    monkeypatch.setattr(command, "run", None)  # never reached
    assert main(["--serve", "1", *args]) == 1
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())
