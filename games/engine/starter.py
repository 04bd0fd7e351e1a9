"""The starter's triggers (``starter_triggers``): trigger rules fire on the starter as if
the seat before the first player had played it. No restriction or call judges it, and it
wins nobody a round.
"""

from __future__ import annotations

from collections import Counter

from games.engine.effects import TurnOutcome, apply_effects, entries_by_rule, order_by_author
from games.engine.effects import record as count_rule
from games.engine.events import Event, Skipped
from games.engine.race_open import open_races
from games.engine.state import GameState
from rules.cards import card_of
from rules.context import PlayContext


def fire_starter(state: GameState, events: list[Event]) -> Counter[int]:
    """Fire the triggers of the starter just dealt (where the game says so); return the
    cards that could not be supplied, per seat (empty normally)."""
    if not state.settings.starter_triggers:
        return Counter()
    pile = state.piles[0]
    starter = card_of(pile.cards[-1])
    seat = state.seat_after(state.current, -1)
    hand = tuple(state.hand_cards(seat))
    # The starter lands on an empty pile: it is the first card of the round's record.
    ctx = PlayContext(starter, (), hand=hand, hand_before=len(hand) + 1, hand_after=len(hand),
                      player=seat, players=state.table_size, turn=state.turn,
                      round=state.round, record=())
    rulebook = state.rulebook()
    entries = entries_by_rule(state, rulebook)
    outcome = TurnOutcome()
    for rule, effects in order_by_author(rulebook.fired(ctx), seat, state.players):
        entry = entries[id(rule)]
        count_rule(state, entry, "fired")
        apply_effects(state, seat, None, entry, effects, ctx, pile, outcome, events)
    if outcome.owed:
        return outcome.owed
    state.pending = outcome.owe
    state.current = seat if outcome.again else state.seat_after(seat, 1 + outcome.skips)
    if outcome.skips and not outcome.again:
        skipped = state.seat_after(seat)
        events.append(Skipped(text=f"{state.names[skipped]} is skipped by the starter.",
                              seat=skipped))
    open_races(state, seat, outcome.races, "", None, events)
    return Counter()
