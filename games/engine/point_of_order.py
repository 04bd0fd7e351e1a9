"""Points of order: play stops, every hand goes face down, and the table may talk.

Called with :class:`~games.engine.actions.CallOrder` by whoever ``order_callers`` allows;
while it lasts plays are refused (``order/paused``), the clock is frozen and words are
chat. Ended by its caller or the host (``EndOrder``), by anyone where ``order_enders``
says so, or by everyone else agreeing (``order_agree``). ``order_calls`` and
``order_gap_seconds`` bound each player; the host is held to neither. With ``host_pause``
the host may pause the game (``CallOrder(pause=True)``): play stops in the same way, but no
rule judges what is said, and only the host resumes it.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Final

from games.engine.actions import (
    Action,
    CallOrder,
    ClaimWin,
    Deal,
    EndOrder,
    Pass,
    Play,
    PlayerAction,
    Respond,
    SanctionOrder,
    SkipRule,
    WriteRule,
)
from games.engine.errors import EngineError
from games.engine.events import (
    Event,
    OrderAgreed,
    OrderCalled,
    OrderEnd,
    OrderEnded,
    OrderSanctioned,
)
from games.engine.point_of_order_state import CHAT_KEPT, ChatLine, PointOfOrder
from games.engine.rounds import no_supply
from games.engine.state import GameState
from games.engine.stock import draw
from games.engine.timers import freeze, thaw
from games.engine.visibility import PlayerView
from rules.phrases import hear, plain

#: What cannot happen while a point of order lasts: anything that moves a card or the turn,
#: and a race's answer (its window waits with the clock).
PAUSED = (Play, Pass, ClaimWin, Deal, WriteRule, SkipRule, Respond)


def refuse_paused(state: GameState, action: Action) -> None:
    """Refuse ``action`` (``order/paused``) if it would move play on while a point of order
    lasts."""
    current = state.order.current
    if current is not None and isinstance(action, PAUSED):
        raise EngineError("order/paused",
                          f"Play is stopped: {state.names[current.caller]} called a point "
                          "of order. Wait until it ends.")


def call_order(state: GameState, action: CallOrder, events: list[Event]) -> None:
    """``action.seat`` calls a point of order, if the game lets them now."""
    seat, settings, book = action.seat, state.settings, state.order
    if not 0 <= seat < state.players:
        raise EngineError("action/bad_seat", f"There is no seat {seat} in this game.")
    if state.phase != "playing":
        raise EngineError("action/wrong_phase",
                          "A point of order can be called only while cards are played.")
    if action.pause:
        _may_pause(state, action)
    elif settings.order_callers == "nobody":
        raise EngineError("order/not_allowed", "This game has no points of order.")
    if settings.order_callers == "host" and not action.host and not action.pause:
        raise EngineError("order/host_only",
                          "Only the host can call a point of order in this game.")
    if book.current is not None:
        raise EngineError("order/already",
                          f"{state.names[book.current.caller]} has already called a point "
                          "of order.")
    if not action.host:
        _within_limits(state, seat)
    if book.round != state.round:
        book.round, book.calls = state.round, {}
    if not action.pause:
        book.calls[seat] = book.calls.get(seat, 0) + 1
    book.called += 1
    book.current = PointOfOrder(caller=seat, since=state.clock, quiet_since=state.clock,
                                number=book.called, pause=action.pause)
    freeze(state, state.clock)
    text = (f"{state.names[seat]}: “The game has been paused.” Play stops, every hand is "
            "face down, and no rule judges what is said until the host resumes it."
            if action.pause else
            f"{state.names[seat]} calls a point of order: play stops and every hand is "
            "face down.")
    events.append(OrderCalled(text=text, seat=seat))


def sanction(state: GameState, action: SanctionOrder, events: list[Event]) -> None:
    """The host sanctions a player for excessive or needless points of order
    (``order_sanctions``): a penalty card, or the loss of the right to call one."""
    seat, target = action.seat, action.target
    if not 0 <= seat < state.players or not 0 <= target < state.players:
        raise EngineError("action/bad_seat", "There is no such seat.")
    if not state.settings.order_sanctions:
        raise EngineError("order/no_sanctions",
                          "In this game nobody is sanctioned for points of order.")
    if target in state.out:
        raise EngineError("seat/out", f"{state.names[target]} has left the game already.")
    if state.phase != "playing":
        raise EngineError("action/wrong_phase",
                          "A sanction is given only while cards are played.")
    host, name = state.names[seat], state.names[target]
    if action.sanction == "bar":
        if target in state.order.barred:
            raise EngineError("order/barred_already",
                              f"{name} has lost the right to call one already.")
        state.order.barred.append(target)
        events.append(OrderSanctioned(
            text=f"{host} takes away {name}'s right to call a point of order, for excessive "
                 "points of order.", seat=target, sanction="bar"))
        return
    events.append(OrderSanctioned(
        text=f"{host} gives {name} a penalty card for excessive points of order.",
        seat=target, sanction="card"))
    short = draw(state, target, 1, "penalty", events)
    if short:
        no_supply(state, {target: short}, events)


def _may_pause(state: GameState, action: CallOrder) -> None:
    """Refuse a pause the game has none of, or asked for by anyone but the host."""
    if not state.settings.host_pause:
        raise EngineError("order/no_pause", "This game has no pause.")
    if not action.host:
        raise EngineError("order/host_only", "Only the host can pause the game.")


def _within_limits(state: GameState, seat: int) -> None:
    """Refuse a call past the game's limits (calls a round, the gap between two), or by a
    player the host barred."""
    settings, book = state.settings, state.order
    if seat in book.barred:
        raise EngineError("order/barred", "You have lost the right to call a point of order "
                          "in this game.")
    most = settings.order_calls
    if most is not None and book.calls_in(state.round, seat) >= most:
        times = "once" if most == 1 else f"{most} times"
        raise EngineError("order/too_many",
                          f"You have called a point of order {times} this round: the most "
                          "this game allows.")
    ended = book.last_ended.get(seat)
    if ended is not None:
        wait = ended + settings.order_gap_seconds * 1000 - state.clock
        if wait > 0:
            seconds = -(-wait // 1000)
            raise EngineError("order/too_soon",
                              f"You can call another point of order in {seconds} second"
                              f"{'' if seconds == 1 else 's'}.")


def end_order(state: GameState, action: EndOrder, events: list[Event]) -> None:
    """``action.seat`` ends the point of order, or agrees to end it (where everyone else
    together may)."""
    seat, settings, current = action.seat, state.settings, state.order.current
    if not 0 <= seat < state.players:
        raise EngineError("action/bad_seat", f"There is no seat {seat} in this game.")
    if current is None:
        raise EngineError("order/none", "There is no point of order to end.")
    if action.order is not None and action.order != current.number:
        # A screen (or a frame) late by a point of order: it ended the one it meant, and
        # must not end, or agree to end, the one called since.
        raise EngineError("order/stale",
                          "That point of order is over already: "
                          f"{state.names[current.caller]} has called another since. Look "
                          "again before ending this one.")
    caller = state.names[current.caller]
    if current.pause and not (seat == current.caller or action.host):
        raise EngineError("order/host_only", "Only the host can resume the game.")
    if seat == current.caller:
        _end(state, "caller", seat, events)
    elif action.host:
        _end(state, "host", seat, events)
    elif settings.order_enders == "anyone":
        _end(state, "player", seat, events)
    elif settings.order_agree:
        _agree(state, current, seat, events)
    else:
        raise EngineError("order/not_yours",
                          f"Only {caller}, who called it, or the host can end this point "
                          "of order.")


def _agree(state: GameState, current: PointOfOrder, seat: int, events: list[Event]) -> None:
    """``seat`` agrees to end the point of order; everyone but its caller agreeing ends it."""
    if seat in current.agreed:
        raise EngineError("order/agreed", "You have already agreed to end it.")
    quiet = state.settings.order_quiet_seconds * 1000
    wait = current.quiet_since + quiet - state.clock
    if wait > 0:
        seconds = -(-wait // 1000)
        raise EngineError("order/not_quiet",
                          f"The others may agree to end it once nobody has spoken for "
                          f"{state.settings.order_quiet_seconds} seconds: {seconds} more.")
    current.agreed.append(seat)
    needed = agreers(state, current)
    agreed = len(set(current.agreed) & set(needed))
    events.append(OrderAgreed(
        text=f"{state.names[seat]} agrees to end the point of order ({agreed} of "
             f"{len(needed)}).", seat=seat, agreed=agreed, needed=len(needed)))
    if set(needed) <= set(current.agreed):
        _end(state, "agreed", None, events)


def agreers(state: GameState, current: PointOfOrder) -> list[int]:
    """Who must agree to end ``current``: every seat in the game and held, but its caller."""
    return [s for s in state.seats_in_play() if s != current.caller and s not in state.vacant]


def _end(state: GameState, how: OrderEnd, seat: int | None, events: list[Event]) -> None:
    """End the point of order under way (``seat``: who ended it, if one seat did): the
    clock starts again where it stopped."""
    current = state.order.current
    assert current is not None
    state.order.current = None
    state.order.last_ended[current.caller] = state.clock
    thaw(state, state.clock)
    caller = state.names[current.caller]
    resumes = f"play resumes with {state.names[state.current]} to play"
    if current.pause and seat is not None:
        text = (f"{state.names[seat]}: “The game has been resumed.” Every rule applies "
                f"again, and {resumes}.")
    elif current.pause:
        text = "The pause ends with the round."
    elif how == "agreed":
        text = f"Everyone but {caller} agrees: the point of order ends, and {resumes}."
    elif how == "round":
        text = "The point of order ends with the round."
    else:
        assert seat is not None
        whose = "the" if how == "caller" else f"{caller}'s"
        text = f"{state.names[seat]} ends {whose} point of order: {resumes}."
    events.append(OrderEnded(text=text, seat=seat, caller=current.caller, how=how))


#: The words that end a point of order, and those that call one (``order_words``); nothing
#: shorter does ("it cannot be abbreviated in any form or way").
END_WORDS: Final = plain("End point of order")
CALL_WORDS: Final = plain("Point of order")


def spoken(state: GameState, seat: int, words: str, events: list[Event]) -> None:
    """Words ``seat`` said (judged already), where ``order_words`` makes them count: "End
    point of order" ends the point of order under way, if the seat may end it; "Point of
    order" said outside one calls one, as the button does (where the button would be
    refused, the words call nothing and the rest of what was said stands), where any player
    may call one (else only the button does: the host's powers are not
    the words')."""
    if not state.settings.order_words or state.phase != "playing":
        return
    heard = hear(words)
    free = [True] * len(heard)
    ending = END_WORDS.find(heard, free)
    current = state.order.current
    if current is not None:
        if ending is not None and (seat == current.caller
                                   or state.settings.order_enders == "anyone"):
            end_order(state, EndOrder(seat, order=current.number), events)
        return
    while ending is not None:
        free[ending[0]:ending[1]] = [False] * (ending[1] - ending[0])
        ending = END_WORDS.find(heard, free)
    if state.settings.order_callers == "anyone" and CALL_WORDS.find(heard, free) is not None:
        # Past its limits the words call nothing; what else was said stands.
        with suppress(EngineError):
            call_order(state, CallOrder(seat), events)


def listen(state: GameState, seat: int, words: str) -> None:
    """Words said during the point of order: a line of its chat, and talking that has not
    stopped (the quiet starts again, and so does the agreeing to end it)."""
    current = state.order.current
    assert current is not None
    current.said = [*current.said, ChatLine(seat, " ".join(words.split()))][-CHAT_KEPT:]
    current.quiet_since = state.clock
    current.agreed = []


def settle(state: GameState, events: list[Event]) -> None:
    """After an action: a point of order outlives no round (a penalty the stock could not
    supply, the host ending the game): it ends with it. Where everyone else together may end
    one, a seat leaving may leave everyone who is left agreed: then it ends too."""
    current = state.order.current
    if current is None:
        return
    if state.phase == "playing":
        needed = agreers(state, current)
        if (state.settings.order_agree and current.agreed and needed
                and set(needed) <= set(current.agreed)):
            _end(state, "agreed", None, events)
        return
    if state.phase == "ended":
        state.order.current = None
        thaw(state, state.clock)
        return
    _end(state, "round", None, events)


def bot_move(view: PlayerView) -> PlayerAction | None:
    """What a bot does while a point of order lasts (``view.order``): it plays nothing and
    says nothing (it has no question to ask, and a word could cost it a card); it ends one
    it called (a seat handed to a bot mid-pause), and agrees to end one once someone else
    has (where everyone else together may), never before: people decide when talking is
    over."""
    order, seat = view.order, view.viewer
    if order is None or seat is None:
        return None
    if order.caller == seat:
        return EndOrder(seat, order=order.number)
    if view.settings.order_agree and order.agreed and seat not in order.agreed:
        return EndOrder(seat, order=order.number)
    return None
