"""Figures of a load-test run: percentiles and the fan-out latency of each accepted action.

>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.5
>>> summary([0.010, 0.020, 0.030])["median"]
20.0
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
