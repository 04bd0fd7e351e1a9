"""The choices of the builder's selects, radio groups and checkbox groups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a select, radio group or checkbox group."""

    value: str
    label: str
    selected: bool = False
    name: str = ""


def options(choices: dict[str, str] | Sequence[str], current: str | Sequence[str]
            ) -> list[Option]:
    """Options with ``current`` (one value or several) selected.

    >>> [o.selected for o in options({"a": "A", "b": "B"}, "b")]
    [False, True]
    """
    chosen = {current} if isinstance(current, str) else set(current)
    pairs = choices.items() if isinstance(choices, dict) else ((c, c) for c in choices)
    return [Option(value, label, value in chosen) for value, label in pairs]
