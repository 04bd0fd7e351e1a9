"""Shared helpers for engine tests: starting games with chosen rules and arranging the cards."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, overload

from games.engine.actions import Action, ClaimWin, Pass, Play, WriteRule
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState, Pile, read_pile_card
from rules.cards import make_deck

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def example(name: str) -> list[dict[str, Any]]:
    """The rules of one shipped example file (by number prefix) as ``WriteRule`` payloads."""
    (path,) = EXAMPLES.glob(f"{name}_*.json")
    data = json.loads(path.read_text())
    rules = data.get("rules", [data])
    return [{"jargon": r["jargon"], "rule": r["rule"]} for r in rules]


def trigger(jargon: str, when: dict[str, Any], *effects: dict[str, Any]) -> dict[str, Any]:
    """A trigger rule payload."""
    return {"jargon": jargon, "rule": {"kind": "trigger", "when": when, "effects": list(effects)}}


def rank_played(*ranks: str) -> dict[str, Any]:
    """The condition "the card played has one of these ranks"."""
    return {"type": "rank", "of": "played", "in": list(ranks)}


def start(rules: Sequence[tuple[int, dict[str, Any]]], names: Sequence[str] = ("Ann", "Bob",
          "Cat"), seed: int = 1, **settings: Any) -> GameState:
    """A dealt game whose rules are written, in order, by the given seats through ``apply``.

    Every author is made a writer before the deal (the state is a plain dataclass), so one
    game can start with several rules, as the examples need.
    """
    options = {"players": len(names), "first_rule_maker": rules[0][0]} | settings
    state = new_game(GameSettings(**options), names, seed)
    state.writers = [seat for seat, _ in rules]
    for seat, payload in rules:
        state, _ = apply(state, WriteRule(seat, payload))
    assert state.phase == "playing"
    return state


def arrange(state: GameState, hands: Sequence[Sequence[str] | None],
            piles: Sequence[Sequence[str]], draws: Sequence[str] = (),
            current: int | None = None) -> GameState:
    """Give every seat exactly ``hands`` and lay ``piles`` (bottom first), keeping the deck whole.

    The stock holds every other card, ``draws`` on top in the order they will be drawn. A hand
    given as ``None`` takes every other card instead, leaving only ``draws`` in the stock.
    """
    rest = Counter(str(c) for c in make_deck(state.settings.decks, state.settings.jokers))
    used = [c for h in hands for c in h or ()] + list(draws)
    used += [str(read_pile_card(c)[0]) for p in piles for c in p]
    rest.subtract(used)
    assert all(n >= 0 for n in rest.values()), f"more cards than the deck holds: {rest}"
    leftover = sorted(rest.elements())
    state.hands = [leftover if h is None else list(h) for h in hands]
    state.stock = list(reversed(draws)) if None in hands else leftover + list(reversed(draws))
    state.piles = [Pile(list(p)) for p in piles]
    # The round so far: every card on the piles, as if laid in this order.
    state.record = [str(read_pile_card(c)[1]) for p in piles for c in p]
    if current is not None:
        state.current = current
    return state


def snapshot(state: GameState) -> Any:
    """A deep copy of the state's JSON (``to_json`` shares the state's lists)."""
    return json.loads(json.dumps(state.to_json()))


def act(state: GameState, action: Action, at: int | None = None
        ) -> tuple[GameState, list[Event]]:
    """Apply an action (at time ``at``, ms) and check the old state did not change."""
    before = snapshot(state)
    new, events = apply(state, action, at)
    assert state.to_json() == before
    return new, events


def play(state: GameState, seat: int, *cards: str, **options: Any) -> tuple[GameState,
                                                                            list[Event]]:
    """``seat`` plays ``cards``."""
    return act(state, Play(seat, tuple(cards), **options))


def pass_(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """``seat`` passes."""
    return act(state, Pass(seat))


def claim(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """``seat`` claims an instant win."""
    return act(state, ClaimWin(seat))


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of some events, in order."""
    return [e.kind for e in events]


@overload
def of_kind(events: Iterable[Event], kind: str) -> list[Event]: ...
@overload
def of_kind[E: Event](events: Iterable[Event], kind: type[E]) -> list[E]: ...
def of_kind(events: Iterable[Event], kind: str | type[Event]) -> Sequence[Event]:
    """The events of one kind, given by its name or by its class (then typed as that class,
    to read its own fields)."""
    if isinstance(kind, str):
        return [e for e in events if e.kind == kind]
    return [e for e in events if isinstance(e, kind)]


@overload
def only(events: Iterable[Event], kind: str) -> Event: ...
@overload
def only[E: Event](events: Iterable[Event], kind: type[E]) -> E: ...
def only(events: Iterable[Event], kind: str | type[Event]) -> Event:
    """The single event of one kind (its name or its class, as for :func:`of_kind`)."""
    (event,) = of_kind(events, kind)
    return event


def tops(state: GameState) -> list[str]:
    """The top card of every pile as stored."""
    return [p.cards[-1] for p in state.piles]


def refusal(state: GameState, action: Action, at: int | None = None) -> str:
    """The error code ``apply`` refuses ``action`` with (at time ``at``, ms); the state
    must not have changed."""
    before = snapshot(state)
    try:
        apply(state, action, at)
    except EngineError as exc:
        assert state.to_json() == before
        return exc.code
    raise AssertionError(f"{action!r} was accepted")


def steps(start_state: GameState, actions: Iterable[Action]) -> list[tuple[GameState,
                                                                          list[Event]]]:
    """Apply ``actions`` one by one from ``start_state``: each new state with its events."""
    out = []
    state = start_state
    for action in actions:
        state, events = apply(state, action)
        out.append((state, events))
    return out
