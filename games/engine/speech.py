"""Speech outside a play: a seat saying something (``Say``), judged by :mod:`rules.speech`.

``state.unanswered`` keeps each seat's draws since its last action (a reason per card), all
a reply rule reads.
When a seat acts, :func:`answer` judges the replies it owes and, for speech, every talking
rule; :func:`note_draws` notes this action's draws. During a point of order words are chat
(judged at the moment ``order``), and they answer no race.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.actions import MAX_SAY, Say
from games.engine.bad_calls import judge_call
from games.engine.clock import hold_on
from games.engine.effects import entries_by_rule, record
from games.engine.errors import EngineError
from games.engine.events import (
    OUT_OF_TURN,
    CallBroken,
    Donated,
    Drew,
    Event,
    OutOfTurn,
    Refused,
    Said,
    SpeechBroken,
)
from games.engine.play import context_of
from games.engine.point_of_order import listen, spoken
from games.engine.races import hear, racing_phrases
from games.engine.rounds import no_supply
from games.engine.state import GameState
from games.engine.stock import draw
from rules.cards import parse
from rules.english import article
from rules.phrases import Phrase, plain, words
from rules.spec import Talking
from rules.speech import Moment, reply_phrase


def say(state: GameState, action: Say, events: list[Event]) -> None:
    """``action.seat`` says ``action.words``: heard by everyone, then judged."""
    if not 0 <= action.seat < state.players:
        raise EngineError("action/bad_seat", f"There is no seat {action.seat} in this game.")
    if state.phase != "playing":
        raise EngineError("action/wrong_phase",
                          "Words are heard only while a round is being played.")
    if len(action.words) > MAX_SAY:
        raise EngineError("action/too_long",
                          f"Say at most {MAX_SAY} characters at once.")
    if not words(action.words):
        raise EngineError("action/nothing_said", "Say some words.")
    quoted = " ".join(action.words.split())
    events.append(Said(text=f"{state.names[action.seat]} says “{quoted}”.", seat=action.seat,
                       words=action.words))
    if state.order.current is not None:
        listen(state, action.seat, action.words)
        if not state.order.current.pause:  # in a pause no rule judges words; replies wait
            answer(state, action.seat, action.words, events, "order")
            spoken(state, action.seat, action.words, events)
        return
    hear(state, action.seat, action.words, events)
    if state.phase != "playing":
        return  # a race the words closed cost a card the stock could not supply
    call = judge_call(state, action.seat, action.words, events)
    if state.phase != "playing":
        return  # the bad call cost a card the stock could not supply
    called = [plain(jargon) for jargon in state.breaches] if state.settings.violation_calls else []
    called += [plain(call)] if call is not None else []
    answer(state, action.seat, action.words, events,
           racing=[*racing_phrases(state, events), *called])
    hold_on(state, action.seat, action.words, events)
    spoken(state, action.seat, action.words, events)


#: Why each kind of speech rule was broken, after the speaker's name.
_PROBLEMS = {"talking": "spoke outside a play",
             "third_person": "spoke in the first or second person"}


def answer(state: GameState, seat: int, said: str | None, events: list[Event],
           moment: Moment = "round", racing: Sequence[Phrase] = (),
           with_play: bool = False) -> list[Phrase]:
    """Judge the speech rules on an action of ``seat`` in a round's play: ``said`` is what
    it said outside a play, or ``with_play`` the words said with a play (which answer owed
    replies and nothing else), ``None`` for any other action (which answers no reply), at
    ``moment``; ``racing``, the phrases of the races being run, are never talking. Clears
    the seat's unanswered draws (during a point of order, only once every reply owed is
    said); a penalty the stock cannot supply ends the round. Returns the phrases of the
    replies the words answered."""
    rulebook = state.rulebook()
    reasons = state.unanswered.get(seat, [])
    if moment == "round":
        state.unanswered.pop(seat, None)
    if not rulebook.has_speech:
        return []
    owed = rulebook.owed_replies(reasons)
    verdicts = rulebook.speech(owed, said, moment, racing, with_play, len(state.hands[seat]),
                               reasons, said is not None and stuck(state, seat))
    answered = [reply_phrase(v.rule, reasons) for v in verdicts
                if v.kind == "reply" and not v.broken]
    replied = sum(1 for v in verdicts if v.kind == "reply" and not v.broken)
    if moment == "order" and replied == len(owed):
        state.unanswered.pop(seat, None)
    entries = entries_by_rule(state, rulebook)
    name = state.names[seat]
    for verdict in verdicts:
        if not verdict.broken:
            if verdict.kind == "reply":
                record(state, entries[id(verdict.rule)], "fired", reveal=False)
            continue
        entry = entries[id(verdict.rule)]
        if verdict.kind == "reply":
            problem = f"did not say “{verdict.phrase}”"
            when = f"Round {state.round}, turn {state.turn}: {name} {problem}"
        else:
            problem = (f"said “{verdict.phrase}” in a point of order" if verdict.phrase
                       else _PROBLEMS[verdict.kind])
            when = f"Round {state.round}, turn {state.turn}: {name} said “{said}”"
        record(state, entry, "broken", when)
        events.append(SpeechBroken(
            text=f"{state.author_name(entry.author)}: that's {article(entry.jargon)}! "
                 f"{name} {problem}.", seat=seat, jargon=entry.jargon, author=entry.author,
            rule=entry.id, what=verdict.kind, phrase=verdict.phrase))
        short = draw(state, seat, verdict.penalty, "penalty", events)
        if short:
            no_supply(state, {seat: short}, events)
            return answered
    return answered


def stuck(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is the player to move holding the card it drew by passing this turn
    (``play_drawn``), and no rule it knows lets it play that card on any pile: the seed's
    "If the card taken cannot be placed in the pile". Only rules the seat knows are asked,
    so what it is allowed to say tells it nothing of a secret rule."""
    drawn = state.drawn_card()
    if drawn is None or state.current != seat:
        return False
    active = state.active_rules()
    if not any(isinstance(e.rule.spec, Talking) and e.rule.spec.allow_stuck for e in active):
        return False  # nobody asks
    card = parse(drawn)
    if card.is_joker:
        return False  # a joker stands for whatever the player names
    known = [e for e in active if e.house or e.id in state.disclosed or state.wrote(seat, e)]
    book = state.rulebook() if len(known) == len(active) else state.rulebook_of(known)
    held = len(state.hands[seat])
    return not any(book.is_legal(context_of(state, seat, pile, card, card, held, 1))
                   for pile in state.piles)


