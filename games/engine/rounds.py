"""Ends of rounds and of the game: a win, a stock that cannot supply, a lockup, the host."""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.events import Event, GameOver, NoSupply, Tie, Win, WonRound
from games.engine.setup import deal
from games.engine.state import EndReason, GameEnd, GameState, RoundWin

HOW = {"emptied": "empties their hand", "instant": "reveals a winning hand",
       "effect": "is declared the winner", "no_supply": "holds the fewest cards"}


def win_round(state: GameState, seat: int, how: Win, events: list[Event]) -> None:
    """``seat`` wins the round and becomes the rule-maker for the next one."""
    name = state.names[seat]
    state.winners.append(RoundWin(state.round, seat, how))
    events.append(WonRound(text=f"{name} {HOW[how]} and wins round {state.round}! "
                           f"{name} is writing a new secret rule…", seat=seat,
                           round=state.round, how=how))
    state.round += 1
    state.rule_maker = seat
    state.writers = [seat]
    state.phase = "writing"
    state.current = seat


def no_supply(state: GameState, owed: Mapping[int, int], events: list[Event]) -> None:
    """A draw could not be supplied even after reshuffling: the round ends on card counts.

    Each seat counts the cards it holds plus the cards it was owed; the single
    fewest wins the round, and a tie for fewest ends it without a winner.
    """
    scores = [len(hand) + owed.get(seat, 0) for seat, hand in enumerate(state.hands)]
    best = min(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    listing = ", ".join(f"{state.names[s]} {scores[s]}" for s in range(state.players))
    events.append(NoSupply(text="The stock cannot supply a draw even after reshuffling, "
                           f"so round {state.round} ends. Cards held and owed: {listing}.",
                           scores=tuple(scores)))
    if len(leaders) == 1:
        win_round(state, leaders[0], "no_supply", events)
        return
    tied = " and ".join(state.names[s] for s in leaders)
    events.append(Tie(text=f"{tied} tie with {best} cards: nobody wins round "
                      f"{state.round}. The cards are dealt again.", tied=tuple(leaders)))
    state.round += 1
    deal(state, events)


def end_game(state: GameState, reason: EndReason, text: str, events: list[Event]) -> None:
    """The game is over: every rule is revealed."""
    state.phase = "ended"
    state.writers = []
    state.end = GameEnd(reason, text, state.round)
    events.append(GameOver(text=f"The game is over. {text}", reason=reason))
