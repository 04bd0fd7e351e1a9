"""Errors of the engine: refused actions, each with a stable code; the state never changes."""

from __future__ import annotations


class EngineError(ValueError):
    """An action the engine refuses (out of turn, a card not held, the wrong phase...).

    ``code`` is stable (``action/not_your_turn``) so the UI can map it to words; the
    message says what was wrong in plain English. A refused action changes nothing.
    A *broken secret rule* is not an error: it is an accepted attempt with a penalty.
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)
