"""The daily challenge: the same puzzle and deal for everyone on a given day."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date

from games.puzzles.library import Puzzle


def daily_choice(day: date, puzzles: Sequence[Puzzle]) -> tuple[Puzzle, int]:
    """The puzzle of ``day`` and its seed."""
    digest = hashlib.sha256(day.isoformat().encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    return puzzles[number % len(puzzles)], number >> 2
