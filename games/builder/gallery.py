"""The builder's gallery of ideas: a few example rules graded easy, medium and hard.

The grades come from the detective's estimate (:mod:`games.autoplay.difficulty`) of each
example in ``rules/examples/``, made once at a table of the default settings and stored in
``ideas.json`` beside this module (``python -m scripts.grade_ideas`` writes it again;
``tests/builder/test_gallery.py`` fails when it is out of date). The gallery is the same
for every writer at every table: it reads no game, no player and no rule in force.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.authoring.examples import Template, templates
from games.authoring.revision import revision
from games.autoplay.difficulty import estimate
from games.engine.settings import GameSettings
from rules.spec import FORMAT_VERSION, load_rule

GRADES_FILE = Path(__file__).resolve().parent / "ideas.json"
#: The gallery's grades by the plays the detective needed (the median, where it cracked the
#: rule at half the tables or more): up to the first number easy, up to the second medium,
#: beyond it hard. The estimate's own "about right" band (13 to 45 plays) is split in two,
#: since no shipped example is harder than that and still fit for a first rule; a rule the
#: detective rarely cracks ("very hard") is never offered.
BANDS = (12, 24)
GRADES = ("easy", "medium", "hard")
#: Ideas shown per grade.
PER_GRADE = 3


@dataclass(frozen=True, slots=True)
class Grade:
    """One example's stored grade: the revision of the rule it was made for, the median plays
    the detective needed (``None``: not cracked at half the tables or more, or a kind it
    does not learn) and the estimate's own verdict."""

    id: str
    revision: str
    plays: int | None
    verdict: str

    @property
    def grade(self) -> str | None:
        """``easy``, ``medium`` or ``hard``; ``None`` for a rule the gallery never offers."""
        if self.plays is None or self.verdict in ("very hard", "unknown"):
            return None
        if self.plays <= BANDS[0]:
            return "easy"
        return "medium" if self.plays <= BANDS[1] else "hard"


@dataclass(frozen=True, slots=True)
class Idea:
    """One rule the gallery offers: the example and its grade."""

    template: Template
    grade: str


def grade_of(template: Template) -> Grade:
    """The detective's grade of ``template`` (deterministic: seeded, default settings; about
    half a second of CPU)."""
    rule = load_rule({"version": FORMAT_VERSION, "jargon": template.jargon, "author": 0,
                      "rule": template.spec})
    found = estimate(rule, GameSettings())
    plays = found.typical if found.verdict not in ("very hard", "unknown") else None
    return Grade(template.id, revision(template.spec), plays, found.verdict)


def grades_json(grades: tuple[Grade, ...]) -> dict[str, Any]:
    """What ``ideas.json`` holds for ``grades``."""
    return {"grades": [{"id": g.id, "revision": g.revision, "plays": g.plays,
                        "verdict": g.verdict} for g in grades]}


@lru_cache(maxsize=1)
def stored_grades() -> tuple[Grade, ...]:
    """The grades in ``ideas.json``, in its order."""
    data = json.loads(GRADES_FILE.read_text(encoding="utf-8"))
    return tuple(Grade(g["id"], g["revision"], g["plays"], g["verdict"])
                 for g in data["grades"])


@lru_cache(maxsize=1)
def ideas() -> tuple[Idea, ...]:
    """The gallery: up to :data:`PER_GRADE` ideas of each grade, easiest first, each grade's
    taken in file order by turns over the kinds of rule (a restriction, a trigger, a
    call...), so a grade shows several kinds. An example whose rule changed since it was
    graded is left out until it is graded again."""
    stored = {g.id: g for g in stored_grades()}
    by_grade: dict[str, list[Template]] = {grade: [] for grade in GRADES}
    for t in templates():
        g = stored.get(t.id)
        if g is not None and g.grade is not None and g.revision == revision(t.spec):
            by_grade[g.grade].append(t)
    return tuple(Idea(t, grade) for grade in GRADES
                 for t in _by_turns(by_grade[grade])[:PER_GRADE])


def _by_turns(found: list[Template]) -> list[Template]:
    """``found`` reordered by turns over its kinds of rule, each kind in file order."""
    kinds: dict[str, list[Template]] = {}
    for t in found:
        kinds.setdefault(str(t.spec.get("kind", "")), []).append(t)
    queues = list(kinds.values())
    ordered: list[Template] = []
    while any(queues):
        for queue in queues:
            if queue:
                ordered.append(queue.pop(0))
    return ordered
