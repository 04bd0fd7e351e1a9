"""The daily challenge: one puzzle and deal a day for everyone, its results by the names
players chose, and each browser's streak and history (kept with its holder identity)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Case, IntegerField, QuerySet, Value, When
from django.utils import timezone

from games.models import SoloRun
from games.puzzles.daily import daily_choice
from games.puzzles.daily import near_dailies as near_challenges
from games.puzzles.grading import PuzzleStats, puzzle_stats
from games.puzzles.library import Puzzle, builtin_puzzles
from games.solo.opening import find_puzzle
from games.solo.stats import RECENT
from games.store.errors import ServiceError

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
    """The puzzle and seed of ``day``'s challenge, among the built-in puzzles only (a
    published puzzle must not change the day's puzzle while it is being played)."""
    return daily_choice(day, builtin_puzzles())


def puzzle_of(day: date) -> Puzzle:
    """The puzzle ``day``'s runs were played on, when there are runs and it is still in the
    library; else the one :func:`challenge` names now (the library may have grown since)."""
    slug = SoloRun.objects.filter(day=day).order_by("pk").values_list("puzzle", flat=True).first()
    played = find_puzzle(slug) if slug is not None else None
    return played or challenge(day)[0]


def near_dailies(day: date) -> frozenset[str]:
    """The challenges around ``day`` (:func:`games.puzzles.daily.near_dailies`): a free run
    of one would give its rule away to whoever gives up on it."""
    return near_challenges(day, builtin_puzzles())


def refuse_near_daily(puzzle: Puzzle, day: date) -> None:
    """``solo/daily_puzzle`` if ``puzzle`` is a challenge around ``day``."""
    if puzzle.slug in near_dailies(day):
        raise ServiceError("solo/daily_puzzle", "This puzzle is a daily challenge around now: "
                                                "play it as the daily challenge, or choose "
                                                "another.")


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


def _finished(day: date) -> QuerySet[SoloRun]:
    return SoloRun.objects.filter(day=day).exclude(outcome="playing")


def results(day: date, limit: int = 100) -> tuple[RunRow, ...]:
    """The first ``limit`` finished runs of ``day``: the cracked first, by fewest plays,
    then penalties, then the earliest finished."""
    cracked_first = Case(When(outcome="cracked", then=Value(0)), default=Value(1),
                         output_field=IntegerField())
    runs = (_finished(day).select_related("game")
            .order_by(cracked_first, "plays", "penalties", "finished", "pk")[:limit])
    return tuple(RunRow.of(r) for r in runs)


def day_stats(day: date) -> PuzzleStats:
    """The statistics of ``day``'s finished runs (the latest :data:`RECENT`, a bound on the
    work of a page anyone may ask for), not only the ones shown."""
    rows = (_finished(day).order_by("-finished", "-pk")
            .values_list("outcome", "plays", "penalties")[:RECENT])
    return puzzle_stats([(outcome == "cracked", plays, penalties)
                         for outcome, plays, penalties in rows], None)


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
