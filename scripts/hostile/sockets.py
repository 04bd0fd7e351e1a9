"""Attack 6 (being written)."""
from __future__ import annotations

from scripts.hostile.report import Finding
from scripts.hostile.target import Target


async def socket_attacks(target: Target, quick: bool) -> Finding:
    raise NotImplementedError
