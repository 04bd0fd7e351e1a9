"""Plays and passes off one's turn: the ``out_of_turn`` setting.

Where the game refuses them (``"refused"``, Mini Mao) a play or pass off one's turn is an
error (``action/not_your_turn``) and changes nothing. Where it penalises them
(``"penalised"``: five-card, Penn State, teaching, Lynnfield) it is an attempt the table
sees: the chair refuses it ("Dealer: that's Out of Turn!", an :class:`OutOfTurn` event),
the cards go back, and the player draws the penalty; the rightful player keeps the turn,
its number and any cards it owes. The cards tried are also judged by the restrictions, as
a play would be, and every rule they break is named too, so with ``penalty: "per_rule"``
Penn State's 7♣ on 6♦ out of turn costs two cards ("one for playing out of turn and one
for misplay"); with ``per_refusal`` it costs one in all.

A multiple (the ``multiples`` setting: a card identical to the top, :func:`~games.engine.
play.is_multiple`) is no play out of turn: it goes down as a play does
(:func:`~games.engine.play.play`), and play goes on after its player. A claim of an instant
win off one's turn stays an error in every game (nothing to try: the hand is shown on
one's turn).
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
