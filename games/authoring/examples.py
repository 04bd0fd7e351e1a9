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

import rules
from games.authoring.revision import revision
from games.authoring.spec_form import Unrepresentable, form_to_spec, spec_to_form
from rules.english import describe
from rules.spec import load_rules_document, spec_to_json

#: In the rules package (and its wheel: pyproject.toml's package data), wherever it is.
EXAMPLES_DIR = Path(rules.__file__).resolve().parent / "examples"


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
    """Every rule of every example file, in file order, each sentence once (a rule an
    earlier file already shows, under another name, is not offered twice)."""
    found: list[Template] = []
    for path in sorted(EXAMPLES_DIR.glob("*.json")):
        number = path.name.split("_", 1)[0]
        rules = load_rules_document(json.loads(path.read_text(encoding="utf-8")))
        for i, rule in enumerate(rules, start=1):
            sentence = describe(rule)
            if any(t.sentence == sentence for t in found):
                continue
            found.append(Template(f"{number}-{i}", rule.jargon, sentence,
                                  spec_to_json(rule.spec)))
    return tuple(found)


def template(template_id: str) -> Template | None:
    """The template with this id, or ``None``."""
    return next((t for t in templates() if t.id == template_id), None)


@lru_cache(maxsize=1)
def _as_built() -> tuple[tuple[str, str], ...]:
    """Each template's id with its spec as the form rebuilds it (for comparing with a form's)."""
    found = []
    for t in templates():
        try:
            found.append((t.id, revision(form_to_spec(spec_to_form(t.spec)).spec)))
        except Unrepresentable:
            continue
    return tuple(found)


def example_of(spec: dict[str, Any]) -> str:
    """The id of the first template whose rule the form's ``spec`` is, or ``""``."""
    mark = revision(spec)
    return next((tid for tid, built in _as_built() if built == mark), "")
