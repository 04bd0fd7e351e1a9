"""Game settings: players, hand size, decks, jokers, aces, the first rule-maker."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from games.engine.errors import EngineError

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MIN_HAND, MAX_HAND = 3, 7
STANDARD_DECK = 52


@dataclass(frozen=True, slots=True)
class GameSettings:
    """How one game is played. ``first_rule_maker`` is a seat, or ``None`` to draw one at random."""

    players: int = 4
    hand_size: int = 5
    decks: int = 1
    jokers: bool = True
    aces_high: bool = False
    first_rule_maker: int | None = None

    def __post_init__(self) -> None:
        checks = [
            (MIN_PLAYERS <= self.players <= MAX_PLAYERS,
             f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}"),
            (MIN_HAND <= self.hand_size <= MAX_HAND, f"hand size must be {MIN_HAND} to {MAX_HAND}"),
            (self.decks in (1, 2), "decks must be 1 or 2"),
            (self.first_rule_maker is None or 0 <= self.first_rule_maker < self.players,
             "the first rule-maker must be one of the seats"),
            # The deal must leave an ordinary card for the starter (8 hands of 7 need 2 decks).
            (self.players * self.hand_size < STANDARD_DECK * self.decks,
             f"{self.players} hands of {self.hand_size} need two decks"),
        ]
        for ok, message in checks:
            if not ok:
                raise EngineError("settings/invalid", message)
        for name in ("jokers", "aces_high"):
            if not isinstance(getattr(self, name), bool):
                raise EngineError("settings/invalid", f"{name} must be true or false")

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> GameSettings:
        """Read settings, refusing unknown fields and wrong types with a clear message."""
        if not isinstance(data, dict):
            raise EngineError("settings/invalid", "settings must be an object")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise EngineError("settings/invalid", f"unknown setting {unknown[0]!r}")
        for key in ("players", "hand_size", "decks", "first_rule_maker"):
            value = data.get(key, 0)
            if key == "first_rule_maker" and value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int):
                raise EngineError("settings/invalid", f"{key} must be a whole number")
        return cls(**data)
