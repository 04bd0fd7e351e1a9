"""Whether a rule makes a solo puzzle: the checks it must pass alone at the solo table
(no lockup, no stall, not far too hard), a kind a player can crack there, and a rule the
prophet can find a statement exact for."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from games.autoplay.difficulty import LEARNT
from games.engine.vetting import objection
from games.puzzles.prophet import decidable
from games.puzzles.table import solo_settings
from rules.conditions import walk
from rules.context import Settings
from rules.spec import Rule, conditions_of

#: What the author is told when their rule is refused, by the check's code.
KIND_REFUSED: Final = ("Only restrictions, triggers and calls make solo puzzles: a player "
                       "cannot try other kinds of rule at the solo table.")
UNDECIDABLE: Final = ("This rule counts the round's cards or positions in a way the prophet "
                       "cannot check exactly: nobody could ever crack it by stating it.")
AUTHOR_REFUSED: Final = ("This rule speaks of its author's seat: with no author at the solo "
                         "table it would mean something else.")


def refusal(rule: Rule) -> tuple[str, str] | None:
    """Why ``rule`` (with no author) cannot be a solo puzzle, as ``(code, sentence)``;
    ``None``: it can."""
    if rule.spec.kind not in LEARNT:
        return "publish/kind", KIND_REFUSED
    if any(node.tag == "is_author" for c in conditions_of(rule.spec) for node in walk(c)):
        return "publish/is_author", AUTHOR_REFUSED
    table = solo_settings()
    language = Settings(aces_high=table.aces_high)
    found = objection(replace(rule, author=None), (), language, table.players)
    if found is not None:
        return f"publish/{found.code}", found.reason
    if not decidable(rule, language):
        return "publish/undecidable", UNDECIDABLE
    return None
