"""Checking a hypothesis ("I think Pip means ...") against everything the table saw.

:func:`check` judges the rule on every observation where it spoke or could have spoken,
from :attr:`~games.deduction.record.Sighting.since` on (docs/deduction.md, "Hypotheses");
what the jargon did that a rule of the hypothesis's kind cannot do contradicts it, and what
the table did not see enough of is counted apart. The answer is a function of the public
record and the hypothesis alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.deduction.evidence import context, describe_attempt, judgeable, reads_hand
from games.deduction.record import Attempt, Claim, PublicRecord
from rules.cards import card_of
from rules.context import Settings
from rules.effects import Effect
from rules.english import cards, describe_effect
from rules.evaluation import (
    DEFAULT_SETTINGS,
    Predicate,
    Rulebook,
    compile_condition,
    refusal_predicate,
)
from rules.phrases import Heard, compile_template, judge
from rules.phrases import words as words_of
from rules.spec import Call, InstantWin, Permission, Restriction, Rule, Trigger


@dataclass(frozen=True, slots=True)
class Contradiction:
    """One observation the hypothesis gets wrong: what happened, what it would say.

    ``kind``: the table saw the rule do what a rule of the hypothesis's kind never does
    (a trigger refusing a play, a restriction firing...)."""

    number: int
    seen: str
    happened: str
    predicted: str
    kind: bool = False

    def describe(self) -> str:
        """``9♥ on 5♣ (round 1, turn 12) was accepted; your rule would refuse it``."""
        return f"{self.seen} {self.happened}; your rule {self.predicted}"


#: What each kind of rule is judged on, in words: one of them, several.
UNITS: dict[str, tuple[str, str]] = {
    "restriction": ("play seen", "plays seen"),
    "trigger": ("card played", "cards played"),
    "call": ("play accepted", "plays accepted"),
    "permission": ("group refused", "groups refused"),
    "instant_win": ("hand revealed", "hands revealed"),
}


@dataclass(frozen=True, slots=True)
class Check:
    """How a hypothesis for ``jargon`` fares: the observations it agrees with, those it
    contradicts, and those the table did not see enough of to judge it on; ``unit`` says
    what an observation is for its kind of rule (one, several)."""

    jargon: str
    agreeing: int
    contradictions: tuple[Contradiction, ...]
    unjudged: int = 0
    unit: tuple[str, str] = UNITS["restriction"]

    @property
    def consistent(self) -> bool:
        """Whether the hypothesis agrees with everything judged."""
        return not self.contradictions

    @property
    def judged(self) -> int:
        """How many observations the hypothesis was judged on."""
        return self.agreeing + len(self.contradictions)

    def _count(self, n: int) -> str:
        return f"{n} {self.unit[0] if n == 1 else self.unit[1]}"

    @property
    def unjudged_words(self) -> str:
        """``2 plays seen``: the observations that could not be judged, in words."""
        return self._count(self.unjudged)

    @property
    def headline(self) -> str:
        """The verdict's first sentence: ``Consistent with all 23 plays seen.``,
        ``Contradicted by 2 of 23 plays seen:`` (a list follows), or why nothing is known."""
        if not self.judged:
            return f"No play seen so far tells whether {self.jargon} means this."
        if self.consistent:
            if self.judged == 1:
                return f"Consistent with the one {self.unit[0]}."
            return f"Consistent with all {self._count(self.judged)}."
        wrong = len(self.contradictions)
        if any(c.kind for c in self.contradictions):
            # Some contradictions are not of the kind counted: "of N cards played" would lie.
            return f"Contradicted by {wrong}:"
        return f"Contradicted by {wrong} of {self._count(self.judged)}:"

    def summary(self, shown: int = 3) -> str:
        """One sentence for the player (the first ``shown`` contradictions spelled out)."""
        if self.consistent:
            return self.headline
        listed = "; ".join(c.describe() for c in self.contradictions[:shown])
        more = len(self.contradictions) - shown
        tail = f"; and {more} more" if more > 0 else ""
        return f"Contradicted by {len(self.contradictions)}: {listed}{tail}."


def check(hypothesis: Rule, jargon: str, record: PublicRecord,
          settings: Settings = DEFAULT_SETTINGS) -> Check:
    """Judge ``hypothesis`` as the meaning of ``jargon`` against ``record``, under the
    game's ``settings`` (aces high or low)."""
    sighting = record.sighting(jargon)
    since = sighting.since if sighting is not None else 1
    rule = replace(hypothesis, author=sighting.author if sighting else hypothesis.author)
    agreeing, unjudged, wrong = 0, 0, []
    seen = [*_observations(rule, jargon, record, since, settings),
            *_out_of_kind(rule.spec.kind, jargon, record)]
    for o in sorted(seen, key=lambda o: o.number):
        if o.agrees is None:
            unjudged += 1
        elif o.agrees:
            agreeing += 1
        else:
            wrong.append(Contradiction(o.number, o.seen_text, o.happened, o.predicted, o.kind))
    return Check(jargon, agreeing, tuple(wrong), unjudged, UNITS[rule.spec.kind])


