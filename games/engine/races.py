"""Races: a response window every seat at the table answers (:mod:`rules.races`).

A trigger's ``race`` effect opens one after its play (:func:`open_races`); seats answer by
the button (``Respond``) or by words (:func:`hear`), at the server's time. It closes when
all have answered or its timer ``race:<number>`` fires: a lost race costs the last (or the
silent) its penalty, a won race lets the first name the suit. Ties go to a draw of lots
seeded by the game and the race. While one is open nobody plays (``action/race_open``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from random import Random

from games.engine.actions import Respond
from games.engine.effects import suit_name
from games.engine.errors import EngineError
from games.engine.events import Event, NamedSuit, RaceClosed
from games.engine.race_open import asks, call_again, racers, record, rule_entry, shown, verb
from games.engine.race_state import OpenRace
from games.engine.rounds import no_supply
from games.engine.state import GameState, RuleEntry
from games.engine.stock import draw
from games.engine.timers import cancel_timer, on_timer
from rules.english import cards, listing
from rules.phrases import Phrase
from rules.races import Race, suit_named

#: The kind of the races' timers (``race:1``, ``race:2``...).
KIND = "race"


def respond(state: GameState, action: Respond, events: list[Event]) -> None:
    """Seat ``action.seat`` presses a race's button (or names a suit with it)."""
    if not 0 <= action.seat < state.players:
        raise EngineError("action/bad_seat", f"There is no seat {action.seat} in this game.")
    race = state.races.find(action.race) if state.phase == "playing" else None
    if race is None:
        raise EngineError("action/race_closed", "Too late: that race is over.")
    if action.seat not in still_racing(state, race):
        raise EngineError("action/not_racing", "You are not in that race.")
    if race.answered(action.seat):
        raise EngineError("action/race_answered", "You have already answered that race.")
    if (race.race.answer == "suit") != (action.suit is not None):
        raise EngineError("action/malformed", "Name a suit for this race, and only for it.")
    _answer(state, race, action.seat, action.suit, events)


def still_racing(state: GameState, race: OpenRace) -> tuple[int, ...]:
    """The seats of ``race`` that still race: a seat that left the game, or whose player
    left it open, since the race opened neither answers nor pays."""
    now = set(racers(state))
    return tuple(s for s in race.seats if s in now)


def hear(state: GameState, seat: int, words: str, events: list[Event]) -> None:
    """Words ``seat`` said outside a play answer every open race they hold the phrase of
    (or, in a race to name a suit, the first suit they name) that the seat has not
    answered yet."""
    for number in [r.number for r in state.races.open]:
        # An answer may close a race, and its penalty end the round: look again each time.
        race = state.races.find(number)
        if race is None or seat not in still_racing(state, race) or race.answered(seat):
            continue
        if race.race.answer == "suit":
            named = suit_named(words)
            if named is not None:
                _answer(state, race, seat, named, events)
        elif race.race.heard(words):
            _answer(state, race, seat, None, events)


def racing_phrases(state: GameState, events: Sequence[Event]) -> list[Phrase]:
    """The phrases whose words answer a race now: those of the races open, and of the races
    this very action closed (``events``: its events so far), so that words which came a
    moment too late cost the race, not a talking penalty on top of it."""
    races = [r.race for r in state.races.open]
    races += [Race(e.means, e.words) for e in events if isinstance(e, RaceClosed)]
    return [phrase for race in races if (phrase := race.phrase) is not None]


def hold(state: GameState) -> None:
    """Refuse a play, a pass or a claim while the table races (``action/race_open``)."""
    if state.races.open:
        asked = listing([asks(r.race) for r in state.races.open])
        raise EngineError("action/race_open",
                          f"Wait for the race to end: everyone is racing to {asked}.")


def forget(state: GameState) -> None:
    """A round no longer played forgets its races: nobody races for a round that is over."""
    for race in state.races.open:
        cancel_timer(state, race.timer)
    state.races = replace(state.races, open=(), turn_left=None)


def lot(seed: int, number: int, seats: Sequence[int]) -> int:
    """The seat among ``seats`` the lot of race ``number`` falls on (same on a replay)."""
    return Random(f"{seed}/race/{number}").choice(sorted(seats))


def _answer(state: GameState, race: OpenRace, seat: int, suit: str | None,
            events: list[Event]) -> None:
    """Record an answer; the race closes once every seat racing has answered."""
    race = record(state, race, seat, suit, events)
    if all(race.answered(s) for s in still_racing(state, race)):
        _close(state, race, events)


@on_timer(KIND)
def _window_closed(state: GameState, name: str, at: int, events: list[Event]) -> None:
    """A race's window ran out (or, for a race to name a suit, its first answer's moment
    passed): it closes with the answers it has."""
    race = state.races.find(int(name.partition(":")[2]))
    if race is not None and state.phase == "playing":
        _close(state, race, events)


