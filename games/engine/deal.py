"""Dealing a round: shuffle everything, deal the hands, turn up a starter, name who starts."""

from __future__ import annotations

from games.engine.events import Dealt, Event, Hand
from games.engine.state import GameState, Pile
from games.engine.stock import shuffle_rng
from rules.cards import make_deck, parse


def deal(state: GameState, events: list[Event], first: int | None = None,
         direction: int = 1) -> None:
    """Shuffle everything, deal, turn up a starter and start the round's play.

    The dealer deals one card at a time from the seat after them (from ``first`` when the
    dealer named who plays first, in the named ``direction``), to the seats still in the
    game. Who plays first: ``first`` when named; else the seat after the dealer, except at
    a table of two in Mini Mao (the dealer does not rotate), where a draw of lots decides.
    """
    deck = [str(c) for c in make_deck(state.settings.decks, state.settings.jokers)]
    shuffle_rng(state).shuffle(deck)
    n = state.table_size
    start = state.step(state.dealer, 1) if first is None else first
    order = [start]
    while len(order) < n:
        order.append(state.step(order[-1], direction))
    state.hands = [[] for _ in range(state.players)]
    for _ in range(state.settings.hand_size):
        for seat in order:
            state.hands[seat].append(deck.pop())
    # A joker cannot be a starter (it stands for a card only when played): bury it.
    while parse(deck[-1]).is_joker:
        deck.insert(0, deck.pop())
    starter = deck.pop()
    state.stock = deck
    state.piles = [Pile([starter], starter_at=0)]
    state.record = [starter]
    state.direction = direction
    state.pending = 0
    state.turn = 0  # rules that look at the turn number count the turns of this round
    state.phase = "playing"
    state.writers = []
    state.mistakes = {}  # mistakes in a row count within a round
    if first is not None:
        state.current = first
    elif n == 2 and not state.settings.dealer_rotates:
        state.current = state.seats_in_play()[shuffle_rng(state).randrange(2)]
    else:
        state.current = state.step(state.dealer, direction)
    events.append(Dealt(text=dealt_text(state, starter), round=state.round, starter=starter,
                        first=state.current, direction=direction, dealer=state.dealer))
    for seat in state.seats_in_play():
        shown = " ".join(parse(c).symbol for c in state.hands[seat])
        events.append(Hand(text=f"{state.names[seat]} picks up their hand.", seat=seat,
                           to=seat, private=f"Your hand: {shown}.",
                           cards=tuple(state.hands[seat])))


def dealt_text(state: GameState, starter: str) -> str:
    """"Round 2: 5 cards each. The starter is 8♠. Bob plays first." (and, where dealers
    take turns or name the start, who dealt and which way play goes; the dealer's
    ``deal_words`` before it and ``play_words`` after it)."""
    settings = state.settings
    first = state.names[state.current]
    dealer = ""
    if settings.dealer_rotates or settings.name_start:
        dealer = f"{state.names[state.dealer]} deals "
    way = ", and play goes anticlockwise" if state.direction == -1 else ""
    text = (f"Round {state.round}: {dealer}{settings.hand_size} cards each. The starter is "
            f"{parse(starter).symbol}. {first} plays first{way}.")
    # The dealer's ceremony, where the game has one, around the deal.
    name = state.names[state.dealer]
    before = f"{name}: “{settings.deal_words}” " if settings.deal_words else ""
    after = f" {name}: “{settings.play_words}”" if settings.play_words else ""
    return before + text + after
