"""The puzzle library: hidden rules with a spoiler-free title and a grade.

The built-in puzzles live in ``data/puzzles.json``: each holds its rules in the rule
language (docs/rules.md), or names an example file of ``rules/examples/`` to take them
from. The grade is stored with the puzzle, worked out beforehand from the detective
(``python -m scripts.grade_puzzles``), so nothing runs the detective at import time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, get_args

import rules
from rules.spec import Rule, load_rule, load_rules_document

Grade = Literal["easy", "medium", "hard", "very_hard"]
GRADES: Final[tuple[Grade, ...]] = get_args(Grade)
Source = Literal["example", "written", "published"]
SOURCES: Final[tuple[Source, ...]] = get_args(Source)
#: A slug: lower-case words of letters and digits joined by hyphens.
SLUG: Final = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_SLUG: Final = 60
DATA: Final = Path(__file__).resolve().parent / "data" / "puzzles.json"
EXAMPLES_DIR: Final = Path(rules.__file__).resolve().parent / "examples"


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: its hidden rule(s), each with its jargon and no player author."""

    slug: str
    title: str
    rules: tuple[Rule, ...]
    grade: Grade
    blurb: str = ""
    source: Source = "written"

    def __post_init__(self) -> None:
        if not (SLUG.match(self.slug) and len(self.slug) <= MAX_SLUG):
            raise ValueError(f"not a puzzle slug: {self.slug!r}")
        if not self.rules:
            raise ValueError(f"puzzle {self.slug!r} has no rule")
        if self.grade not in GRADES:
            raise ValueError(f"puzzle {self.slug!r}: no grade {self.grade!r}")
        if self.source not in SOURCES:
            raise ValueError(f"puzzle {self.slug!r}: no source {self.source!r}")
        jargons = [r.jargon.casefold() for r in self.rules]
        if len(set(jargons)) != len(jargons):
            raise ValueError(f"puzzle {self.slug!r}: two rules share a jargon")
        # Whoever wrote a rule, the puzzle's rules are laws: no seat is their author.
        object.__setattr__(self, "rules", tuple(replace(r, author=None) for r in self.rules))


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    """One puzzle of the data file: ``rules`` (rule documents) or ``example`` (a file name
    of ``rules/examples/``), with ``slug``, ``title``, ``grade``, ``blurb``, ``source``."""
    if "example" in data:
        path = EXAMPLES_DIR / str(data["example"])
        found = load_rules_document(json.loads(path.read_text(encoding="utf-8")))
    else:
        found = [load_rule(item) for item in data["rules"]]
    return Puzzle(slug=data["slug"], title=data["title"], rules=tuple(found),
                  grade=data["grade"], blurb=data.get("blurb", ""),
                  source=data.get("source", "written"))


@cache
def builtin_puzzles() -> tuple[Puzzle, ...]:
    """Every built-in puzzle, in the data file's order (easiest first)."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return tuple(puzzle_from_json(item) for item in data["puzzles"])


def find(slug: str, extra: Iterable[Puzzle] = ()) -> Puzzle | None:
    """The puzzle of ``slug`` among the built-in ones and ``extra`` (``None``: none)."""
    return next((p for p in (*builtin_puzzles(), *extra) if p.slug == slug), None)
