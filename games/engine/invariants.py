"""Invariants every reachable state keeps; checked after every step by tests and bot runs."""

from __future__ import annotations

from collections import Counter

from games.engine.state import GameState, read_pile_card
from rules.cards import make_deck
from rules.spec import DRAW_REASONS


def card_census(state: GameState) -> Counter[str]:
    """Every physical card in the game: stock, piles and hands."""
    census = Counter(state.stock)
    for pile in state.piles:
        census.update(str(read_pile_card(c)[0]) for c in pile.cards)
    for hand in state.hands:
        census.update(hand)
    return census


def violations(state: GameState) -> list[str]:
    """What is wrong with ``state`` (empty when every invariant holds)."""
    problems = []
    if state.piles:
        deck = Counter(str(c) for c in make_deck(state.settings.decks, state.settings.jokers))
        if card_census(state) != deck:
            problems.append("cards are not conserved: stock + piles + hands differ from the deck")
    if state.phase == "playing":
        if not 0 <= state.current < state.players:
            problems.append(f"no valid player to move ({state.current})")
        if not state.piles or any(not p.cards for p in state.piles):
            problems.append("a discard pile is empty while playing")
        if state.writers:
            problems.append("someone is writing a rule while cards are played")
    if state.phase == "writing" and not state.writers:
        problems.append("nobody is writing a rule in the writing phase")
    if state.phase == "dealing" and state.writers:
        problems.append("someone is writing a rule while the dealer deals")
    if not 0 <= state.dealer < state.players:
        problems.append(f"no valid dealer ({state.dealer})")
    if state.pending < 0:
        problems.append(f"a negative number of cards is owed ({state.pending})")
    for pile in state.piles:
        # (An empty pile is a problem of its own, told above.)
        if pile.cards and pile.starter_at is not None and not (
                0 <= pile.starter_at < len(pile.cards)):
            problems.append(f"the starter lies outside its pile ({pile.starter_at})")
    ids = {e.id for e in state.rules}
    if not set(state.disclosed) <= ids:
        problems.append("a rule that is not in the game is disclosed")
    if any(e.house and e.author is not None for e in state.rules):
        problems.append("a house rule has a player author")
    if state.phase == "ended" and not state.end:
        problems.append("the game ended without a reason")
    if state.unanswered and state.phase != "playing":
        problems.append("draws wait for a reply outside a round's play")
    if any(not 0 <= seat < state.players or not reasons
           or set(reasons) - set(DRAW_REASONS)
           for seat, reasons in state.unanswered.items()):
        problems.append(f"unanswered draws are malformed ({state.unanswered})")
    if state.races.open and state.phase != "playing":
        problems.append("a race is open outside a round's play")
    for race in state.races.open:
        if race.timer not in state.timers:
            problems.append(f"race {race.number} is open with no timer to close it")
        if len({r.seat for r in race.responses}) != len(race.responses):
            problems.append(f"a seat answered race {race.number} twice")
    current = state.order.current
    if current is not None and (state.phase != "playing" or state.frozen_at is None
                                or not 0 <= current.caller < state.players):
        problems.append("a point of order lasts outside a round's play, or with the clock "
                        "running")
    if state.direction not in (1, -1):
        problems.append(f"direction is {state.direction}")
    return problems + seat_violations(state)


def seat_violations(state: GameState) -> list[str]:
    """What is wrong with the seats that left the game, or are open (games/engine/seats.py)."""
    problems = []
    if any(not 0 <= seat < state.players for seat in (*state.out, *state.vacant)):
        problems.append(f"a seat out or open is no seat ({state.out}, {state.vacant})")
    if not state.seats_in_play():
        problems.append("no seat is left in the game")
    if state.phase != "ended" and len(state.seats_in_play()) < 2:
        problems.append("a game goes on with fewer than two seats")
    if any(state.hands and state.hands[seat] for seat in state.out):
        problems.append("a seat out of the game holds cards")
    if set(state.vacant) & set(state.out) or len(set(state.vacant)) != len(state.vacant):
        problems.append(f"open seats are malformed ({state.vacant})")
    if state.phase != "ended":
        waiting = [state.dealer, *state.writers]
        if state.phase == "playing":
            waiting.append(state.current)
        if any(seat in state.out for seat in waiting):
            problems.append("the game waits on a seat out of it")
    if any(seat in state.out for seat in (*state.unanswered, *state.mistakes)):
        problems.append("a seat out of the game owes a reply or counts mistakes")
    limit = state.settings.expel_mistakes
    if limit is not None and any(n >= limit for n in state.mistakes.values()):
        problems.append(f"a seat has made too many mistakes to be in the game ({state.mistakes})")
    return problems
