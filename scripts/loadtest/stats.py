"""Figures of a load-test run: percentiles, the fan-out latency of each accepted action, the
servers' CPU time, and Mini Mao's figures as multiples of the baseline's.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.5
>>> summary([0.010, 0.020, 0.030])["median"]
20.0
>>> ratio(12.0, 0.3)
40.0
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile of ``values`` (linear between the two nearest ranks)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def summary(seconds: Sequence[float]) -> dict[str, float]:
    """Count, median, p95, p99 and max of durations in seconds, given in milliseconds."""
    if not seconds:
        return {"count": 0}
    return {"count": len(seconds),
            "median": round(percentile(seconds, 50) * 1000, 1),
            "p95": round(percentile(seconds, 95) * 1000, 1),
            "p99": round(percentile(seconds, 99) * 1000, 1),
            "max": round(max(seconds) * 1000, 1)}


@dataclass
class Arrivals:
    """When one seat first saw each new version of its game (versions only ever rise)."""

    versions: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def see(self, version: int, at: float) -> bool:
        """Record a frame showing ``version`` at time ``at``; True if the version is new."""
        if self.versions and version <= self.versions[-1]:
            return False
        self.versions.append(version)
        self.times.append(at)
        return True

    @property
    def last(self) -> int:
        """The newest version seen (-1 before the first frame)."""
        return self.versions[-1] if self.versions else -1

    def first_at_least(self, version: int) -> float | None:
        """When this seat first saw ``version`` or a later one (``None``: never)."""
        index = bisect.bisect_left(self.versions, version)
        return self.times[index] if index < len(self.times) else None


@dataclass(frozen=True, slots=True)
class Accepted:
    """An accepted action: the version it made, when it was sent, and what it was."""

    version: int
    sent: float
    kind: str


def fan_out(actions: Sequence[Accepted], seats: Sequence[Arrivals]) -> tuple[list[float], int]:
    """Per action, the time until every seat of the game saw its version (the slowest seat),
    and how many actions some seat never saw at all."""
    latencies: list[float] = []
    unseen = 0
    for action in actions:
        arrivals = [seat.first_at_least(action.version) for seat in seats]
        if any(at is None for at in arrivals):
            unseen += 1
            continue
        latencies.append(max(at for at in arrivals if at is not None) - action.sent)
    return latencies, unseen


def ratio(ours: float | None, theirs: float | None) -> float | None:
    """``ours / theirs`` to two decimals; ``None`` when either is unknown or ``theirs`` is not
    above 0 (a baseline that used no measurable CPU has no multiple)."""
    if ours is None or theirs is None or theirs <= 0:
        return None
    return round(ours / theirs, 2)


@dataclass(frozen=True, slots=True)
class ServerCpu:
    """The CPU time the server processes used over a play window, and the actions they
    accepted in it.

    CPU time, not wall time: a fair cost per action even on a busy machine. ``/proc`` counts
    it in clock ticks (10 ms), so a window of a few seconds measures a light server coarsely.

    >>> cpu = ServerCpu(seconds=1.2, window=10.0, actions=100)
    >>> cpu.percent, cpu.ms_per_action
    (12.0, 12.0)
    """

    seconds: float
    window: float
    actions: int

    @property
    def percent(self) -> float:
        """The servers' CPU as a percentage of one core over the window."""
        return 100 * self.seconds / self.window if self.window > 0 else 0.0

    @property
    def ms_per_action(self) -> float | None:
        """Milliseconds of server CPU per accepted action (``None``: no action accepted)."""
        return 1000 * self.seconds / self.actions if self.actions else None

    def figures(self) -> dict[str, float]:
        """The report's ``server_cpu_*`` figures."""
        figures = {"server_cpu_seconds": round(self.seconds, 3),
                   "server_cpu_percent": round(self.percent, 1)}
        if (per_action := self.ms_per_action) is not None:
            figures["server_cpu_ms_per_action"] = round(per_action, 2)
        return figures



@dataclass(frozen=True, slots=True)
class Measured:
    """What one part of a run is compared by, as measured (the report's figures are rounded):
    the fan-out latencies' p95 in seconds (``None``: no accepted action) and the servers' CPU
    (``None``: not readable)."""

    p95: float | None
    cpu: ServerCpu | None

    @classmethod
    def of(cls, latencies: Sequence[float], cpu: ServerCpu | None) -> Measured:
        """A part's measure from its fan-out latencies in seconds and its servers' CPU.

        >>> Measured.of([0.0, 1.0], None).p95, Measured.of([], None).p95
        (0.95, None)
        """
        return cls(percentile(latencies, 95) if latencies else None, cpu)


@dataclass(frozen=True, slots=True)
class Comparison:
    """Mini Mao's figures as multiples of the baseline's, measured in the same run.

    >>> Comparison(p95=535.4, cpu_per_action=40.0).figures()
    {'p95_ratio_to_baseline': 535.4, 'cpu_per_action_ratio_to_baseline': 40.0}
    """

    #: Fan-out latency p95, ours over the baseline's (from the p95s as measured, not the
    #: report's milliseconds rounded to 0.1).
    p95: float | None
    #: Server CPU time per accepted action, ours over the baseline's (from the CPU seconds
    #: and action counts as measured, not the report's rounded figures).
    cpu_per_action: float | None

    @classmethod
    def between(cls, mao: Measured, baseline: Measured) -> Comparison:
        """The ratios of two parts (as :func:`scripts.loadtest.runner.play_phase` measures
        them)."""
        ours, theirs = mao.cpu, baseline.cpu
        return cls(
            p95=ratio(mao.p95, baseline.p95),
            cpu_per_action=ratio(ours.ms_per_action if ours else None,
                                 theirs.ms_per_action if theirs else None))

    def figures(self) -> dict[str, float]:
        """The report's ratio figures; a ratio that could not be measured is left out."""
        named = {"p95_ratio_to_baseline": self.p95,
                 "cpu_per_action_ratio_to_baseline": self.cpu_per_action}
        return {name: value for name, value in named.items() if value is not None}