def _close(state: GameState, race: OpenRace, events: list[Event]) -> None:
    """Close ``race`` and settle it."""
    cancel_timer(state, race.timer)
    state.races = replace(state.races, open=tuple(r for r in state.races.open
                                                   if r.number != race.number))
    entry = rule_entry(state, race.rule)
    if race.race.first_wins:
        _settle_first(state, race, entry, events)
    else:
        _settle_last(state, race, entry, events)


def _settle_last(state: GameState, race: OpenRace, entry: RuleEntry,
                 events: list[Event]) -> None:
    """The last to answer (or every seat that did not) draws the penalty."""
    names, asked, penalty = state.names, shown(race.race), race.race.penalty
    racing = still_racing(state, race)
    silent = tuple(s for s in racing if not race.answered(s))
    answers = [r for r in race.responses if r.seat in racing]
    tied: tuple[int, ...] = ()
    if not answers and not silent:
        return  # everyone who raced has left the game: nobody is last
    if silent:
        losers = silent
        who = listing([names[s] for s in silent])
        each = " each" if len(silent) > 1 else ""
        draws = "draw" if len(silent) > 1 else "draws"
        verdict = (f"{who} did not {verb(race.race)} “{asked}” in time and {draws} "
                   f"{cards(penalty)}{each}.")
    else:
        last = max(r.at for r in answers)
        lasts = tuple(sorted(r.seat for r in answers if r.at == last))
        losers = (lot(state.seed, race.number, lasts),)
        tied = lasts if len(lasts) > 1 else ()
        loser = names[losers[0]]
        verdict = (f"{loser} was last to {verb(race.race)} “{asked}” and draws "
                   f"{cards(penalty)}.")
        if tied:
            together = listing([names[s] for s in tied])
            verdict = (f"{together} were last to {verb(race.race)} “{asked}”, in the same "
                       f"instant: the lot falls on {loser}, who draws {cards(penalty)}.")
    events.append(RaceClosed(
        text=f"{_voice(state, entry)} {verdict}", race=race.number, means=race.race.answer,
        words=race.race.words, losers=losers, penalty=penalty, tied=tied,
        jargon=entry.jargon, author=entry.author, rule=entry.id))
    short: Counter[int] = Counter()
    for seat in losers:
        short[seat] += draw(state, seat, penalty, "penalty", events)
    if +short:
        no_supply(state, +short, events)
        forget(state)


def _settle_first(state: GameState, race: OpenRace, entry: RuleEntry,
                  events: list[Event]) -> None:
    """The first to name a suit sets it (a tie goes to the card's player, else to lots, or
    with ``suit_ties`` ``again`` to the first of the tied to name one again)."""
    names = state.names
    if not race.responses:
        events.append(RaceClosed(
            text=f"{_voice(state, entry)} Nobody named a suit: the card's own suit stands.",
            race=race.number, means=race.race.answer, words=race.race.words,
            jargon=entry.jargon, author=entry.author, rule=entry.id))
        return
    first = min(r.at for r in race.responses)
    tied = tuple(sorted(r.seat for r in race.responses if r.at == first))
    if (len(tied) > 1 and race.player not in tied and not race.again
            and state.settings.suit_ties == "again"):
        together = listing([names[s] for s in tied])
        events.append(RaceClosed(
            text=f"{_voice(state, entry)} {together} named a suit in the same instant: the "
                 "first of them to name one again sets it.", race=race.number,
            means=race.race.answer, words=race.race.words, tied=tied, jargon=entry.jargon,
            author=entry.author, rule=entry.id))
        call_again(state, race, tied, events)
        return
    winner = (race.player if race.player in tied
              else tied[0] if len(tied) == 1 else lot(state.seed, race.number, tied))
    suit = next(r.suit for r in race.responses if r.seat == winner)
    assert suit is not None  # every answer to a race to name a suit names one
    verdict = f"{names[winner]} named a suit first."
    if len(tied) > 1:
        together = listing([names[s] for s in tied])
        why = ("whose card it is" if winner == race.player else "on whom the lot falls")
        verdict = f"{together} named a suit in the same instant: it is {names[winner]}'s, {why}."
    events.append(RaceClosed(
        text=f"{_voice(state, entry)} {verdict}", race=race.number, means=race.race.answer,
        words=race.race.words, winner=winner, suit=suit, tied=tied if len(tied) > 1 else (),
        jargon=entry.jargon, author=entry.author, rule=entry.id))
    if race.pile < len(state.piles):
        state.piles[race.pile].suit = suit
    events.append(NamedSuit(text=f"{names[winner]} names {suit_name(suit)}.", seat=winner,
                            suit=suit))


def _voice(state: GameState, entry: RuleEntry) -> str:
    """Who announces a race's result: the rule's author (or the chair), with its jargon."""
    return f"{state.author_name(entry.author)}: {entry.jargon}!"
