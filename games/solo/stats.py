"""Each puzzle's statistics, from the solo runs played on it and the detective's stored runs
(never typed in), and the grade they give it together with the detective's measure."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from statistics import median

from django.core.cache import cache

from games.models import DetectiveResult, SoloRun
from games.puzzles.grading import PuzzleStats, puzzle_stats

#: The most recent finished runs (and detective runs) read: a bound on the work of a page
#: anyone may ask for.
RECENT = 5_000
#: How long the statistics are kept before they are read again, in seconds.
KEEP_SECONDS = 60
#: The statistics' key in Django's cache.
CACHE_KEY = "solo-puzzle-stats"


def puzzle_statistics() -> dict[str, PuzzleStats]:
    """Each played puzzle's statistics by slug, from its recent finished runs: a player's
    (a browser's) latest run of a puzzle only, so one player trying again is one player."""
    found: dict[str, PuzzleStats] | None = cache.get(CACHE_KEY)
    if found is None:
        found = _count()
        cache.set(CACHE_KEY, found, KEEP_SECONDS)
    return found


def _count() -> dict[str, PuzzleStats]:
    runs: defaultdict[str, list[tuple[bool, int, int]]] = defaultdict(list)
    counted: set[tuple[str, str]] = set()
    for puzzle, holder, outcome, plays, penalties in (
            SoloRun.objects.exclude(outcome="playing").order_by("-finished", "-pk")
            .values_list("puzzle", "holder", "outcome", "plays", "penalties")[:RECENT]):
        if (puzzle, holder) not in counted:
            counted.add((puzzle, holder))
            runs[puzzle].append((outcome == "cracked", plays, penalties))
    detective: defaultdict[str, list[int]] = defaultdict(list)
    for puzzle, plays in (DetectiveResult.objects.filter(cracked=True).order_by("-pk")
                          .values_list("puzzle", "plays")[:RECENT]):
        detective[puzzle].append(plays)
    return {slug: replace(puzzle_stats(results, None),
                          detective_plays=round(median(detective[slug]))
                          if detective[slug] else None)
            for slug, results in runs.items()}
