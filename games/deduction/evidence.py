"""Turning what the table saw into situations a rule can judge.

An :class:`~games.deduction.record.Attempt` holds the public situation of a play; here it
becomes the :class:`~rules.context.PlayContext` the rule language judges, card by card for
a group (each later card lands on the ones before it). A rule that reads the player's hand
can only be judged on the viewer's own plays, whose hands the viewer knew.
"""

from __future__ import annotations

from functools import lru_cache

from games.deduction.record import Attempt
from rules.cards import Card, card_of
from rules.conditions import walk
from rules.context import PlayContext
from rules.spec import Rule, conditions_of


def reads_hand(rule: Rule) -> bool:
    """Whether ``rule`` looks at the cards in the player's hand (not just how many)."""
    return any("hand" in node.reads() for c in conditions_of(rule.spec) for node in walk(c))


def judgeable(attempt: Attempt, hand_read: bool) -> bool:
    """Whether the table saw enough of ``attempt`` to judge a rule (``hand_read``: on the hand)."""
    return attempt.situation is not None and (attempt.hand is not None or not hand_read)


@lru_cache(maxsize=4096)
def _cards(texts: tuple[str, ...]) -> tuple[Card, ...]:
    """Cards from their texts, cached: every check reads the same rounds again."""
    return tuple(card_of(c) for c in texts)


def context(attempt: Attempt, index: int = 0) -> PlayContext:
    """The situation of the ``index``-th card of ``attempt`` as the rules judged it."""
    seen = attempt.situation
    assert seen is not None, "an attempt the table did not record has no situation"
    earlier = _cards(attempt.stands_for[:index])
    pile = _cards(seen.under) + earlier
    before = seen.hand_before - index
    return PlayContext(
        card_of(attempt.stands_for[index]), pile, physical=card_of(attempt.cards[index]),
        active_suit=seen.active_suit if index == 0 else None, hand=_cards(attempt.hand or ()),
        hand_before=before, hand_after=before - (len(attempt.cards) if index == 0 else 1),
        player=attempt.seat, players=seen.players, turn=seen.turn, round=seen.round,
        said=seen.said, record=_cards(attempt.record) + earlier, pending=seen.pending,
        on_starter=seen.on_starter and index == 0)


def describe_attempt(attempt: Attempt) -> str:
    """``9♥ on 5♣ (round 1, turn 12)``: an attempt, as a player remembers it."""
    played = " ".join(card_of(c).symbol if c == s else f"🃏 as {card_of(s).symbol}"
                      for c, s in zip(attempt.cards, attempt.stands_for, strict=True))
    top = attempt.top
    where = f" on {card_of(top).symbol}" if top else ""
    turn = f", turn {attempt.situation.turn}" if attempt.situation else ""
    return f"{played}{where} (round {attempt.round}{turn})"
