"""Opening races and recording their answers: the part of :mod:`games.engine.races` that a
play and the starter call (below the life of a round, which closing a race may end).

A race opens once the play (or the starter) that set it off is over, if the round goes
on; the words said with that play, or the suit named with it, answer it for its player at
once, at the play's time: they knew first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from games.engine.effects import suit_name
from games.engine.events import Event, RaceAnswered, RaceOpened
from games.engine.race_state import OpenRace, Response, Started
from games.engine.state import GameState, RuleEntry
from games.engine.timers import set_timer
from rules.english import cards
from rules.phrases import compile_template
from rules.races import Race


def open_races(state: GameState, player: int, started: Sequence[Started], said: str,
               suit: str | None, events: list[Event]) -> None:
    """Open the races ``started`` by ``player``'s play (or by the starter, as if ``player``
    played it) at the state's time, if the round goes on. ``said`` (the words said with
    the play) and ``suit`` (the suit named with it) answer them for ``player`` at once."""
    if state.phase != "playing":
        return  # the play ended the round: nobody races for a round that is over
    for item in started:
        entry = rule_entry(state, item.rule)
        number = state.races.count + 1
        race = OpenRace(number, item.rule, item.race, player, item.pile, state.clock,
                        state.clock + item.race.seconds * 1000, tuple(racers(state)))
        state.races = replace(state.races, open=(*state.races.open, race), count=number)
        set_timer(state, race.timer, race.due)
        events.append(RaceOpened(
            text=_opening(item.race), race=number, means=item.race.answer,
            words=item.race.words, seconds=item.race.seconds, due=race.due,
            penalty=item.race.penalty, jargon=entry.jargon, author=entry.author,
            rule=entry.id))
        if item.race.answer == "suit" and suit is not None:
            record(state, race, player, suit, events)
        elif item.race.answer == "say" and item.race.heard(said):
            record(state, race, player, None, events)


def call_again(state: GameState, race: OpenRace, tied: Sequence[int],
               events: list[Event]) -> None:
    """Open ``race`` (a race to name a suit, just closed on a tie of ``tied``) again for the
    tied seats alone: the first of them to name a suit again sets it."""
    number = state.races.count + 1
    again = replace(race, number=number, opened=state.clock,
                    due=state.clock + race.race.seconds * 1000, seats=tuple(tied),
                    responses=(), again=True)
    state.races = replace(state.races, open=(*state.races.open, again), count=number)
    set_timer(state, again.timer, again.due)
    entry = rule_entry(state, race.rule)
    who = " and ".join(state.names[s] for s in tied)
    events.append(RaceOpened(
        text=f"Race again! {who}: name the suit within {race.race.seconds} seconds; the "
             "first to name one sets it.", race=number, means=race.race.answer,
        words=race.race.words, seconds=race.race.seconds, due=again.due,
        penalty=race.race.penalty, jargon=entry.jargon, author=entry.author, rule=entry.id))


def record(state: GameState, race: OpenRace, seat: int, suit: str | None,
           events: list[Event]) -> OpenRace:
    """Record ``seat``'s answer to ``race`` at the state's time and return the race as it
    now stands. The first answer to a race to name a suit brings its close forward to the
    next millisecond (answers of the same millisecond tie); closing a race whose every
    seat has answered is the caller's (:mod:`games.engine.races`)."""
    after = state.clock - race.opened
    race = replace(race, responses=(*race.responses, Response(seat, state.clock, suit)))
    state.races = replace(state.races, open=tuple(race if r.number == race.number else r
                                                  for r in state.races.open))
    events.append(RaceAnswered(text=_answered(state, race.race, seat, suit, after),
                               seat=seat, race=race.number, after=after, suit=suit))
    if race.race.first_wins and len(race.responses) == 1:
        # (The timer, not race.due, is when the window ends: a point of order put it off.)
        set_timer(state, race.timer, min(state.timers.get(race.timer, race.due),
                                         state.clock + 1))
    return race


def delay_races(state: GameState, ms: int) -> None:
    """Move every open race ``ms`` later, window and answers alike: the races a game's
    first deal opened before its clock started (:func:`games.engine.clock.start_clock`)."""
    if not ms or not state.races.open:
        return
    moved = tuple(replace(r, opened=r.opened + ms, due=r.due + ms,
                          responses=tuple(replace(a, at=a.at + ms) for a in r.responses))
                  for r in state.races.open)
    state.races = replace(state.races, open=moved)
    for race in moved:
        set_timer(state, race.timer, race.due)


def racers(state: GameState) -> list[int]:
    """The seats that race now: every seat still in the game and held."""
    return [s for s in state.seats_in_play() if s not in state.vacant]


def rule_entry(state: GameState, rule: int) -> RuleEntry:
    """The rule (by id) that opened a race."""
    return next(e for e in state.rules if e.id == rule)


def shown(race: Race) -> str:
    """What a race asks, as the table reads it: the phrase as written with its first
    choices (“Kool Kids Klub Konfirmed”), the button's label, or ``a suit``."""
    if race.answer == "say":
        return compile_template(race.words).display()[0]
    return race.words if race.answer == "press" else "a suit"


def verb(race: Race) -> str:
    """What one does to answer a race that is lost: ``say`` or ``press``."""
    return "say" if race.answer == "say" else "press"


def asks(race: Race) -> str:
    """What a race asks: ``say “Chauncey”``, ``press “Hands up”``, ``name a suit``."""
    return "name a suit" if race.first_wins else f"{verb(race)} “{shown(race)}”"


def _opening(race: Race) -> str:
    """The announcement of a race: ``Race! Everyone: say “Chauncey” within 5 seconds; the
    last draws a card.``"""
    seconds = f"within {race.seconds} seconds"
    if race.first_wins:
        return f"Race! Anyone may name the suit {seconds}; the first to name one sets it."
    return f"Race! Everyone: {asks(race)} {seconds}; the last draws {cards(race.penalty)}."


def _answered(state: GameState, race: Race, seat: int, suit: str | None, after: int) -> str:
    """An answer as the table hears it, with how long it took."""
    when = "at once" if after <= 0 else f"after {after / 1000:.1f} s"
    name = state.names[seat]
    if suit is not None:
        return f"{name} names {suit_name(suit)} ({when})."
    if race.answer == "say":
        return f"{name} says “{shown(race)}” ({when})."
    return f"{name}: {shown(race).lower()} ({when})."
