"""The daily challenge: one puzzle and deal a day for everyone, its results by the names
players chose, and each browser's streak and history (kept with its holder identity)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.utils import timezone

from games.models import SoloRun
from games.puzzles.daily import daily_choice
from games.puzzles.library import Puzzle
from games.solo.opening import library

#: Grades in words.
GRADE_WORDS = {"easy": "easy", "medium": "medium", "hard": "hard", "very_hard": "very hard"}


@dataclass(frozen=True, slots=True)
class RunRow:
    """A solo run as pages show it (never the model): its table's code, the player's name,
    the day (daily runs), how it stands and its tally."""

    code: str
    name: str
    day: date | None
    outcome: str
    plays: int
    penalties: int
    marks: str

    @classmethod
    def of(cls, run: SoloRun) -> RunRow:
        """The row of ``run``."""
        return cls(run.game.code, run.name, run.day, run.outcome, run.plays, run.penalties,
                   run.marks)


def today() -> date:
    """The daily challenge's day now (the server's date)."""
    return timezone.localdate()


def challenge(day: date) -> tuple[Puzzle, int]:
    """The puzzle and seed of ``day``'s challenge."""
    return daily_choice(day, library())


def parse_day(text: str) -> date | None:
    """A day written ``YYYY-MM-DD``, or ``None``."""
    try:
        return date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def mine(holder: str | None, day: date) -> SoloRun | None:
    """The browser ``holder``'s run of ``day``'s challenge, if any."""
    if not holder:
        return None
    return SoloRun.objects.filter(holder=holder, day=day).select_related("game").first()


def results(day: date, limit: int = 100) -> tuple[RunRow, ...]:
    """The finished runs of ``day``: the cracked first, by fewest plays, then penalties."""
    runs = (SoloRun.objects.filter(day=day).exclude(outcome="playing").select_related("game")
            .order_by("-outcome", "plays", "penalties", "finished")[:limit])
    # "cracked" sorts before "ended" and "gave_up" only backwards: put it first by hand.
    rows = [RunRow.of(r) for r in runs]
    return tuple(sorted(rows, key=lambda r: r.outcome != "cracked"))


def share_text(run: RunRow) -> str:
    """A spoiler-free line to share a daily result: no card, no rule, only the marks."""
    head = f"Mini Mao daily {run.day.isoformat() if run.day else ''}".strip()
    if run.outcome == "cracked":
        result = (f"cracked in {run.plays} play{'s' if run.plays != 1 else ''}, "
                  f"{run.penalties} penalt{'ies' if run.penalties != 1 else 'y'}")
    else:
        result = f"not cracked ({run.plays} play{'s' if run.plays != 1 else ''})"
    return f"{head}: {result}\n{run.marks}".rstrip()


@dataclass(frozen=True, slots=True)
class Streak:
    """Days in a row cracked, up to today (or yesterday, while today is still open)."""

    days: int
    history: tuple[RunRow, ...]


def streak(holder: str | None, day: date) -> Streak:
    """The browser ``holder``'s streak and daily history (newest first)."""
    if not holder:
        return Streak(0, ())
    runs = tuple(RunRow.of(r) for r in SoloRun.objects.filter(holder=holder, day__isnull=False)
                 .select_related("game").order_by("-day")[:60])
    cracked = {r.day for r in runs if r.outcome == "cracked"}
    start = day if day in cracked else day - timedelta(days=1)
    count = 0
    while start - timedelta(days=count) in cracked:
        count += 1
    return Streak(count, runs)
