"""Sealed guesses and a viewer's own hypotheses, scored at the reveal.

Every guess is scored against the real rule of its jargon by
:func:`games.deduction.scoring.score`, on the public record as a spectator saw the game
(the same evidence for everyone, whoever sealed it). The reveal shows each guess on its
rule's card with when it was sealed (the round and turn at the game version it was
sealed at, see :func:`timeline`), says who cracked each rule (exact guesses, earliest
seal first) and names the detective of the game (:func:`detective`).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from games.deduction.record import PublicRecord
from games.deduction.scoring import Score, score
from games.engine.actions import ClaimWin, Pass, Play
from games.engine.events import Dealt, Event, Tie, WonRound
from games.store.reads import StoredAction
from rules.context import Settings
from rules.english import describe
from rules.errors import RuleError
from rules.spec import FORMAT_VERSION, Rule, load_rule

Stage = Literal["before", "playing", "between"]
#: A sign for each verdict, beside its words (never instead of them).
VERDICT_MARKS = {"exact": "✓", "every_play": "≈", "wrong": "✗"}


def and_list(items: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``.

    >>> and_list(["Ann", "Bob", "Cy"])
    'Ann, Bob and Cy'
    """
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True, slots=True)
class Moment:
    """Where the game stood after the action logged as ``seq``: the last round dealt, the
    turns taken in it, and whether nothing was dealt yet, a round is on, or it is over."""

    seq: int
    round: int
    turn: int
    stage: Stage

    @property
    def words(self) -> str:
        """``in round 2, turn 7``, ``after round 1``, ``before the first play``..."""
        if self.stage == "before" or (self.stage == "playing" and self.round == 1
                                      and self.turn == 0):
            return "before the first play"
        if self.stage == "between":
            return f"after round {self.round}"
        if self.turn == 0:
            return f"at the start of round {self.round}"
        return f"in round {self.round}, turn {self.turn}"


#: Where the game stands before its first action.
BEFORE = Moment(0, 1, 0, "before")


def timeline(entries: Sequence[StoredAction], opening: Sequence[Event] = ()) -> list[Moment]:
    """Where the game stood after each logged action, in order; ``opening`` holds the events
    of a deal made at the game's start (a preset's table), logged apart from the actions.

    A turn is a play tried, a pass or a claim (each counts one turn, as the engine's
    ``turn`` does); a deal starts a round at turn 0; a win or a tie ends it until the next.
    """
    moments = []
    current = BEFORE
    for event in opening:
        if isinstance(event, Dealt):
            current = Moment(0, event.round, 0, "playing")
    for entry in entries:
        number, turn, stage = current.round, current.turn, current.stage
        if isinstance(entry.action, Play | Pass | ClaimWin):
            turn += 1
        for event in entry.events:
            if isinstance(event, Dealt):
                number, turn, stage = event.round, 0, "playing"
            elif isinstance(event, WonRound | Tie):
                stage = "between"
        current = Moment(entry.seq, number, turn, stage)
        moments.append(current)
    return moments


def moment_at(moments: Sequence[Moment], version: int) -> Moment:
    """Where the game stood at game version ``version`` (after every action logged at or
    before it); :data:`BEFORE` when no action was."""
    index = bisect.bisect_right([m.seq for m in moments], version)
    return moments[index - 1] if index else BEFORE


@dataclass(frozen=True, slots=True)
class ScoredGuess:
    """A sealed guess as the reveal shows it: who sealed it and when, what it said, and its
    score against the real rule."""

    seat: int
    name: str
    jargon: str
    text: str
    when: str
    version: int
    sealed: datetime
    score: Score

    @property
    def exact(self) -> bool:
        """Whether the guess is the rule (the analysis found no difference anywhere)."""
        return self.score.verdict == "exact"

    @property
    def mark(self) -> str:
        """The verdict's sign."""
        return VERDICT_MARKS[self.score.verdict]

    @property
    def example(self) -> str:
        """The score's example, worded for a page everyone reads (not "your rule")."""
        return self.score.example.replace("; your rule ", "; the guess ")

    @property
    def order(self) -> tuple[int, datetime, int]:
        """Earliest seal first: by game version, then time, then seat."""
        return (self.version, self.sealed, self.seat)


