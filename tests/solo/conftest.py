"""Fixtures of the solo tests: the tests' own library of puzzles, and the detective's runs
on solo deals made in the test's own thread, not a worker process."""

from __future__ import annotations

import pytest

from games.solo import detective_jobs
from tests.solo.helpers import test_library

__all__ = ["test_library"]


@pytest.fixture(autouse=True)
def detective_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(detective_jobs, "inline", True)
