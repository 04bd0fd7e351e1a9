"""The shipped acceptance rules (``rules/examples/*.json``) as starting points for the builder.

They are public (they ship with the game), so a writer may load any of them into the
form and change it. Each template has a stable id: ``<file number>-<rule number>``
(``"09-2"`` is the second rule of ``09_queen_then_black.json``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.english import describe
from rules.spec import load_rules_document, spec_to_json

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "rules" / "examples"


@dataclass(frozen=True, slots=True)
class Template:
    """One example rule: its id, jargon, English sentence and spec JSON."""

    id: str
    jargon: str
    sentence: str
    spec: dict[str, Any]

    @property
    def label(self) -> str:
        """What the template menu shows."""
        return f"{self.jargon}: {self.sentence}"


@lru_cache(maxsize=1)
def templates() -> tuple[Template, ...]:
    """Every rule of every example file, in file order."""
    found = []
    for path in sorted(EXAMPLES_DIR.glob("*.json")):
        number = path.name.split("_", 1)[0]
        rules = load_rules_document(json.loads(path.read_text(encoding="utf-8")))
        for i, rule in enumerate(rules, start=1):
            found.append(Template(f"{number}-{i}", rule.jargon, describe(rule),
                                  spec_to_json(rule.spec)))
    return tuple(found)


def template(template_id: str) -> Template | None:
    """The template with this id, or ``None``."""
    return next((t for t in templates() if t.id == template_id), None)
