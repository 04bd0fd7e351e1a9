"""The stock: shuffling from the game's seed, drawing, and reshuffling the discard piles."""

from __future__ import annotations

from random import Random

from games.engine.events import Donated, DrawReason, Drew, Event, Reshuffled
from games.engine.settings import ReshuffleKeeps
from games.engine.state import GameState, Pile, read_pile_card
from rules.cards import parse
from rules.context import run_of_equal_ranks


def shuffle_rng(state: GameState) -> Random:
    """A fresh generator for the next shuffle or draw of lots, from the seed and
    ``state.shuffles`` (which it advances).
    """
    rng = Random(f"{state.seed}/{state.shuffles}")
    state.shuffles += 1
    return rng


def reshuffle(state: GameState, events: list[Event]) -> bool:
    """Keep the top card of each pile (with ``reshuffle_keeps`` ``run``, the run of the top
    card's rank on top); shuffle the rest into a new stock. False if none."""
    returned: list[str] = []
    runs: list[int] = []
    for pile in state.piles:
        kept = kept_on_top(pile, state.settings.reshuffle_keeps)
        runs += [kept] if kept > 1 else []
        cut = len(pile.cards) - kept
        # The starter stays known only if it lies among the cards that stay.
        at = pile.starter_at
        pile.starter_at = at - cut if at is not None and at >= cut else None
        below, pile.cards = pile.cards[:cut], pile.cards[cut:]
        returned += [str(read_pile_card(c)[0]) for c in below]
    if not returned:
        return False
    shuffle_rng(state).shuffle(returned)
    state.stock = returned + state.stock
    moved = "1 card from the discard pile was" if len(returned) == 1 else \
        f"{len(returned)} cards from the discard pile were"
    stays = "".join(f" The run of {n} cards of one number on top stays on the pile."
                    for n in runs)
    events.append(Reshuffled(text=f"The stock ran out: {moved} shuffled into a new stock."
                             + stays,
                             count=len(returned)))
    return True


def kept_on_top(pile: Pile, keeps: ReshuffleKeeps) -> int:
    """How many cards on top of ``pile`` a reshuffle leaves there: the top card, or the run
    of cards of its rank (as the rules see them: a joker as the card it stands for)."""
    return run_of_equal_ranks(pile.effective()) if keeps == "run" else 1


def draw(state: GameState, seat: int, count: int, reason: DrawReason,
         events: list[Event]) -> int:
    """Give ``seat`` up to ``count`` cards from the stock, reshuffling when it runs out (and,
    with ``stock_out`` ``donate``, taking a card from every hand that can give one).

    Returns how many could not be supplied even so (0 normally).
    """
    drawn: list[str] = []
    for _ in range(count):
        if not state.stock and not reshuffle(state, events) and not donate(state, events):
            break
        card = state.stock.pop()
        # Into the hand at once: a donation later in this draw counts the cards drawn.
        state.hands[seat].append(card)
        drawn.append(card)
    name = state.names[seat]
    if drawn:
        noun = "a card" if len(drawn) == 1 else f"{len(drawn)} cards"
        why = {"pass": "", "penalty": " as a penalty", "effect": ""}.get(reason, "")
        shown = ", ".join(_symbol(c) for c in drawn)
        events.append(Drew(text=f"{name} draws {noun}{why}.", seat=seat, to=seat,
                           private=f"You draw {shown}{why}.", count=len(drawn), reason=reason,
                           cards=tuple(drawn)))
    return count - len(drawn)


def donate(state: GameState, events: list[Event]) -> bool:
    """With ``stock_out`` ``donate``: every seat in the game holding two cards or more gives
    one, drawn at random from its hand (never its last), to a new stock. False if nobody
    could give one (or the game does not donate)."""
    if state.settings.stock_out != "donate":
        return False
    donors = [s for s in state.seats_in_play() if len(state.hands[s]) >= 2]
    if not donors:
        return False
    rng = shuffle_rng(state)
    given: list[str] = []
    for seat in donors:
        hand = state.hands[seat]
        card = hand.pop(rng.randrange(len(hand)))
        given.append(card)
        left = len(hand)
        events.append(Donated(
            text=f"The cards have run out: {state.names[seat]} donates a card to the stock.",
            seat=seat, to=seat, private=f"The cards have run out: you donate {_symbol(card)} "
            "to the stock.", left=left, card=card))
    rng.shuffle(given)
    state.stock = given + state.stock
    return True


def _symbol(text: str) -> str:
    return parse(text).symbol
