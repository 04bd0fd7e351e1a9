"""The public record of a game: everything a viewer could know from the table, typed.

The deduction tools read a :class:`PublicRecord` and nothing else; :func:`public_record`
builds it from events as one viewer saw them, so no other seat's cards and no rule's text
can reach it. Rules are named by *label*: the jargon, numbered for a later rule of the same
jargon ("Gronk #2"), in the public order first seen. :class:`RecordReader` follows a game
as it goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from games.engine.events import (
    CallBroken,
    ClaimFailed,
    ClaimWon,
    Dealt,
    Donated,
    Drew,
    Event,
    Fired,
    Hand,
    NamedSuit,
    NoSupply,
    Played,
    Refused,
    RuleWritten,
    Situation,
)
from rules.effects import Effect
from rules.spec import MAX_JARGON


@dataclass(frozen=True, slots=True)
class Firing:
    """A trigger that fired on an accepted play: its jargon, what it did, the card."""

    jargon: str
    effects: tuple[Effect, ...]
    card: str | None


@dataclass(frozen=True, slots=True)
class CallMiss:
    """A call rule that penalised a play: words ``required`` but missing, or needless;
    ``penalty`` is how many cards everyone saw the player draw for it (0: none could be
    drawn, or the log did not say); ``short``: the stock ran dry on that play, so fewer
    may have been drawn than the rule asks."""

    jargon: str
    required: bool
    penalty: int = 0
    short: bool = False


@dataclass(frozen=True, slots=True)
class Attempt:
    """One play tried at the table, as everyone saw it (``number`` counts from 1).

    ``situation`` is ``None`` for plays logged before the table recorded it (such an
    attempt is shown, but is no evidence). ``hand`` is the viewer's own hand before the
    play, known for the viewer's own plays only.
    """

    number: int
    round: int
    seat: int
    cards: tuple[str, ...]
    stands_for: tuple[str, ...]
    situation: Situation | None
    record: tuple[str, ...]
    accepted: bool
    broken: tuple[str, ...] = ()
    fired: tuple[Firing, ...] = ()
    calls: tuple[CallMiss, ...] = ()
    hand: tuple[str, ...] | None = None
    pile: int = 0
    named_suit: str | None = None

    @property
    def played(self) -> str:
        """The first card as the rules judged it."""
        return self.stands_for[0]

    @property
    def top(self) -> str | None:
        """The card it went on (as the rules saw it), when the table recorded it."""
        return self.situation.under[-1] if self.situation and self.situation.under else None

    @property
    def group(self) -> bool:
        """Whether several cards were played at once."""
        return len(self.cards) > 1

    @property
    def said(self) -> str:
        """The words the player said with it."""
        return self.situation.said if self.situation else ""


@dataclass(frozen=True, slots=True)
class Claim:
    """A player revealed their ``hand`` to claim an instant win; ``won_by`` names the rule
    that made it a winner (``None``: no rule did)."""

    number: int
    round: int
    seat: int
    hand: tuple[str, ...]
    won_by: str | None


@dataclass(frozen=True, slots=True)
class Sighting:
    """A rule seen at the table, by its label (``jargon``: the jargon it was named by, or,
    when an earlier rule seen had that jargon, the jargon with a number: see the module
    doc): who wrote the rule (``None``: no player did; a house rule or a preset law), and
    what it has been seen do; ``rule`` is its id (public once it has spoken).

    ``since`` is the first attempt at which the rule certainly existed: its author wrote
    it at one of their rule-writings before it was first seen, so it existed at the latest
    from the last of those on (plays before it are no evidence about it).
    """

    jargon: str
    author: int | None
    since: int
    kinds: frozenset[str]
    rule: int | None = None


@dataclass(frozen=True, slots=True)
class Writing:
    """A rule written at the table (everyone sees who wrote one, never what): by
    ``author``, in force from attempt number ``first`` on."""

    author: int
    first: int


@dataclass(frozen=True, slots=True)
class PublicRecord:
    """What ``viewer`` (``None``: a spectator) could know of a game from the table."""

    viewer: int | None
    names: tuple[str, ...]
    attempts: tuple[Attempt, ...] = ()
    claims: tuple[Claim, ...] = ()
    sightings: tuple[Sighting, ...] = ()
    #: Every rule written so far, in order.
    written: tuple[Writing, ...] = ()

    def sighting(self, jargon: str) -> Sighting | None:
        """What has been seen of ``jargon`` (case as written), or ``None``."""
        return next((s for s in self.sightings if s.jargon == jargon), None)

    @property
    def jargons(self) -> tuple[str, ...]:
        """Every jargon seen (each rule's label), in the order first seen."""
        return tuple(s.jargon for s in self.sightings)


class Labels:
    """Labels for rules, given in the order rules are met: a rule's jargon, or, when a rule
    met before has that jargon (in any case) or label, the jargon with the first number
    from 2 on that makes it unique ("Gronk #2"), shortened to fit a jargon's length."""

    def __init__(self) -> None:
        self.of: dict[int, str] = {}
        self._used: set[str] = set()

    def label(self, rule: int, jargon: str) -> str:
        """The label of rule ``rule`` (id), named ``jargon``: given once, then kept."""
        found = self.of.get(rule)
        if found is not None:
            return found
        found, number = jargon, 1
        while found.casefold() in self._used:
            number += 1
            suffix = f" #{number}"
            found = jargon[:MAX_JARGON - len(suffix)].rstrip() + suffix
        self.of[rule] = found
        self._used.add(found.casefold())
        return found


def jargon_labels(record: PublicRecord, rules: Iterable[tuple[int, str]]) -> dict[int, str]:
    """The label of every rule of ``rules`` (``(id, jargon)``, in the order written): the
    record's for the rules it saw, then labels for the others, in that order, that clash
    with none of them (for the reveal, where every rule is named)."""
    labels = Labels()
    for sighting in record.sightings:
        if sighting.rule is not None:
            labels.label(sighting.rule, sighting.jargon)
    return {rule: labels.label(rule, jargon) for rule, jargon in rules}


@dataclass(slots=True)
class _Builder:
    """Reads events in order, keeping what the table knows so far."""

    viewer: int | None
    names: tuple[str, ...]
    round: int = 1
    record: list[str] = field(default_factory=list)
    hand: list[str] | None = None
    attempts: list[Attempt] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    writings: list[Writing] = field(default_factory=list)
    first: dict[str, tuple[int | None, int, set[str]]] = field(default_factory=dict)
    labels: Labels = field(default_factory=Labels)
    #: A call just broken whose penalty draw has not been seen yet.
    owing: bool = False

    def read(self, event: Event) -> None:
        if isinstance(event, RuleWritten):
            if event.seat is not None:
                self.writings.append(Writing(event.seat, len(self.attempts) + 1))
            self.round = event.round
        elif isinstance(event, Dealt):
            self.round = event.round
            self.record = [event.starter]
        elif isinstance(event, Hand):
            if event.is_for(self.viewer):
                self.hand = list(event.cards)
        elif isinstance(event, Drew):
            if event.is_for(self.viewer) and self.hand is not None:
                self.hand += event.cards
            if self.owing and event.reason == "penalty":
                self._penalty(event.count)
        elif isinstance(event, Donated):
            if event.is_for(self.viewer) and self.hand is not None and event.card in self.hand:
                self.hand.remove(event.card)
        elif isinstance(event, Played | Refused):
            self._attempt(event)
        elif isinstance(event, Fired):
            label = self.labels.label(event.rule, event.jargon)
            self._after(fired=Firing(label, event.effects, event.card))
            self._seen(label, event.author, "fired")
        elif isinstance(event, CallBroken):
            label = self.labels.label(event.rule, event.jargon)
            self._after(call=CallMiss(label, event.required))
            self._seen(label, event.author, "call")
            self.owing = True
        elif isinstance(event, NamedSuit):
            self._after(suit=event.suit)
        elif isinstance(event, NoSupply):
            self._short()
        elif isinstance(event, ClaimWon | ClaimFailed):
            self.owing = False  # a failed claim's penalty is not a call's
            won = (self.labels.label(event.rule, event.jargon)
                   if isinstance(event, ClaimWon) else None)
            self.claims.append(Claim(len(self.attempts), self.round, event.seat or 0,
                                     event.hand, won))
            if isinstance(event, ClaimWon) and won is not None:
                self._seen(won, event.author, "claim")

    def _attempt(self, event: Played | Refused) -> None:
        self.owing = False
        seat = event.seat if event.seat is not None else 0
        mine = self.hand is not None and seat == self.viewer
        accepted = isinstance(event, Played)
        number = len(self.attempts) + 1
        self.attempts.append(Attempt(
            number=number, round=self.round, seat=seat, cards=event.cards,
            stands_for=event.stands_for, situation=event.situation,
            record=tuple(self.record), accepted=accepted,
            broken=tuple(self.labels.label(b.rule, b.jargon) for b in event.broken)
            if isinstance(event, Refused) else (),
            hand=tuple(self.hand) if mine and self.hand is not None else None,
            pile=event.pile))
        if isinstance(event, Refused):
            for breach in event.broken:
                self._seen(self.labels.label(breach.rule, breach.jargon), breach.author,
                           "refused")
        else:
            self.record += event.stands_for
            if mine and self.hand is not None:
                for card in event.cards:
                    if card in self.hand:
                        self.hand.remove(card)

    def _after(self, fired: Firing | None = None, call: CallMiss | None = None,
               suit: str | None = None) -> None:
        """Add what followed an accepted play to that play."""
        if not self.attempts:
            return
        last = self.attempts[-1]
        self.attempts[-1] = replace(
            last, fired=last.fired + ((fired,) if fired else ()),
            calls=last.calls + ((call,) if call else ()),
            named_suit=suit if suit is not None else last.named_suit)

    def _penalty(self, count: int) -> None:
        """The cards drawn for the call just broken (the draw follows its call)."""
        self.owing = False
        last = self.attempts[-1]
        miss = last.calls[-1]
        self.attempts[-1] = replace(last, calls=(*last.calls[:-1], replace(miss, penalty=count)))

    def _short(self) -> None:
        """The stock could not supply a draw: the calls of the play just made may have
        drawn fewer cards than their penalty."""
        if not self.attempts or not self.attempts[-1].calls:
            return
        last = self.attempts[-1]
        self.attempts[-1] = replace(last, calls=tuple(replace(c, short=True) for c in last.calls))

    def _seen(self, jargon: str, author: int | None, kind: str) -> None:
        number = len(self.attempts) if kind != "claim" else len(self.attempts) + 1
        if jargon not in self.first:
            self.first[jargon] = (author, max(number, 1), {kind})
        else:
            self.first[jargon][2].add(kind)

    def sightings(self) -> tuple[Sighting, ...]:
        found = []
        ids = {label: rule for rule, label in self.labels.of.items()}
        for jargon, (author, first, kinds) in self.first.items():
            before = [w.first for w in self.writings if w.author == author and w.first <= first]
            since = max(before) if before else 1
            found.append(Sighting(jargon, author, since, frozenset(kinds),
                                  ids.get(jargon)))
        return tuple(found)

    def result(self) -> PublicRecord:
        return PublicRecord(self.viewer, self.names, tuple(self.attempts), tuple(self.claims),
                            self.sightings(), tuple(self.writings))


class RecordReader:
    """The public record of a game, read one event at a time as ``viewer`` sees it.

    For a player who follows the game as it goes: each event is read once, and
    :meth:`record` gives the record so far. Read whole actions (all the events of one
    action) before asking: what followed a play (triggers, calls) belongs to it.
    """

    def __init__(self, viewer: int | None, names: Sequence[str] = (), stint: int = 0) -> None:
        self.viewer = viewer
        #: Which of the viewer's seat's players the viewer is: the private events of its
        #: other players are read as public ones (their hand, the rules they wrote).
        self.stint = stint
        self._builder = _Builder(viewer, tuple(names))

    def read(self, events: Iterable[Event]) -> None:
        """Read more events (reduced first to what the viewer may see of them)."""
        for event in events:
            self._builder.read(event.read_by(self.viewer, self.stint))

    @property
    def attempts(self) -> int:
        """How many plays have been tried so far."""
        return len(self._builder.attempts)

    def record(self) -> PublicRecord:
        """The public record of everything read so far."""
        return self._builder.result()


def public_record(events: Iterable[Event], viewer: int | None,
                  names: Sequence[str], stint: int = 0) -> PublicRecord:
    """The public record of a game from its events, as ``viewer`` (in its ``stint``) saw them:
    each event is first reduced to what ``viewer`` may see."""
    reader = RecordReader(viewer, names, stint)
    reader.read(events)
    return reader.record()
