"""Reading one JSON object of a rule spec, field by field, with errors that name the field."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from rules.cards import COLOURS, SUITS, parse_rank
from rules.errors import CardError, RuleError

OPERATORS: Final = ("==", "!=", "<", "<=", ">", ">=")
MAX_DEPTH: Final = 9
#: The cards a condition may look at: the played card, the top of the pile, and earlier ones.
SUBJECTS: Final = ("played", "top", *(f"pile{n}" for n in range(2, MAX_DEPTH + 1)))
#: Numbers a rule may compare, apart from cards (``pending``: the cards the player owes
#: from stacked ``owe`` effects before this play).
QUANTITIES: Final = ("run_length", "hand_before", "hand_after", "players", "turn", "round",
                     "pending")
MAX_NUMBER: Final = 1000


class Fields:
    """A JSON object being read; :meth:`done` rejects any field nobody asked for."""

    def __init__(self, data: Any, path: str, what: str) -> None:
        if not isinstance(data, dict):
            raise RuleError(f"expected an object for {what}, got {_kind(data)}", path=path,
                            code="spec/not_object")
        self.data = data
        self.path = path
        self.used: set[str] = set()

    def at(self, key: str) -> str:
        """The path of one field, for error messages."""
        return f"{self.path}.{key}"

    def raw(self, key: str, default: Any = ..., ) -> Any:
        """The field's raw value; a missing field without a default is an error."""
        self.used.add(key)
        if key in self.data:
            return self.data[key]
        if default is ...:
            raise RuleError("is required", path=self.at(key), code="spec/missing_field")
        return default

    def has(self, key: str) -> bool:
        """Whether the object has this field."""
        return key in self.data

    def text(self, key: str, choices: Iterable[str], default: Any = ...) -> str:
        """A string field that must be one of ``choices``."""
        value = self.raw(key, default)
        options = tuple(choices)
        if value not in options:
            raise RuleError(f"must be one of {', '.join(options)}; got {value!r}",
                            path=self.at(key), code="spec/bad_choice")
        return str(value)

    def integer(self, key: str, low: int, high: int, default: Any = ...) -> int:
        """An integer field within ``low..high`` (booleans are not integers here)."""
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(f"must be a whole number, got {value!r}", path=self.at(key),
                            code="spec/not_integer")
        if not low <= value <= high:
            raise RuleError(f"must be between {low} and {high}, got {value}", path=self.at(key),
                            code="spec/out_of_range")
        return value

    def boolean(self, key: str, default: Any = ...) -> bool:
        """A true/false field."""
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise RuleError(f"must be true or false, got {value!r}", path=self.at(key),
                            code="spec/not_boolean")
        return value

    def string(self, key: str, max_length: int, default: Any = ...) -> str:
        """A free-text field of bounded length."""
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise RuleError(f"must be text, got {_kind(value)}", path=self.at(key),
                            code="spec/not_text")
        if len(value) > max_length:
            raise RuleError(f"is too long ({len(value)} characters, at most {max_length})",
                            path=self.at(key), code="spec/too_long")
        return value

    def subject(self, key: str = "of", default: str = "played") -> str:
        """Which card a test looks at: ``played``, ``top`` or ``pile2`` to ``pile9``."""
        return self.text(key, SUBJECTS, default)

    def operator(self, key: str = "op") -> str:
        """A comparison operator."""
        return self.text(key, OPERATORS)

    def items(self, key: str) -> list[Any]:
        """A non-empty list field."""
        value = self.raw(key)
        if not isinstance(value, list):
            raise RuleError(f"must be a list, got {_kind(value)}", path=self.at(key),
                            code="spec/not_list")
        if not value:
            raise RuleError("must not be empty", path=self.at(key), code="spec/empty")
        return value

    def ranks(self, key: str = "in") -> tuple[int, ...]:
        """A non-empty list of ranks (``"A"``, ``"10"``, ``"Q"`` or 1-13), sorted, no repeats."""
        found = []
        for i, item in enumerate(self.items(key)):
            try:
                found.append(parse_rank(item))
            except CardError as exc:
                raise RuleError(str(exc), path=f"{self.at(key)}[{i}]",
                                code="spec/bad_rank") from None
        return tuple(sorted(set(found)))

    def suits(self, key: str = "in") -> tuple[str, ...]:
        """A non-empty list of suit letters, in C D H S order, no repeats."""
        found = set()
        for i, item in enumerate(self.items(key)):
            letter = item.strip().upper() if isinstance(item, str) else item
            if letter not in SUITS:
                raise RuleError(f"not a suit: {item!r} (C, D, H, S)", path=f"{self.at(key)}[{i}]",
                                code="spec/bad_suit")
            found.add(letter)
        return tuple(s for s in SUITS if s in found)

    def colour(self, key: str = "is") -> str:
        """``red`` or ``black``."""
        return self.text(key, COLOURS)

    def done(self) -> None:
        """Reject fields that no reader consumed (typos must not pass silently)."""
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise RuleError(f"unknown field {extra[0]!r}", path=self.at(extra[0]),
                            code="spec/unknown_field")


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)
