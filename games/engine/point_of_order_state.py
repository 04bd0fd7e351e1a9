"""The points of order's part of a game's state (rules: :mod:`games.engine.point_of_order`).

>>> book = OrderBook(current=PointOfOrder(caller=1, since=5_000, quiet_since=7_000,
...                                       agreed=[2], said=[ChatLine(1, "Whose turn?")],
...                                       number=2),
...                  round=1, calls={1: 1}, last_ended={0: 2_000}, called=2)
>>> OrderBook.from_json(book.to_json()) == book
True
>>> OrderBook.from_json(None) == OrderBook()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

#: How many lines said in one point of order the state keeps (the table shows them as its
#: chat; the log keeps every one).
CHAT_KEPT: Final = 30


@dataclass(frozen=True, slots=True)
class ChatLine:
    """Words ``words`` said by seat ``seat`` during a point of order."""

    seat: int
    words: str


@dataclass(slots=True)
class PointOfOrder:
    """A point of order under way: called by seat ``caller`` at ``since`` (ms of the
    server's clock), its last words said at ``quiet_since`` (the call itself, before any),
    the seats that agree to end it (``agreed``, where everyone else together may), the
    latest lines said in it (``said``, at most :data:`CHAT_KEPT`) and its ``number`` in the
    game (1 for the first called; 0 in a state stored before points of order were
    numbered), which an :class:`~games.engine.actions.EndOrder` names so that a late one,
    meant for a point of order already over, cannot end the next. ``pause``: the host's
    pause (``host_pause``), in which no rule judges what is said and only the host ends it."""

    caller: int
    since: int
    quiet_since: int
    agreed: list[int] = field(default_factory=list)
    said: list[ChatLine] = field(default_factory=list)
    number: int = 0
    pause: bool = False

    def copy(self) -> PointOfOrder:
        """A copy that shares nothing mutable with this one."""
        return PointOfOrder(self.caller, self.since, self.quiet_since, list(self.agreed),
                            list(self.said), self.number, self.pause)

    def to_json(self) -> dict[str, Any]:
        """As stored in the state."""
        return {"caller": self.caller, "since": self.since, "quiet_since": self.quiet_since,
                "agreed": list(self.agreed),
                "said": [[line.seat, line.words] for line in self.said], "number": self.number,
                "pause": self.pause}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PointOfOrder:
        """Read one back (:meth:`to_json`)."""
        return cls(data["caller"], data["since"], data["quiet_since"], list(data["agreed"]),
                   [ChatLine(seat, words) for seat, words in data["said"]],
                   data.get("number", 0), bool(data.get("pause", False)))


@dataclass(slots=True)
class OrderBook:
    """The game's points of order: the one under way (``current``, ``None`` while play
    goes on), how many each seat has called in round ``round`` (``calls``; a new round
    starts the count again) and when the latest one each seat called ended
    (``last_ended``, ms), and how many have been called in the whole game (``called``: the
    number of the latest)."""

    current: PointOfOrder | None = None
    round: int = 0
    calls: dict[int, int] = field(default_factory=dict)
    last_ended: dict[int, int] = field(default_factory=dict)
    called: int = 0
    #: Seats the host barred from calling one (``order_sanctions``), for the whole game.
    barred: list[int] = field(default_factory=list)

    def calls_in(self, round_: int, seat: int) -> int:
        """How many points of order ``seat`` has called in round ``round_``."""
        return self.calls.get(seat, 0) if self.round == round_ else 0

    def copy(self) -> OrderBook:
        """A copy that shares nothing mutable with this one."""
        return OrderBook(self.current.copy() if self.current is not None else None,
                         self.round, dict(self.calls), dict(self.last_ended), self.called,
                         list(self.barred))

    def to_json(self) -> dict[str, Any]:
        """As stored in the state (seats as text keys, as JSON objects need)."""
        return {"current": self.current.to_json() if self.current is not None else None,
                "round": self.round, "calls": {str(k): v for k, v in self.calls.items()},
                "last_ended": {str(k): v for k, v in self.last_ended.items()},
                "called": self.called, "barred": list(self.barred)}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> OrderBook:
        """Read it back (:meth:`to_json`); ``None`` (a state stored before points of order
        existed) is an empty book."""
        if data is None:
            return cls()
        current = data.get("current")
        return cls(PointOfOrder.from_json(current) if current is not None else None,
                   data.get("round", 0),
                   {int(k): v for k, v in data.get("calls", {}).items()},
                   {int(k): v for k, v in data.get("last_ended", {}).items()},
                   data.get("called", 0), [int(s) for s in data.get("barred", ())])
