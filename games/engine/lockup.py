"""Lockup: deciding, soundly, that no game of these rules can go on.

* **no card** (:func:`anything_playable`, after every action): no card kind can be played
  on any pile as it stands, by anyone, at any later turn, with any hand.
* **no way out** (:func:`has_way_out`, once per rulebook): no last card, on any top,
  leaves a hand empty, following the triggers as the engine does.

Both check a superset of the reachable situations; over :data:`NO_CARD_BUDGET` /
:data:`WAY_OUT_BUDGET`, or with hands not enumerable exactly, the game goes on.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.engine.by_content import by_content
from games.engine.play import order_by_author
from games.engine.state import GameState
from rules.analysis import boundaries, exact_probes, never_fires, probe_hands
from rules.cards import JOKER, STANDARD_CARDS, Card
from rules.conditions import Compare, Condition, IsJoker, walk
from rules.context import PlayContext, Settings
from rules.effects import Effect
from rules.evaluation import Predicate, Rulebook, compile_condition, refusal_predicate
from rules.spec import InstantWin, Permission, Restriction, Rule, Trigger, conditions_of

WAY_OUT_BUDGET = 60_000
#: Most (situation, card) pairs the "no card" check tries jointly after a play.
NO_CARD_BUDGET = 50_000
#: The seat :func:`~rules.analysis.probe_space` uses for "a player who wrote none of the rules".
NON_AUTHOR = 8
PLAYER_COUNTS = range(2, 9)


def _conditions(rulebook: Rulebook, kinds: tuple[type, ...]) -> list[Condition]:
    return [c for r in rulebook.rules if isinstance(r.spec, kinds) for c in conditions_of(r.spec)]


def reads_of(conditions: Iterable[Condition]) -> frozenset[str]:
    return frozenset().union(*(n.reads() for c in conditions for n in walk(c)))


# -- no way out ---------------------------------------------------------------------------------


@by_content(maxsize=256)
def has_way_out(rulebook: Rulebook, players: int | None = None, *,
                follow_triggers: bool = True) -> bool:
    """Whether some play could ever win a player the round (see the module doc); worked
    out once per rulebook's content, table size and ``follow_triggers``.

    ``players`` narrows the analysis to one table size; by default every size is
    considered, which can only find more ways out. Without ``follow_triggers``: whether
    some last card (or whole hand) could ever be legally played, whatever it sets off.
    """
    rules = rulebook.rules
    if follow_triggers and any(isinstance(r.spec, InstantWin)
                               and not never_fires(r, rulebook).found for r in rules):
        return True
    authors = [r.author for r in rules]
    fixed: dict[str, list[int]] = {} if players is None else {"players": [players]}
    conditions = _conditions(rulebook, (Restriction, Trigger))
    table = Table(reads_of(conditions), {a for a in authors if a is not None}, players,
                   (1, -1) if has_effect(rulebook, "reverse") else (1,))
    groups = [r.spec for r in rules
              if isinstance(r.spec, Permission) and not never_fires(r, rulebook).found]
    for spec in groups:
        sizes = [spec.least, *(b for b in boundaries("hand_before", conditions)
                               if spec.least < b <= spec.most)]
        each = compile_condition(spec.each, rulebook.settings)

        def whole_hand(ctx: PlayContext, each: Predicate = each) -> bool:
            # Every card leaves the hand before any trigger fires: the first card's own
            # triggers must leave it empty (later cards' triggers are not followed).
            ctx.hand_after = 0
            return each(ctx) and rulebook.is_legal(ctx) and (
                not follow_triggers or empties(rulebook, ctx, table))

        shape = {"hand_before": sizes, **fixed}
        if not _closed(rulebook, shape, follow_triggers) and _somewhere(
                [*conditions, spec.each], authors, shape, whole_hand):
            return True

    def last_card(ctx: PlayContext) -> bool:
        ctx.hand_after = 0
        return rulebook.is_legal(ctx) and (not follow_triggers or empties(rulebook, ctx, table))

    shape = {"hand_before": [1], **fixed}
    if not _closed(rulebook, shape, follow_triggers) and _somewhere(
            conditions, authors, shape, last_card):
        return True

    def wins(ctx: PlayContext) -> bool:
        # A card after the first of a group is judged by no restriction, yet fires triggers.
        return (bool(groups) or rulebook.is_legal(ctx)) and any(
            e.kind == "win" for _, effects in rulebook.fired(ctx) for e in effects)

    return follow_triggers and has_effect(rulebook, "win") and _somewhere(
        conditions, authors, fixed, wins)


def _closed(rulebook: Rulebook, shape: dict[str, list[int]], refills: bool = True) -> bool:
    """Whether one rule alone stops every play of a whole hand (a restriction refusing all,
    or, with ``refills``, a trigger refilling the hand), probed over its own small space so a
    classic lockup is found among any number of other rules."""
    quiet = refills and not (has_effect(rulebook, "pass_hands") or has_effect(rulebook, "win"))
    for rule in rulebook.rules:
        spec = rule.spec
        if isinstance(spec, Restriction):
            stops = _refusal(rule, rulebook.settings)
        elif quiet and isinstance(spec, Trigger) and any(
                e.kind == "draw" and e.who in ("player", "everyone") for e in spec.effects):
            stops = compile_condition(spec.when, rulebook.settings, rule.author)
        else:
            continue
        probes = exact_probes(conditions_of(spec), [rule.author], WAY_OUT_BUDGET, shape)
        if probes is not None and all(stops(_emptied(ctx)) for ctx in probes):
            return True
    return False


def _emptied(ctx: PlayContext) -> PlayContext:
    ctx.hand_after = 0
    return ctx


def _somewhere(conditions: list[Condition], authors: list[int | None],
               fixed: dict[str, list[int]], holds: Callable[[PlayContext], bool]) -> bool:
    """Whether some probed situation ``holds``; true too when there are too many to try."""
    probes = exact_probes(conditions, authors, WAY_OUT_BUDGET, fixed)
    return probes is None or any(holds(ctx) for ctx in probes)


def has_effect(rulebook: Rulebook, kind: str) -> bool:
    """Whether some trigger of the rulebook has an effect of this kind."""
    return any(e.kind == kind for r in rulebook.rules if isinstance(r.spec, Trigger)
               for e in r.spec.effects)


@dataclass(frozen=True, slots=True)
class Table:
    """What the probes leave open about the table: the parts the rules read, the authors'
    seats, the number of players (if known) and the directions play can go in."""

    reads: frozenset[str]
    authors: set[int]
    players: int | None
    directions: tuple[int, ...]


def empties(rulebook: Rulebook, ctx: PlayContext, table: Table) -> bool:
    """Whether, after this legal last card and everything it sets off, a hand is empty."""
    fired = rulebook.fired(ctx)
    effects = [e for _, effects in fired for e in effects]
    if any(e.kind == "win" for e in effects):
        return True
    if not any(e.kind == "pass_hands" for e in effects):
        # The empty hand stays with the player: only a draw for the player refills it.
        return not any(e.kind == "draw" and e.who in ("player", "everyone") for e in effects)
    counts: Sequence[int] = ([table.players] if table.players else [ctx.players]
                             if "players" in table.reads else PLAYER_COUNTS)
    for n in counts:
        for seat in _seats(ctx.player, "author" in table.reads, table.authors, n):
            ordered = [e for _, effects in order_by_author(fired, seat, n) for e in effects]
            if any(_still_empty(ordered, seat, n, d) for d in table.directions):
                return True
    return False


def _seats(probed: int, reads_author: bool, authors: set[int], players: int) -> Sequence[int]:
    """The real seats a probed player stands for at a table of ``players``."""
    if not reads_author:
        return range(players)
    if probed == NON_AUTHOR:
        return [s for s in range(players) if s not in authors]
    return [probed] if probed < players else []


def _still_empty(effects: Sequence[Effect], seat: int, players: int, direction: int) -> bool:
    """Follow the player's emptied hand through ``effects`` as the engine applies them."""
    empty = seat
    for effect in effects:
        if effect.kind == "reverse":
            direction = -direction
        elif effect.kind == "pass_hands":
            empty = (empty + (1 if effect.direction == "left" else -1)) % players
        elif effect.kind == "draw" and empty in _drawers(effect.who, seat, players, direction):
            return False
    return True


