"""The benchmarks compute honest statistics and run from a fresh clone as a command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.spec import Restriction
from scripts.bench.engine import bench_apply, state_with_rules
from scripts.bench.figures import Figure, format_figures, median, percentile
from scripts.bench.rules import plays, restrictions, whole_round

ROOT = Path(__file__).resolve().parents[2]


def test_median_and_percentiles() -> None:
    samples = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert median(samples) == 3.0
    assert percentile(samples, 0.95) == 5.0
    assert percentile(samples, 0.0) == 1.0


def test_benchmark_rulebooks_are_restrictions_with_distinct_jargon() -> None:
    rules = restrictions(30, seed=1)
    assert {r.spec.kind for r in rules} == {"restriction"}
    assert len({r.jargon for r in rules}) == 30
    assert rules == restrictions(30, seed=1)


def test_benchmark_plays_are_judged_part_way_through_a_round() -> None:
    made = plays(20, seed=1, round_cards=60)
    assert all(len(rest["record"]) == 60 and rest["record"][-len(pile):] == pile
               for _, pile, rest in made)
    assert {len(pile) for _, pile, _ in made} == {1, 4}  # after a reshuffle, and before


def test_whole_round_rules_read_every_card_of_the_round() -> None:
    rules = whole_round(10, seed=1)
    assert len(rules) == 10
    assert all(isinstance(r.spec, Restriction) and "record" in r.spec.must.reads()
               for r in rules)


def test_figures_are_formatted_with_units() -> None:
    lines = format_figures([Figure("check", 4.2e-6, 5e-6, 200), Figure("grid", 4e-3, 5e-3, 50)])
    assert "4.20 µs" in lines[1] and "4.00 ms" in lines[2]


def test_bench_states_have_ten_rules_in_play() -> None:
    state = state_with_rules(10, seed=5)
    assert len(state.rules) == 10 and state.phase == "playing"


def test_bench_apply_measures_real_samples() -> None:
    figure = bench_apply(states=2, plays=3)
    assert figure.samples >= 2 and 0 < figure.median <= figure.p95


@pytest.mark.parametrize("args", [["rules", "--repeats", "3"], ["builder", "--samples", "2"],
                                  ["builder", "--samples", "2", "--clock", "cpu"],
                                  ["engine", "--states", "1", "--games", "1"],
                                  ["difficulty", "--limit", "1"],
                                  ["layer", "--sockets", "10", "--samples", "2"],
                                  ["prophet", "--plays", "5", "--guesses", "0"]])
def test_a_benchmark_runs_without_settings_or_a_database(args: list[str],
                                                         tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEBUG", "DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE", "SECRET_KEY")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "scripts.bench", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    header, *rows = done.stdout.splitlines()
    assert header.split()[:3] == ["benchmark", "median", "p95"] and rows
    assert list(tmp_path.iterdir()) == []  # no database file, nothing written


def test_the_push_benchmark_times_writes_and_render_rounds_on_a_database_of_its_own(
        tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEBUG", "DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE", "SECRET_KEY",
                        "DATABASE_URL")}
    env |= {"PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "scripts.bench", "push", "--games", "1",
                           "--steps", "12"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    header, *rows = done.stdout.splitlines()
    assert header.split()[:3] == ["benchmark", "median", "p95"]
    assert [row.split(":")[0] for row in rows] == ["push"] * 3
    assert all(row.split()[-1] == "9" for row in rows)  # 12 actions, the first 3 warm up
    assert list(tmp_path.iterdir()) == []  # its database is gone with its directory


def test_the_submit_benchmark_times_each_rule_written_and_its_parts(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEBUG", "DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE", "SECRET_KEY",
                        "DATABASE_URL", "MAO_RATE_LIMITS")}
    env |= {"PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "scripts.bench", "submit", "--games", "3"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    header, *rows = done.stdout.splitlines()
    assert header.split()[:3] == ["benchmark", "median", "p95"]
    assert [row.split(":")[0] for row in rows] == ["submit"] * 3
    assert all(row.split()[-1] == "3" for row in rows)  # 4 rules, the first warms up
    assert list(tmp_path.iterdir()) == []  # its database is gone with its directory


def test_bot_tables_start_with_their_rules_in_play_and_the_same_seed_gives_the_same() -> None:
    from scripts.bench.bots import seeded_table

    state, events = seeded_table(7, 3)
    assert len(state.rules) == 3 and state.phase == "playing" and state.way_out
    assert [e.kind for e in events].count("rule_written") == 3
    again, _ = seeded_table(7, 3)
    assert again.to_json() == state.to_json()


def test_bot_figures_count_plays_and_penalty_cards_by_kind() -> None:
    from scripts.bench.bots import KINDS, penalties

    found = penalties(tables=3, resamples=50)
    for kind in KINDS:
        rate, low, high = found.rates[kind]
        assert rate >= 0 and 0 <= low <= high
    assert found.rates["oracle"][0] == 0.0  # it knows every rule and says every call
    assert found.tables == 3


def test_the_bots_benchmark_runs_without_settings_or_a_database(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEBUG", "DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE", "SECRET_KEY")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "scripts.bench", "bots", "--tables", "2",
                           "--seeds", "1", "--timed", "1"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "penalties per 100 plays" in done.stdout
    assert "example rules cracked exactly within 40 plays" in done.stdout
    assert "detective decision time, 5 rules" in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_the_estimates_under_load_benchmark_runs_the_sites_workers_as_a_command(
        tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEBUG", "DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE", "SECRET_KEY",
                        "MAO_PREVIEW_WORKERS")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "scripts.bench", "estimates-under-load",
                           "--writers", "1", "--pace", "0.5", "--limit", "1"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    table = lines.index(next(line for line in lines if line.startswith("benchmark")))
    rows = lines[table + 1:table + 4]
    assert [row.split(",")[0] for row in rows] == ["preview", "estimate ready",
                                                   "estimate shown (the page's asks)"]
    assert all(row.split()[-1] == "1" for row in rows)  # one example rule
    assert "preview" in lines[-1]  # the other writer previewed
    assert list(tmp_path.iterdir()) == []
