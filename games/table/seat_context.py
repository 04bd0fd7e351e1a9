"""What the table shows one viewer about seats that change hands and plays off one's turn:
the host's seat tools, the open seats a watcher may take, and which cards a player may try
now. Built from the engine's view and the seat rows only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.penalty_wait import playable
from games.engine.setup import MAX_NAME
from games.engine.visibility import PlayerView
from games.models import Seat
from games.store.rows import SeatRow, seat_row
from rules.cards import parse


@dataclass(frozen=True, slots=True)
class OpenSeat:
    """A seat open for someone new: its number, whose it was and the cards it holds."""

    index: int
    name: str
    cards: int


@dataclass(frozen=True, slots=True)
class OffTurn:
    """Which of the viewer's cards they may try now (``playable``), and what the hand says
    off their turn (``words``: "" on it, or for someone watching)."""

    playable: frozenset[str] = frozenset()
    words: str = ""


def seat_context(view: PlayerView, seats: Sequence[Seat], viewer: Seat | None) -> dict[str, Any]:
    """The seat tools and the off-turn hand of ``viewer`` (``None``: someone watching)."""
    going = view.phase != "ended"
    host = viewer is not None and viewer.is_host and going
    # Only the host's tools list the other seats.
    others = [s for s in seats if not view.is_out(s.index)
              and (viewer is None or s.pk != viewer.pk)] if host else []
    hand = off_turn(view)
    # A player alone with bots (a solo table) has nobody to hand their seat to.
    leaves = (viewer is not None and not viewer.is_host and going
              and viewer.index not in view.vacant
              and any(not s.is_bot for s in seats if s.pk != viewer.pk))
    return {
        # For a player who went silent: a bot plays their seat (an open one too).
        "handable": [seat_row(s, viewer) for s in others if not s.is_bot] if host else [],
        "openable": _rows(others, viewer, lambda s: s.index not in view.vacant) if host else [],
        "removable": _rows(others, viewer, lambda s: True) if host else [],
        "open_seats": [OpenSeat(i, view.names[i], view.hand_counts[i]) for i in view.vacant]
                      if viewer is None and going else [],
        "may_leave": leaves and not view.settings.leave_consent,
        # Where only the host's consent opens a seat, the player is told how to hand it on.
        "ask_to_leave": leaves and view.settings.leave_consent,
        # The longest name the engine takes (games/engine/names.py): the form says so first.
        "max_name": MAX_NAME,
        "playable": hand.playable,
        "off_turn": hand.words,
    }


def _rows(seats: Sequence[Seat], viewer: Seat | None, keep: Any) -> list[SeatRow]:
    return [seat_row(s, viewer) for s in seats if keep(s)]


def off_turn(view: PlayerView) -> OffTurn:
    """Which of the viewer's cards they may try now, and what the hand says off their
    turn (:class:`OffTurn`)."""
    if view.viewer is None or view.phase != "playing":
        return OffTurn()
    if view.current == view.viewer:
        return own_turn(view)
    # (Never whose turn it is, which the status says: the hand would change every turn.)
    whose = "It is not your turn:"
    settings = view.settings
    if settings.out_of_turn == "penalised":
        chair = settings.chair
        also = (" unless it is the same card as the top of a pile (a multiple)"
                if settings.multiples else "")
        return OffTurn(frozenset(view.hand),
                       f"{whose} a card you play now is out of turn{also}, so {chair} refuses "
                       "it and you draw a penalty card.")
    tops = {pile.last(1)[0] for pile in view.piles}
    multiples = frozenset(c for c in view.hand if c in tops) if settings.multiples else frozenset()
    if multiples:
        return OffTurn(multiples, f"{whose} you may play a card identical to the top of a "
                                  "pile (a multiple) now, and the others on your turn.")
    return OffTurn(multiples, f"{whose} wait for it.")


def own_turn(view: PlayerView) -> OffTurn:
    """The viewer's cards they may play on their own turn, and why the others wait: after a
    pass, only the card drawn (``play_drawn``); never a penalty card drawn this turn
    (``penalty_waits``)."""
    if view.drawn is not None:
        return OffTurn(frozenset({view.drawn}), f"You may play only the card you drew, "
                                                f"{_named(view.drawn)}, or pass to keep it.")
    if view.waiting:
        names = " and ".join(_named(c) for c in dict.fromkeys(view.waiting))
        count = len(view.waiting)
        return OffTurn(frozenset(playable(view.hand, view.waiting)),
                       f"The penalty card{'s' if count > 1 else ''} you drew this turn "
                       f"({names}) cannot be played until a later turn.")
    return OffTurn(frozenset(view.hand))


def _named(text: str) -> str:
    name = parse(text).name
    return name[:1].lower() + name[1:]
