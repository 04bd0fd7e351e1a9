"""A turn: playing a card or a group (refused with a penalty, or laid down with its
triggers and calls), passing, and claiming an instant win."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.actions import ClaimWin, Pass, Play
from games.engine.effects import (
    TurnOutcome,
    apply_effects,
    entries_by_rule,
    order_by_author,
    record,
)
from games.engine.errors import EngineError
from games.engine.events import (
    Again,
    Breach,
    CallBroken,
    ClaimFailed,
    ClaimWon,
    Event,
    Kept,
    Played,
    Refused,
    Situation,
    Skipped,
    SpeechBroken,
    refusal_verdict,
)
from games.engine.penalty_wait import playable, waiting_cards
from games.engine.race_open import open_races
from games.engine.rounds import no_supply, win_round
from games.engine.state import GameState, Pile, RuleEntry, pile_card, read_pile_card
from games.engine.stock import draw
from rules.cards import Card, parse
from rules.context import PlayContext
from rules.english import article
from rules.evaluation import CallVerdict
from rules.fields import MAX_DEPTH
from rules.phrases import Phrase
from rules.races import suit_in
from rules.spec import Rule, Talking
from rules.speech import SpeechVerdict

__all__ = ["TurnOutcome", "claim_win", "entries_by_rule", "is_multiple", "order_by_author",
           "pass_turn", "play", "record", "require_turn"]


def require_seat(state: GameState, seat: int) -> None:
    """Refuse unless the game is being played and ``seat`` is one of its seats."""
    if state.phase != "playing":
        raise EngineError("action/wrong_phase", "Cards are not being played right now.")
    if seat >= state.players:
        raise EngineError("action/bad_seat", f"There is no seat {seat} in this game.")


def require_turn(state: GameState, seat: int) -> None:
    """Refuse unless the game is being played and it is ``seat``'s turn."""
    require_seat(state, seat)
    if seat != state.current:
        raise EngineError("action/not_your_turn",
                          f"It is {state.names[state.current]}'s turn, not yours.")


def is_multiple(state: GameState, action: Play) -> bool:
    """Whether ``action`` is a card the ``multiples`` setting lets go down out of turn: one
    card identical to the top of its pile (the same rank and suit, neither a joker)."""
    if not state.settings.multiples or len(action.cards) != 1:
        return False
    if not 0 <= action.pile < len(state.piles):
        return False
    top = state.piles[action.pile].cards[-1]
    return action.cards[0] == top and top != "JK"


def cards_of(state: GameState, action: Play) -> tuple[list[Card], list[Card]]:
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


def shown(physical: list[Card], effective: list[Card]) -> str:
    """Cards as the log shows them: ``8♠ 9♠``, a joker as ``🃏 as 8♠``."""
    return " ".join(p.symbol if p == e else f"🃏 as {e.symbol}" for p, e in
                    zip(physical, effective, strict=True))


def top_shown(pile: Pile) -> str:
    """The top of a pile as it lies: ``8♠``, or ``🃏 as 8♠`` for a joker."""
    physical, effective = read_pile_card(pile.cards[-1])
    return shown([physical], [effective])


def saying(words: str) -> str:
    """What a player said with a play, as the log quotes it (nothing when silent)."""
    words = " ".join(words.split())
    return f", saying “{words}”" if words else ""


def situation_of(state: GameState, action: Play, pile: Pile, hand_before: int) -> Situation:
    """The table as everyone saw it when ``action`` was tried (before any card lands)."""
    return Situation(under=pile.effective_text()[-MAX_DEPTH:], hand_before=hand_before,
                     turn=state.turn, round=state.round, players=state.table_size,
                     active_suit=pile.suit, said=action.say, pending=state.pending,
                     on_starter=pile.on_starter)


