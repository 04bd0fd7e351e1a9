"""A small whole number from a form field or a frame, checked before ``int`` sees it."""

from __future__ import annotations


def whole_number(text: str, digits: int) -> int | None:
    """``text`` as a number when it is at most ``digits`` ASCII digits, else ``None``.

    ``str.isdigit`` alone is not enough: it accepts digits that ``int`` refuses ("²"); the
    length bound keeps ``int`` from a long string's quadratic work.

    >>> whole_number("042", 3), whole_number("²", 3), whole_number("-1", 3), whole_number("", 3)
    (42, None, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None
