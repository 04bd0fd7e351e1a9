"""Bad calls: a player who calls a rule's breach outside a play ("Misplay!", "That's a
Spade!") when the last play or pass broke no such rule pays for it (``bad_call_penalty``);
the chair says "Bad Call". A call is the jargon alone, or after "that's a" (any case and
punctuation); other words are talk, for the talking rules to judge.

Only breaches the engine remembers can be called (``state.breaches``, a play's or a pass's):
the jargons of restrictions and calls, and Out of Turn. A jargon whose words are said
within a phrase the rules ask players to say ("Mao", "Last card", "Thank you", the "nice
day" of "Have a nice day") is never read as a call.
"""

from __future__ import annotations

from games.engine.events import OUT_OF_TURN, BadCall, Event
from games.engine.rounds import no_supply
from games.engine.state import GameState
from games.engine.stock import draw
from rules.cards import STANDARD_CARDS
from rules.english import article
from rules.phrases import compile_template, speech_phrase, words
from rules.spec import Call, Reply, Restriction

#: Words that may open a call: "That's a Misplay!".
LEADS = (("that's", "a"), ("that's", "an"), ("that", "is", "a"), ("that", "is", "an"),
         ("thats", "a"), ("thats", "an"))


def callable_jargons(state: GameState) -> dict[tuple[str, ...], str]:
    """The jargons a player may call, by their words: those of the restrictions and calls
    in force whose jargon the whole table knows, and Out of Turn where the game penalises
    it, less any whose words a phrase those rules ask for holds."""
    # Only what the table knows: a secret jargon answered "Bad Call" would tell a prober it
    # exists, and a secret call's words (known jargon or not) would tell what it asks.
    active = state.active_rules()
    rules = [e.rule for e in active if state.knows_jargon(None, e)]
    public = [e.rule for e in active if e.house or e.id in state.disclosed]
    asked = {speech_phrase(r.spec.say).canonical for r in public if isinstance(r.spec, Reply)}
    asked |= {compile_template(r.spec.say).expand(card, 1).canonical
              for r in public if isinstance(r.spec, Call) for card in STANDARD_CARDS}
    found = {tuple(words(r.jargon)): r.jargon for r in rules
             if isinstance(r.spec, Restriction | Call)}
    if state.settings.out_of_turn == "penalised":
        found[tuple(words(OUT_OF_TURN))] = OUT_OF_TURN
    return {said: jargon for said, jargon in found.items()
            if said and not any(_within(said, phrase) for phrase in asked)}


def _within(said: tuple[str, ...], phrase: tuple[str, ...]) -> bool:
    """Whether the words ``said`` occur, in order, within ``phrase``'s."""
    return any(phrase[i:i + len(said)] == said for i in range(len(phrase) - len(said) + 1))


def called(state: GameState, said: str) -> str | None:
    """The jargon ``said`` calls (the whole of it), or ``None``."""
    heard = tuple(words(said))
    for lead in LEADS:
        if heard[:len(lead)] == lead:
            heard = heard[len(lead):]
            break
    return callable_jargons(state).get(heard)


def judge_call(state: GameState, seat: int, said: str, events: list[Event]) -> str | None:
    """Charge ``seat`` for a bad call in ``said``; the jargon called (good or bad), whose
    words are then no talk, or ``None`` when ``said`` calls nothing."""
    penalty = state.settings.bad_call_penalty
    jargon = called(state, said) if penalty is not None else None
    if jargon is None or penalty is None:
        return None
    if jargon in state.breaches:
        return jargon
    name = state.names[seat]
    events.append(BadCall(text=f"{state.settings.chair}: Bad Call! {name} called "
                          f"{article(jargon)} that the last play or pass did not make.",
                          seat=seat, jargon=jargon, count=penalty))
    short = draw(state, seat, penalty, "penalty", events)
    if short:
        no_supply(state, {seat: short}, events)
    return jargon