def play(state: GameState, action: Play, events: list[Event],
         replied: Sequence[Phrase] = ()) -> None:
    """Judge and carry out a play: on the player's turn, or out of turn where it is a
    multiple (:func:`is_multiple`): then play goes on after its player, and a refusal
    leaves the turn where it was. The words of the ``replied`` phrases (replies the
    play's words answered) are no call's."""
    require_seat(state, action.seat)
    in_turn = action.seat == state.current
    if not in_turn and not is_multiple(state, action):
        require_turn(state, action.seat)
    physical, effective = cards_of(state, action)
    drawn = state.drawn_card()
    if in_turn and drawn is not None and tuple(action.cards) != (drawn,):
        raise EngineError("action/drawn_only", "Only the card you drew may be played now: "
                          "play it, or pass to keep it.")
    if in_turn and any(c not in playable(state.hands[action.seat], waiting_cards(state))
                       for c in action.cards):
        raise EngineError("action/penalty_waits", "A penalty card drawn this turn cannot be "
                          "played until a later turn.")
    if in_turn:
        state.drawn = None
    seat, pile = action.seat, state.piles[action.pile]
    rulebook = state.rulebook()
    hand = state.hands[seat]
    state.turn += 1
    first = context_of(state, seat, pile, physical[0], effective[0], len(hand), len(action.cards))
    seen = situation_of(state, action, pile, len(hand))
    broken = rulebook.broken(first)
    group_refused = len(action.cards) > 1 and rulebook.group_permission(effective) is None
    if broken or group_refused:
        cost = penalty_for(state, len(broken) + group_refused)
        _refuse(state, action, physical, effective, pile, broken, seen, cost, events, in_turn)
        return
    for text in action.cards:
        hand.remove(text)
    outcome = TurnOutcome()
    entries = entries_by_rule(state, rulebook)
    name = state.names[seat]
    where = "" if len(state.piles) == 1 else f" (pile {action.pile + 1})"
    where += "" if in_turn else ", out of turn (a multiple)"
    events.append(Played(text=f"{name} plays {shown(physical, effective)} on "
                         f"{top_shown(pile)}{where}{saying(action.say)}.",
                         seat=seat, cards=action.cards,
                         stands_for=tuple(str(e) for e in effective), pile=action.pile,
                         situation=seen, out_of_turn=not in_turn))
    last = first
    for i, (card, stands) in enumerate(zip(physical, effective, strict=True)):
        ctx = first if i == 0 else context_of(state, seat, pile, card, stands,
                                            len(hand) + len(action.cards) - i, 1)
        pile.cards.append(pile_card(card, stands))
        state.record.append(str(stands))
        pile.suit = None
        fired = order_by_author(rulebook.fired(ctx), seat, state.players)
        for rule, effects in fired:
            entry = entries[id(rule)]
            record(state, entry, "fired")
            apply_effects(state, seat, action.suit, entry, effects, ctx, pile, outcome,
                          events)
        last = ctx
    _judge_calls(state, action, rulebook.calls(last, action.say, replied), entries, outcome,
                 events)
    racing = [phrase for started in outcome.races if (phrase := started.race.phrase)]
    _judge_talk(state, action, rulebook.play_talk(last, action.say, replied, racing), entries,
                outcome, events)
    # A suit named aloud with the play, in words no call took and that do not name the
    # card ("Jack of spades. Hearts!"), answers a race to name one as the menu does.
    suit = action.suit
    if suit is None:
        suit = suit_in(rulebook.words_left(last, action.say))
    played_in = state.round
    _finish_turn(state, seat, outcome, events)
    if state.round == played_in:
        # The races the play set off, once it is over, if its round goes on (the next may
        # have been dealt already); the words said with it, or the suit named with it,
        # answer them for the player at once.
        open_races(state, seat, outcome.races, action.say, suit, events)


