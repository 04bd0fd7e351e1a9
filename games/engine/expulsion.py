"""Expulsion by rule (Lynnfield's "Expulsion"): settings, off by default.

``expel_hand``: a seat holding more than twice the cards dealt, or 20, is expelled.
``expel_mistakes``: so many mistakes in a row (actions that cost a penalty of one's own
doing; a clean play or a pass ends the run; each deal resets it). The seat's cards go to
the stock (:func:`~games.engine.seats.take_out`). With ``expel_new_only`` only the mistakes
of the players the host named new (``NameNew``) are counted.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.actions import Action, ClaimWin, NameNew, Pass, Play, Say
from games.engine.errors import EngineError
from games.engine.events import (
    CallBroken,
    ClaimFailed,
    Dealt,
    Event,
    ExpelCause,
    Expelled,
    NamedNew,
    OutOfTurn,
    Played,
    Refused,
    SpeechBroken,
)
from games.engine.seats import cards_back, take_out
from games.engine.state import GameState

#: A hand of this many cards is too big whatever was dealt.
MOST_CARDS = 20
#: The events that say a seat made a mistake (each costs it a penalty).
MISTAKES = (Refused, OutOfTurn, ClaimFailed, CallBroken, SpeechBroken)


def too_many_cards(state: GameState, seat: int) -> bool:
    """Whether ``seat`` holds more than twice the cards dealt, or :data:`MOST_CARDS`."""
    held = len(state.hands[seat])
    return held > 2 * state.settings.hand_size or held >= MOST_CARDS


def note_mistakes(state: GameState, action: Action, events: Sequence[Event]) -> None:
    """Count the mistake ``action`` was (see the module doc), or end its seat's run."""
    if state.settings.expel_mistakes is None or state.phase != "playing":
        return
    if not isinstance(action, Play | Pass | ClaimWin | Say):
        return
    seat = action.seat
    if any(isinstance(e, Dealt) for e in events) or not state.in_play(seat):
        return  # a new round counts afresh
    if state.settings.expel_new_only and seat not in state.new_players:
        return
    if any(isinstance(e, MISTAKES) and e.seat == seat for e in events):
        state.mistakes[seat] = state.mistakes.get(seat, 0) + 1
    elif isinstance(action, Pass) or any(isinstance(e, Played) and e.seat == seat
                                         for e in events):
        state.mistakes.pop(seat, None)


def name_new(state: GameState, action: NameNew, events: list[Event]) -> None:
    """The host names the player of seat ``action.target`` new: from now on their mistakes
    in a row count (``expel_new_only``)."""
    if not 0 <= action.seat < state.players or not 0 <= action.target < state.players:
        raise EngineError("action/bad_seat", "There is no such seat.")
    if not state.settings.expel_new_only or state.settings.expel_mistakes is None:
        raise EngineError("seat/no_new_players",
                          "In this game mistakes in a row expel anyone, or nobody.")
    if action.target in state.out:
        raise EngineError("seat/out", f"{state.names[action.target]} has left the game already.")
    if action.target in state.new_players:
        raise EngineError("seat/already_new",
                          f"{state.names[action.target]} is named a new player already.")
    state.new_players.append(action.target)
    name, limit = state.names[action.target], state.settings.expel_mistakes
    events.append(NamedNew(
        text=f"{state.names[action.seat]} names {name} a new player: {limit} mistakes in a "
             f"row expel {name} from the game.", seat=action.target))


def expel_due(state: GameState, events: list[Event]) -> None:
    """Expel every seat the game's rules say must go (in seat order), while a round is
    played."""
    limit = state.settings.expel_mistakes
    if limit is None and not state.settings.expel_hand:
        return
    for seat in state.seats_in_play():
        if state.phase != "playing":
            return
        cause: ExpelCause | None = None
        if limit is not None and state.mistakes.get(seat, 0) >= limit:
            cause = "mistakes"
        elif state.settings.expel_hand and too_many_cards(state, seat):
            cause = "hand"
        if cause is not None:
            expel(state, seat, cause, events)


def expel(state: GameState, seat: int, cause: ExpelCause, events: list[Event]) -> None:
    """The chair expels ``seat`` for ``cause``; its cards go into the stock."""
    name = state.names[seat]
    if cause == "mistakes":
        why = f"{name} made {state.mistakes.get(seat, 0)} mistakes in a row."
    else:
        held, dealt = len(state.hands[seat]), state.settings.hand_size
        why = (f"{name} holds {held} cards" + (f", more than twice the {dealt} dealt."
                                               if held > 2 * dealt else "."))
    chair = state.settings.chair

    def said(returned: int) -> Event:
        return Expelled(text=f"{why} {chair}: {name} has been EXPULSED from the game!"
                        f"{cards_back(returned)}", seat=seat, cause=cause, returned=returned)

    take_out(state, seat, "expelled", said, events)
