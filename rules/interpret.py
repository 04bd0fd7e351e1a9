"""The rule language's meaning, written plainly: :func:`holds` walks a condition tree.

The reference :mod:`rules.evaluation` must agree with (a property test holds them to it):
slow and obvious on purpose. A test of a card that is not there is false.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import Card
from rules.conditions import (
    ActiveSuitIs,
    All,
    Always,
    Any_,
    CardTest,
    Cases,
    Compare,
    Condition,
    FollowsActiveSuit,
    HandCount,
    Iff,
    IsAuthor,
    IsJoker,
    Not,
    OnStarter,
    Relation,
    compare,
)
from rules.context import PlayContext, Settings
from rules.counting import Count, Difference, Position, Sum, Window, shares
from rules.evaluation import DEFAULT_SETTINGS, relation_holds


def holds(cond: Condition, ctx: PlayContext, settings: Settings = DEFAULT_SETTINGS,
          author: int | None = None) -> bool:
    """Whether ``cond`` is true of the play ``ctx`` (for a rule by ``author``)."""
    aces_high = settings.aces_high

    def card_passes(test: Condition, card: Card) -> bool:
        return holds(test, PlayContext(card, (), physical=card), settings, author)

    if isinstance(cond, Always):
        return True
    if isinstance(cond, All):
        return all(holds(c, ctx, settings, author) for c in cond.of)
    if isinstance(cond, Any_):
        return any(holds(c, ctx, settings, author) for c in cond.of)
    if isinstance(cond, Not):
        return not holds(cond.of, ctx, settings, author)
    if isinstance(cond, Iff):
        return holds(cond.of[0], ctx, settings, author) == holds(cond.of[1], ctx, settings,
                                                                 author)
    if isinstance(cond, Cases):
        for when, then in cond.cases:
            if holds(when, ctx, settings, author):
                return holds(then, ctx, settings, author)
        return holds(cond.otherwise, ctx, settings, author)
    if isinstance(cond, IsJoker):
        return ctx.physical.is_joker
    if isinstance(cond, CardTest):
        card = ctx.card(cond.of)
        return card is not None and cond.test(card, aces_high)
    if isinstance(cond, Relation):
        a, b = ctx.card(cond.a), ctx.card(cond.b)
        return a is not None and b is not None and relation_holds(cond.rel, a, b, aces_high,
                                                                 cond.n)
    if isinstance(cond, FollowsActiveSuit):
        return ctx.played.suit == ctx.active_suit
    if isinstance(cond, ActiveSuitIs):
        return ctx.active_suit in cond.suits
    if isinstance(cond, Compare):
        return compare(int(getattr(ctx, cond.what)), cond.op, cond.value)
    if isinstance(cond, IsAuthor):
        return author is not None and ctx.player == author
    if isinstance(cond, OnStarter):
        return ctx.on_starter
    if isinstance(cond, HandCount):
        matching = sum(1 for card in ctx.hand if card_passes(cond.where, card))
        return compare(matching, cond.op, cond.value)
    if isinstance(cond, Position):
        return cond.holds(ctx.position)
    if isinstance(cond, Count):
        where, same = cond.where, cond.same
        counted = sum(1 for c in window_cards(cond.window, ctx)
                      if (where is None or card_passes(where, c))
                      and (not same or shares(c, ctx.played, same)))
        if cond.than_where is not None and cond.than_window is not None:
            other = sum(1 for c in window_cards(cond.than_window, ctx)
                        if card_passes(cond.than_where, c))
            return compare(counted, cond.op, other)
        if cond.mod:
            return compare(counted % cond.mod, cond.op, cond.value)
        return compare(counted, cond.op, cond.value)
    if isinstance(cond, Sum):
        if cond.cards:
            named = [ctx.card(subject) for subject in cond.cards]
            if any(card is None for card in named):
                return False
            cards: Sequence[Card] = [card for card in named if card is not None]
        else:
            cards = window_cards(cond.window or Window(), ctx)
        total = sum(card.value(aces_high) for card in cards)
        if cond.than == "position":
            right = ctx.position
        elif cond.than:
            than = ctx.card(cond.than)
            if than is None:
                return False
            right = than.value(aces_high)
        else:
            return compare(total % cond.mod if cond.mod else total, cond.op, cond.value)
        if cond.mod:
            return compare(total % cond.mod, cond.op, right % cond.mod)
        return compare(total, cond.op, right)
    if isinstance(cond, Difference):
        a, b = ctx.card(cond.a), ctx.card(cond.b)
        return a is not None and b is not None and cond.holds(a.value(aces_high),
                                                              b.value(aces_high))
    raise TypeError(f"no meaning for condition type {type(cond).__name__}")


def window_cards(window: Window, ctx: PlayContext) -> list[Card]:
    """The cards of ``window`` in ``ctx``, oldest first."""
    cards = [*ctx.record, ctx.played] if window.with_played else list(ctx.record)
    return cards[-window.last:] if window.last else cards
