"""The daily challenge: one puzzle a day and one deal, the same for everyone that day.

The puzzles are taken in a fixed shuffled order, one a day, so no puzzle comes back before
every other has had its day; the deal's seed comes from the date alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date, timedelta
from random import Random
from typing import Final

from games.puzzles.library import Puzzle

#: Fixes the shuffled order of the puzzles (change it and every day's puzzle changes).
ORDER_SEED: Final = "mini-mao daily"


def deal_seed(day: date) -> int:
    """The seed of ``day``'s deal: the same on every machine and in every process."""
    digest = hashlib.sha256(f"daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF


def daily_choice(day: date, puzzles: Sequence[Puzzle]) -> tuple[Puzzle, int]:
    """``day``'s puzzle among ``puzzles`` (by slug, whatever their order) and its deal seed."""
    if not puzzles:
        raise ValueError("no puzzle to choose from")
    order = sorted(puzzles, key=lambda p: p.slug)
    Random(ORDER_SEED).shuffle(order)
    return order[day.toordinal() % len(order)], deal_seed(day)


def near_dailies(day: date, puzzles: Sequence[Puzzle]) -> frozenset[str]:
    """The slugs of the challenges of the day before ``day``, ``day`` and the day after:
    somewhere in the world it is one of these days, so their rules stay secret."""
    return frozenset(daily_choice(day + timedelta(days=shift), puzzles)[0].slug
                     for shift in (-1, 0, 1))
