"""Players' names: one tidying and one set of limits for guests and seat takers.

>>> clean_name("  Ada   Lovelace ")
'Ada Lovelace'
>>> clean_name("   ")
Traceback (most recent call last):
...
games.engine.errors.EngineError: Please choose a name.
"""

from __future__ import annotations

from games.engine.errors import EngineError
from games.engine.setup import MAX_NAME


def clean_name(name: str, code: str = "seat/bad_name") -> str:
    """``name`` with its spaces tidied; ``EngineError(code)`` when it is empty, too long
    (over :data:`~games.engine.setup.MAX_NAME` characters) or holds a NUL character
    (which PostgreSQL cannot store in text). ``code`` says whose refusal it is (the lobby
    has its own)."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise EngineError(code, "Please choose a name.")
    if "\x00" in cleaned:
        raise EngineError(code, "Names cannot contain that character.")
    if len(cleaned) > MAX_NAME:
        raise EngineError(code, f"Names are at most {MAX_NAME} characters.")
    return cleaned
