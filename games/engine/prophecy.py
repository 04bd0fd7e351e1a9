"""A prophecy: a solo player states a hidden rule aloud (:class:`~games.engine.actions.Prophesy`).

The engine does not judge it: the web layer judges the guess on the public record and says
whether it ``missed``; a missed prophecy costs a penalty card, as a refused play does, so the
log keeps it and a replay draws the same card.
"""

from __future__ import annotations

from games.engine.actions import Prophesy
from games.engine.errors import EngineError
from games.engine.events import Event, Prophesied
from games.engine.rounds import no_supply
from games.engine.state import GameState
from games.engine.stock import draw


def prophesy(state: GameState, action: Prophesy, events: list[Event]) -> None:
    """Seat ``action.seat`` prophesies on its turn, during play; a miss draws a penalty."""
    seat = action.seat
    if not 0 <= seat < state.players:
        raise EngineError("action/bad_seat", f"There is no seat {seat}.")
    if state.phase != "playing":
        raise EngineError("action/wrong_phase", "A prophecy is made while cards are played.")
    if seat != state.current:
        raise EngineError("action/not_your_turn", "You may prophesy only on your turn.")
    name = state.names[seat]
    if not action.missed:
        events.append(Prophesied(text=f"{name} names a hidden rule exactly.", seat=seat,
                                 missed=False))
        return
    events.append(Prophesied(text=f"{name} prophesies a hidden rule, wrongly, and draws a "
                                  "penalty card.", seat=seat, missed=True))
    short = draw(state, seat, 1, "penalty", events)
    if short:
        no_supply(state, {seat: short}, events)
