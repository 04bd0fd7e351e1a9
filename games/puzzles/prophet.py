"""The prophet's check: the player states a hidden rule, and hears whether it is exactly
the rule, right on every play seen so far, or contradicted by a play (which one).

The verdict reuses the sealed guesses' scoring (:func:`games.deduction.scoring.score`) and
says less than it: an answer short of "exact" never tells where the guess and the rule
differ (that would hand the player the rule), only a public play that contradicts it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord
from games.deduction.scoring import score
from rules.analysis import Allowance, first_difference, space_size
from rules.context import Settings
from rules.evaluation import DEFAULT_SETTINGS
from rules.spec import Rule, conditions_of

ProphetVerdict = Literal["exact", "every_play", "contradicted"]
#: Situations one check may try (:class:`~rules.analysis.Allowance`): it bounds the time
#: any guess takes; a guess that would need more is never "exact".
PROBES: Final = 60_000


@dataclass(frozen=True, slots=True)
class ProphetAnswer:
    """The verdict; ``contradiction`` (only when contradicted) is the public play that
    contradicts the guess, in words."""

    verdict: ProphetVerdict
    contradiction: str = ""


def judge(guess: Rule, hidden: Rule, record: PublicRecord,
          settings: Settings = DEFAULT_SETTINGS) -> ProphetAnswer:
    """The prophet's answer on ``guess`` for ``hidden`` (its jargon names it in ``record``,
    the table as the player saw it), within :data:`PROBES` situations."""
    found = score(guess, hidden, record, settings, Allowance(PROBES))
    if found.verdict == "exact":
        return ProphetAnswer("exact")
    if found.verdict == "wrong":
        # "Wrong" also covers a guess of another kind that no play has shown wrong yet:
        # saying so would tell the player the rule's kind, which the table has not.
        seen = check(replace(guess, author=hidden.author), hidden.jargon, record, settings)
        if seen.contradictions:
            return ProphetAnswer("contradicted", seen.contradictions[0].describe())
    # Also when the guess and the rule together were beyond PROBES: saying so would tell
    # how many situations the hidden rule reads (a guess beyond it alone is refused first:
    # :func:`checkable`).
    return ProphetAnswer("every_play")


def checkable(guess: Rule) -> bool:
    """Whether ``guess`` alone fits the bound within which a statement can be found exact
    (reckoned without trying a situation). Restrictions, triggers and calls only: a guess
    of another kind is never the rule of a puzzle."""
    if guess.spec.kind not in ("restriction", "trigger", "call"):
        return True
    size = space_size(conditions_of(guess.spec), (guess.author,))
    return size is not None and size <= PROBES


def decidable(rule: Rule, settings: Settings = DEFAULT_SETTINGS) -> bool:
    """Whether a guess that means ``rule`` can be found "exact" at all: the analysis covers
    the rule's every situation within :data:`PROBES` (rules that count the round's cards or
    positions are sampled, and a sample never proves two rules alike). A puzzle's rules must
    be, or no statement but the rule's own text could ever crack it."""
    # The same rule under two authors is compared situation by situation, not by its text.
    found = first_difference(replace(rule, author=0), replace(rule, author=None), settings,
                             allowance=Allowance(PROBES))
    return found.exact and not found.found