def _drawers(who: str, seat: int, players: int, direction: int) -> set[int]:
    """The seats a draw effect reaches (as the engine's play does)."""
    if who == "player":
        return {seat}
    if who == "next":
        return {(seat + direction) % players}
    everyone = set(range(players))
    return everyone - {seat} if who == "others" else everyone


# -- no card ------------------------------------------------------------------------------------


def anything_playable(state: GameState) -> bool:
    """Whether any card could be played on some pile by someone, now or later this round."""
    rulebook = state.rulebook()
    plan = _plan(rulebook)
    jokers = state.settings.jokers and plan.jokers
    mover = state.current
    hand = tuple(state.hand_cards(mover))
    # Without a play the round's record cannot change (a reshuffle leaves it as it is),
    # and the pile is judged as it stands.
    recorded = state.record_cards()
    for pile in state.piles:
        base = PlayContext(STANDARD_CARDS[0], pile.effective(), active_suit=pile.suit,
                           hand=hand, hand_before=max(len(hand), 1), player=mover,
                           players=state.table_size, turn=state.turn + 1, round=state.round,
                           record=recorded, pending=state.pending,
                           on_starter=pile.on_starter)
        if _any_card(base, jokers, rulebook.is_legal):
            return True
    # The mover is stuck now: try what can change without a play, as far as the rules read it.
    if plan.held is None:
        return True
    now = max(len(hand), 1)
    axes: dict[str, Sequence[Any]] = {
        "seat": sorted(state.seats_in_play(), key=lambda s: s != mover)
                if "author" in plan.reads else [mover],
        "size": plan.sizes or ((now, now - 1),),
        "turn": [state.turn + 1, *(t for t in plan.turns if t > state.turn + 1)],
        "hand": [hand, *plan.held] if "hand" in plan.reads else [hand],
        # A pass pays what is owed: the next player owes nothing.
        "pending": sorted({state.pending, 0}, reverse=True)}
    for pile in state.piles:
        # The pile as it stands: a reshuffle that would leave only its top card is not
        # waited for (docs/rules.md, "Lockup and the reshuffle").
        lying = pile.effective()

        def situations(names: frozenset[str], lying: tuple[Card, ...] = lying,
                       suit: str | None = pile.suit,
                       starter: bool = pile.on_starter) -> Iterator[PlayContext]:
            """Every situation varying the axes ``names`` (the mover's for the rest)."""
            chosen = [axes[a] if a in names else axes[a][:1] for a in _AXIS_ORDER]
            for seat, (before, after), turn, held, owed in itertools.product(*chosen):
                yield PlayContext(STANDARD_CARDS[0], lying, active_suit=suit, hand=held,
                                  hand_before=before, hand_after=after, player=seat,
                                  players=state.table_size, turn=turn, round=state.round,
                                  record=recorded, pending=owed, on_starter=starter)

        (base,) = situations(frozenset())
        candidates = [pair for pair in _attempts(jokers)
                      if _allowed(base, pair, plan.steady)]
        # A card that one restriction refuses in all of its own situations is refused in
        # every joint one: most locked cards go here, without the whole product.
        for refuses, names in plan.moving:
            seen = list(situations(names))
            candidates = [pair for pair in candidates
                          if any(_allowed(ctx, pair, (refuses,)) for ctx in seen)]
        if not candidates:
            continue
        if math.prod(len(axis) for axis in axes.values()) * len(candidates) > NO_CARD_BUDGET:
            return True  # too many to try after every play: assume someone can play
        everyone = [refuses for refuses, _ in plan.moving]
        for ctx in situations(_AXES):
            if any(_allowed(ctx, pair, everyone) for pair in candidates):
                return True
    return False