@dataclass(frozen=True, slots=True)
class Observation:
    """One thing the table saw, judged: its attempt number, what was seen, what happened,
    what the hypothesis says, and whether they agree (``None``: the table did not see
    enough to judge it); ``kind``: a deed of a kind of rule the hypothesis is not."""

    number: int
    #: The attempt seen (put in words only for a contradiction: most agree), or words.
    seen: Attempt | str
    happened: str
    predicted: str = ""
    agrees: bool | None = None
    kind: bool = False
    #: Words after the attempt's own (``, card 2 (5♥)``, ``, saying nothing``).
    detail: str = ""

    @property
    def seen_text(self) -> str:
        """What was seen, in words."""
        seen = self.seen if isinstance(self.seen, str) else describe_attempt(self.seen)
        return seen + self.detail


def _observations(rule: Rule, jargon: str, record: PublicRecord, since: int,
                  settings: Settings) -> list[Observation]:
    spec = rule.spec
    attempts = [a for a in record.attempts if a.number >= since]
    # Compiled once per check: an observation is then a few look-ups.
    hand_read = reads_hand(rule)
    if isinstance(spec, Restriction):
        refuses = refusal_predicate(spec, settings, rule.author)
        return [_restriction(hand_read, refuses, jargon, a) for a in attempts]
    if isinstance(spec, Trigger):
        when = compile_condition(spec.when, settings, rule.author)
        return [o for a in attempts if a.accepted
                for o in _trigger(spec, hand_read, when, jargon, a)]
    if isinstance(spec, Call):
        required = compile_condition(spec.when, settings, rule.author)
        return [_call(spec, hand_read, required, jargon, a) for a in attempts if a.accepted]
    book = Rulebook([rule], settings)
    if isinstance(spec, Permission):
        return [_permission(book, a) for a in attempts
                if a.group and not a.accepted and not a.broken]
    if isinstance(spec, InstantWin):
        return [_claim(book, jargon, c) for c in record.claims if c.number >= since
                or c.won_by == jargon]
    raise TypeError(f"unknown kind of rule {spec.kind!r}")


#: What the table sees a rule of each kind do (:attr:`Sighting.kinds`): a permission is
#: never named at the table.
_DEED = {"restriction": "refused", "trigger": "fired", "call": "call", "instant_win": "claim",
         "permission": ""}
#: A rule of each kind, in words.
KIND_WORDS = {"restriction": "a restriction", "trigger": "a trigger", "call": "a call",
              "permission": "a permission", "instant_win": "an instant win"}


def _out_of_kind(kind: str, jargon: str, record: PublicRecord) -> list[Observation]:
    """What the table saw ``jargon`` do that no rule of ``kind`` can: each refusal naming it
    (only a restriction refuses), each firing (only a trigger), each call penalised (only a
    call), each hand it made a winner (only an instant win)."""
    sighting = record.sighting(jargon)
    if sighting is None or sighting.kinds <= {_DEED[kind]}:
        return []  # seen doing only what a rule of this kind does: nothing to add
    found: list[Observation] = []
    what = KIND_WORDS[kind]

    def add(number: int, seen: Attempt | str, happened: str, never: str) -> None:
        found.append(Observation(number, seen, happened, f"{never}: it is {what}", False,
                                 kind=True))

    for attempt in record.attempts:
        if kind != "restriction" and jargon in attempt.broken:
            add(attempt.number, attempt, f"was refused by {jargon}", "never refuses a play")
        if kind != "trigger":
            for firing in attempt.fired:
                if firing.jargon == jargon:
                    add(attempt.number, attempt, f"set {jargon} off", "never fires")
        if kind != "call":
            for miss in attempt.calls:
                if miss.jargon == jargon:
                    add(attempt.number, attempt, f"was penalised by {jargon} for its words",
                        "never penalises words")
    if kind != "instant_win":
        for claim in record.claims:
            if claim.won_by == jargon:
                add(claim.number, _hand_seen(claim), f"won by {jargon}",
                    "never makes a hand a winner")
    return found


def _restriction(hand_read: bool, refuses: Predicate, jargon: str, attempt: Attempt
                 ) -> Observation:
    refused = jargon in attempt.broken
    happened = (f"was refused by {jargon}" if refused else
                "was accepted" if attempt.accepted else f"was refused, but not by {jargon}")
    if not judgeable(attempt, hand_read):
        return Observation(attempt.number, attempt, happened)
    refused_here = refuses(context(attempt))
    return Observation(attempt.number, attempt, happened,
                       "would refuse it" if refused_here else "would let it through",
                       refused_here == refused)


def _effects(effects: tuple[Effect, ...]) -> str:
    return "; ".join(describe_effect(e) for e in effects) or "nothing happens"


