"""``penalty_waits``: a penalty card the player to move draws in their turn waits; it
cannot be played until a later turn (Lynnfield's Scangas's Second Law). A card a rule
makes a player draw (an ``effect``, Consideration's seven) does not wait."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.events import Drew, Event
from games.engine.state import GameState


def note_waiting(state: GameState, events: Sequence[Event]) -> None:
    """After an action: remember the penalty cards ``events`` gave the player to move, who
    keeps the turn; forget those of a turn that is over."""
    if not state.settings.penalty_waits or state.phase != "playing":
        state.waiting = None
        return
    seat, turn = state.current, state.turn
    kept = list(waiting_cards(state))
    kept += [card for event in events if isinstance(event, Drew) and event.seat == seat
             and event.reason == "penalty" for card in event.cards]
    state.waiting = (seat, turn, tuple(kept)) if kept else None


def waiting_cards(state: GameState) -> tuple[str, ...]:
    """The penalty cards the player to move drew this turn (each as often as drawn)."""
    if state.waiting is None or state.phase != "playing":
        return ()
    seat, turn, cards = state.waiting
    return cards if (seat, turn) == (state.current, state.turn) else ()


def waiting_marks(hand: Sequence[str], waiting: Sequence[str]) -> tuple[bool, ...]:
    """Which cards of ``hand`` wait: as many copies of each card as ``waiting`` holds, the
    first ones (a card held twice, once waiting, may go once).

    >>> waiting_marks(["5H", "5H", "KS"], ["5H"])
    (True, False, False)
    """
    left = list(waiting)
    marks = []
    for card in hand:
        marks.append(card in left)
        if card in left:
            left.remove(card)
    return tuple(marks)


def playable(hand: Sequence[str], waiting: Sequence[str]) -> list[str]:
    """The cards of ``hand`` not waiting, in order (:func:`waiting_marks`).

    >>> playable(["5H", "5H", "KS"], ["5H"])
    ['5H', 'KS']
    """
    return [card for card, waits in zip(hand, waiting_marks(hand, waiting), strict=True)
            if not waits]
