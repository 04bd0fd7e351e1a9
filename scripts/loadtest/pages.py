"""Reading what a player receives: the version, whose turn it is, the hand, the top card.

A load-test player knows only what a person at the table knows: the HTML fragments its
socket pushes (``#status`` with the hidden ``#version``, ``#piles``, ``#hand``...) and the
``#feedback`` answers to its own actions. These helpers read them with a few regular
expressions, cheaply (hundreds of sockets share one client process).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

VERSION = re.compile(r'id="version" name="version" value="(\d+)"')
HAND_CARD = re.compile(r'data-card="([^"]+)"')
TOP = re.compile(r'aria-label="([^"]+?) on top of')
FEEDBACK_TEXT = re.compile(r'<p class="feedback__text[^"]*">(.*?)</p>', re.S)
LOBBY_ERROR = re.compile(r'<p class="message message--error"[^>]*>(.*?)</p>', re.S)

FEEDBACK_ACCEPTED = re.compile(r'^<div id="feedback"[^>]*\bdata-accepted="([01])"')
FEEDBACK_PREFIX = '<div id="feedback"'
YOUR_TURN = '<strong class="your-turn">Your turn</strong>'
WRITE_RULE = "write a secret rule."
GAME_OVER = "<span>The game is over</span>"
LOBBY_STARTED = "data-follow-now"
STALE = "out of date"


def version_of(frame: str) -> int | None:
    """The ``#version`` a table frame carries (``None``: no status fragment in it)."""
    found = VERSION.search(frame)
    return int(found.group(1)) if found else None


def is_feedback(frame: str) -> bool:
    """Whether a frame is the answer to the player's own action (``#feedback`` only)."""
    return frame.startswith(FEEDBACK_PREFIX)


def feedback_text(frame: str) -> str:
    """The message of a ``#feedback`` frame ("" when the action was accepted silently)."""
    found = FEEDBACK_TEXT.search(frame)
    return html.unescape(found.group(1)).strip() if found else ""


def feedback_accepted(frame: str) -> bool | None:
    """Whether the ``#feedback`` frame answering an action says it was accepted (its
    ``data-accepted``, as ``table.js`` reads it); ``None`` when the frame does not say."""
    found = FEEDBACK_ACCEPTED.search(frame)
    return found.group(1) == "1" if found else None


def answer_text(fragment: str) -> str:
    """The message of the ``/act/`` answer (``games/feedback.html``; "" when none)."""
    found = FEEDBACK_TEXT.search(fragment)
    return html.unescape(found.group(1)).strip() if found else ""


def lobby_error(page: str) -> str:
    """The error a lobby answer shows ("" when there is none)."""
    found = LOBBY_ERROR.search(page)
    return html.unescape(found.group(1)).strip() if found else ""


@dataclass(frozen=True, slots=True)
class Seen:
    """What one table frame tells its player."""

    version: int
    my_turn: bool
    writing: bool
    ended: bool
    hand: tuple[str, ...]
    top: str
    #: How many discard piles the table shows (the play form asks for one only when several).
    piles: int = 1

    @classmethod
    def read(cls, frame: str, before: Seen | None = None) -> Seen | None:
        """Read a table frame; ``None`` when it has no ``#status`` (a lobby frame).

        A push carries only the fragments that changed: the hand and the top card come
        from ``before`` (what the screen showed) when the frame has no ``#hand`` or
        ``#piles``.
        """
        version = version_of(frame)
        if version is None:
            return None
        status_end = frame.find("</header>")
        status = frame[:status_end] if status_end >= 0 else frame
        hand = before.hand if before is not None else ()
        if 'id="hand"' in frame:  # only the hand's cards carry data-card
            hand = tuple(HAND_CARD.findall(frame))
        top_text = before.top if before is not None else ""
        piles = before.piles if before is not None else 1
        if 'id="piles"' in frame:
            tops = TOP.findall(frame)
            top_text = html.unescape(tops[0]) if tops else ""
            piles = max(1, len(tops))
        return cls(version=version, my_turn=YOUR_TURN in status,
                   writing=WRITE_RULE in status and "your-turn" in status,
                   ended=GAME_OVER in status, hand=hand, top=top_text, piles=piles)
