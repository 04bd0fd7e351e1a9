"""The engine's clock: named timers in the state, fired by the server's :class:`Tick`.

The engine never reads a clock: every action is applied *at* a time (ms, stored in the
log), and ``state.clock`` never runs backwards. A timer (``"turn"``, ``"race:3"``,
``"end"``) is due at a time; the web layer applies a ``Tick`` at :func:`next_due`, which
fires each due timer through the handler its kind registered (:func:`on_timer`). A point
of order freezes the clock (:func:`freeze`, :func:`thaw`).

>>> import games.engine.clock  # registers the handlers of "turn" and "end"
>>> from games.engine.settings import GameSettings
>>> from games.engine.setup import new_game
>>> state = new_game(GameSettings(players=2), ["Ann", "Bob"], seed=1)
>>> set_timer(state, "end", 5_000)
>>> set_timer(state, "turn", 3_000)
>>> next_due(state), due_now(state, 4_000)
(3000, ['turn'])
>>> freeze(state, 1_000); next_due(state) is None
True
>>> thaw(state, 11_000); next_due(state), state.timers["end"]
(13000, 15000)
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.state import GameState

#: What a timer does when it fires: given the state (being changed), the timer's name, the
#: time it fires at, and the events to append to.
TimerHandler = Callable[[GameState, str, int, list[Event]], None]
#: The handler of each kind of timer, by kind (a timer's name up to any ``:``).
HANDLERS: dict[str, TimerHandler] = {}


def on_timer(kind: str) -> Callable[[TimerHandler], TimerHandler]:
    """Register the handler of timers of ``kind`` (``"turn"`` handles ``turn``,
    ``"race"`` handles ``race:1``, ``race:2``...)."""

    def register(handler: TimerHandler) -> TimerHandler:
        HANDLERS[kind] = handler
        return handler

    return register


def kind_of(name: str) -> str:
    """A timer's kind: its name up to the first ``:``."""
    return name.partition(":")[0]


def set_timer(state: GameState, name: str, due: int) -> None:
    """Make timer ``name`` due at ``due`` (replacing its earlier time, if any). While the
    clock is frozen the time is kept as given and shifted by the freeze's length at the
    thaw, as every other timer is."""
    if kind_of(name) not in HANDLERS:
        raise ValueError(f"no handler for timers of kind {kind_of(name)!r}")
    state.timers[name] = due


def cancel_timer(state: GameState, name: str) -> None:
    """Forget timer ``name`` (nothing happens if it is not set)."""
    state.timers.pop(name, None)


def next_due(state: GameState) -> int | None:
    """When the earliest timer is due (``None``: no timer, a frozen clock or a game over)."""
    if state.frozen_at is not None or not state.timers or state.phase == "ended":
        return None
    return min(state.timers.values())


def due_now(state: GameState, at: int) -> list[str]:
    """The timers due at ``at``, earliest first (ties by name, so the order is the same on
    every replay); none while the clock is frozen."""
    if state.frozen_at is not None:
        return []
    return sorted((n for n, due in state.timers.items() if due <= at),
                  key=lambda n: (state.timers[n], n))


def fire_due(state: GameState, at: int, events: list[Event]) -> None:
    """Fire every timer due at ``at``, earliest first: each is forgotten, then handled
    (a handler may set it again). A timer a handler cancels or moves later is not fired.
    Refused (``action/not_due``) when nothing is due: a tick that came too early, or one
    that another process's tick beat, changes nothing."""
    due = due_now(state, at)
    if not due:
        raise EngineError("action/not_due", "No timer is due yet.")
    for name in due:
        if state.phase == "ended":
            break
        when = state.timers.get(name)
        if when is None or when > at:
            continue  # cancelled or moved by a handler fired before it
        del state.timers[name]
        HANDLERS[kind_of(name)](state, name, at, events)


def freeze(state: GameState, at: int) -> None:
    """Stop the clock at ``at`` (a point of order): nothing is due until :func:`thaw`."""
    if state.frozen_at is None:
        state.frozen_at = at


def thaw(state: GameState, at: int) -> None:
    """Start the clock again at ``at``: every timer is due as long after ``at`` as it was
    due after the freeze, so nothing loses the time it had left."""
    if state.frozen_at is None:
        return
    pause = max(0, at - state.frozen_at)
    state.timers = {name: due + pause for name, due in state.timers.items()}
    state.frozen_at = None


def seconds_left(state: GameState, name: str, at: int) -> float | None:
    """How long timer ``name`` has left at ``at`` (frozen: as long as it had at the freeze),
    in seconds; ``None`` when it is not set."""
    due = state.timers.get(name)
    if due is None:
        return None
    now = at if state.frozen_at is None else state.frozen_at
    return max(0, due - now) / 1000
