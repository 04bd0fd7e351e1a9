"""Seats that change hands during a game, and seats that leave it for good.

A seat handed to a bot changes only the table's knowledge of it; an *open* seat
(``state.vacant``) keeps its cards and turn until someone takes it over (``TakeSeat``); a
seat *out* (``state.out``) gives its cards to the stock and every count skips it. When one
seat is left it wins (:func:`last_player`).
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.actions import HandOver, LeaveSeat, OpenSeat, RemoveSeat, TakeSeat
from games.engine.errors import EngineError
from games.engine.events import (
    Event,
    HandedOver,
    SeatExit,
    SeatLeft,
    SeatOpened,
    SeatRemoved,
    SeatTaken,
    WonRound,
)
from games.engine.lockup import has_way_out
from games.engine.names import clean_name
from games.engine.rounds import end_game, start_round
from games.engine.state import GameState, RoundWin
from games.engine.stock import shuffle_rng


def _target(state: GameState, seat: int, target: int) -> None:
    """Refuse unless ``seat`` and ``target`` are seats and ``target`` is still in the game."""
    if not 0 <= seat < state.players or not 0 <= target < state.players:
        raise EngineError("action/bad_seat", "There is no such seat.")
    if target in state.out:
        raise EngineError("seat/out", f"{state.names[target]} has left the game already.")


def hand_over(state: GameState, action: HandOver, events: list[Event]) -> None:
    """Say that seat ``action.target`` is played by a bot from now on (an open seat too).

    Only whether the seat is open changes in the state: who plays a seat is the web
    layer's business (its seat rows follow this event); the table hears who handed which
    seat over.
    """
    _target(state, action.seat, action.target)
    if action.target == action.seat:
        raise EngineError("action/own_seat", "You cannot hand your own seat to a bot.")
    if action.target in state.vacant:
        state.vacant.remove(action.target)
    # The bot is someone new: it must not read the rules its seat's player wrote (and a
    # player who takes the seat back later must not read the bot's).
    state.new_stint(action.target)
    names = state.names
    events.append(HandedOver(
        text=f"{names[action.seat]} handed {names[action.target]}'s seat to a bot.",
        seat=action.target))


def open_seat(state: GameState, action: OpenSeat, events: list[Event]) -> None:
    """Open seat ``action.target`` for someone new to take over, with its cards."""
    _target(state, action.seat, action.target)
    if action.target == action.seat:
        raise EngineError("action/own_seat", "You cannot open your own seat.")
    _open(state, action.target)
    events.append(SeatOpened(text=f"{state.names[action.seat]} opened "
                             f"{state.names[action.target]}'s seat: someone new may take it "
                             "over, with its cards.", seat=action.target))


def leave_seat(state: GameState, action: LeaveSeat, events: list[Event]) -> None:
    """The player of ``action.seat`` leaves it, open for someone new to take over (not in a
    game where only the host's consent opens a seat: ``leave_consent``)."""
    _target(state, action.seat, action.seat)
    if state.settings.leave_consent:
        raise EngineError("seat/consent", "In this game a seat is handed on only with the "
                          "host's consent: ask the host to open yours for someone new.")
    _open(state, action.seat)
    events.append(SeatLeft(text=f"{state.names[action.seat]} leaves the table: someone new "
                           "may take over their seat, with its cards.", seat=action.seat))


def _open(state: GameState, seat: int) -> None:
    """``seat`` waits for someone new (``seat/already_open`` if it does already)."""
    if seat in state.vacant:
        raise EngineError("seat/already_open", f"{state.names[seat]}'s seat is open already.")
    state.vacant.append(seat)


def take_seat(state: GameState, action: TakeSeat, events: list[Event]) -> None:
    """Someone new takes over the open seat ``action.seat`` under their own name, with its
    cards, its turn and everything it owes. The rules it wrote stay its seat's (they are
    judged in its name), but stay secret from a newcomer: a new stint begins
    (:meth:`GameState.wrote`). A player taking their own seat back (``action.stint``, an
    earlier stint of the seat) resumes theirs: their own rules again, no one else's."""
    seat = action.seat
    _target(state, seat, seat)
    former = state.names[seat]
    if seat not in state.vacant:
        raise EngineError("seat/not_open", f"{former}'s seat is not open: only a seat its "
                          "player left, or the host opened, can be taken over.")
    name = clean_name(action.name)
    if any(name.casefold() == other.casefold() for s, other in enumerate(state.names)
           if s != seat):
        raise EngineError("seat/name_taken",
                          f"Someone here is already called {name}; choose another name.")
    if action.stint is not None and not 0 <= action.stint < state.stint_count.get(seat, 1):
        raise EngineError("seat/bad_stint", f"Nobody played {former}'s seat in that stint.")
    state.vacant.remove(seat)
    if seat in state.new_players:
        # Named new was the player, not the seat: whoever takes it over starts afresh.
        state.new_players.remove(seat)
        state.mistakes.pop(seat, None)
    if action.stint is None:
        state.new_stint(seat)
    else:
        state.stints[seat] = action.stint
    state.names[seat] = name
    held = len(state.hands[seat]) if state.hands else 0
    cards = "" if not held else ", with its card" if held == 1 else f", with its {held} cards"
    events.append(SeatTaken(text=f"{name} takes over {former}'s seat{cards}.",
                            seat=seat, name=name, former=former))


def remove_seat(state: GameState, action: RemoveSeat, events: list[Event]) -> None:
    """Remove seat ``action.target`` from the game for good (see :func:`take_out`)."""
    _target(state, action.seat, action.target)
    if action.target == action.seat:
        raise EngineError("action/own_seat", "You cannot remove your own seat.")
    host, name = state.names[action.seat], state.names[action.target]

    def said(returned: int) -> Event:
        return SeatRemoved(text=f"{host} removed {name} from the game.{cards_back(returned)}",
                           seat=action.target, returned=returned)

    take_out(state, action.target, "removed", said, events)


def cards_back(cards: int) -> str:
    """A sentence (after a space) saying a seat's ``cards`` went back into the stock.

    >>> cards_back(7), cards_back(1), cards_back(0)
    (' Their 7 cards go back into the stock.', ' Their card goes back into the stock.', '')
    """
    if not cards:
        return ""
    return (" Their card goes back into the stock." if cards == 1
            else f" Their {cards} cards go back into the stock.")


def take_out(state: GameState, seat: int, reason: SeatExit,
             announce: Callable[[int], Event], events: list[Event]) -> None:
    """Seat ``seat`` leaves the game for good (``reason``): its cards are shuffled into the
    stock, ``announce(cards returned)`` is told, and the game moves on without it: the
    turn, the deal and a rule being written pass to the next seat still in the game (a debt
    of cards it owed on its turn goes with it); one seat left wins (:func:`last_player`)."""
    cards = state.hands[seat] if state.hands else []
    if state.hands:
        state.hands[seat] = []
    state.out[seat] = reason
    if seat in state.vacant:
        state.vacant.remove(seat)
    state.unanswered.pop(seat, None)
    state.mistakes.pop(seat, None)
    if cards:
        state.stock += cards
        shuffle_rng(state).shuffle(state.stock)
    events.append(announce(len(cards)))
    if state.table_size == 1:
        last_player(state, events)
        return
    _move_on(state, seat, events)


def _move_on(state: GameState, seat: int, events: list[Event]) -> None:
    """Whatever waited on ``seat`` (just out of the game) passes to the next seat in it."""
    if state.phase == "playing" and state.current == seat:
        state.pending = 0
        state.current = state.seat_after(seat)
    if state.rule_maker == seat:
        state.rule_maker = state.step(seat, 1)
    if state.dealer == seat:
        state.dealer = state.step(seat, 1)
        if state.phase == "dealing":
            start_round(state, events)  # the next dealer deals, and is told so
    if seat in state.writers:
        state.writers.remove(seat)
        if state.phase == "writing" and not state.writers:
            state.way_out = has_way_out(state.rulebook(), players=state.analysis_players())
            start_round(state, events)


def last_player(state: GameState, events: list[Event]) -> None:
    """One seat is left in the game: it wins the round being played (if one is) and the
    game, whatever the match."""
    (seat,) = state.seats_in_play()
    name = state.names[seat]
    if state.phase == "playing":
        state.winners.append(RoundWin(state.round, seat, "last_player"))
        events.append(WonRound(text=f"{name} is the last player left and wins round "
                               f"{state.round}!", seat=seat, round=state.round,
                               how="last_player"))
    state.current = seat
    end_game(state, "last_player", f"{name} is the last player left and wins the game.",
             events)
