"""A turn: playing a card or a group (refused with a penalty, or laid down with its
triggers and calls), passing, and claiming an instant win."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from games.engine.actions import ClaimWin, Pass, Play
from games.engine.errors import EngineError
from games.engine.events import (
    Again,
    Breach,
    CallBroken,
    ClaimFailed,
    ClaimWon,
    Event,
    Fired,
    Hand,
    NamedSuit,
    PassedHands,
    Played,
    Refused,
    Situation,
    Skipped,
)
from games.engine.rounds import no_supply, win_round
from games.engine.state import GameState, Pile, RuleEntry, RuleStats, pile_card, read_pile_card
from games.engine.stock import draw
from rules.cards import Card, parse
from rules.context import PlayContext
from rules.effects import Effect
from rules.english import article, describe_effect
from rules.evaluation import CallVerdict, Rulebook
from rules.fields import MAX_DEPTH
from rules.spec import Rule


@dataclass(slots=True)
class TurnOutcome:
    """What the effects of a turn asked for, applied once the turn is over."""

    skips: int = 0
    again: bool = False
    win: bool = False
    owed: Counter[int] = field(default_factory=Counter)


def require_turn(state: GameState, seat: int) -> None:
    """Refuse unless the game is being played and it is ``seat``'s turn."""
    if state.phase != "playing":
        raise EngineError("action/wrong_phase", "Cards are not being played right now.")
    if seat >= state.players:
        raise EngineError("action/bad_seat", f"There is no seat {seat} in this game.")
    if seat != state.current:
        raise EngineError("action/not_your_turn",
                          f"It is {state.names[state.current]}'s turn, not yours.")


def entries_by_rule(state: GameState, rulebook: Rulebook) -> dict[int, RuleEntry]:
    """Map each compiled rule (by identity) to its entry in the state."""
    return {id(rule): entry for rule, entry in zip(rulebook.rules, state.rules, strict=True)}


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


def _cards_of(state: GameState, action: Play) -> tuple[list[Card], list[Card]]:
    """Check the cards are held and jokers are named; return physical and effective cards."""
    if not action.cards or len(action.named) > len(action.cards):
        raise EngineError("action/malformed", "A play needs its cards and at most one name each.")
    if not 0 <= action.pile < len(state.piles):
        raise EngineError("action/bad_pile", f"There is no pile {action.pile + 1}.")
    held = Counter(state.hands[action.seat])
    for text, count in Counter(action.cards).items():
        if held[text] < count:
            raise EngineError("action/card_not_held", f"You do not hold {parse(text).name}.")
    physical = [parse(c) for c in action.cards]
    effective = []
    for card, named in zip(physical, action.named, strict=True):
        if card.is_joker:
            if named is None:
                raise EngineError("action/name_joker", "Say which card your joker stands for.")
            stands = parse(named)
            if stands.is_joker:
                raise EngineError("action/name_joker", "A joker must stand for an ordinary card.")
            effective.append(stands)
        elif named is not None and parse(named) != card:
            raise EngineError("action/malformed", "Only a joker can stand for another card.")
        else:
            effective.append(card)
    return physical, effective


def _shown(physical: list[Card], effective: list[Card]) -> str:
    return " ".join(p.symbol if p == e else f"🃏 as {e.symbol}" for p, e in
                    zip(physical, effective, strict=True))


def _top_shown(pile: Pile) -> str:
    """The top of a pile as it lies: ``8♠``, or ``🃏 as 8♠`` for a joker."""
    physical, effective = read_pile_card(pile.cards[-1])
    return _shown([physical], [effective])


def _saying(words: str) -> str:
    """What a player said with a play, as the log quotes it (nothing when silent)."""
    words = " ".join(words.split())
    return f", saying “{words}”" if words else ""


def _situation(state: GameState, action: Play, pile: Pile, hand_before: int) -> Situation:
    """The table as everyone saw it when ``action`` was tried (before any card lands)."""
    return Situation(under=pile.effective_text()[-MAX_DEPTH:], hand_before=hand_before,
                     turn=state.turn, round=state.round, players=state.players,
                     active_suit=pile.suit, said=action.say)