def context_of(state: GameState, seat: int, pile: Pile, card: Card, stands: Card,
             hand_before: int, playing: int) -> PlayContext:
    """How the rules see ``seat`` playing ``card`` (standing for ``stands``) on ``pile``,
    with ``hand_before`` cards held and ``playing`` cards going down."""
    return PlayContext(stands, pile.effective(), physical=card, active_suit=pile.suit,
                       hand=tuple(state.hand_cards(seat)), hand_before=hand_before,
                       hand_after=hand_before - playing, player=seat, players=state.table_size,
                       turn=state.turn, round=state.round, record=state.record_cards(),
                       pending=state.pending, on_starter=pile.on_starter)


def penalty_for(state: GameState, breaches: int) -> int:
    """The cards a refused play costs: one (Mini Mao), or one per rule broken (a group no
    rule allows counting as one), at most the game's cap."""
    cost = 1 if state.settings.penalty == "per_refusal" else max(1, breaches)
    cap = state.settings.penalty_cap
    return cost if cap is None else min(cost, cap)


def _refuse(state: GameState, action: Play, physical: list[Card], effective: list[Card],
            pile: Pile, broken: list[Rule], seen: Situation, cost: int,
            events: list[Event], in_turn: bool = True) -> None:
    """Refuse ``action``: the rules ``broken`` are named and the player draws ``cost``
    cards, then (on their turn) every card they owe, and the turn passes. A multiple
    refused out of turn costs only the penalty and leaves the turn where it was."""
    seat, name = action.seat, state.names[action.seat]
    entries = entries_by_rule(state, state.rulebook())
    cards = shown(physical, effective)
    moment = f"Round {state.round}, turn {state.turn}: {name} played {cards} on {pile.top.symbol}"
    calls = breaches(state, entries, broken, moment)
    events.append(Refused(text=f"{name} tries {cards} on {top_shown(pile)}"
                          f"{saying(action.say)}. {refusal_verdict(tuple(calls))}",
                          seat=seat, cards=action.cards,
                          stands_for=tuple(str(e) for e in effective), top=str(pile.top),
                          broken=tuple(calls), pile=action.pile, situation=seen))
    if not in_turn:
        state.turn -= 1  # the rightful player's turn is still to come
        short = draw(state, seat, cost, "penalty", events)
    else:
        short = pay(state, seat, cost, events)
    if short:
        no_supply(state, {seat: short}, events)
        return
    if in_turn:
        state.current = state.seat_after(seat)


def breaches(state: GameState, entries: dict[int, RuleEntry], broken: list[Rule],
             moment: str) -> list[Breach]:
    """The rules ``broken`` by a play refused at ``moment`` (in words), each counted as
    broken (its jargon now public), as the refusal names them."""
    found: list[Breach] = []
    for rule in broken:
        entry = entries[id(rule)]
        record(state, entry, "broken", moment)
        found.append(Breach(entry.jargon, entry.author, state.author_name(entry.author),
                            entry.id))
    return found


def pay(state: GameState, seat: int, penalty: int, events: list[Event]) -> int:
    """``seat`` draws ``penalty`` cards, then every card it owes (a turn that could not
    answer a stacked debt pays it); returns how many could not be supplied."""
    short = draw(state, seat, penalty, "penalty", events) if penalty else 0
    owed, state.pending = state.pending, 0
    if owed:
        short += draw(state, seat, owed, "effect", events)
    return short


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
        quoted = verdict.written or verdict.phrase
        moment = (f"Round {state.round}, turn {state.turn}: {state.names[seat]} "
                  f"{'did not say' if verdict.required else 'said'} “{quoted}”")
        record(state, entry, "broken", moment)
        problem = call_problem(verdict)
        events.append(CallBroken(text=f"{state.author_name(entry.author)}: that's "
                                 f"{article(entry.jargon)}! {state.names[seat]} {problem}.",
                                 seat=seat, jargon=entry.jargon, author=entry.author,
                                 rule=entry.id, required=verdict.required))
        short = draw(state, seat, verdict.penalty, "penalty", events)
        if short:
            outcome.owed[seat] += short


