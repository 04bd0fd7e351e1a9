"""The prophet's check: is a guess the hidden rule?"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord
from games.deduction.scoring import score
from rules.context import Settings
from rules.evaluation import DEFAULT_SETTINGS
from rules.spec import Rule

ProphetVerdict = Literal["exact", "every_play", "contradicted"]


@dataclass(frozen=True, slots=True)
class ProphetAnswer:
    """The verdict, and the play that contradicts a contradicted guess."""

    verdict: ProphetVerdict
    contradiction: str = ""


def judge(guess: Rule, hidden: Rule, record: PublicRecord,
          settings: Settings = DEFAULT_SETTINGS) -> ProphetAnswer:
    """Judge ``guess`` against the ``hidden`` rule on what the table saw."""
    guess = replace(guess, jargon=hidden.jargon, author=hidden.author)
    seen = check(guess, hidden.jargon, record, settings)
    if seen.contradictions:
        return ProphetAnswer("contradicted", seen.contradictions[0].describe())
    if score(guess, hidden, record, settings).verdict == "exact":
        return ProphetAnswer("exact")
    return ProphetAnswer("every_play")
