"""The detective's candidate space: the simple rules that agree with what the table saw.

For every jargon seen, the candidates (restrictions, triggers, calls and instant wins of
simple shapes) still standing after each piece of evidence, weighed by a prior so the best
guess is the simplest rule standing. Evidence means exactly what
:func:`games.deduction.hypotheses.check` says, so every candidate left agrees with ``check``.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from games.deduction.record import Sighting
from games.deduction.vocabulary import (
    COST_BASE,
    JSON,
    UNEXPLAINED,
    Atom,
    Part,
    Point,
    Reading,
    Test,
    all_of,
    parts,
    point,
    tops,
)
from rules.context import PlayContext, Settings
from rules.effects import Effect
from rules.evaluation import DEFAULT_SETTINGS
from rules.phrases import compile_template, said_contains
from rules.spec import Rule

# --- One jargon's candidates ---------------------------------------------------------------


class Space:
    """The candidates of one rule that agree with the evidence so far.

    A row is a rest (:class:`Part`) and, for a call, a phrase; ``alive[row]`` holds, as
    bits, the top-card tests that still agree with every observation together with that
    row. An observation is a situation and whether the rule spoke there (refused, fired,
    asked for words); for a call, whether the words said would have been right depends on
    the phrase, so it is given per phrase.
    """

    def __init__(self, kind: str, settings: Settings, phrases: Sequence[tuple[str, float]] = (
            ("", 0.0),)) -> None:
        self.kind = kind
        self.tops = tops(settings.aces_high)
        self.parts = parts(kind, settings.aces_high)
        self.phrases: list[str] = []
        self.rows: list[tuple[int, int]] = []
        #: Each row's prior weight (its rest's, its phrase's, and how well they go together).
        self.weights: list[float] = []
        self.alive: list[int] = []
        self.live: list[int] = []
        self.initial = 0.0
        self._total: float | None = None
        self._totals: list[float] | None = None
        self._by_top: dict[int, list[tuple[int, int, float]]] = {}
        self._speaks: dict[tuple[int, int, int, int, int],
                           tuple[list[list[float]], list[float]]] = {}
        #: Observations kept for the rows of phrases heard later: (situation, spoke-by-phrase
        #: function arguments).
        self.history: list[tuple[PlayContext, bool, str, bool | None]] = []
        for phrase, cost in phrases:
            self.add_phrase(phrase, cost)
        self.initial = self.total()

    def add_phrase(self, phrase: str, cost: float) -> bool:
        """Add the rows of another phrase, judged at once on the evidence kept."""
        if phrase in self.phrases:
            return False
        index = len(self.phrases)
        self.phrases.append(phrase)
        first = len(self.rows)
        self.rows += [(p, index) for p in range(len(self.parts))]
        self.weights += [COST_BASE ** -(part.cost + cost + _mismatch(part, phrase))
                         for part in self.parts]
        self.alive += [self.tops.every] * len(self.parts)
        new = list(range(first, len(self.rows)))
        for ctx, penalised, said, required in self.history:
            self._observe_call(ctx, penalised, said, required, new)
            new = [r for r in new if self.alive[r]]
        self.live += new
        self._changed()
        return True

    def _required(self, t: int, ctx: PlayContext, penalised: bool, said: str) -> Reading:
        """Whether, with phrase ``t``, the play must have required words. Read as the table
        judges the rule alone (as :func:`games.deduction.hypotheses.check` does): a call
        penalises when required differs from said, but a phrase naming the card is never
        needless, so saying it unpenalised tells nothing (``None``) and saying it penalised
        is explained by no candidate with that phrase (:data:`UNEXPLAINED`)."""
        template = compile_template(self.phrases[t])
        spoken = said_contains(said, template.expand(ctx.played, ctx.run_after))
        if spoken and template.names_card:
            return UNEXPLAINED if penalised else None
        return penalised != spoken

    def _apply(self, ctx: PlayContext, spoke: Callable[[int], Reading], rows: Iterable[int]
               ) -> None:
        pt = point(ctx)
        if pt[1] < 0:
            return
        here = self.tops.containing[pt[1]]
        alive, table = self.alive, self.rows
        if len(self.phrases) == 1:
            # One phrase (all but calls): row r is rest r, and one verdict for them all.
            parts_ = self.parts
            truth = spoke(0)
            if truth == UNEXPLAINED:
                for r in rows:
                    alive[r] = 0
                return
            if truth is None:
                return
            if truth:
                for r in rows:
                    bits = alive[r]
                    if bits:
                        alive[r] = bits & here if parts_[r].holds(pt) else 0
            else:
                elsewhere = ~here
                for r in rows:
                    bits = alive[r]
                    if bits and parts_[r].holds(pt):
                        alive[r] = bits & elsewhere
            return
        holds: dict[int, int] = {}
        truths: dict[int, Reading] = {}
        for r in rows:
            bits = alive[r]
            if not bits:
                continue
            p, t = table[r]
            g = holds.get(p)
            if g is None:
                g = holds[p] = self.parts[p].holds(pt)
            if t not in truths:
                truths[t] = spoke(t)
            truth = truths[t]
            if truth is None:
                continue
            if truth == UNEXPLAINED:
                alive[r] = 0
            elif truth:
                alive[r] = bits & here if g else 0
            elif g:
                alive[r] = bits & ~here

    def observe(self, ctx: PlayContext, spoke: bool) -> None:
        """The rule spoke (or not) in this situation."""
        self._apply(ctx, lambda t: spoke, self.live)
        self._changed()

    def observe_call(self, ctx: PlayContext, penalised: bool, said: str,
                     required: bool | None = None) -> None:
        """A call rule penalised (or not) the words ``said`` with this play; ``required``:
        whether the table heard it penalise missing words (or needless ones)."""
        self.history.append((ctx, penalised, said, required))
        self._observe_call(ctx, penalised, said, required, self.live)
        self._changed()

    def _observe_call(self, ctx: PlayContext, penalised: bool, said: str,
                      required: bool | None, rows: Iterable[int]) -> None:
        rows = list(rows)
        if penalised and required is not None:
            # A phrase for which the words said would be needless, when the table heard
            # missing words penalised (or the other way round), is wrong whatever the rest.
            wrong = {t for t in range(len(self.phrases))
                     if self._required(t, ctx, penalised, said) != required}
            for r in rows:
                if self.rows[r][1] in wrong:
                    self.alive[r] = 0
            rows = [r for r in rows if self.alive[r]]
        self._apply(ctx, partial(self._required, ctx=ctx, penalised=penalised, said=said), rows)

    def _changed(self) -> None:
        self.live = [r for r in self.live if self.alive[r]]
        self._total = None
        self._totals = None
        self._by_top.clear()
        self._speaks.clear()

    def total(self) -> float:
        """The prior weight of every candidate still standing."""
        if self._total is None:
            self._total = sum(self.totals())
        return self._total

    def totals(self) -> list[float]:
        """The prior weight of the candidates standing, by phrase."""
        if self._totals is None:
            weigh = self.tops.weight
            found = [0.0] * len(self.phrases)
            for r in self.live:
                found[self.rows[r][1]] += self.weights[r] * weigh(self.alive[r])
            self._totals = found
        return self._totals

    def _on(self, top: int) -> list[tuple[int, int, float]]:
        """For a top card: each (rest, phrase) with the weight of the candidates that would
        speak on that top if the rest holds (worked out once per top until the next
        evidence: every card of a hand is then a few predicate calls)."""
        found = self._by_top.get(top)
        if found is None:
            here = self.tops.containing[top]
            weigh = self.tops.weight
            sums: dict[tuple[int, int], float] = {}
            for r in self.live:
                bits = self.alive[r] & here
                if bits:
                    row = self.rows[r]
                    sums[row] = sums.get(row, 0.0) + self.weights[r] * weigh(bits)
            found = self._by_top[top] = [(p, t, w) for (p, t), w in sums.items()]
        return found

    def _speaking(self, pt: Point, hand: int) -> tuple[list[list[float]], list[float]]:
        """For the situation of ``pt`` with any card of ``hand`` (bits) played instead:
        for each phrase and each of those cards, the weight of the candidates that speak;
        and for each card, that weight over all phrases. Worked out once per pile and hand
        until the next evidence: each part is tested on the whole hand at once."""
        t, u, s, h = pt[1], pt[2], pt[5], pt[4]
        key = (t, u, s, h, hand)
        found = self._speaks.get(key)
        if found is None:
            by_phrase = [[0.0] * 52 for _ in self.phrases]
            masks: dict[int, int] = {}
            parts_ = self.parts
            for p, phrase, w in self._on(t):
                bits = masks.get(p)
                if bits is None:
                    bits = masks[p] = parts_[p].cards(t, u, s, h) & hand
                row = by_phrase[phrase]
                while bits:
                    low = bits & -bits
                    row[low.bit_length() - 1] += w
                    bits ^= low
            summed = [sum(column) for column in zip(*by_phrase, strict=True)]
            found = self._speaks[key] = (by_phrase, summed)
        return found

    def vote(self, pt: Point, hand: int = 0) -> tuple[float, float]:
        """The weight of the candidates that speak in the situation ``pt``, and of all.
        ``hand`` (bits) names the other cards that may be played in its place, so that the
        work is shared."""
        if pt[1] < 0:
            return 0.0, self.total()
        return self._speaking(pt, hand | 1 << pt[0])[1][pt[0]], self.total()

    def phrase_votes(self, ctx: PlayContext, pt: Point, hand: int = 0
                     ) -> dict[str, tuple[float, float, float]]:
        """For a call: by phrase asked for (as expanded for this play), the weight of the
        candidates that require it here, of all those asking for it, and of those that
        would find it needless here (not required, and not naming the card)."""
        need = [0.0] * len(self.phrases)
        if pt[1] >= 0:
            by_phrase = self._speaking(pt, hand | 1 << pt[0])[0]
            need = [row[pt[0]] for row in by_phrase]
        votes: dict[str, tuple[float, float, float]] = {}
        for t, seen in enumerate(self.totals()):
            if seen:
                template = compile_template(self.phrases[t])
                phrase = template.expand(ctx.played, ctx.run_after).text
                old_need, old_seen, old_needless = votes.get(phrase, (0.0, 0.0, 0.0))
                needless = 0.0 if template.names_card else seen - need[t]
                votes[phrase] = (old_need + need[t], old_seen + seen, old_needless + needless)
        return votes

    def stands(self, part: int, phrase: int, top: int) -> bool:
        """Whether candidate (rest ``part``, ``phrase``, top-card test ``top``) stands."""
        return bool(self.alive[phrase * len(self.parts) + part] >> top & 1)

    def count(self) -> int:
        """How many candidates are still standing."""
        return sum(self.alive[r].bit_count() for r in self.live)

    def best(self) -> tuple[int, int, int] | None:
        """The simplest candidate standing: (rest, phrase, top-card test), or ``None``."""
        found: tuple[float, int, int, int] | None = None
        for r in self.live:
            p, t = self.rows[r]
            w = self.tops.cheapest(self.alive[r])
            cost = -math.log(self.weights[r], COST_BASE) + self.tops.atoms[w].cost
            if found is None or cost < found[0]:
                found = (cost, p, t, w)
        return None if found is None else found[1:]

    def simplest(self, n: int) -> list[tuple[int, int, int]]:
        """Up to ``n`` of the simplest candidates standing, simplest first, one per rest and
        phrase (its cheapest top-card test): rivals that differ in more than the top card."""
        costed = []
        for r in self.live:
            p, t = self.rows[r]
            w = self.tops.cheapest(self.alive[r])
            costed.append((-math.log(self.weights[r], COST_BASE) + self.tops.atoms[w].cost,
                           r, p, t, w))
        return [(p, t, w) for *_, p, t, w in heapq.nsmallest(n, costed)]

    def candidates(self) -> Iterator[tuple[int, int, int]]:
        """Every candidate standing, row by row."""
        for r in self.live:
            p, t = self.rows[r]
            bits = self.alive[r]
            while bits:
                low = bits & -bits
                yield p, t, low.bit_length() - 1
                bits ^= low


def _mismatch(part: Part, phrase: str) -> float:
    """A phrase that names the card goes with a call about the card; a fixed one ("Mao")
    with a call about the hand (a prior: both are what people write)."""
    if not phrase:
        return 0.0
    names_card = "{" in phrase
    about_hand = part.condition is not None and part.condition.get("type") == "compare"
    return 0.5 if names_card == about_hand else 0.0


def spec_of(kind: str, part: Part, top: Atom, phrase: str = "", effects: Sequence[Effect] = (),
            penalty: int = 1) -> JSON:
    """The rule a candidate stands for, as spec JSON."""
    if kind == "restriction":
        when = all_of([top.on("top"), part.guard])
        spec: JSON = {"kind": "restriction"}
        if when is not None:
            spec["when"] = when
        spec[part.field] = part.body
        return spec
    when = all_of([top.on("top"), part.condition]) or {"type": "always"}
    if kind == "trigger":
        return {"kind": "trigger", "when": when, "effects": [e.to_json() for e in effects]}
    return {"kind": "call", "when": when, "say": phrase, "penalty": penalty}


# --- The detective -------------------------------------------------------------------------


#: How many places where a rule outside the space spoke are kept to explain it.
_EXPLAINED = 8


class Disjunction:
    """A rule no single candidate fits, read as several at once ("either of these refuses
    a play"): the candidates that stayed silent wherever the rule did (``silent``), and
    the places it spoke. Each place has its explanations, the silent candidates that speak
    there; the chance the rule speaks in a new situation is the largest share of one
    place's explanations that speak there too."""

    def __init__(self, kind: str, settings: Settings) -> None:
        self.silent = Space(kind, settings)
        self.spoke: dict[Point, None] = {}
        self.seen = 0
        self.speaking = 0
        self._explanations: dict[tuple[Point, int], tuple[float, list[tuple[Test, float]]]] = {}

    def observe(self, ctx: PlayContext, spoke: bool) -> None:
        """One more observation of the rule."""
        self.seen += 1
        self.speaking += spoke
        if spoke:
            place = point(ctx)
            if place not in self.spoke and place[1] >= 0:
                self.spoke[place] = None
                if len(self.spoke) > _EXPLAINED:  # the latest places say most
                    del self.spoke[next(iter(self.spoke))]
        else:
            self.silent.observe(ctx, False)
            self._explanations.clear()

    def _explained(self, place: Point, top: int) -> tuple[float, list[tuple[Test, float]]]:
        """The weight of the explanations of one place, and by rest, the weight of those
        that would also speak on ``top``."""
        found = self._explanations.get((place, top))
        if found is None:
            space = self.silent
            there = space.tops.containing[place[1]]
            here = space.tops.containing[top]
            weigh = space.tops.weight
            total = 0.0
            sums: dict[int, float] = {}
            holds: dict[int, int] = {}
            for r in space.live:
                bits = space.alive[r] & there
                if not bits:
                    continue
                p = space.rows[r][0]
                g = holds.get(p)
                if g is None:
                    g = holds[p] = space.parts[p].holds(place)
                if not g:
                    continue
                w = space.weights[r]
                total += w * weigh(bits)
                if bits & here:
                    sums[p] = sums.get(p, 0.0) + w * weigh(bits & here)
            found = (total, [(space.parts[p].holds, w) for p, w in sums.items()])
            self._explanations[(place, top)] = found
        return found

    def chance(self, pt: Point) -> float | None:
        """How likely the rule speaks in the situation ``pt`` (``None``: no place it spoke
        is explained by any candidate). The places nothing explains count as a rate: how
        often the rule spoke, times the share of its places left unexplained."""
        if pt[1] < 0:
            return None
        best: float | None = None
        unexplained = 0
        for place in self.spoke:
            total, speaking = self._explained(place, pt[1])
            if total:
                share = sum(w for holds, w in speaking if holds(pt)) / total
                best = share if best is None else max(best, share)
            else:
                unexplained += 1
        if best is None:
            return None
        rate = (self.speaking + 1) / (self.seen + 2) * unexplained / len(self.spoke)
        return 1.0 - (1.0 - best) * (1.0 - rate)


@dataclass(slots=True)
class Jargon:
    """What the detective knows of one jargon: when it was seen, its kind, its candidates,
    and for a rule no candidate fits (outside the space), what it did (observations, a
    :class:`Disjunction`, a tally of when it spoke)."""

    sighting: Sighting
    kind: str
    space: Space | None
    settings: Settings = DEFAULT_SETTINGS
    effects: tuple[Effect, ...] = ()
    penalty: int = 0
    wins: list[Rule] = field(default_factory=list)
    #: (spoke, judged) by the same cards (played and top), the same pile (top and the card
    #: under it), played card, top card, and overall.
    tally: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)
    observations: list[tuple[PlayContext, bool]] = field(default_factory=list)
    disjunction: Disjunction | None = None

    @property
    def lost(self) -> bool:
        """Whether no candidate fits the evidence (the rule is outside the space)."""
        if self.kind == "instant_win":
            return not self.wins
        return self.space is None or not self.space.live

    def note(self, ctx: PlayContext, spoke: bool) -> None:
        """Keep one observation (for a rule that may turn out to be outside the space)."""
        for key in _tally_keys(point(ctx)):
            seen = self.tally.setdefault(key, [0, 0])
            seen[0] += spoke
            seen[1] += 1
        if self.kind in ("restriction", "trigger"):
            self.observations.append((ctx, spoke))
            if self.disjunction is not None:
                self.disjunction.observe(ctx, spoke)

    def chance(self, pt: Point, hand: int = 0) -> float:
        """How likely the rule speaks (refuses, fires, wants words) in the situation
        ``pt`` (``hand``: other cards that may be played instead): by the candidates'
        votes; for a rule no candidate fits, by the candidates that explain where it spoke
        (:class:`Disjunction`), and by what it did with the same cards or on the same pile
        (a pile a rule refuses everything on stays so until a card goes down), or failing
        all those, with the played card and the top card."""
        if self.space is not None and self.space.live:
            speak, total = self.space.vote(pt, hand)
            return speak / total if total else 0.0
        same_cards, same_pile, played, top, overall = _tally_keys(pt)
        spoke, judged = self.tally.get(overall, [0, 0])
        base = (spoke + 1) / (judged + 2)

        def rate(key: tuple[int, int, int]) -> float | None:
            counted = self.tally.get(key)
            return None if counted is None else (counted[0] + base) / (counted[1] + 1)

        seen = max((r for r in (rate(same_cards), rate(same_pile)) if r is not None),
                   default=None)
        if self.kind in ("restriction", "trigger"):
            if self.disjunction is None:
                self.disjunction = Disjunction(self.kind, self.settings)
                for observed, said in self.observations:
                    self.disjunction.observe(observed, said)
            explained = self.disjunction.chance(pt)
            if explained is not None:
                return max(explained, seen or 0.0)
        if seen is not None:
            return seen
        either = [rate(played), rate(top)]
        return sum(r if r is not None else base for r in either) / 2


def _tally_keys(pt: Point) -> tuple[tuple[int, int, int], ...]:
    """Where a tally counts a situation: same cards, pile, played card, top card, overall."""
    return ((0, pt[0], pt[1]), (1, pt[1], pt[2]), (2, pt[0], 0), (3, pt[1], 0), (4, 0, 0))
