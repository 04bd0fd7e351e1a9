"""Stalls: top cards from which play can never (or, while everyone plays, does not) end.

Worked out once per rulebook over :func:`~rules.analysis.exact_probes`: :func:`reach` (the
tops a legal play can bring), :func:`stalled_tops` (a *certain* stall: no reachable top
admits a way out, and the engine ends the game) and :func:`stall_of` (also a *practical*
stall: every play makes someone draw, which the builder warns of). Rulebooks that cannot
be judged exactly (permissions, instant wins, over :data:`BUDGET`) are never stalled.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from games.engine.by_content import by_content
from games.engine.lockup import (
    Table,
    empties,
    has_effect,
    reads_of,
)
from games.engine.state import GameState
from rules.analysis import exact_probes
from rules.cards import RANKS, STANDARD_CARDS, SUITS, Card
from rules.evaluation import Rulebook
from rules.spec import InstantWin, Permission, Restriction, Trigger, conditions_of

#: Most situations the stall analysis tries per rulebook (twice: any hand, and a last card).
BUDGET = 60_000


@dataclass(frozen=True, slots=True)
class Stall:
    """A stall of a rulebook: from any of ``tops``, nobody can ever empty their hand this
    round (``certain``), or, if not certain, the cards in players' hands never get fewer
    while everyone plays. ``reason`` says so in a sentence for the rule's author."""

    certain: bool
    tops: frozenset[Card]
    reason: str


@dataclass(frozen=True, slots=True)
class _Moves:
    """What the probes found, per top card: the cards that can land on it and stay on top,
    the tops with a way out, those where some legal play wins the round, and those where
    some legal play makes nobody draw."""

    stays: Mapping[Card, frozenset[Card]]
    exits: frozenset[Card]
    wins: frozenset[Card]
    drains: frozenset[Card]


def reach(rulebook: Rulebook, top: Card, players: int | None = None) -> frozenset[Card] | None:
    """Every card that can come to lie on top of a pile from ``top`` this round (``top``
    included), or ``None`` when the rulebook cannot be judged exactly."""
    moves = _moves(rulebook, players)
    return None if moves is None else _closure(moves, top)


@by_content(maxsize=256)
def stalled_tops(rulebook: Rulebook, players: int | None = None) -> frozenset[Card]:
    """The tops from which nobody can ever empty their hand this round (certain); worked
    out once per rulebook's content and table size (the engine asks after every action, the
    builder's check when a rule is written)."""
    moves = _moves(rulebook, players)
    if moves is None:
        return frozenset()
    return frozenset(t for t in STANDARD_CARDS if not _closure(moves, t) & moves.exits)


def stall_of(rulebook: Rulebook, players: int | None = None) -> Stall | None:
    """Whether ``rulebook`` can stall play, with a reason for its author (see module doc).

    A certain stall is reported before a practical one. ``players`` narrows the analysis
    to one table size; by default every size is considered.
    """
    moves = _moves(rulebook, players)
    if moves is None:
        return None
    closures = {t: _closure(moves, t) for t in STANDARD_CARDS}
    certain = frozenset(t for t, c in closures.items() if not c & moves.exits)
    if certain:
        return Stall(True, certain, _reason(True, certain, closures))
    busy = frozenset(t for t, c in closures.items() if not c & (moves.drains | moves.wins))
    if busy:
        return Stall(False, busy, _reason(False, busy, closures))
    return None


def stalled(state: GameState) -> Stall | None:
    """A certain stall where the game stands: every pile's top lies among the stalled tops.

    Cards are played on any pile, so the round stalls only if it stalls on all of them.
    """
    if not _may_stall(state.rulebook()):
        return None
    tops = frozenset(p.top for p in state.piles)
    stuck = stalled_tops(state.rulebook(), state.analysis_players())
    if not tops or not tops <= stuck:
        return None
    closures = {t: reach(state.rulebook(), t, state.analysis_players()) or frozenset({t})
                for t in tops}
    return Stall(True, tops, _reason(True, tops, closures, here=True))


