"""Display rows: what templates receive about a game and its seats, never the models.

A :class:`~games.models.Game` holds every hand and every rule in its state, and a
:class:`~games.models.Seat` who holds it: neither may reach a template, where one
``{{ game.state }}`` or a debug page could show them. Views and fragments turn them into
these small frozen rows first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.models import Seat

#: What the table says about each kind of bot.
BOT_LABELS = {"experimenter": "bot", "oracle": "bot · knows every rule",
              "detective": "bot · detective"}


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat as a viewer sees it: ``me`` is whether it is the viewer's own."""

    index: int
    name: str
    is_host: bool
    is_bot: bool
    bot_kind: str
    me: bool

    @property
    def bot_label(self) -> str:
        """``bot``, or what is special about this bot (one that knows every rule)."""
        return BOT_LABELS.get(self.bot_kind, "bot") if self.is_bot else ""


def seat_row(seat: Seat, viewer: Seat | None) -> SeatRow:
    """``seat`` as ``viewer`` (``None``: a spectator) sees it."""
    return SeatRow(index=seat.index, name=seat.name, is_host=seat.is_host, is_bot=seat.is_bot,
                   bot_kind=seat.bot_kind, me=viewer is not None and seat.pk == viewer.pk)


def seat_rows(seats: Sequence[Seat], viewer: Seat | None) -> tuple[SeatRow, ...]:
    """Every seat, in order, as ``viewer`` sees it."""
    return tuple(seat_row(seat, viewer) for seat in seats)
