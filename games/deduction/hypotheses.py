"""Checking a hypothesis ("I think Pip means ...") against everything the table saw.

A hypothesis is a rule the player writes in the rule builder for a jargon they have seen.
:func:`check` judges it on every observation where that rule spoke or could have spoken,
from the moment the rule certainly existed (:attr:`~games.deduction.record.Sighting.since`):

* a **restriction**: every play tried, refused or not. A refusal names every rule broken,
  so a play refused without this jargon, and every accepted play, is evidence the rule
  let it through; a refusal naming it is evidence it refused.
* a **trigger**: every card of every accepted play: it fired on that card, or it did not
  (a trigger that did not fire is evidence too).
* a **call**: every accepted play: the rule penalised the words said with it, or it did
  not (the words were right, or none were owed).
* a **permission**: groups refused because no rule let the cards go down together (an
  accepted group may owe its permission to another rule, so it proves nothing here).
* an **instant win**: hands revealed: one this rule declared a winner, or one no rule did.

Observations the table did not see enough of (the cards in another player's hand, for a
rule that reads them; plays logged before situations were) are counted apart, not judged.
The answer is a function of the public record and the hypothesis alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.deduction.evidence import context, describe_attempt, judgeable, reads_hand
from games.deduction.record import Attempt, Claim, PublicRecord
from rules.cards import card_of
from rules.context import Settings
from rules.evaluation import (
    DEFAULT_SETTINGS,
    Predicate,
    Rulebook,
    compile_condition,
    refusal_predicate,
)
from rules.phrases import expand, said_contains
from rules.spec import Call, InstantWin, Permission, Restriction, Rule, Trigger


@dataclass(frozen=True, slots=True)
class Contradiction:
    """One observation the hypothesis gets wrong: what happened, what it would say."""

    number: int
    seen: str
    happened: str
    predicted: str

    def describe(self) -> str:
        """``9♥ on 5♣ (round 1, turn 12) was accepted; your rule would refuse it``."""
        return f"{self.seen} {self.happened}; your rule {self.predicted}"


@dataclass(frozen=True, slots=True)
class Check:
    """How a hypothesis for ``jargon`` fares: the observations it agrees with, those it
    contradicts, and those the table did not see enough of to judge it on."""

    jargon: str
    agreeing: int
    contradictions: tuple[Contradiction, ...]
    unjudged: int = 0

    @property
    def consistent(self) -> bool:
        """Whether the hypothesis agrees with everything judged."""
        return not self.contradictions

    @property
    def judged(self) -> int:
        """How many observations the hypothesis was judged on."""
        return self.agreeing + len(self.contradictions)

    def summary(self, shown: int = 3) -> str:
        """One sentence for the player (the first ``shown`` contradictions spelled out)."""
        if not self.judged:
            return f"No play seen so far tells whether {self.jargon} means this."
        if self.consistent:
            plays = "play" if self.judged == 1 else "plays"
            return f"Consistent with all {self.judged} {plays} seen."
        listed = "; ".join(c.describe() for c in self.contradictions[:shown])
        more = len(self.contradictions) - shown
        tail = f"; and {more} more" if more > 0 else ""
        return f"Contradicted by {len(self.contradictions)}: {listed}{tail}."


def check(hypothesis: Rule, jargon: str, record: PublicRecord,
          settings: Settings = DEFAULT_SETTINGS) -> Check:
    """Judge ``hypothesis`` as the meaning of ``jargon`` against ``record``."""
    sighting = record.sighting(jargon)
    since = sighting.since if sighting is not None else 1
    rule = replace(hypothesis, author=sighting.author if sighting else hypothesis.author)
    agreeing, unjudged, wrong = 0, 0, []
    for number, seen, happened, predicted in _observations(rule, jargon, record, since,
                                                          settings):
        if predicted is None:
            unjudged += 1
        elif predicted[0] == happened[0]:
            agreeing += 1
        else:
            wrong.append(Contradiction(number, seen, happened[1], predicted[1]))
    return Check(jargon, agreeing, tuple(wrong), unjudged)


#: An outcome: whether the rule spoke (refused, fired, penalised, won), and in words.
Outcome = tuple[bool, str]
#: One observation: its number, what was seen, what happened, what the hypothesis says
#: (``None``: the table did not see enough to judge it).
Observation = tuple[int, str, Outcome, Outcome | None]


def _observations(rule: Rule, jargon: str, record: PublicRecord, since: int,
                  settings: Settings
                  ) -> list[Observation]:
    spec = rule.spec
    attempts = [a for a in record.attempts if a.number >= since]
    # Compiled once per check: an observation is then a few look-ups.
    if isinstance(spec, Restriction):
        refuses = refusal_predicate(spec, settings, rule.author)
        return [_restriction(rule, refuses, jargon, a) for a in attempts]
    if isinstance(spec, Trigger):
        when = compile_condition(spec.when, settings, rule.author)
        return [o for a in attempts if a.accepted for o in _trigger(rule, when, jargon, a)]
    if isinstance(spec, Call):
        required = compile_condition(spec.when, settings, rule.author)
        return [_call(rule, required, jargon, a) for a in attempts if a.accepted]
    book = Rulebook([rule], settings)
    if isinstance(spec, Permission):
        return [_permission(book, a) for a in attempts
                if a.group and not a.accepted and not a.broken]
    if isinstance(spec, InstantWin):
        return [_claim(book, jargon, c) for c in record.claims if c.number >= since
                or c.won_by == jargon]
    raise TypeError(f"unknown kind of rule {spec.kind!r}")


def _restriction(rule: Rule, refuses: Predicate, jargon: str, attempt: Attempt
                 ) -> Observation:
    seen = describe_attempt(attempt)
    refused = jargon in attempt.broken
    happened = (refused, f"was refused by {jargon}" if refused else
                "was accepted" if attempt.accepted else f"was refused, but not by {jargon}")
    if not judgeable(attempt, rule):
        return attempt.number, seen, happened, None
    refused_here = refuses(context(attempt))
    return attempt.number, seen, happened, (
        refused_here, "would refuse it" if refused_here else "would let it through")


def _trigger(rule: Rule, when: Predicate, jargon: str, attempt: Attempt
             ) -> list[Observation]:
    found: list[Observation] = []
    for index, card in enumerate(attempt.stands_for):
        seen = describe_attempt(attempt)
        if attempt.group:
            seen += f", card {index + 1} ({card_of(card).symbol})"
        fired = any(f.jargon == jargon and (f.card in (None, card)) for f in attempt.fired)
        happened = (fired, f"set {jargon} off" if fired else f"did not set {jargon} off")
        if not judgeable(attempt, rule):
            found.append((attempt.number, seen, happened, None))
            continue
        fires = when(context(attempt, index))
        found.append((attempt.number, seen, happened,
                      (fires, "would fire on it" if fires else "would not fire on it")))
    return found


def _call(rule: Rule, when: Predicate, jargon: str, attempt: Attempt) -> Observation:
    assert isinstance(rule.spec, Call)
    said = f"saying “{attempt.said}”" if attempt.said.strip() else "saying nothing"
    seen = f"{describe_attempt(attempt)}, {said}"
    penalised = any(c.jargon == jargon for c in attempt.calls)
    happened = (penalised, f"was penalised by {jargon}" if penalised
                else f"was not penalised by {jargon}")
    if not judgeable(attempt, rule):
        return attempt.number, seen, happened, None
    last = context(attempt, len(attempt.stands_for) - 1)
    required = when(last)
    phrase = expand(rule.spec.say, last.played, last.run_after)
    broken = required != said_contains(attempt.said, phrase)
    words = (f"would ask for “{phrase}”" if required else f"would not want “{phrase}”")
    return attempt.number, seen, happened, (
        broken, f"{words} and penalise it" if broken else f"{words}, so no penalty")


def _permission(book: Rulebook, attempt: Attempt) -> Observation:
    seen = describe_attempt(attempt)
    happened = (False, "was refused: no rule let those cards go down together")
    allows = book.group_permission(
        [card_of(c) for c in attempt.stands_for]) is not None
    return attempt.number, seen, happened, (
        allows, "would let them go down together" if allows else "would not allow it either")


def _claim(book: Rulebook, jargon: str, claim: Claim) -> Observation:
    shown = " ".join(card_of(c).symbol for c in claim.hand)
    seen = f"the hand {shown} revealed in round {claim.round}"
    won = claim.won_by == jargon
    happened = (won, f"won by {jargon}" if won else "was no winner" if claim.won_by is None
                else f"won by {claim.won_by}")
    if claim.won_by not in (None, jargon):
        return claim.number, seen, happened, None  # another rule won it first: no evidence
    wins = book.winning_hand([card_of(c) for c in claim.hand]) is not None
    return claim.number, seen, happened, (
        wins, "would make it a winner" if wins else "would not make it a winner")


__all__ = ["Check", "Contradiction", "check", "reads_hand"]
