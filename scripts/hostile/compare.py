"""The pure parts of the hostile player's figures: answers compared across games, the bits
they give away, percentiles and ratios.

>>> a = [Answer("preview", 200, "x"), Answer("preview", 200, "lock")]
>>> b = [Answer("preview", 200, "x"), Answer("preview", 200, "ok")]
>>> differing(a, b)
[1]
>>> p95([0.1, 0.2, 0.3, 0.4])
0.385
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from scripts.loadtest.stats import percentile

#: The jargon field of a "Suggest" answer: its value is drawn at random, so it differs
#: from one answer to the next whatever the games hold.
SUGGESTION = re.compile(r'(id="f-jargon"[^>]*?\bvalue=")[^"]*(")')
#: Requests whose answer carries a random jargon suggestion.
SUGGESTING = frozenset({"jargon"})


@dataclass(frozen=True, slots=True)
class Answer:
    """What one request got: the request's kind (the builder's endpoint), its status and
    its text, with the game's code already replaced by a placeholder."""

    kind: str
    status: int
    text: str

    def masked(self) -> Answer:
        """This answer with only its random part (a jargon suggestion) masked."""
        if self.kind not in SUGGESTING:
            return self
        return Answer(self.kind, self.status, SUGGESTION.sub(r"\1*\2", self.text))


def uncoded(text: str, code: str) -> str:
    """``text`` with the game's code (in its links) replaced: two games differ by it."""
    return text.replace(code, "<code>") if code else text


def differing(ours: Sequence[Answer], theirs: Sequence[Answer]) -> list[int]:
    """The positions at which two games' answers to the same requests differ, once masked
    (a request one game answered and the other never got counts as differing)."""
    if [a.kind for a in ours[:len(theirs)]] != [a.kind for a in theirs[:len(ours)]]:
        raise ValueError("the two games were not sent the same requests")
    shorter = min(len(ours), len(theirs))
    found = [i for i in range(shorter) if ours[i].masked() != theirs[i].masked()]
    return found + list(range(shorter, max(len(ours), len(theirs))))


def bits(secret: Sequence[Answer], control: Sequence[Answer]) -> int:
    """How many yes/no answers the requests gave: positions where the two games differ."""
    return len(differing(secret, control))


def p95(values: Sequence[float]) -> float | None:
    """The 95th percentile of ``values`` (``None``: none)."""
    return percentile(values, 95) if values else None


def ratio(under: float | None, idle: float | None) -> float | None:
    """``under / idle`` (``None`` when either is unknown or ``idle`` is not above 0).

    >>> ratio(0.3, 0.1)
    3.0
    """
    if under is None or idle is None or idle <= 0:
        return None
    return round(under / idle, 2)


def ms(seconds: float | None) -> str:
    """Seconds as whole milliseconds for a line of the report ("-" when unknown).

    >>> ms(0.1234), ms(None)
    ('123 ms', '-')
    """
    return "-" if seconds is None else f"{seconds * 1000:.0f} ms"
