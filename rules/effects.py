"""Effects: what a trigger rule does once a matching card has been legally played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from rules.errors import RuleError
from rules.fields import Fields
from rules.races import Race, read_race

EFFECT_KINDS: Final = (
    "draw", "skip", "reverse", "play_again", "pass_hands", "name_suit", "to_bottom",
    "new_pile", "win", "owe", "race",
)
#: Who draws: the player who played, the next player, everyone but the player, or everyone.
DRAWERS: Final = ("player", "next", "others", "everyone")
MAX_DRAW: Final = 10


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect. ``kind`` is one of :data:`EFFECT_KINDS`; the other fields matter per kind.

    ``draw``: ``who`` draws ``count`` cards, times the run of equal ranks the
    card completes when ``per_run``. ``owe``: the next player owes ``count`` more cards
    (added to what they owe already: debts stack until a player passes, or is refused,
    and draws the total). ``pass_hands``: every player passes their hand to the
    ``direction`` (left or right). ``race``: every seat races to answer (``race``, see
    :mod:`rules.races`). The others take no fields.
    """

    kind: str
    who: str = ""
    count: int = 0
    per_run: bool = False
    direction: str = ""
    race: Race | None = None

    def to_json(self) -> dict[str, Any]:
        """The effect as JSON data."""
        data: dict[str, Any] = {"type": self.kind}
        if self.kind == "draw":
            data |= {"who": self.who, "count": self.count}
            if self.per_run:
                data["per_run"] = True
        elif self.kind == "owe":
            data["count"] = self.count
        elif self.kind == "pass_hands":
            data["direction"] = self.direction
        elif self.race is not None:
            data |= self.race.body()
        return data

    @property
    def makes_draw(self) -> bool:
        """Whether the effect makes someone draw whenever it happens: a draw, cards owed,
        or a race somebody loses (the last to answer, or whoever does not)."""
        return self.kind in ("draw", "owe") or (self.race is not None
                                                and not self.race.first_wins)

    def draws_for(self, run_after: int) -> int:
        """How many cards this draw effect hands out per drawer, given the run it completes."""
        return self.count * (run_after if self.per_run else 1)


def read_effect(data: Any, path: str) -> Effect:
    """Parse one effect, naming the field of any problem."""
    fields = Fields(data, path, "an effect")
    kind = fields.raw("type")
    if kind not in EFFECT_KINDS:
        raise RuleError(f"unknown effect {kind!r} (known: {', '.join(EFFECT_KINDS)})",
                        path=fields.at("type"), code="spec/unknown_effect")
    if kind == "draw":
        effect = Effect("draw", who=fields.text("who", DRAWERS),
                        count=fields.integer("count", 1, MAX_DRAW),
                        per_run=fields.boolean("per_run", False))
    elif kind == "owe":
        effect = Effect("owe", count=fields.integer("count", 1, MAX_DRAW))
    elif kind == "pass_hands":
        effect = Effect("pass_hands", direction=fields.text("direction", ("left", "right")))
    elif kind == "race":
        effect = Effect("race", race=read_race(fields))
    else:
        effect = Effect(kind)
    fields.done()
    return effect