def play(state: GameState, action: Play, events: list[Event]) -> None:
    """Judge and carry out a play."""
    require_turn(state, action.seat)
    physical, effective = _cards_of(state, action)
    seat, pile = action.seat, state.piles[action.pile]
    rulebook = state.rulebook()
    hand = state.hands[seat]
    state.turn += 1
    first = _context(state, seat, pile, physical[0], effective[0], len(hand), len(action.cards))
    seen = _situation(state, action, pile, len(hand))
    broken = rulebook.broken(first)
    group_refused = len(action.cards) > 1 and rulebook.group_permission(effective) is None
    if broken or group_refused:
        _refuse(state, action, physical, effective, pile, broken, seen, events)
        return
    for text in action.cards:
        hand.remove(text)
    outcome = TurnOutcome()
    entries = entries_by_rule(state, rulebook)
    name = state.names[seat]
    where = "" if len(state.piles) == 1 else f" (pile {action.pile + 1})"
    events.append(Played(text=f"{name} plays {_shown(physical, effective)} on "
                         f"{_top_shown(pile)}{where}{_saying(action.say)}.",
                         seat=seat, cards=action.cards,
                         stands_for=tuple(str(e) for e in effective), pile=action.pile,
                         situation=seen))
    last = first
    for i, (card, stands) in enumerate(zip(physical, effective, strict=True)):
        ctx = first if i == 0 else _context(state, seat, pile, card, stands,
                                            len(hand) + len(action.cards) - i, 1)
        pile.cards.append(pile_card(card, stands))
        state.record.append(str(stands))
        pile.suit = None
        fired = order_by_author(rulebook.fired(ctx), seat, state.players)
        for rule, effects in fired:
            entry = entries[id(rule)]
            record(state, entry, "fired")
            _apply_effects(state, action, entry, effects, ctx, pile, outcome, events)
        last = ctx
    _judge_calls(state, action, rulebook.calls(last, action.say), entries, outcome, events)
    _finish_turn(state, seat, outcome, events)


def _context(state: GameState, seat: int, pile: Pile, card: Card, stands: Card,
             hand_before: int, playing: int) -> PlayContext:
    return PlayContext(stands, pile.effective(), physical=card, active_suit=pile.suit,
                       hand=tuple(state.hand_cards(seat)), hand_before=hand_before,
                       hand_after=hand_before - playing, player=seat, players=state.players,
                       turn=state.turn, round=state.round, record=state.record_cards())


def order_by_author(fired: list[tuple[Rule, tuple[Effect, ...]]], active: int,
                    players: int) -> list[tuple[Rule, tuple[Effect, ...]]]:
    """Triggers in the clockwise order of their authors, counted from the active player."""
    def key(item: tuple[Rule, tuple[Effect, ...]]) -> int:
        author = item[0].author
        return players if author is None else (author - active) % players

    return sorted(fired, key=key)


def _refuse(state: GameState, action: Play, physical: list[Card], effective: list[Card],
            pile: Pile, broken: list[Rule], seen: Situation, events: list[Event]) -> None:
    seat, name = action.seat, state.names[action.seat]
    entries = entries_by_rule(state, state.rulebook())
    shown = _shown(physical, effective)
    moment = f"Round {state.round}, turn {state.turn}: {name} played {shown} on {pile.top.symbol}"
    calls: list[Breach] = []
    for rule in broken:
        entry = entries[id(rule)]
        record(state, entry, "broken", moment)
        calls.append(Breach(entry.jargon, entry.author, state.names[entry.author], entry.id))
    words = " ".join(f"{c.author_name}: that's {article(c.jargon)}!" for c in calls)
    if not broken:
        words = "No rule lets those cards go down together."
    events.append(Refused(text=f"{name} tries {shown} on {_top_shown(pile)}"
                          f"{_saying(action.say)}. {words}",
                          seat=seat, cards=action.cards,
                          stands_for=tuple(str(e) for e in effective), top=str(pile.top),
                          broken=tuple(calls), pile=action.pile, situation=seen))
    short = draw(state, seat, 1, "penalty", events)
    if short:
        no_supply(state, {seat: short}, events)
        return
    state.current = state.seat_after(seat)


def _apply_effects(state: GameState, action: Play, entry: RuleEntry,
                   effects: tuple[Effect, ...], ctx: PlayContext, pile: Pile,
                   outcome: TurnOutcome, events: list[Event]) -> None:
    seat = action.seat
    author = state.names[entry.author]
    said = "; ".join(describe_effect(e) for e in effects)
    events.append(Fired(text=f"{author}: {entry.jargon}! ({said})", seat=seat,
                        jargon=entry.jargon, author=entry.author, rule=entry.id,
                        effects=tuple(effects), card=str(ctx.played)))
    for effect in effects:
        kind = effect.kind
        if kind == "draw":
            for drawer in _drawers(state, seat, effect.who):
                short = draw(state, drawer, effect.draws_for(ctx.run_after), "effect", events)
                if short:
                    outcome.owed[drawer] += short
        elif kind == "skip":
            outcome.skips += 1
        elif kind == "reverse":
            state.direction = -state.direction
        elif kind == "play_again":
            outcome.again = True
        elif kind == "win":
            outcome.win = True
        elif kind == "pass_hands":
            _pass_hands(state, effect.direction, events)
        elif kind == "name_suit":
            pile.suit = action.suit or ctx.played.suit
            events.append(NamedSuit(text=f"{state.names[seat]} names "
                                    f"{_suit_name(pile.suit)}.", seat=seat, suit=pile.suit))
        elif kind == "to_bottom" and pile.cards[-1] == pile_card(ctx.physical, ctx.played):
            pile.cards.insert(0, pile.cards.pop())
        elif kind == "new_pile" and len(pile.cards) > 1 and pile.cards[-1] == pile_card(
                ctx.physical, ctx.played):
            state.piles.append(Pile([pile.cards.pop()]))