@dataclass(frozen=True, slots=True)
class Detective:
    """The detective of the game: the player with the most exact guesses (on a tie, the
    one whose first exact guess was sealed first), what they cracked, and who tied."""

    seat: int
    name: str
    cracked: tuple[str, ...]
    tied_with: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        """How many rules they cracked."""
        return len(self.cracked)

    @property
    def cracked_words(self) -> str:
        """The rules they cracked, in words."""
        return and_list(self.cracked)

    @property
    def tied_words(self) -> str:
        """Who cracked as many, in words."""
        return and_list(self.tied_with)


@dataclass(frozen=True, slots=True)
class OwnHypothesis:
    """One of the viewer's hypotheses for a rule, in words, scored like a guess."""

    text: str
    score: Score

    @property
    def mark(self) -> str:
        """The verdict's sign."""
        return VERDICT_MARKS[self.score.verdict]


@dataclass(frozen=True, slots=True)
class OwnNotes:
    """What the viewer kept on one rule: their note and their hypotheses."""

    note: str = ""
    hypotheses: tuple[OwnHypothesis, ...] = ()


def guess_rule(spec: Any, jargon: str, author: int | None = None) -> Rule | None:
    """A stored guess or hypothesis as a rule; ``None`` if it no longer reads (it was
    checked when stored, so only a change of the rule language could do that, and the
    reveal should then skip one guess rather than fail)."""
    try:
        return load_rule({"version": FORMAT_VERSION, "jargon": jargon, "rule": spec,
                          **({"author": author} if author is not None else {})})
    except RuleError:
        return None


@dataclass(slots=True)
class Scorer:
    """Scores guesses for one game: the real rules by jargon, the public record, the
    settings. Equal guesses for one jargon are scored once (scoring runs the analysis)."""

    real: Mapping[str, Rule]
    record: PublicRecord
    settings: Settings
    _done: dict[tuple[str, str], Score] = field(default_factory=dict, init=False)

    def __call__(self, jargon: str, guess: Rule) -> Score:
        """The score of ``guess`` for the rule called ``jargon``."""
        key = (jargon, repr(guess.spec))
        found = self._done.get(key)
        if found is None:
            found = self._done[key] = score(guess, self.real[jargon], self.record, self.settings)
        return found


@dataclass(frozen=True, slots=True)
class Sealed:
    """A sealed guess as stored: the seat, the jargon, the rule's JSON, when, and which of
    the seat's successive players sealed it (``stint``)."""

    seat: int
    jargon: str
    spec: Any
    version: int
    sealed: datetime
    stint: int = 0


def score_guesses(sealed: Iterable[Sealed], scorer: Scorer, names: Sequence[str],
                  moments: Sequence[Moment], stints: Mapping[str, int] | None = None
                  ) -> list[ScoredGuess]:
    """Every sealed guess for a real rule, scored, earliest seal first (``stints``: which
    of its author seat's players wrote each rule, by jargon; none given, the first)."""
    scored = []
    stints = stints or {}
    for guess in sealed:
        if guess.jargon not in scorer.real or not 0 <= guess.seat < len(names):
            continue  # no such rule or seat: nothing to score it against
        if (scorer.real[guess.jargon].author == guess.seat
                and stints.get(guess.jargon, 0) == guess.stint):
            continue  # its author knew it: that cracks nothing (a later player did not)
        rule = guess_rule(guess.spec, guess.jargon, guess.seat)
        if rule is None:
            continue
        scored.append(ScoredGuess(
            seat=guess.seat, name=names[guess.seat], jargon=guess.jargon, text=describe(rule),
            when=moment_at(moments, guess.version).words, version=guess.version,
            sealed=guess.sealed, score=scorer(guess.jargon, rule)))
    return sorted(scored, key=lambda g: g.order)


def cracked_by(guesses: Iterable[ScoredGuess]) -> tuple[str, ...]:
    """The names of those whose guess is exact, earliest seal first."""
    return tuple(g.name for g in sorted(guesses, key=lambda g: g.order) if g.exact)


def detective(guesses: Iterable[ScoredGuess]) -> Detective | None:
    """The player with the most exact guesses; on a tie, the one whose first exact guess
    was sealed earliest. ``None`` when no guess is exact."""
    exact: dict[int, list[ScoredGuess]] = {}
    for guess in sorted(guesses, key=lambda g: g.order):
        if guess.exact:
            exact.setdefault(guess.seat, []).append(guess)
    if not exact:
        return None
    most = max(len(found) for found in exact.values())
    leaders = sorted((found for found in exact.values() if len(found) == most),
                     key=lambda found: found[0].order)
    best = leaders[0]
    return Detective(best[0].seat, best[0].name, tuple(g.jargon for g in best),
                     tuple(found[0].name for found in leaders[1:]))
