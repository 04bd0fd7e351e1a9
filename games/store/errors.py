"""Errors of the Django side: a refused request with a stable code; nothing was saved."""

from __future__ import annotations


class ServiceError(ValueError):
    """A request the Django side refuses, with a stable ``code``; nothing was saved.

    Codes include ``game/not_found``, ``game/not_started`` (a lobby has no table yet),
    ``action/stale_version`` (the client's screen is out of date) and the lobby's
    ``lobby/...`` codes. The message says what was wrong in plain words.
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)
