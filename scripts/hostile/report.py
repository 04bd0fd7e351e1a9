"""What an attack found: one line with its figure, the figures themselves, and whether the
figure is within the bound the product promises.

>>> Finding("admin login", "30 answered", {"answered": 30}, ok=False, bound="<= 10").text()
'admin login: 30 answered [over the bound: <= 10]'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Finding:
    """One attack's outcome."""

    name: str
    line: str
    figures: dict[str, Any] = field(default_factory=dict)
    #: Whether the figure is within ``bound`` (``None``: nothing to hold it to).
    ok: bool | None = None
    bound: str = ""

    def text(self) -> str:
        """The attack's line of the report."""
        verdict = ""
        if self.ok is not None:
            verdict = f" [{'within' if self.ok else 'over'} the bound: {self.bound}]"
        return f"{self.name}: {self.line}{verdict}"


def failed(name: str, exc: BaseException) -> Finding:
    """An attack that could not be carried out (the server refused a step a browser would
    have got through, say): said, not hidden."""
    return Finding(name, f"could not be run: {type(exc).__name__}: {exc}",
                   {"error": f"{type(exc).__name__}: {exc}"})