#: The parts of a situation that can change without a play (the axes of ``situations``).
_AXIS_ORDER = ("seat", "size", "turn", "hand", "pending")
_AXES = frozenset(_AXIS_ORDER)
_AXIS_READS = {"seat": {"author"}, "size": {"hand_before", "hand_after"}, "turn": {"turn"},
               "hand": {"hand"}, "pending": {"pending"}}


@dataclass(frozen=True, slots=True)
class _Plan:
    """What the "no card" check needs of a rulebook, worked out once per rulebook.

    ``held`` is ``None`` when the hands cannot be enumerated exactly; ``sizes`` is empty
    when no restriction reads a hand size. ``steady`` restrictions read nothing that
    changes without a play and judge each card once per pile; ``moving`` ones come with
    the axes (of :data:`_AXES`) they read.
    """

    reads: frozenset[str]
    jokers: bool
    held: tuple[tuple[Card, ...], ...] | None
    turns: tuple[int, ...]
    sizes: tuple[tuple[int, int], ...]
    steady: tuple[Predicate, ...]
    moving: tuple[tuple[Predicate, frozenset[str]], ...]


@lru_cache(maxsize=256)
def _plan(rulebook: Rulebook) -> _Plan:
    restrictions = [r for r in rulebook.rules if isinstance(r.spec, Restriction)]
    conditions = [c for r in restrictions for c in conditions_of(r.spec)]
    reads = reads_of(conditions)
    held, exact = probe_hands(conditions)
    steady: list[Predicate] = []
    moving: list[tuple[Predicate, frozenset[str]]] = []
    for rule in restrictions:
        refuses = _refusal(rule, rulebook.settings)
        own = reads_of(conditions_of(rule.spec))
        axes = frozenset(a for a, parts in _AXIS_READS.items() if own & parts)
        if axes:
            moving.append((refuses, axes))
        else:
            steady.append(refuses)
    return _Plan(
        reads=reads,
        jokers=any(isinstance(n, IsJoker) for c in conditions for n in walk(c)),
        held=tuple(held) if exact else None,
        turns=tuple(boundaries("turn", conditions)) if "turn" in reads else (),
        sizes=tuple(_hand_sizes(rulebook, conditions, reads)),
        steady=tuple(steady), moving=tuple(moving))