@by_content(maxsize=256)
def _moves(rulebook: Rulebook, players: int | None) -> _Moves | None:
    if not _may_stall(rulebook):
        return None
    rules = rulebook.rules
    authors = [r.author for r in rules]
    conditions = [c for r in rules if isinstance(r.spec, Restriction | Trigger)
                  for c in conditions_of(r.spec)]
    fixed = {} if players is None else {"players": [players]}
    table = Table(reads_of(conditions), {a for a in authors if a is not None}, players,
                  (1, -1) if has_effect(rulebook, "reverse") else (1,))
    stays: dict[Card, set[Card]] = {t: set() for t in STANDARD_CARDS}
    exits: set[Card] = set()
    wins: set[Card] = set()
    drains: set[Card] = set()
    probes = exact_probes(conditions, authors, BUDGET, fixed)
    if probes is None:
        return None
    for ctx in probes:
        top = ctx.top
        if top is None or not rulebook.is_legal(ctx):
            continue
        effects = [e for _, fired in rulebook.fired(ctx) for e in fired]
        kinds = {e.kind for e in effects}
        if "to_bottom" not in kinds or "new_pile" in kinds:
            stays[top].add(ctx.played)
        if "win" in kinds:
            wins.add(top)
        # Cards owed are drawn in the end (or passed on), and a race somebody loses makes
        # its loser draw: each as good as a draw.
        if not any(e.makes_draw for e in effects):
            drains.add(top)
    last = exact_probes(conditions, authors, BUDGET, {"hand_before": [1], **fixed})
    if last is None:
        return None
    for ctx in last:
        top = ctx.top
        if top is None or top in exits or top in wins:
            continue
        ctx.hand_after = 0
        if rulebook.is_legal(ctx) and empties(rulebook, ctx, table):
            exits.add(top)
    return _Moves({t: frozenset(c) for t, c in stays.items()}, frozenset(exits | wins),
                  frozenset(wins), frozenset(drains))


def clear_caches() -> None:
    """Forget every rulebook's analysis (for benchmarks and tests)."""
    for cached in (stalled_tops, _moves):
        cached.cache_clear()


def _may_stall(rulebook: Rulebook) -> bool:
    """Cheap conditions without which neither kind of stall is possible or provable here.

    A stall needs something that refills hands (a draw: calls can always be met) or refuses
    last cards; permissions and instant wins are beyond this analysis.
    """
    rules = rulebook.rules
    if any(isinstance(r.spec, Permission | InstantWin) for r in rules):
        return False
    hands = any(reads_of(conditions_of(r.spec)) & {"hand_before", "hand_after", "hand"}
                for r in rules if isinstance(r.spec, Restriction))
    return hands or any(e.makes_draw for r in rules if isinstance(r.spec, Trigger)
                        for e in r.spec.effects)


def _closure(moves: _Moves, top: Card) -> frozenset[Card]:
    seen = {top}
    queue = deque([top])
    while queue:
        for card in moves.stays[queue.popleft()]:
            if card not in seen:
                seen.add(card)
                queue.append(card)
    return frozenset(seen)


def _reason(certain: bool, tops: frozenset[Card], closures: Mapping[Card, frozenset[Card]],
            here: bool = False) -> str:
    """The sentence the author (or the table) reads."""
    fixed = all(closures[t] == {t} for t in tops)
    reached = frozenset().union(*(closures[t] for t in tops))
    if len(tops) == len(STANDARD_CARDS) and not here:
        opening = "whatever card is on top,"
    else:
        where = "with " + describe_cards(tops) + " on top" if here else (
            "once " + describe_cards(tops) + " is on top")
        stays = ("it stays there (every card played on it goes under the pile)" if fixed else
                 "play can bring any card to the top" if len(reached) == len(STANDARD_CARDS)
                 else "the top card is always " + describe_cards(reached))
        opening = f"{where}, {stays}"
        opening += ", and"
    opening = opening[0].upper() + opening[1:]
    if certain:
        return (f"{opening} no last card can be played without a hand filling up again: "
                "nobody can ever empty their hand.")
    return (f"{opening} every card played on it makes someone draw: the cards in players' "
            "hands never get fewer while everyone plays.")


_RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
_SUIT_NAMES = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


def describe_cards(cards: Iterable[Card]) -> str:
    """A set of cards in few words: "a face card", "a heart", "a king or ace", "8♠", or a
    list (ending "or another of N cards" past six)."""
    chosen = frozenset(cards)
    if len(chosen) == 52:
        return "any card"
    ranks = [r for r in RANKS if {c for c in STANDARD_CARDS if c.rank == r} <= chosen]
    suits = [s for s in SUITS if {c for c in STANDARD_CARDS if c.suit == s} <= chosen]
    if ranks and len(ranks) * 4 == len(chosen):
        if set(ranks) == {11, 12, 13}:
            return "a face card"
        return _a(_or([_rank_name(r) for r in ranks]))
    if suits and len(suits) * 13 == len(chosen):
        return _a(_or([_SUIT_NAMES[s] for s in suits]))
    shown = [c.symbol for c in sorted(chosen, key=lambda c: c.index)]
    if len(shown) > 6:
        return f"{', '.join(shown[:6])} or another of {len(shown)} cards"
    return _or(shown)


def _rank_name(rank: int) -> str:
    text = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
    return _RANK_NAMES.get(text, text)


def _a(words: str) -> str:
    return ("an " if words[0] in "a8" else "a ") + words


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


__all__ = ["BUDGET", "Stall", "clear_caches", "describe_cards", "reach", "stall_of",
           "stalled", "stalled_tops"]
