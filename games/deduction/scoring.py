"""Scoring a sealed guess against the real rule, once the game is over.

Three verdicts, best first:

* **exact**: the guess and the rule agree on every situation the rule language can tell
  apart (the analysis found no difference over an exact probe space of both rules);
* **every play**: they differ somewhere, but the guess is right about every play the table
  saw (the example says where they differ);
* **wrong**: the guess gets something the table saw wrong (the example says what).

Only the reveal calls this: it is the one tool that reads a real rule, and only after every
rule has been opened to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord
from rules.analysis import first_difference
from rules.cards import JOKER
from rules.context import PlayContext, Settings
from rules.evaluation import DEFAULT_SETTINGS
from rules.spec import Rule

Verdict = Literal["exact", "every_play", "wrong"]
#: How each verdict reads on the reveal.
VERDICT_WORDS: dict[Verdict, str] = {"exact": "exact", "every_play": "right on every play seen",
                                     "wrong": "wrong"}


@dataclass(frozen=True, slots=True)
class Score:
    """A guess's verdict, and a situation that shows why it is not better (if it is not)."""

    verdict: Verdict
    example: str = ""

    @property
    def words(self) -> str:
        """The verdict in words."""
        return VERDICT_WORDS[self.verdict]


def describe_situation(ctx: PlayContext) -> str:
    """A probed situation in a few words: ``9♥ played on 5♣``, and what else mattered."""
    played = ctx.played.symbol if ctx.physical != JOKER else f"🃏 as {ctx.played.symbol}"
    text = f"{played} played on {ctx.top.symbol}" if ctx.top else f"{played} played"
    under = [c.symbol for c in ctx.pile[-3:-1]]
    if under:
        text += f" (below it {' '.join(reversed(under))})"
    return f"{text}, holding {ctx.hand_before} cards, turn {ctx.turn}, card {ctx.position} " \
        "of the round"


def score(guess: Rule, real: Rule, record: PublicRecord,
          settings: Settings = DEFAULT_SETTINGS) -> Score:
    """The verdict on ``guess`` for the rule ``real`` (of jargon ``real.jargon``), given what
    the table saw (``record``, as anyone saw it)."""
    guess = replace(guess, author=real.author)
    seen = check(guess, real.jargon, record, settings)
    if seen.contradictions:
        return Score("wrong", seen.contradictions[0].describe())
    if guess.spec.kind != real.spec.kind:
        return Score("wrong", f"it is a {real.spec.kind.replace('_', ' ')}, not a "
                              f"{guess.spec.kind.replace('_', ' ')}")
    difference = first_difference(guess, real, settings)
    if not difference.found and difference.exact:
        return Score("exact")
    # Not exact: a situation where they differ, or (rules with several sequence tests, which
    # the analysis cannot try exhaustively) none found, which proves nothing.
    example = (f"they differ on {describe_situation(difference.example)}"
               if difference.example is not None else
               "no situation was found where they differ, but with these rules the analysis "
               "cannot try every one")
    return Score("every_play", example)
