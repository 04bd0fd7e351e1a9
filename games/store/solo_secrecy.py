"""Who may read a finished solo run's rules: its end page and its game's reveal."""

from __future__ import annotations

from django.utils import timezone

from games.models import SoloRun
from games.puzzles.daily import near_dailies
from games.puzzles.library import builtin_puzzles


def kept_from(run: SoloRun, holder: str | None) -> bool:
    """Whether ``run``'s rules are kept from the browser ``holder``: from anyone but its
    player while its puzzle is a daily challenge around today (a shared link would give the
    day's rule away)."""
    return (run.holder != holder
            and run.puzzle in near_dailies(timezone.localdate(), builtin_puzzles()))
