"""The turn clock, "Hold on" and the timed game (every part a setting, off by default).

``turn_seconds``: a player who neither plays nor draws in time draws ``delay_penalty`` and
the turn passes; a late move is refused (``action/too_late``). ``hold_on_seconds``: once a
turn, the player to move may say "Hold on". ``game_minutes``: the timer ``end`` ends the
game, fewest cards winning; with ``host_times`` the host sets (or moves) it during play.
The clock stops outside a round's play and during a point of order.
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.actions import TimeGame
from games.engine.errors import EngineError
from games.engine.events import Event, HeldOn, TimedOut, TimeSet, TimeUp
from games.engine.play import pay
from games.engine.race_open import delay_races
from games.engine.rounds import end_game, no_supply
from games.engine.settings import MAX_GAME_MINUTES
from games.engine.state import GameState
from games.engine.timers import cancel_timer, on_timer, set_timer
from rules.english import article
from rules.phrases import said_contains

#: The turn clock's timer, and the timed game's.
TURN = "turn"
END = "end"
#: The words that ask for more time.
HOLD_ON = "hold on"
#: What identifies a turn: a change of any part starts a new one.
TurnKey = tuple[str, int, int, int]


def turn_key(state: GameState) -> TurnKey:
    """The turn being played: the phase, round, turn number and player to move."""
    return state.phase, state.round, state.turn, state.current


def keep_time(state: GameState, before: TurnKey | None, at: int) -> None:
    """After an accepted action (``before``: the turn before it; ``None`` at the start of
    the game): start a new turn's clock, stop it outside a round's play, and start a timed
    game's clock the first time."""
    settings = state.settings
    if state.phase == "ended":
        state.timers.clear()
        state.held = False
        return
    if state.phase != "playing":
        cancel_timer(state, TURN)
        state.held = False
        return
    # A deadline set while a point of order has stopped the clock counts from the moment it
    # stopped: the thaw adds the whole pause to every timer.
    start = at if state.frozen_at is None else state.frozen_at
    if settings.game_minutes is not None and END not in state.timers:
        # A timed game lasts from its first deal (it ends only when this timer fires).
        set_timer(state, END, start + settings.game_minutes * 60_000)
    if before != turn_key(state):
        state.held = False
        if settings.turn_seconds is not None:
            set_timer(state, TURN, start + settings.turn_seconds * 1000)
    _wait_for_races(state, start)


def _wait_for_races(state: GameState, at: int) -> None:
    """Nobody plays while the table races (games/engine/races.py), so the turn clock waits:
    it stops when the first race opens, keeping the time it had left, and goes on with that
    time when the last race closes."""
    left, due = state.races.turn_left, state.timers.get(TURN)
    if state.races.open and due is not None:
        state.races = replace(state.races, turn_left=max(0, due - at))
        cancel_timer(state, TURN)
    elif not state.races.open and left is not None:
        state.races = replace(state.races, turn_left=None)
        set_timer(state, TURN, at + left)


def start_clock(state: GameState, at: int) -> None:
    """Start the clock of a game just opened at ``at`` (its first turn, a timed game, and
    any race its first deal opened, which opened before time began)."""
    delay_races(state, max(0, at - state.clock))
    state.clock = max(state.clock, at)
    keep_time(state, None, at)


def hold_on(state: GameState, seat: int, words: str, events: list[Event]) -> None:
    """Give the player to move more time if ``words`` (said outside a play) ask for it and
    the game allows it: once a turn, holding at least ``hold_on_cards`` cards."""
    settings = state.settings
    if (settings.hold_on_seconds is None or seat != state.current or state.held
            or state.phase != "playing" or len(state.hands[seat]) < settings.hold_on_cards
            or not said_contains(words, HOLD_ON)):
        return
    state.held = True
    set_timer(state, TURN, state.clock + settings.hold_on_seconds * 1000)
    seconds = settings.hold_on_seconds
    events.append(HeldOn(text=f"{state.names[seat]} holds on: {_duration(seconds)} to play "
                         "or draw.", seat=seat, seconds=seconds))


def time_game(state: GameState, action: TimeGame, events: list[Event]) -> None:
    """The host sets the game to end ``action.minutes`` from now (``host_times``); a time
    set before is replaced. Counted from when a point of order stopped the clock, if one has."""
    if not 0 <= action.seat < state.players:
        raise EngineError("action/bad_seat", f"There is no seat {action.seat} in this game.")
    if not state.settings.host_times:
        raise EngineError("clock/not_allowed", "In this game the time is not set during play.")
    if not 1 <= action.minutes <= MAX_GAME_MINUTES:
        raise EngineError("clock/bad_minutes",
                          f"Give the game 1 to {MAX_GAME_MINUTES} minutes more.")
    start = state.clock if state.frozen_at is None else state.frozen_at
    due = start + action.minutes * 60_000
    set_timer(state, END, due)
    events.append(TimeSet(
        text=f"{state.names[action.seat]} sets a time limit: the game ends in "
             f"{_duration(action.minutes * 60)}, and then the fewest cards win.",
        seat=action.seat, minutes=action.minutes, due=due))


@on_timer(TURN)
def _delay_of_game(state: GameState, name: str, at: int, events: list[Event]) -> None:
    """The turn clock ran out: the chair's penalty, then the turn passes (or, without
    ``delay_passes``, the player keeps it, with a new turn's time to play or draw)."""
    if state.phase != "playing":
        return
    settings, seat = state.settings, state.current
    state.turn += 1  # the turn is used up, as a pass uses it
    events.append(TimedOut(
        text=f"{settings.chair}: that's {article(settings.delay_jargon)}! "
             f"{state.names[seat]} took longer than {_duration(settings.turn_seconds or 0)}.",
        seat=seat, jargon=settings.delay_jargon, count=settings.delay_penalty))
    short = pay(state, seat, settings.delay_penalty, events)
    if short:
        no_supply(state, {seat: short}, events)
        return
    if settings.delay_passes:
        state.current = state.seat_after(seat)


@on_timer(END)
def _time_up(state: GameState, name: str, at: int, events: list[Event]) -> None:
    """A timed game's time is up: the fewest cards win, and the game ends."""
    scores = tuple(len(hand) for hand in state.hands)
    # A seat out of the game holds no cards, and wins nothing.
    playing = state.seats_in_play()
    best = min(scores[s] for s in playing)
    winners = tuple(s for s in playing if scores[s] == best)
    listing = ", ".join(f"{state.names[s]} {scores[s]}" for s in playing)
    leaders = " and ".join(state.names[s] for s in winners)
    cards = "card" if best == 1 else "cards"
    verdict = (f"{leaders} holds the fewest cards ({best}) and wins the game."
               if len(winners) == 1 else f"{leaders} tie with the fewest cards ({best} {cards}).")
    events.append(TimeUp(text=f"Time is up. Cards held: {listing}.", scores=scores,
                         winners=winners))
    end_game(state, "time", f"Time is up: {verdict}", events)


def _duration(seconds: int) -> str:
    """``"a minute"``, ``"90 seconds"``, ``"5 seconds"``: a time as the table says it."""
    if seconds == 60:
        return "a minute"
    if seconds % 60 == 0:
        return f"{seconds // 60} minutes"
    return "1 second" if seconds == 1 else f"{seconds} seconds"