def _trigger(spec: Trigger, hand_read: bool, when: Predicate, jargon: str, attempt: Attempt
             ) -> list[Observation]:
    effects = spec.effects
    found: list[Observation] = []
    for index, card in enumerate(attempt.stands_for):
        card_words = f", card {index + 1} ({card_of(card).symbol})" if attempt.group else ""
        firing = next((f for f in attempt.fired if f.jargon == jargon
                       and f.card in (None, card)), None)
        happened = (f"set {jargon} off ({_effects(firing.effects)})" if firing
                    else f"did not set {jargon} off")
        if not judgeable(attempt, hand_read):
            found.append(Observation(attempt.number, attempt, happened, detail=card_words))
            continue
        if not when(context(attempt, index)):
            found.append(Observation(attempt.number, attempt, happened, "would not fire on it",
                                     firing is None, detail=card_words))
        elif firing is None or firing.effects == effects:
            found.append(Observation(attempt.number, attempt, happened, "would fire on it",
                                     firing is not None, detail=card_words))
        else:  # it fired, but did something else than the hypothesis says
            found.append(Observation(attempt.number, attempt, happened,
                                     f"would fire on it, but: {_effects(effects)}", False,
                                     detail=card_words))
    return found


def _call(spec: Call, hand_read: bool, when: Predicate, jargon: str, attempt: Attempt
          ) -> Observation:
    said = f", saying “{attempt.said}”" if attempt.said.strip() else ", saying nothing"
    miss = next((c for c in attempt.calls if c.jargon == jargon), None)
    if miss is None:
        happened = f"was not penalised by {jargon}"
    else:
        why = "missing words" if miss.required else "needless words"
        drawn = f", {cards(miss.penalty)} drawn" if miss.penalty else ""
        happened = f"was penalised by {jargon} for {why}{drawn}"
    if not judgeable(attempt, hand_read):
        return Observation(attempt.number, attempt, happened, detail=said)
    last = context(attempt, len(attempt.stands_for) - 1)
    required = when(last)
    # Judged alone, as the table would judge it with no other call rule taking words.
    template = compile_template(spec.say)
    phrase = template.expand(last.played, last.run_after)
    broken = required != judge([Heard(phrase, required, template.names_card)], attempt.said)[0]
    words = (f"would ask for {phrase.readable()}" if required
             else f"would not want “{phrase.text}”")
    # Calls are judged together (docs/rules.md): another call rule the table cannot see may
    # have asked for the very words said. Then words this rule would find needless went
    # unpunished, or words it asked for were taken first and it punished them as missing.
    # Either is no evidence against the hypothesis: the table did not see enough to judge.
    taken = phrase.find(words_of(attempt.said), [True] * len(words_of(attempt.said)))
    if not broken:
        if miss is not None and miss.required and required and taken is not None:
            return Observation(attempt.number, attempt, happened,
                               f"{words}, so no penalty, unless another call took the words",
                               detail=said)
        return Observation(attempt.number, attempt, happened, f"{words}, so no penalty",
                           miss is None, detail=said)
    predicted = f"{words} and penalise it with {cards(spec.penalty)}"
    if miss is None:
        if not required and taken is not None:
            return Observation(attempt.number, attempt, happened,
                               f"{predicted}, unless another call asked for them", detail=said)
        return Observation(attempt.number, attempt, happened, predicted, False, detail=said)
    # Penalised both ways: for the same reason, and as many cards as were drawn (fewer were
    # drawn only when the stock ran dry).
    drawn_ok = not miss.penalty or miss.penalty == spec.penalty or (
        miss.short and miss.penalty < spec.penalty)
    return Observation(attempt.number, attempt, happened, predicted,
                       miss.required == required and drawn_ok, detail=said)


def _permission(book: Rulebook, attempt: Attempt) -> Observation:
    happened = "was refused: no rule let those cards go down together"
    allows = book.group_permission(
        [card_of(c) for c in attempt.stands_for]) is not None
    return Observation(attempt.number, attempt, happened,
                       "would let them go down together" if allows
                       else "would not allow it either", not allows)


def _hand_seen(claim: Claim) -> str:
    shown = " ".join(card_of(c).symbol for c in claim.hand)
    return f"the hand {shown} revealed in round {claim.round}"


def _claim(book: Rulebook, jargon: str, claim: Claim) -> Observation:
    seen = _hand_seen(claim)
    won = claim.won_by == jargon
    happened = (f"won by {jargon}" if won else "was no winner" if claim.won_by is None
                else f"won by {claim.won_by}")
    if claim.won_by not in (None, jargon):
        return Observation(claim.number, seen, happened)  # another rule won it: no evidence
    wins = book.winning_hand([card_of(c) for c in claim.hand]) is not None
    return Observation(claim.number, seen, happened,
                       "would make it a winner" if wins else "would not make it a winner",
                       wins == won)


__all__ = ["Check", "Contradiction", "check", "reads_hand"]
