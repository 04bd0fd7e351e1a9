"""Events: what happened, with an audience and a public form.

Every event has a public ``text`` ("Bull drew a card") that anyone may read. An
event meant for one seat also has a ``private`` text ("You drew Q♥") that only
``to`` may read; ``data`` is public too, and ``secret`` holds what only ``to``
may know (cards drawn). Views pick the right form for their viewer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``to`` is ``None`` for public events."""

    kind: str
    text: str
    seat: int | None = None
    to: int | None = None
    private: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    secret: dict[str, Any] = field(default_factory=dict)

    def text_for(self, viewer: int | None) -> str:
        """The text this viewer may read (``None``: a spectator)."""
        if self.private is not None and viewer is not None and viewer == self.to:
            return self.private
        return self.text

    def visible_to(self, viewer: int | None) -> dict[str, Any]:
        """The event as JSON data for this viewer, secrets only for its own seat."""
        data: dict[str, Any] = {"kind": self.kind, "text": self.text_for(viewer),
                                "seat": self.seat, "data": self.data}
        if viewer is not None and viewer == self.to and self.secret:
            data["secret"] = self.secret
        return data

    def to_json(self) -> dict[str, Any]:
        """The whole event (secrets included) for storage."""
        return {"kind": self.kind, "text": self.text, "seat": self.seat, "to": self.to,
                "private": self.private, "data": self.data, "secret": self.secret}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        """Read a stored event."""
        return cls(data["kind"], data["text"], data["seat"], data["to"], data["private"],
                   dict(data["data"]), dict(data["secret"]))


def event_from_json(data: dict[str, Any]) -> Event:
    """Read a stored event."""
    return Event.from_json(data)