def _judge_talk(state: GameState, action: Play, verdicts: list[SpeechVerdict],
                entries: dict[int, RuleEntry], outcome: TurnOutcome,
                events: list[Event]) -> None:
    """Charge the talking rules that judge words said with a play (``play_talk``)."""
    name = state.names[action.seat]
    for verdict in verdicts:
        if not verdict.broken:
            continue
        entry = entries[id(verdict.rule)]
        record(state, entry, "broken",
               f"Round {state.round}, turn {state.turn}: {name} said “{action.say}”")
        events.append(SpeechBroken(
            text=f"{state.author_name(entry.author)}: that's {article(entry.jargon)}! "
                 f"{name} {_talk_problem(verdict)}.", seat=action.seat, jargon=entry.jargon,
            author=entry.author, rule=entry.id, what="talking", phrase=verdict.phrase))
        short = draw(state, action.seat, verdict.penalty, "penalty", events)
        if short:
            outcome.owed[action.seat] += short


def _talk_problem(verdict: SpeechVerdict) -> str:
    """What a player charged for words said with a play did: the words a selective rule
    minds (an oath), a question it minds, or any word beyond the calls."""
    if verdict.phrase:
        return f"said “{verdict.phrase}”"
    spec = verdict.rule.spec
    selective = isinstance(spec, Talking) and spec.selective
    return "said something it forbids" if selective else "said something needless"


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
    emptied = [s for s in state.seats_in_play() if not state.hands[s]]
    if emptied:
        win_round(state, emptied[0], "emptied", events)
        return
    # What the player owed passes on unpaid (a rule let the play through), with what the
    # play adds, to whoever moves next.
    state.pending += outcome.owe
    state.current = seat if outcome.again else state.seat_after(seat, 1 + outcome.skips)
    if outcome.again:
        events.append(Again(text=f"{state.names[seat]} plays again.", seat=seat))
    elif outcome.skips:
        skipped = state.seat_after(seat)
        events.append(Skipped(text=f"{state.names[skipped]} is skipped.", seat=skipped))


def pass_turn(state: GameState, action: Pass, events: list[Event]) -> None:
    """Draw one card (or, owing cards, every card owed) and end the turn; with
    ``play_drawn`` a card drawn by passing may still be played, and a second pass keeps it."""
    require_turn(state, action.seat)
    keeping, state.drawn = state.drawn_card() is not None, None
    state.turn += 1
    if keeping:
        events.append(Kept(text=f"{state.names[action.seat]} keeps the card drawn.",
                           seat=action.seat))
        state.current = state.seat_after(action.seat)
        return
    owed = state.pending
    short = pay(state, action.seat, 0, events) if owed else draw(
        state, action.seat, 1, "pass", events)
    if short:
        no_supply(state, {action.seat: short}, events)
        return
    if state.settings.play_drawn and not owed:
        # The seed's "You will lose a turn unless you can play the given card".
        state.drawn = (action.seat, state.turn, state.hands[action.seat][-1])
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
        short = pay(state, seat, 1, events)
        if short:
            no_supply(state, {seat: short}, events)
            return
        state.current = state.seat_after(seat)
        return
    entry = entries_by_rule(state, rulebook)[id(rule)]
    record(state, entry, "fired")
    events.append(ClaimWon(text=f"{name} reveals {shown}. {state.author_name(entry.author)}: "
                           f"that's {article(entry.jargon)}!", seat=seat,
                           hand=tuple(state.hands[seat]), jargon=entry.jargon,
                           author=entry.author, rule=entry.id))
    win_round(state, seat, "instant", events)


def call_problem(verdict: CallVerdict) -> str:
    """What a broken call's verdict says its player did, after their name."""
    if verdict.early:
        return f"said “{verdict.written or verdict.phrase}” before every call it asks first"
    if verdict.late:
        return f"said a call after “{verdict.late}”"
    if verdict.covered:
        return "missed a call (counted in one charge)"
    return "missed a call" if verdict.required else "said something needless"
