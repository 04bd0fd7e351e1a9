"""The benchmark helpers compute honest statistics (the benchmarks themselves are a command)."""

from __future__ import annotations

from rules.bench import Figure, format_figures, median, percentile, restrictions


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


def test_figures_are_formatted_with_units() -> None:
    lines = format_figures([Figure("check", 4.2e-6, 5e-6, 200), Figure("grid", 4e-3, 5e-3, 50)])
    assert "4.20 µs" in lines[1] and "4.00 ms" in lines[2]
