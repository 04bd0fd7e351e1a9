"""The library of puzzles: hidden rules to crack alone, graded by difficulty."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from rules.spec import Rule, load_rule

Grade = Literal["easy", "medium", "hard", "very_hard"]
EXAMPLES = Path(__file__).resolve().parent.parent.parent / "rules" / "examples"


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle: its hidden ``rules`` (one, or two for the hardest), a grade and a blurb."""

    slug: str
    title: str
    rules: tuple[Rule, ...]
    grade: Grade
    blurb: str = ""
    source: Literal["example", "written", "published"] = "written"


def _example(name: str) -> Rule:
    return load_rule(json.loads((EXAMPLES / name).read_text()))


@cache
def builtin_puzzles() -> tuple[Puzzle, ...]:
    """Every puzzle the game ships with."""
    return (
        Puzzle("gronk", "Gronk", (_example("08_heart_on_club.json"),), "easy",
               "One hidden rule about suits.", "example"),
        Puzzle("sinker", "Sinker", (_example("10_number_not_lower.json"),), "medium",
               "One hidden rule about numbers.", "example"),
        Puzzle("pip-and-gronk", "Pip and Gronk",
               (_example("02_follow_suit_or_rank.json"), _example("08_heart_on_club.json")),
               "very_hard", "Two hidden rules at once.", "example"),
    )


def find(slug: str, extra: Iterable[Puzzle] = ()) -> Puzzle | None:
    """The puzzle called ``slug``, among the built-in ones and ``extra``; ``None`` if none."""
    return next((p for p in (*builtin_puzzles(), *extra) if p.slug == slug), None)
