"""Attack 3 (being written)."""
from __future__ import annotations

from scripts.hostile.report import Finding
from scripts.hostile.target import Target


async def cpu_flood(target: Target, quick: bool) -> Finding:
    raise NotImplementedError
