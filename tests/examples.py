"""Hypothesis settings whose example count follows the active profile (tests/conftest.py).

A property never names a number of examples: the profile does (``fast`` by default,
``thorough`` under ``HYPOTHESIS_PROFILE=thorough``). A property whose every example is
costly (a game played through the web, a page for every seat) takes a share of the
profile's count with :func:`share`, so that a thorough run tries it proportionally more.
"""

from __future__ import annotations

from typing import Any

from hypothesis import settings


def share(fraction: float, **options: Any) -> settings:
    """The active profile's settings with ``fraction`` of its examples (at least one), and
    any other ``options`` (health checks to suppress...)."""
    count = max(1, round(settings().max_examples * fraction))
    return settings(max_examples=count, **options)
