"""What one viewer may know: the only way game state leaves the engine for a screen.

A seat sees its own hand, the other seats' hand counts, the piles, whose turn it
is, the direction, the public log (with its own private lines), its own secret
rules, and the jargon of rules that have revealed themselves by refusing or
firing. A spectator sees the same without a hand or rules. Nobody sees another
hand or another author's rule until the game has ended; then everything shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from games.engine.events import Event
from games.engine.state import GameState, RuleEntry
from rules.english import describe


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything one viewer (a seat, or ``None`` for a spectator) may see of a game."""

    viewer: int | None
    names: list[str]
    phase: str
    round: int
    turn: int
    current: int
    direction: int
    hand: list[str]
    hand_counts: list[int]
    piles: list[dict[str, Any]]
    stock: int
    writers: list[int]
    my_rules: list[dict[str, Any]]
    known_rules: list[dict[str, Any]]
    winners: list[dict[str, Any]]
    end: dict[str, Any] | None
    rules: list[dict[str, Any]]
    log: list[dict[str, Any]]
    settings: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The view as JSON data (what a client may receive)."""
        return asdict(self)


def _rule_summary(state: GameState, entry: RuleEntry) -> dict[str, Any]:
    stats = state.stats.get(str(entry.id), {"broken": 0, "fired": 0, "first_broken": None})
    return {"id": entry.id, "jargon": entry.jargon, "author": entry.author,
            "author_name": state.names[entry.author], "round": entry.round,
            "kind": entry.data["rule"]["kind"], "text": describe(entry.rule), **stats}


def player_view(state: GameState, seat: int | None, log: Sequence[Event] = ()) -> PlayerView:
    """The view of ``seat`` (``None``: a spectator); ``log`` is the game's events so far."""
    ended = state.phase == "ended"
    own = [_rule_summary(state, e) for e in state.rules if seat is not None and e.author == seat]
    known = [{"id": e.id, "jargon": e.jargon, "author": e.author,
              "author_name": state.names[e.author]}
             for e in state.rules if e.id in state.revealed]
    return PlayerView(
        viewer=seat, names=list(state.names), phase=state.phase, round=state.round,
        turn=state.turn, current=state.current, direction=state.direction,
        hand=list(state.hands[seat]) if seat is not None and state.hands else [],
        hand_counts=[len(h) for h in state.hands],
        piles=[{"top": str(p.top), "count": len(p.cards), "suit": p.suit} for p in state.piles],
        stock=len(state.stock), writers=list(state.writers), my_rules=own, known_rules=known,
        winners=[dict(w) for w in state.winners], end=dict(state.end) if state.end else None,
        rules=[_rule_summary(state, e) for e in state.rules] if ended else [],
        log=[event.visible_to(seat) for event in log],
        settings=state.settings.to_json(),
    )


def spectator_view(state: GameState, log: Sequence[Event] = ()) -> PlayerView:
    """The view of someone watching without a seat."""
    return player_view(state, None, log)
