"""After every accepted action: has the game locked up, and why, in words that are true.

Checked in this order (:data:`~games.engine.events.EndReason`): ``no_card``
(:func:`~games.engine.lockup.anything_playable`), ``no_way_out``
(:func:`~games.engine.lockup.has_way_out`), ``stalled`` (:func:`~games.engine.stall.stalled`).
"""

from __future__ import annotations

from games.engine import lockup
from games.engine.events import Event
from games.engine.lockup_reason import no_way_out_reason
from games.engine.rounds import locked
from games.engine.stall import stalled
from games.engine.state import GameState
from rules.cards import STANDARD_CARDS
from rules.context import PlayContext


def check_lockup(state: GameState, events: list[Event]) -> None:
    """End the game (or the round: ``lockup_ends``) if it has locked up; call after every
    accepted action while playing."""
    if state.phase != "playing":
        return
    if not lockup.anything_playable(state):
        tops = " or ".join(p.top.symbol for p in state.piles)
        names = blockers(state)
        under = f" under {_and(names)}" if names else ""
        locked(state, "no_card", f"No card can follow {tops}{under}.", events)
        return
    if state.way_out is False:
        locked(state, "no_way_out",
                 no_way_out_reason(state.rulebook(), state.analysis_players()), events)
        return
    stall = stalled(state)
    if stall is not None:
        locked(state, "stalled", stall.reason, events)


def blockers(state: GameState) -> list[str]:
    """Jargon of the restrictions that refuse some card on the current tops."""
    rulebook = state.rulebook()
    names: list[str] = []
    for pile in state.piles:
        base = PlayContext(STANDARD_CARDS[0], pile.effective(), active_suit=pile.suit,
                           player=state.current, players=state.table_size, turn=state.turn + 1,
                           round=state.round, hand=tuple(state.hand_cards(state.current)),
                           record=state.record_cards(), pending=state.pending,
                           on_starter=pile.on_starter)
        for card in STANDARD_CARDS:
            for rule in rulebook.broken(base.with_played(card)):
                if rule.jargon not in names:
                    names.append(rule.jargon)
    return names


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