def note_draws(state: GameState, events: list[Event]) -> None:
    """Remember who drew in ``events`` (one action's), and why, until they next act; a
    round no longer being played forgets every draw (replies are owed within a round)."""
    if state.phase != "playing":
        state.unanswered = {}
        return
    for event in events:
        # (A seat that drew and then left the game owes nothing.)
        if isinstance(event, Drew) and event.seat is not None and event.seat not in state.out:
            # A reason per card: a reply may count them (its "very"s).
            state.unanswered.setdefault(event.seat, []).extend(
                [event.reason] * max(event.count, 1))
        elif (isinstance(event, Donated) and event.left == 1 and event.seat is not None
              and event.seat not in state.out):
            state.unanswered.setdefault(event.seat, []).append("one_left")


def note_breaches(state: GameState, events: Sequence[Event]) -> None:
    """Remember the jargons of the rules a play or a pass broke (``events``: its own), which
    a player may then call without talking (``violation_calls``)."""
    found: list[str] = []
    for event in events:
        if isinstance(event, Refused | OutOfTurn):
            found += [OUT_OF_TURN] if isinstance(event, OutOfTurn) else []
            found += [b.jargon for b in event.broken]
        elif isinstance(event, CallBroken | SpeechBroken):
            found.append(event.jargon)
    state.breaches = list(dict.fromkeys(found))