@lru_cache(maxsize=4096)
def _refusal(rule: Rule, settings: Settings) -> Predicate:
    """A restriction's refusal, compiled once per rule (the rulebook keeps its own private)."""
    assert isinstance(rule.spec, Restriction)
    return refusal_predicate(rule.spec, settings, rule.author)


def _attempts(jokers: bool) -> list[tuple[Card, Card]]:
    """(played, physical): every card kind, and a joker naming each if jokers are told apart."""
    return [(c, c) for c in STANDARD_CARDS] + ([(c, JOKER) for c in STANDARD_CARDS]
                                               if jokers else [])


def _allowed(ctx: PlayContext, attempt: tuple[Card, Card],
             refusals: Sequence[Predicate]) -> bool:
    ctx.played, ctx.physical = attempt
    return not any(refuses(ctx) for refuses in refusals)


def _any_card(base: PlayContext, jokers: bool, legal: Predicate) -> bool:
    for attempt in _attempts(jokers):
        base.played, base.physical = attempt
        if legal(base):
            return True
    return False


def _hand_sizes(rulebook: Rulebook, conditions: list[Condition], reads: frozenset[str],
                ) -> list[tuple[int, int]]:
    """(hand before, hand after) pairs meeting every region the restrictions tell apart.

    A single card leaves one fewer; the first card of a group of ``k`` leaves ``k`` fewer,
    so where a permission exists and ``hand_after`` is read, each group size is tried with
    every value of ``hand_after`` where it, or the hand before it, crosses a constant.
    """
    if not reads & {"hand_before", "hand_after"}:
        return []
    pairs = [(b, b - 1) for b in boundaries("hand_before", conditions)]
    groups = sorted({k for r in rulebook.rules if isinstance(r.spec, Permission)
                     for k in range(r.spec.least, r.spec.most + 1)})
    if groups and "hand_after" in reads:
        cuts = [n for c in conditions for n in walk(c) if isinstance(n, Compare)]
        for k in groups:
            after = {0}
            for n in cuts:
                shift = k if n.what == "hand_before" else 0 if n.what == "hand_after" else None
                if shift is not None:
                    after |= {v - shift for v in (n.value - 1, n.value, n.value + 1)}
            pairs += [(a + k, a) for a in sorted(after) if a >= 0]
    return pairs
