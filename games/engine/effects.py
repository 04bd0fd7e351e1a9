"""What a trigger rule does once it fires, and the bookkeeping of rules that speak.

Shared by a play (:mod:`games.engine.play`) and by the starter turned up at a deal
(:mod:`games.engine.starter`), which fires triggers as if the seat before the first
player had played it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from games.engine.events import Event, Fired, Hand, NamedSuit, PassedHands
from games.engine.race_state import Started
from games.engine.state import GameState, Pile, RuleEntry, RuleStats, pile_card
from games.engine.stock import draw
from rules.cards import parse
from rules.context import PlayContext
from rules.effects import Effect
from rules.english import describe_effect
from rules.evaluation import Rulebook
from rules.spec import Rule


@dataclass(slots=True)
class TurnOutcome:
    """What the effects of a turn asked for, applied once the turn is over: skips, playing
    again, a win, cards that could not be supplied (per seat), cards the next player
    owes (``owe`` effects) and races to open."""

    skips: int = 0
    again: bool = False
    win: bool = False
    owed: Counter[int] = field(default_factory=Counter)
    owe: int = 0
    #: Races the effects asked for, opened once the turn is over (games/engine/races.py).
    races: list[Started] = field(default_factory=list)


def entries_by_rule(state: GameState, rulebook: Rulebook) -> dict[int, RuleEntry]:
    """Map each compiled rule (by identity) to its entry in the state."""
    return {id(rule): entry for rule, entry in zip(rulebook.rules, state.active_rules(),
                                                   strict=True)}


def record(state: GameState, entry: RuleEntry, what: Literal["broken", "fired"],
           moment: str = "", reveal: bool = True) -> None:
    """Count a rule breaking or firing, and make its jargon public (unless ``reveal`` is false:
    nobody names a call that was made correctly)."""
    stats = state.stats.setdefault(entry.id, RuleStats())
    if what == "broken":
        stats.broken += 1
        if stats.first_broken is None:
            stats.first_broken = moment
    else:
        stats.fired += 1
    if reveal and entry.id not in state.revealed:
        state.revealed.append(entry.id)


def order_by_author(fired: list[tuple[Rule, tuple[Effect, ...]]], active: int,
                    players: int) -> list[tuple[Rule, tuple[Effect, ...]]]:
    """Triggers in the clockwise order of their authors, counted from the active player;
    rules no player wrote (house rules, laws) come last, in rulebook order."""
    def key(item: tuple[Rule, tuple[Effect, ...]]) -> int:
        author = item[0].author
        return players if author is None else (author - active) % players

    return sorted(fired, key=key)


def apply_effects(state: GameState, seat: int, suit: str | None, entry: RuleEntry,
                  effects: tuple[Effect, ...], ctx: PlayContext, pile: Pile,
                  outcome: TurnOutcome, events: list[Event]) -> None:
    """Carry out the effects of ``entry``, fired by ``seat``'s card ``ctx.played`` on
    ``pile`` (``suit``: the suit its player names if it is wild)."""
    said = "; ".join(describe_effect(e) for e in effects)
    events.append(Fired(text=f"{state.author_name(entry.author)}: {entry.jargon}! ({said})",
                        seat=seat, jargon=entry.jargon, author=entry.author, rule=entry.id,
                        effects=tuple(effects), card=str(ctx.played)))
    for effect in effects:
        kind = effect.kind
        if kind == "draw":
            for drawer in drawers(state, seat, effect.who):
                short = draw(state, drawer, effect.draws_for(ctx.run_after), "effect", events)
                if short:
                    outcome.owed[drawer] += short
        elif kind == "owe":
            outcome.owe += effect.count
        elif effect.race is not None:
            pile_index = next(i for i, p in enumerate(state.piles) if p is pile)
            outcome.races.append(Started(entry.id, effect.race, pile_index))
        elif kind == "skip":
            outcome.skips += 1
        elif kind == "reverse":
            state.direction = -state.direction
        elif kind == "play_again":
            outcome.again = True
        elif kind == "win":
            outcome.win = True
        elif kind == "pass_hands":
            pass_hands(state, effect.direction, events)
        elif kind == "name_suit":
            pile.suit = suit or _unnamed_suit(state, ctx)
            events.append(NamedSuit(text=f"{state.names[seat]} names "
                                    f"{suit_name(pile.suit)}.", seat=seat, suit=pile.suit))
        elif kind == "to_bottom" and pile.cards[-1] == pile_card(ctx.physical, ctx.played):
            # The starter moves with the cards above the bottom, or to it if it moved.
            if pile.starter_at is not None:
                pile.starter_at = 0 if pile.on_starter else pile.starter_at + 1
            pile.cards.insert(0, pile.cards.pop())
        elif kind == "new_pile" and len(pile.cards) > 1 and pile.cards[-1] == pile_card(
                ctx.physical, ctx.played):
            state.piles.append(Pile([pile.cards.pop()]))


def _unnamed_suit(state: GameState, ctx: PlayContext) -> str:
    """The suit in force after a suit-naming card played with none named: its own, or,
    with ``unnamed_suit_stays``, the suit in force before it."""
    before = ctx.active_suit or (ctx.pile[-1].suit if ctx.pile else None)
    if state.settings.unnamed_suit_stays and before:
        return before
    return ctx.played.suit


def suit_name(suit: str) -> str:
    """A suit as the table says it: ``clubs ♣``."""
    return {"C": "clubs ♣", "D": "diamonds ♦", "H": "hearts ♥", "S": "spades ♠"}[suit]


def drawers(state: GameState, seat: int, who: str) -> list[int]:
    """The seats a draw effect of ``seat``'s play reaches."""
    if who == "player":
        return [seat]
    if who == "next":
        return [state.seat_after(seat)]
    # Everyone still in the game, from the player on (a seat out of it draws nothing).
    everyone = [s for s in ((seat + i) % state.players for i in range(state.players))
                if s not in state.out]
    return everyone[1:] if who == "others" else everyone


def pass_hands(state: GameState, direction: str, events: list[Event]) -> None:
    """Everyone still in the game passes their hand to the left or the right (to the next
    seat in the game that way)."""
    # Seats are numbered clockwise, and play goes clockwise to the left.
    step = 1 if direction == "left" else -1
    ring = state.seats_in_play()
    n = len(ring)
    old = list(state.hands)
    givers = {ring[i]: ring[(i - step) % n] for i in range(n)}
    for seat in ring:
        state.hands[seat] = old[givers[seat]]
    events.append(PassedHands(text=f"Everyone passes their hand to the {direction}.",
                              direction=direction))
    for seat in ring:
        from_name = state.names[givers[seat]]
        shown = " ".join(parse(c).symbol for c in state.hands[seat]) or "no cards"
        events.append(Hand(text=f"{state.names[seat]} picks up {from_name}'s hand.", seat=seat,
                           to=seat, private=f"You pick up {from_name}'s hand: {shown}.",
                           cards=tuple(state.hands[seat])))
