"""Where two permissions, or two instant wins, behave differently: exact searches.

:func:`group_difference` finds the shortest group one rule lets go down and the other does
not; :func:`hand_difference` the smallest hand one makes a winner and the other does not
(sampled, and said so, when the classes of cards are too many). Either proves there is
none. Two decks are assumed, so an example may hold a card twice.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from random import Random

from rules.cards import ALL_KINDS, JOKER, STANDARD_CARDS, Card
from rules.conditions import Compare, HandCount, card_mask, walk
from rules.context import PlayContext, Settings
from rules.evaluation import DEFAULT_SETTINGS, compile_condition
from rules.spec import InstantWin, Permission

#: Hands tried at most before sampling: each is two quick evaluations.
HAND_BUDGET = 50_000
#: Copies of a card kind two decks hold (jokers: two per deck).
_COPIES = {JOKER: 4}


def _allowed(spec: Permission, settings: Settings) -> tuple[int, list[int]]:
    """The cards ``each`` lets into a group (a bitmask over 52 kinds), and for each card the
    cards ``step`` lets follow it."""
    each = compile_condition(spec.each, settings)
    step = compile_condition(spec.step, settings)
    cards = 0
    for card in STANDARD_CARDS:
        if each(PlayContext(card, ())):
            cards |= 1 << card.index
    follows = []
    for before in STANDARD_CARDS:
        mask = 0
        for card in STANDARD_CARDS:
            if step(PlayContext(card, (before,))):
                mask |= 1 << card.index
        follows.append(mask)
    return cards, follows


def _bits(mask: int, last: int) -> list[int]:
    """The cards of ``mask``, ``last`` at the end (so an example uses different cards)."""
    return [i for i in (*range(last), *range(last + 1, 52), last) if mask >> i & 1]


def group_difference(a: Permission, b: Permission, settings: Settings = DEFAULT_SETTINGS
                     ) -> tuple[Card, ...] | None:
    """The shortest group (effective cards in play order) that exactly one of ``a`` and
    ``b`` lets go down together, or ``None`` when they allow the very same groups."""
    rules = [(spec, *_allowed(spec, settings)) for spec in (a, b)]
    longest = max(a.most, b.most)
    # A state: (whether a still allows the group so far, whether b does) -> last card ->
    # the state and card before it (to spell the group out).
    layer: dict[tuple[bool, bool], dict[int, tuple[tuple[bool, bool], int] | None]] = {}
    for card in range(52):
        alive = tuple(bool(cards >> card & 1) for _, cards, _ in rules)
        if any(alive):
            layer.setdefault((alive[0], alive[1]), {})[card] = None
    history = [layer]
    for length in range(2, longest + 1):
        nxt: dict[tuple[bool, bool], dict[int, tuple[tuple[bool, bool], int] | None]] = {}
        for alive, lasts in layer.items():
            for last in lasts:
                reach = [(cards & follows[last]) if ok else 0
                         for ok, (_, cards, follows) in zip(alive, rules, strict=True)]
                for card in _bits(reach[0] | reach[1], last):
                    now = (bool(reach[0] >> card & 1), bool(reach[1] >> card & 1))
                    nxt.setdefault(now, {}).setdefault(card, (alive, last))
        history.append(nxt)
        for alive, lasts in nxt.items():
            allows = [ok and spec.least <= length <= spec.most
                      for ok, (spec, _, _) in zip(alive, rules, strict=True)]
            if allows[0] != allows[1]:
                return _spell(history, alive, next(iter(lasts)))
        layer = nxt
        if not layer:
            break
    return None


def _spell(history: Sequence[dict[tuple[bool, bool], dict[int, tuple[tuple[bool, bool], int]
                                                              | None]]],
           alive: tuple[bool, bool], card: int) -> tuple[Card, ...]:
    """The group ending in ``card`` at the last layer of ``history``, read back."""
    found = []
    state: tuple[tuple[bool, bool], int] | None = (alive, card)
    for layer in reversed(history):
        if state is None:
            break
        found.append(STANDARD_CARDS[state[1]])
        state = layer[state[0]][state[1]]
    return tuple(reversed(found))


def hand_difference(a: InstantWin, b: InstantWin, settings: Settings = DEFAULT_SETTINGS,
                    budget: int = HAND_BUDGET) -> tuple[tuple[Card, ...] | None, bool]:
    """The smallest hand that exactly one of ``a`` and ``b`` makes a winner (``None``: none
    was found), and whether every hand that matters was tried (``False``: sampled)."""
    nodes = [n for spec in (a, b) for n in walk(spec.hand)]
    masks = sorted({card_mask(n.where, settings.aces_high) or 0 for n in nodes
                    if isinstance(n, HandCount)})
    classes: dict[tuple[int, ...], list[Card]] = {}
    for kind in ALL_KINDS:
        classes.setdefault(tuple(m >> kind.index & 1 for m in masks), []).append(kind)
    groups = list(classes.values())
    constants = [n.value for n in nodes if isinstance(n, HandCount)]
    constants += [n.value + (1 if n.what == "hand_after" else 0) for n in nodes
                  if isinstance(n, Compare)]
    most = max(constants, default=0) + 1
    ranges = [range(min(most, sum(_COPIES.get(k, 2) for k in kinds)) + 1) for kinds in groups]
    wins = [compile_condition(spec.hand, settings) for spec in (a, b)]

    def differs(counts: Sequence[int]) -> tuple[Card, ...] | None:
        hand = tuple(card for kinds, n in zip(groups, counts, strict=True)
                     for card in _some(kinds, n))
        if not hand:
            return None  # an empty hand has won its round already
        ctx = PlayContext(hand[0], (), hand=hand, hand_before=len(hand))
        return hand if wins[0](ctx) != wins[1](ctx) else None

    exact = math.prod(len(r) for r in ranges) <= budget
    if exact:
        points = sorted(itertools.product(*ranges), key=sum)
    else:
        rng = Random(0)
        points = sorted((tuple(rng.choice(r) for r in ranges) for _ in range(budget)), key=sum)
    for point in points:
        hand = differs(point)
        if hand is not None:
            return hand, exact
    return None, exact


def _some(kinds: Sequence[Card], count: int) -> list[Card]:
    """``count`` cards of the given kinds: different kinds first, then second copies."""
    ordered = [*kinds, *(k for k in kinds for _ in range(_COPIES.get(k, 2) - 1))]
    return ordered[:count]
