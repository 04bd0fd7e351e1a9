"""Plays and passes off one's turn: the ``out_of_turn`` setting.

``"refused"``: an error (``action/not_your_turn``). ``"penalised"``: the chair refuses it
(an :class:`OutOfTurn` event), the cards go back and the player draws the penalty, with
every rule the cards break named too. A multiple (:func:`~games.engine.play.is_multiple`)
is no play out of turn.
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.actions import Pass, Play
from games.engine.effects import entries_by_rule
from games.engine.events import OUT_OF_TURN, Event, OutOfTurn
from games.engine.play import (
    breaches,
    cards_of,
    context_of,
    is_multiple,
    penalty_for,
    require_seat,
    require_turn,
    saying,
    shown,
    top_shown,
)
from games.engine.rounds import no_supply
from games.engine.state import GameState
from games.engine.stock import draw


def off_turn(state: GameState, action: Play | Pass) -> bool:
    """Whether ``action`` is a play or pass out of turn (a multiple is not: it is played)."""
    if state.phase != "playing" or not 0 <= action.seat < state.players:
        return False  # refused as it always was, with its own words
    if action.seat == state.current:
        return False
    return not (isinstance(action, Play) and is_multiple(state, action))


def out_of_turn(state: GameState, action: Play | Pass, events: list[Event]) -> None:
    """A play or pass out of turn: refused as an error, or penalised (see the module doc)."""
    if state.settings.out_of_turn == "refused":
        require_turn(state, action.seat)
    require_seat(state, action.seat)
    seat, name = action.seat, state.names[action.seat]
    chair = state.settings.chair
    verdict = f"{chair}: that's {OUT_OF_TURN}!"
    if isinstance(action, Pass):
        events.append(OutOfTurn(text=f"{name} draws out of turn. {verdict}", seat=seat,
                                current=state.current, chair=chair))
        _penalise(state, seat, penalty_for(state, 1), events)
        return
    physical, effective = cards_of(state, action)
    pile = state.piles[action.pile]
    hand = state.hands[seat]
    # Judged as the play it would have been: the next turn, this player, this pile.
    state.turn += 1
    first = context_of(state, seat, pile, physical[0], effective[0], len(hand),
                       len(action.cards))
    state.turn -= 1
    rulebook = state.rulebook()
    broken = rulebook.broken(first)
    group_refused = len(action.cards) > 1 and rulebook.group_permission(effective) is None
    moment = (f"Round {state.round}, turn {state.turn + 1}: {name} played "
              f"{shown(physical, effective)} on {pile.top.symbol} out of turn")
    named = breaches(state, entries_by_rule(state, rulebook), broken, moment)
    event = OutOfTurn(text="", seat=seat, cards=action.cards,
                      stands_for=tuple(str(e) for e in effective), top=str(pile.top),
                      broken=tuple(named), pile=action.pile, current=state.current,
                      chair=chair)
    events.append(replace(event, text=f"{name} tries {shown(physical, effective)} on "
                          f"{top_shown(pile)} out of turn{saying(action.say)}. "
                          f"{event.verdict}"))
    _penalise(state, seat, penalty_for(state, 1 + len(broken) + group_refused), events)


def _penalise(state: GameState, seat: int, cost: int, events: list[Event]) -> None:
    """``seat`` draws ``cost`` penalty cards (never the cards the rightful player owes); a
    stock that cannot supply them ends the round."""
    short = draw(state, seat, cost, "penalty", events)
    if short:
        no_supply(state, {seat: short}, events)
