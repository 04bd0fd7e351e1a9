"""The races a table is running, as a typed part of the game's state (``GameState.races``).

Plain frozen data that round-trips through JSON; a state stored before races existed reads
as :class:`Races` with nothing open. What races *do* is :mod:`games.engine.races`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.fields import Fields
from rules.races import Race, read_race


@dataclass(frozen=True, slots=True)
class Started:
    """A race a trigger's effect asked for during a play: the rule (an id), the race, and
    the pile the card that set it off lies on. It opens once the play is over, if the
    round goes on (:func:`games.engine.races.open_races`)."""

    rule: int
    race: Race
    pile: int


@dataclass(frozen=True, slots=True)
class Response:
    """Seat ``seat`` answered a race at ``at`` (ms of the server's clock, when the server
    received it), naming ``suit`` in a race to name one."""

    seat: int
    at: int
    suit: str | None = None

    def to_json(self) -> dict[str, Any]:
        """As stored in the state."""
        return {"seat": self.seat, "at": self.at, "suit": self.suit}


@dataclass(frozen=True, slots=True)
class OpenRace:
    """A race being run: its ``number`` in the game (its timer is ``race:<number>``), the
    trigger rule that opened it (``rule``, an id) and the ``race`` it asks for, the seat
    whose card set it off (``player``: a tie to name a suit goes to them) and the pile
    that card lies on, when it opened and when its window closes (``due``), the seats
    racing, and their ``responses`` in the order they came (``again``: a tie's call
    again)."""

    number: int
    rule: int
    race: Race
    player: int
    pile: int
    opened: int
    due: int
    seats: tuple[int, ...]
    responses: tuple[Response, ...] = ()
    #: Whether it is a tie's call again (``suit_ties`` ``again``): a second tie draws lots.
    again: bool = False

    @property
    def timer(self) -> str:
        """The name of the race's timer."""
        return f"race:{self.number}"

    def answered(self, seat: int) -> bool:
        """Whether ``seat`` has answered."""
        return any(r.seat == seat for r in self.responses)

    def to_json(self) -> dict[str, Any]:
        """As stored in the state (the race as its effect's JSON fields)."""
        return {"number": self.number, "rule": self.rule, "race": self.race.body(),
                "player": self.player, "pile": self.pile, "opened": self.opened,
                "due": self.due, "seats": list(self.seats),
                "responses": [r.to_json() for r in self.responses]} | (
                    {"again": True} if self.again else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OpenRace:
        """Read a stored race (its race validated as a rule's effect is)."""
        race = read_race(Fields({"type": "race", **data["race"]}, "race", "a race"))
        return cls(data["number"], data["rule"], race, data["player"], data["pile"],
                   data["opened"], data["due"], tuple(data["seats"]),
                   tuple(Response(r["seat"], r["at"], r.get("suit"))
                         for r in data["responses"]), bool(data.get("again", False)))


@dataclass(frozen=True, slots=True)
class Races:
    """The races open (``open``, oldest first), how many races the game has opened
    (``count``, which numbers them), and the time the turn clock had left when the table
    began to race (``turn_left``, ms: the player to move waits for the races, and so does
    their clock; ``None`` while no race holds it)."""

    open: tuple[OpenRace, ...] = ()
    count: int = 0
    turn_left: int | None = None

    def find(self, number: int) -> OpenRace | None:
        """The open race numbered ``number``, if it is still open."""
        return next((r for r in self.open if r.number == number), None)

    def to_json(self) -> dict[str, Any]:
        """As stored in the state."""
        return {"open": [r.to_json() for r in self.open], "count": self.count,
                "turn_left": self.turn_left}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Races:
        """Read the stored races (``None``: a state stored before races, with none)."""
        if data is None:
            return cls()
        return cls(tuple(OpenRace.from_json(r) for r in data["open"]), data["count"],
                   data.get("turn_left"))