def _suit_name(suit: str) -> str:
    return {"C": "clubs ♣", "D": "diamonds ♦", "H": "hearts ♥", "S": "spades ♠"}[suit]


def _drawers(state: GameState, seat: int, who: str) -> list[int]:
    if who == "player":
        return [seat]
    if who == "next":
        return [state.seat_after(seat)]
    everyone = [(seat + i) % state.players for i in range(state.players)]
    return everyone[1:] if who == "others" else everyone


def _pass_hands(state: GameState, direction: str, events: list[Event]) -> None:
    # Seats are numbered clockwise, and play goes clockwise to the left.
    step = 1 if direction == "left" else -1
    n = state.players
    old = state.hands
    state.hands = [old[(seat - step) % n] for seat in range(n)]
    events.append(PassedHands(text=f"Everyone passes their hand to the {direction}.",
                              direction=direction))
    for seat in range(n):
        giver = state.names[(seat - step) % n]
        shown = " ".join(parse(c).symbol for c in state.hands[seat]) or "no cards"
        events.append(Hand(text=f"{state.names[seat]} picks up {giver}'s hand.", seat=seat,
                           to=seat, private=f"You pick up {giver}'s hand: {shown}.",
                           cards=tuple(state.hands[seat])))


def _judge_calls(state: GameState, action: Play, verdicts: list[CallVerdict],
                 entries: dict[int, RuleEntry], outcome: TurnOutcome,
                 events: list[Event]) -> None:
    seat = action.seat
    for verdict in verdicts:
        entry = entries[id(verdict.rule)]
        if not verdict.broken:
            if verdict.required:
                record(state, entry, "fired", reveal=False)
            continue
        moment = (f"Round {state.round}, turn {state.turn}: {state.names[seat]} "
                  f"{'did not say' if verdict.required else 'said'} “{verdict.phrase}”")
        record(state, entry, "broken", moment)
        problem = "missed a call" if verdict.required else "said something needless"
        events.append(CallBroken(text=f"{state.names[entry.author]}: that's "
                                 f"{article(entry.jargon)}! {state.names[seat]} {problem}.",
                                 seat=seat, jargon=entry.jargon, author=entry.author,
                                 rule=entry.id, required=verdict.required))
        penalty = getattr(verdict.rule.spec, "penalty", 1)
        short = draw(state, seat, penalty, "penalty", events)
        if short:
            outcome.owed[seat] += short


def _finish_turn(state: GameState, seat: int, outcome: TurnOutcome,
                 events: list[Event]) -> None:
    if outcome.owed:
        no_supply(state, outcome.owed, events)
        return
    if outcome.win:
        win_round(state, seat, "effect", events)
        return
    if not state.hands[seat]:
        win_round(state, seat, "emptied", events)
        return
    emptied = [s for s in range(state.players) if not state.hands[s]]
    if emptied:
        win_round(state, emptied[0], "emptied", events)
        return
    state.current = seat if outcome.again else state.seat_after(seat, 1 + outcome.skips)
    if outcome.again:
        events.append(Again(text=f"{state.names[seat]} plays again.", seat=seat))
    elif outcome.skips:
        skipped = state.seat_after(seat)
        events.append(Skipped(text=f"{state.names[skipped]} is skipped.", seat=skipped))


def pass_turn(state: GameState, action: Pass, events: list[Event]) -> None:
    """Draw one card and end the turn."""
    require_turn(state, action.seat)
    state.turn += 1
    short = draw(state, action.seat, 1, "pass", events)
    if short:
        no_supply(state, {action.seat: short}, events)
        return
    state.current = state.seat_after(action.seat)


def claim_win(state: GameState, action: ClaimWin, events: list[Event]) -> None:
    """Reveal the hand: an instant-win rule makes it a winner, or it costs a penalty card."""
    require_turn(state, action.seat)
    state.turn += 1
    seat, name = action.seat, state.names[action.seat]
    rulebook = state.rulebook()
    hand = state.hand_cards(seat)
    shown = " ".join(c.symbol for c in hand)
    rule = rulebook.winning_hand(hand)
    if rule is None:
        # A copy: the penalty card drawn next must not show up in this public event.
        events.append(ClaimFailed(text=f"{name} reveals their hand ({shown}), but no rule "
                                  "makes it a winner.", seat=seat,
                                  hand=tuple(state.hands[seat])))
        short = draw(state, seat, 1, "penalty", events)
        if short:
            no_supply(state, {seat: short}, events)
            return
        state.current = state.seat_after(seat)
        return
    entry = entries_by_rule(state, rulebook)[id(rule)]
    record(state, entry, "fired")
    events.append(ClaimWon(text=f"{name} reveals {shown}. {state.names[entry.author]}: "
                           f"that's {article(entry.jargon)}!", seat=seat,
                           hand=tuple(state.hands[seat]), jargon=entry.jargon,
                           author=entry.author, rule=entry.id))
    win_round(state, seat, "instant", events)
