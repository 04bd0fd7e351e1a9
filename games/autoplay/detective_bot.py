"""The detective bot: a seat that works the rules out from the table, as a good player does.

Adapts :class:`games.deduction.detective.Detective` to a seat: it reads the events as its
seat saw them and knows nothing its view does not show; it makes the calls and replies of
the rules it knows. Pure; importing it registers the kind ``detective``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random

from games.deduction.detective import Choice, Detective
from games.deduction.experiments import Table
from games.deduction.record import RecordReader
from games.engine.actions import ClaimWin, Pass, Play, PlayerAction
from games.engine.bots import (
    AuthorKnowledgeSource,
    RuleKnowledge,
    duty_for,
    held_most,
    known_calls,
    play_context,
    race_words,
    register_kind,
    rules_known,
    to_play,
    words_for,
)
from games.engine.events import Event
from games.engine.visibility import PlayerView
from rules.cards import parse
from rules.context import Settings
from rules.spec import Rule, canonical_text


@dataclass(slots=True)
class DetectiveMemory:
    """A detective's memory of one game: the record read so far (``read_to``: the game's
    version it has read up to, for a driver that reads a stored log) and the detective,
    made at its first move (when the game's settings are known)."""

    seat: int
    reader: RecordReader = field(init=False)
    detective: Detective | None = None
    read_to: int = 0
    #: The guesses sealed so far, by jargon (their canonical text), so only a changed
    #: guess is sealed again.
    sealed: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.reader = RecordReader(self.seat)

    def read(self, events: Sequence[Event]) -> None:
        """Read the events of whole actions, as this seat saw them."""
        self.reader.read(events)

    def brought_up_to_date(self, settings: Settings) -> Detective:
        """The detective, having read everything read so far."""
        if self.detective is None:
            self.detective = Detective(self.seat, settings)
        self.detective.update(self.reader.record())
        return self.detective


def tables(view: PlayerView) -> list[Table]:
    """The seat's table as the detective reads it, one per discard pile."""
    assert view.viewer is not None
    # The turn a play now would be (the engine counts it before judging).
    return [Table(view.viewer, view.hand, pile.cards, view.record, view.turn + 1, view.round,
                  view.table_size, pile.suit) for pile in view.piles]


def _suit_to_name(hand: Sequence[str], played: str) -> str:
    """The suit to name if the play turns out to be wild: the one held most, after it."""
    rest = list(hand)
    rest.remove(played)
    return held_most(rest)


class DetectiveBot:
    """A seat that learns the rules from the public log (see the module docstring).

    ``memory`` is its memory of the game; a caller that keeps it elsewhere (the live
    table's bot driver, per process) may hand it in. ``knows`` gives the rules it knows in
    full (by default its own), whose calls it always makes; ``author_knowledge``, what it
    consults when it writes a rule (its own rules and the one bit about every rule in force).
    """

    def __init__(self, seat: int, seed: int, memory: DetectiveMemory | None = None,
                 knows: RuleKnowledge = rules_known,
                 author_knowledge: AuthorKnowledgeSource | None = None) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.memory = memory if memory is not None else DetectiveMemory(seat)
        self.last: Choice | None = None
        self.knows = knows
        self.author_knowledge = author_knowledge

    def act(self, view: PlayerView) -> PlayerAction | None:
        """Choose from the seat's own view and what it has read of the game."""
        duty = duty_for(self.seat, view, self.rng, self.knows, self.author_knowledge,
                        "detective")
        if duty is not None or not to_play(self.seat, view):
            return duty
        detective = self.memory.brought_up_to_date(Settings(view.settings.aces_high))
        choice = detective.choose(tables(view), self.rng)
        self.last = choice
        if choice.claim:
            return ClaimWin(self.seat)
        if choice.card is None:
            return Pass(self.seat)
        stands = choice.card if choice.named is None else choice.named
        ctx = play_context(view, parse(choice.card), parse(stands), choice.pile)
        # The calls it knows first; then the words its guesses want, unless a known rule
        # would find them needless.
        wished = [p for p in choice.say.split(". ") if p]
        wished += race_words(self.knows(view), ctx, view.settings.aces_high)
        say = words_for(known_calls(self.knows, view), ctx, wished)
        return Play(self.seat, (choice.card,), (choice.named,), say,
                    _suit_to_name(view.hand, choice.card), choice.pile)

    def observe(self, events: Sequence[Event]) -> None:
        """Read what happened (the events of one action, as this seat saw them)."""
        self.memory.read(events)

    def changed_guesses(self) -> dict[str, Rule]:
        """The best guesses that differ from those sealed (see :meth:`sealed`)."""
        detective = self.memory.detective
        if detective is None:
            return {}
        return {jargon: rule for jargon, rule in detective.guesses().items()
                if self.memory.sealed.get(jargon) != canonical_text(rule.spec)}

    def sealed(self, jargon: str, rule: Rule) -> None:
        """Remember that ``rule`` is sealed as the guess of ``jargon``."""
        self.memory.sealed[jargon] = canonical_text(rule.spec)


def _make(seat: int, seed: int, author_knowledge: AuthorKnowledgeSource | None) -> DetectiveBot:
    return DetectiveBot(seat, seed, author_knowledge=author_knowledge)


register_kind("detective", _make)
