"""The detective: working out the secret rules from the table, as a good player does.

It weighs each jargon's :mod:`~games.deduction.candidates` and plays the card most likely
legal, says the words call rules most likely want and passes rather than try a long shot
(docs/architecture.md, "The detective"). It reads only the public record and its own table.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from games.deduction.candidates import Jargon, Space, spec_of
from games.deduction.evidence import context
from games.deduction.experiments import Table
from games.deduction.hypotheses import check
from games.deduction.record import Attempt, PublicRecord, Sighting
from games.deduction.vocabulary import JSON, PHRASES, Point, atoms, heard_phrases, point
from rules.cards import JOKER, STANDARD_CARDS, card_of
from rules.context import PlayContext, Settings
from rules.effects import Effect
from rules.evaluation import DEFAULT_SETTINGS, Rulebook
from rules.phrases import said_contains, words
from rules.spec import Rule, load_rule

#: How likely a rule nobody has seen yet is to be a restriction (most rules people write
#: are restrictions or triggers; rules.generate weighs them 4:3:1:1:1).
RESTRICTION_SHARE = 0.4
#: Plays whose expected cost (in cards) is this close to the best are "about as safe": among
#: them the detective plays the most informative.
ABOUT_AS_SAFE = 0.05
#: Below this chance of being legal the detective passes. A refused play and a pass cost
#: the same card, but a refusal shows the whole table the card and the rule that refused
#: it, and a long shot is mostly a penalty: a player who reasons keeps it to themselves.
PASS_BELOW = 0.4
_HEARD_COST = 1.5
#: How many of the simplest rival rules the notebook's advice weighs against a player's
#: hypotheses.
RIVALS = 8
_MAX_PHRASES = 30


@dataclass(frozen=True, slots=True)
class Choice:
    """A move: a ``card`` (and what a joker stands for) on a pile with words; a claim of an
    instant win; or a pass (no card). ``legal`` is how likely the play seemed legal."""

    card: str | None
    named: str | None = None
    pile: int = 0
    say: str = ""
    claim: bool = False
    legal: float = 0.0


@dataclass(frozen=True, slots=True)
class Estimate:
    """What the detective expects of one possible play: how likely it is legal, its cost
    in cards (a penalty, a draw a trigger makes, a call missed; minus the card laid down),
    how much it would tell (bits), and the words to say with it."""

    legal: float
    cost: float
    information: float
    say: str


def _entropy(p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def _own_draws(effects: Sequence[Effect], ctx: PlayContext) -> float:
    """Cards the player draws (less what it gains) when a trigger with ``effects`` fires."""
    cost = 0.0
    for effect in effects:
        if effect.kind == "draw" and effect.who in ("player", "everyone"):
            cost += effect.draws_for(ctx.run_after)
        elif effect.kind == "win":
            cost -= ctx.hand_before
        elif effect.kind == "play_again":
            cost -= 0.5
    return cost


class Detective:
    """Follows a game's public record and decides plays for one seat (see the module
    docstring). ``update`` reads the record as it grows (each attempt once); ``choose``
    decides from the player's own table; ``guess`` is the best guess of a jargon."""

    def __init__(self, seat: int | None, settings: Settings = DEFAULT_SETTINGS) -> None:
        self.seat = seat
        self.settings = settings
        self.jargons: dict[str, Jargon] = {}
        self.read = 0
        self.claims = 0
        self.heard: list[str] = []
        #: The candidates of a restriction written but not yet seen: those that refused
        #: none of the plays since the last rule was written.
        self.unseen = Space("unseen", settings)
        self.unseen_since = 1
        self.written = 0

    # Reading the record.

    def update(self, record: PublicRecord) -> None:
        """Read what the record holds beyond what was read already."""
        attempts = record.attempts
        new = attempts[self.read:]
        for jargon in self.jargons.values():
            for attempt in new:
                self._feed(jargon, attempt)
        for attempt in new:
            self._hear(attempt)
        if len(record.written) != self.written:
            self.written = len(record.written)
            self.unseen = Space("unseen", self.settings)
            self.unseen_since = record.written[-1].first
            new = attempts[self.unseen_since - 1:]
        for attempt in new:
            if attempt.situation is not None:
                self.unseen.observe(context(attempt), False)
        for sighting in record.sightings:
            if sighting.jargon not in self.jargons:
                self._sight(sighting, attempts)
        self.read = len(attempts)
        if len(record.claims) != self.claims:
            self.claims = len(record.claims)
            for jargon in self.jargons.values():
                if jargon.kind == "instant_win":
                    jargon.wins = [r for r in jargon.wins
                                   if check(r, jargon.sighting.jargon, record,
                                            self.settings).consistent]

    def _hear(self, attempt: Attempt) -> None:
        """Phrases heard with a play may be what a call rule asks for."""
        if (not attempt.said.strip() or len(self.heard) >= _MAX_PHRASES
                or attempt.situation is None):
            return
        last = context(attempt, len(attempt.stands_for) - 1)
        known = {tuple(words(p)) for p, _ in PHRASES} | {tuple(words(p)) for p in self.heard}
        for phrase in heard_phrases(attempt.said, last.played, last.run_after):
            if tuple(words(phrase)) not in known:
                self.heard.append(phrase)
                known.add(tuple(words(phrase)))
                for jargon in self.jargons.values():
                    if jargon.kind == "call" and jargon.space is not None:
                        jargon.space.add_phrase(phrase, _HEARD_COST)

    def _sight(self, sighting: Sighting, attempts: Sequence[Attempt]) -> None:
        kind = next((k for seen, k in (("refused", "restriction"), ("fired", "trigger"),
                                       ("call", "call"), ("claim", "instant_win"))
                     if seen in sighting.kinds), "restriction")
        space: Space | None = None
        if kind == "call":
            space = Space("call", self.settings,
                          (*PHRASES, *((p, _HEARD_COST) for p in self.heard)))
        elif kind in ("restriction", "trigger"):
            space = Space(kind, self.settings)
        jargon = Jargon(sighting, kind, space, self.settings)
        if kind == "instant_win":
            jargon.wins = _instant_wins(sighting)
        self.jargons[sighting.jargon] = jargon
        later = [a for a in attempts if a.number >= sighting.since]
        # The same evidence in any order leaves the same candidates: what the rule did
        # first, since that rules out most of them at once.
        name = sighting.jargon
        ordered = sorted(later, key=lambda a: not (name in a.broken or any(
            f.jargon == name for f in a.fired) or any(c.jargon == name for c in a.calls)))
        for attempt in ordered:
            self._feed(jargon, attempt)

    def _feed(self, jargon: Jargon, attempt: Attempt) -> None:
        """One attempt as evidence about ``jargon`` (as hypotheses.check reads it)."""
        name, space = jargon.sighting.jargon, jargon.space
        if attempt.number < jargon.sighting.since or attempt.situation is None:
            return
        if jargon.kind == "restriction":
            ctx = context(attempt)
            refused = name in attempt.broken
            jargon.note(ctx, refused)
            if space is not None:
                space.observe(ctx, refused)
        elif jargon.kind == "trigger" and attempt.accepted:
            for index, card in enumerate(attempt.stands_for):
                fired = [f for f in attempt.fired
                         if f.jargon == name and f.card in (None, card)]
                if fired and not jargon.effects:
                    jargon.effects = fired[0].effects
                ctx = context(attempt, index)
                jargon.note(ctx, bool(fired))
                if space is not None:
                    space.observe(ctx, bool(fired))
        elif jargon.kind == "call" and attempt.accepted:
            misses = [c for c in attempt.calls if c.jargon == name]
            if misses and misses[0].penalty and not misses[0].short and not jargon.penalty:
                jargon.penalty = misses[0].penalty
            ctx = context(attempt, len(attempt.stands_for) - 1)
            jargon.note(ctx, bool(misses))
            if space is not None:
                space.observe_call(ctx, bool(misses), attempt.said,
                                   misses[0].required if misses else None)

    # Guessing.

    def guess(self, jargon: str) -> Rule | None:
        """The simplest rule standing for ``jargon`` (``None``: none fits, or unseen)."""
        known = self.jargons.get(jargon)
        if known is None:
            return None
        author = known.sighting.author
        if known.kind == "instant_win":
            return known.wins[0] if known.wins else None
        if known.space is None:
            return None
        best = known.space.best()
        if best is None:
            return None
        return self._rule(known, *best, author=author)

    def _rule(self, known: Jargon, p: int, t: int, w: int, author: int | None) -> Rule:
        space = known.space
        assert space is not None
        spec = spec_of(known.kind, space.parts[p], space.tops.atoms[w], space.phrases[t],
                       known.effects, known.penalty or 1)
        data: JSON = {"version": 1, "jargon": known.sighting.jargon, "rule": spec}
        if author is not None:
            data["author"] = author
        return load_rule(data)

    def guesses(self) -> dict[str, Rule]:
        """The best guess of every jargon that has one."""
        found = {}
        for name in self.jargons:
            rule = self.guess(name)
            if rule is not None:
                found[name] = rule
        return found

    def candidates(self, jargon: str, limit: int = 1000) -> list[Rule]:
        """Up to ``limit`` of the rules still standing for ``jargon``."""
        known = self.jargons.get(jargon)
        if known is None:
            return []
        if known.kind == "instant_win":
            return known.wins[:limit]
        if known.space is None:
            return []
        return [self._rule(known, p, t, w, known.sighting.author)
                for p, t, w in itertools.islice(known.space.candidates(), limit)]

    def simplest(self, jargon: str, limit: int) -> list[Rule]:
        """Up to ``limit`` of the simplest rules standing for ``jargon``, simplest first
        (differing in more than the top-card test; none for a rule outside the space)."""
        known = self.jargons.get(jargon)
        if known is None or known.space is None:
            return []
        return [self._rule(known, p, t, w, known.sighting.author)
                for p, t, w in known.space.simplest(limit)]

    def study(self, record: PublicRecord, jargon: str) -> None:
        """Read ``record`` for ``jargon`` alone (what :meth:`update` does for every jargon,
        at a fraction of its cost when one is wanted)."""
        sighting = record.sighting(jargon)
        if sighting is None or jargon in self.jargons:
            return
        if "call" in sighting.kinds:
            for attempt in record.attempts:
                self._hear(attempt)
        self._sight(sighting, record.attempts)

    # Playing.

    def unseen_rules(self) -> int:
        """Rules written that the table has not seen yet."""
        return max(0, self.written - len(self.jargons))

    def estimate(self, ctx: PlayContext, hand: int = 0) -> Estimate:
        """What playing ``ctx`` would likely bring (see :class:`Estimate`); ``hand`` (bits)
        names the other cards that may be played in its place (the work is shared)."""
        pt = point(ctx)
        legal, draws, information = 1.0, 0.0, 0.0
        calls: list[Jargon] = []
        for known in self.jargons.values():
            if known.kind == "restriction":
                chance = known.chance(pt, hand)
                legal *= 1.0 - chance
                information += _entropy(chance)
            elif known.kind == "trigger":
                chance = known.chance(pt, hand)
                draws += chance * _own_draws(known.effects, ctx)
                information += _entropy(chance)
            elif known.kind == "call":
                calls.append(known)
                information += _entropy(known.chance(pt, hand))
        unseen = self.unseen_rules()
        if unseen:
            speak, total = self.unseen.vote(pt, hand)
            if total and self.unseen.initial:
                # Rules that have refused nothing for a while are less likely to refuse.
                left = total / self.unseen.initial
                share = RESTRICTION_SHARE * left / (RESTRICTION_SHARE * left
                                                    + 1 - RESTRICTION_SHARE)
                legal *= (1.0 - share * speak / total) ** unseen
        say, missed = self._words(calls, ctx, pt, hand)
        # In cards: a refused play costs a penalty card and keeps the card; a legal one lays
        # it down, and may make the player draw (triggers) or pay for a call.
        cost = (1.0 - legal) - legal + legal * (draws + missed)
        return Estimate(legal, cost, information, say)

    def _words(self, calls: Sequence[Jargon], ctx: PlayContext, pt: Point, hand: int = 0
               ) -> tuple[str, float]:
        """The words to say with a play, and the penalty cards they are likely to cost (a
        call rule no candidate fits costs its penalty when it likely wants words)."""
        said: list[str] = []
        votes = [(known, known.space.phrase_votes(ctx, pt, hand)) for known in calls
                 if known.space is not None and known.space.live]
        unknown = sum(known.chance(pt, hand) * (known.penalty or 1) for known in calls
                      if known.lost)

        def expected(words_: str) -> float:
            cost = unknown
            for known, by_phrase in votes:
                total = sum(seen for _, seen, _ in by_phrase.values())
                if not total:
                    continue
                wrong = sum(need if not said_contains(words_, phrase) else needless
                            for phrase, (need, _, needless) in by_phrase.items())
                cost += (known.penalty or 1) * wrong / total
            return cost

        best = expected("")
        for _, by_phrase in votes:
            options = sorted(by_phrase, key=lambda ph: -by_phrase[ph][0])
            for phrase in options[:3]:
                trial = ". ".join([*said, phrase])
                cost = expected(trial)
                if cost < best - 1e-9:
                    best, chosen = cost, phrase
                    said.append(chosen)
                    break
        return ". ".join(said), best

    def choose(self, tables: Sequence[Table], rng: Random) -> Choice:
        """The move for the player whose table (one per discard pile) this is."""
        hand = tables[0].hand if tables else ()
        if not hand:
            return Choice(None)
        if self._claim(hand):
            return Choice(None, claim=True)
        options: list[tuple[float, float, float, str, str, int, Estimate]] = []
        for pile, table in enumerate(tables):
            plays = [(card, stands) for card in sorted(set(hand), key=lambda c: card_of(c).index)
                     for stands in self._names(card, table)]
            # Every card that may go on this pile, as bits: the candidates weigh them all at
            # once.
            bits = 0
            for _, stands in plays:
                bits |= 1 << card_of(stands).index
            for card, stands in plays:
                estimate = self.estimate(_context(table, stands, card), bits)
                options.append((estimate.cost, estimate.information, rng.random(), card,
                                stands, pile, estimate))
        best = min(option[0] for option in options)
        near = [option for option in options if option[0] <= best + ABOUT_AS_SAFE]
        cost, _, _, card, stands, pile, estimate = max(near, key=lambda o: (o[1], o[2]))
        if estimate.legal < PASS_BELOW:
            return Choice(None, legal=estimate.legal)
        return Choice(card, stands if card == "JK" else None, pile, estimate.say,
                      legal=estimate.legal)

    def _names(self, card: str, table: Table) -> list[str]:
        """What a card may stand for: itself, or for a joker, a card of the top's suit or
        rank (the likeliest to be legal), or any when the pile is empty."""
        if card != "JK":
            return [card]
        if not table.under:
            return [str(c) for c in STANDARD_CARDS]
        top = card_of(table.under[-1])
        return [str(c) for c in STANDARD_CARDS if c.suit == top.suit or c.rank == top.rank]

    def _claim(self, hand: Sequence[str]) -> bool:
        """Whether the hand most likely wins under an instant-win rule seen."""
        cards = [card_of(c) for c in hand]
        for known in self.jargons.values():
            if known.kind != "instant_win" or not known.wins:
                continue
            winning = sum(Rulebook([r], self.settings).winning_hand(cards) is not None
                          for r in known.wins)
            if winning * 2 > len(known.wins):
                return True
        return False


