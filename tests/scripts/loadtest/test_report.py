"""The load test's report: Mini Mao's figures as multiples of the baseline's, in the JSON
and in the printed text."""

from __future__ import annotations

from typing import Any

from scripts.loadtest.__main__ import render
from scripts.loadtest.stats import Comparison, Measured, ServerCpu, ratio


def part(*, p95: float | None, cpu_seconds: float | None, actions: int,
         window: float = 20.0) -> tuple[dict[str, Any], Measured]:
    """The figures of one part of a run and its measure, as ``play_phase`` returns them
    (``p95`` in milliseconds)."""
    figures: dict[str, Any] = {
        "games": 2, "players": 6, "window_seconds": window,
        "offered_actions_per_second": 12.0, "attempted": actions + 4,
        "served_of_attempted": round(actions / (actions + 4), 3),
        "actions": actions, "actions_by_kind": {},
        "actions_per_second": round(actions / window, 1),
        "latency_ms": {"count": actions, "median": 1.0, "p95": p95, "p99": p95, "max": p95}
        if p95 is not None else {"count": 0},
        "latency_ms_by_kind": {}, "actions_some_seat_never_saw": 0, "penalties": 0,
        "stale": 0, "rule_retries": 0, "errors": {}, "error_total": 0, "error_examples": [],
        "lost_updates": 0, "lost_examples": [], "clients_checked": 6,
        "final_version_unreadable": 0, "games_ended": 0, "frames": 10, "frame_bytes_mean": 3000,
        "client_cpu_percent": 5.0, "memory": {},
    }
    cpu = ServerCpu(cpu_seconds, window, actions) if cpu_seconds is not None else None
    if cpu is not None:
        figures |= cpu.figures()
    return figures, Measured(p95 / 1000 if p95 is not None else None, cpu)


def report_of(mao: tuple[dict[str, Any], Measured], baseline: tuple[dict[str, Any], Measured]
              ) -> dict[str, Any]:
    """A whole run's report of these two parts, as ``runner.run`` builds it."""
    report: dict[str, Any] = {
        "config": {"urls": ["http://127.0.0.1:8000"], "games": 2, "players": 3,
                   "pace_seconds": 0.5, "duration_seconds": 20.0, "transport": "socket"},
        "mao": mao[0], "baseline": baseline[0]}
    return report | Comparison.between(mao[1], baseline[1]).figures()


def test_the_cpu_ratio_is_ours_per_action_over_the_baselines() -> None:
    # 2.4 s over 200 actions is 12 ms each; 0.09 s over 300 actions, 0.3 ms: 40 times.
    mao = part(p95=130.0, cpu_seconds=2.4, actions=200)
    baseline = part(p95=2.6, cpu_seconds=0.09, actions=300)
    comparison = Comparison.between(mao[1], baseline[1])
    assert comparison.cpu_per_action == 40.0
    assert comparison.p95 == 50.0
    assert comparison.figures() == {"p95_ratio_to_baseline": 50.0,
                                    "cpu_per_action_ratio_to_baseline": 40.0}


def test_the_cpu_ratio_comes_from_cpu_seconds_not_from_the_rounded_milliseconds() -> None:
    # 0.07 s over 300 actions is 0.2333 ms, printed 0.23: the ratio uses the exact figure.
    mao = part(p95=10.0, cpu_seconds=1.4, actions=200)
    baseline = part(p95=1.0, cpu_seconds=0.07, actions=300)
    assert baseline[0]["server_cpu_ms_per_action"] == 0.23
    assert Comparison.between(mao[1], baseline[1]).cpu_per_action == 30.0


def test_the_p95_ratio_comes_from_the_latencies_not_from_the_rounded_milliseconds() -> None:
    # p95s of 12.34 and 0.49 ms, printed 12.3 and 0.5 (24.6 times): the ratio is 25.18.
    ours = Measured.of([0.01234] * 20, None)
    theirs = Measured.of([0.00049] * 20, None)
    assert Comparison.between(ours, theirs).p95 == 25.18


def test_a_ratio_is_left_out_when_a_side_was_not_measured() -> None:
    mao = part(p95=130.0, cpu_seconds=2.4, actions=200)
    no_tick = part(p95=2.6, cpu_seconds=0.0, actions=30)
    unread = part(p95=2.6, cpu_seconds=None, actions=30)
    idle = part(p95=None, cpu_seconds=0.05, actions=0)
    assert Comparison.between(mao[1], no_tick[1]).figures() == {"p95_ratio_to_baseline": 50.0}
    assert Comparison.between(mao[1], unread[1]).cpu_per_action is None
    assert Comparison.between(mao[1], idle[1]) == Comparison(p95=None, cpu_per_action=None)
    assert ratio(None, 1.0) is None and ratio(1.0, 0.0) is None


def test_the_printed_report_gives_both_ratios_with_their_figures() -> None:
    mao = part(p95=130.0, cpu_seconds=2.4, actions=200)
    baseline = part(p95=2.6, cpu_seconds=0.09, actions=300)
    report = report_of(mao, baseline)
    text = render(report)
    assert "p95 ratio to the baseline: 50.0 (130.0 ms against 2.6 ms)" in text
    assert "server CPU per action ratio to the baseline: 40.0 (12.0 ms against 0.3 ms)" in text
    # Served of attempted: 200 accepted of the 204 its players sent.
    assert "accepted 200 of 204 attempted (98.0 % served)" in text


def test_the_printed_report_says_when_the_cpu_ratio_could_not_be_measured() -> None:
    mao = part(p95=130.0, cpu_seconds=2.4, actions=200)
    baseline = part(p95=2.6, cpu_seconds=0.0, actions=30)
    report = report_of(mao, baseline)
    assert "server CPU per action ratio to the baseline: not measured" in render(report)
