"""Shared helpers for rule tests: loading the shipped example rules and building contexts."""

from __future__ import annotations

import json
from pathlib import Path

from rules.cards import Card, parse
from rules.context import PlayContext, Settings
from rules.evaluation import Rulebook
from rules.spec import Rule, load_rules_document

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def example(name: str) -> list[Rule]:
    """The rules of one shipped example file, by its number prefix (``"01"``)."""
    (path,) = EXAMPLES.glob(f"{name}_*.json")
    return load_rules_document(json.loads(path.read_text()))


def book(name: str, aces_high: bool = False) -> Rulebook:
    """The compiled rulebook of one example file."""
    return Rulebook(example(name), Settings(aces_high=aces_high))


def ctx(played: str | Card, *pile: str | Card, **kwargs: object) -> PlayContext:
    """A play of ``played`` onto ``pile`` (top last), cards given as text or Card."""
    def card(c: str | Card) -> Card:
        return parse(c) if isinstance(c, str) else c

    return PlayContext(card(played), tuple(card(c) for c in pile), **kwargs)  # type: ignore[arg-type]


def jargons(rules: list[Rule]) -> list[str]:
    """The jargon names of some rules."""
    return [r.jargon for r in rules]