def _context(table: Table, stands: str, card: str) -> PlayContext:
    """The situation of playing ``card`` (standing for ``stands``) at ``table``."""
    hand = tuple(card_of(c) for c in table.hand)
    return PlayContext(card_of(stands), tuple(card_of(c) for c in table.under),
                       physical=JOKER if card == "JK" else None, active_suit=table.active_suit,
                       hand=hand, hand_before=len(hand), player=table.seat,
                       players=table.players, turn=table.turn, round=table.round,
                       record=tuple(card_of(c) for c in table.record))


def _instant_wins(sighting: Sighting) -> list[Rule]:
    """Instant wins people write: holding at least 3 to 5 cards passing a simple test."""
    found = []
    for atom in atoms(False):
        if atom.test is None or atom.negated or atom.cost > 1.5:
            continue
        for value in (4, 3, 5):
            where = atom.positive
            found.append(load_rule({"version": 1, "jargon": sighting.jargon,
                                    "author": sighting.author, "rule": {
                                        "kind": "instant_win", "hand": {
                                            "type": "hand_count", "where": where,
                                            "op": ">=", "value": value}}}))
    return found


def rivals(record: PublicRecord, jargon: str, settings: Settings = DEFAULT_SETTINGS,
           limit: int = RIVALS) -> tuple[Rule, ...]:
    """Up to ``limit`` of the simplest rules (of the kind the table saw) that agree with
    everything ``record`` shows of ``jargon``; none when no simple rule fits."""
    detective = Detective(None, settings)
    detective.study(record, jargon)
    return tuple(detective.simplest(jargon, limit))
