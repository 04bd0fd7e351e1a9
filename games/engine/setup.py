"""Starting a game and dealing a round."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.errors import EngineError
from games.engine.events import Dealt, Event, Hand
from games.engine.settings import GameSettings
from games.engine.state import GameState, Pile
from games.engine.stock import shuffle_rng
from rules.cards import make_deck, parse

MAX_NAME = 40


def new_game(settings: GameSettings, names: Sequence[str], seed: int) -> GameState:
    """A new game waiting for its first rule(s): one rule-maker, or both players of two."""
    if len(names) != settings.players:
        raise EngineError("settings/invalid",
                          f"{settings.players} players need {settings.players} names")
    cleaned = [n.strip() for n in names]
    if any(not n or len(n) > MAX_NAME for n in cleaned):
        raise EngineError("settings/invalid", f"names must be 1 to {MAX_NAME} characters")
    if len({n.casefold() for n in cleaned}) != len(cleaned):
        raise EngineError("settings/invalid", "every player needs a different name")
    state = GameState(settings=settings, seed=seed, names=cleaned)
    state.hands = [[] for _ in cleaned]
    maker = settings.first_rule_maker
    if maker is None:
        maker = shuffle_rng(state).randrange(settings.players)
    state.rule_maker = maker
    state.writers = [0, 1] if settings.players == 2 else [maker]
    return state


def deal(state: GameState, events: list[Event]) -> None:
    """Shuffle everything, deal, turn up a starter and start the round's play."""
    deck = [str(c) for c in make_deck(state.settings.decks, state.settings.jokers)]
    shuffle_rng(state).shuffle(deck)
    n = state.players
    state.hands = [[] for _ in range(n)]
    for _ in range(state.settings.hand_size):
        for offset in range(1, n + 1):
            state.hands[(state.rule_maker + offset) % n].append(deck.pop())
    # A joker cannot be a starter (it stands for a card only when played): bury it.
    while parse(deck[-1]).is_joker:
        deck.insert(0, deck.pop())
    starter = deck.pop()
    state.stock = deck
    state.piles = [Pile([starter])]
    state.record = [starter]
    state.direction = 1
    state.turn = 0  # rules that look at the turn number count the turns of this round
    state.phase = "playing"
    state.writers = []
    if n == 2:
        state.current = shuffle_rng(state).randrange(2)
    else:
        state.current = (state.rule_maker + 1) % n
    first = state.names[state.current]
    events.append(Dealt(
        text=f"Round {state.round}: {state.settings.hand_size} cards each. The starter is "
        f"{parse(starter).symbol}. {first} plays first.",
        round=state.round, starter=starter, first=state.current))
    for seat in range(n):
        shown = " ".join(parse(c).symbol for c in state.hands[seat])
        events.append(Hand(text=f"{state.names[seat]} picks up their hand.", seat=seat,
                           to=seat, private=f"Your hand: {shown}.",
                           cards=tuple(state.hands[seat])))
