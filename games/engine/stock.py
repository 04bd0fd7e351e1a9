"""The stock: shuffling from the game's seed, drawing, and reshuffling the discard piles."""

from __future__ import annotations

from random import Random

from games.engine.events import DrawReason, Drew, Event, Reshuffled
from games.engine.state import GameState, read_pile_card
from rules.cards import parse


def shuffle_rng(state: GameState) -> Random:
    """A fresh generator for the next shuffle or draw of lots, from the seed and
    ``state.shuffles`` (which it advances).
    """
    rng = Random(f"{state.seed}/{state.shuffles}")
    state.shuffles += 1
    return rng


def reshuffle(state: GameState, events: list[Event]) -> bool:
    """Keep the top card of each pile; shuffle the rest into a new stock. False if none."""
    returned: list[str] = []
    for pile in state.piles:
        # The starter stays known only if it is the top card, which stays.
        pile.starter_at = 0 if pile.on_starter else None
        below, pile.cards = pile.cards[:-1], pile.cards[-1:]
        returned += [str(read_pile_card(c)[0]) for c in below]
    if not returned:
        return False
    shuffle_rng(state).shuffle(returned)
    state.stock = returned + state.stock
    moved = "1 card from the discard pile was" if len(returned) == 1 else \
        f"{len(returned)} cards from the discard pile were"
    events.append(Reshuffled(text=f"The stock ran out: {moved} shuffled into a new stock.",
                             count=len(returned)))
    return True


def draw(state: GameState, seat: int, count: int, reason: DrawReason,
         events: list[Event]) -> int:
    """Give ``seat`` up to ``count`` cards from the stock, reshuffling when it runs out.

    Returns how many could not be supplied even after reshuffling (0 normally).
    """
    drawn: list[str] = []
    for _ in range(count):
        if not state.stock and not reshuffle(state, events):
            break
        drawn.append(state.stock.pop())
    state.hands[seat] += drawn
    name = state.names[seat]
    if drawn:
        noun = "a card" if len(drawn) == 1 else f"{len(drawn)} cards"
        why = {"pass": "", "penalty": " as a penalty", "effect": ""}.get(reason, "")
        shown = ", ".join(_symbol(c) for c in drawn)
        events.append(Drew(text=f"{name} draws {noun}{why}.", seat=seat, to=seat,
                           private=f"You draw {shown}{why}.", count=len(drawn), reason=reason,
                           cards=tuple(drawn)))
    return count - len(drawn)


def _symbol(text: str) -> str:
    return parse(text).symbol
