"""The order of a play's calls: calls said last, calls said within another, and the one
charge for stating a last call too early (docs/rules.md, "Calls are judged together").

A call with ``last`` ends what is said with a play ("Mao"): another call the play requires,
said after its words, counts as missing. With ``early_penalty``, stating it while another
required call is missing or comes after it costs that many cards in all, in place of the
other calls' own charges. A call with ``combines`` may be made within another required
call's words ("Happy Mao Day" says Mao and wishes a happy holiday).

>>> from rules.phrases import Heard, plain
>>> calls = [Heard(plain("five of spades"), True, True), Heard(plain("mao"), True, last=True)]
>>> placed = [(0, 3), (3, 4)]
>>> late_after(calls, [True, True], placed, "five of spades mao".split())
['', '']
>>> late_after(calls, [True, True], [(1, 4), (0, 1)], "mao five of spades".split())
['mao', '']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import islice, product

from rules.cards import Card
from rules.phrases import Heard, Judged, Phrase, judge_words

Span = tuple[int, int]
#: How many ways of saying a phrase :func:`said_without` tries before deciding it cannot.
MAX_WAYS = 256


def rightmost(phrase: Phrase, heard: Sequence[str], free: Sequence[bool]) -> int | None:
    """Where the rightmost occurrence of ``phrase`` in the ``free`` words of ``heard``
    starts, or ``None``."""
    for start in range(len(heard) - 1, -1, -1):
        if free[start] and any(e > start for e in phrase.ends(heard, start, free)):
            return start
    return None


def late_after(calls: Sequence[Heard], made: Sequence[bool],
               spans: Sequence[Span | None], heard: Sequence[str]) -> list[str]:
    """Per call, the words of the last call it was said after (``""``: not late). A
    required call is late when its words start after the last occurrence of a required
    ``last`` call's words that no other call took; calls said last are never late among
    themselves."""
    taken = [False] * len(heard)
    for i, call in enumerate(calls):
        span = spans[i]
        if call.required and not call.last and made[i] and span is not None:
            taken[span[0]:span[1]] = [True] * (span[1] - span[0])
    bounds: list[tuple[int, str]] = []
    for i, call in enumerate(calls):
        span = spans[i]
        if call.required and call.last and span is not None:
            said = call.phrase if made[i] else _short(call)
            start = rightmost(said, heard, [not t for t in taken])
            bounds.append((span[0] if start is None else start, call.phrase.text))
    if not bounds:
        return [""] * len(calls)
    bound, final = max(bounds)
    late = [""] * len(calls)
    for i, call in enumerate(calls):
        span = spans[i]
        if call.required and not call.last and made[i] and span is not None \
                and span[0] >= bound:
            late[i] = final
    return late


def _short(call: Heard) -> Phrase:
    """The words of a last call said short (its counted word left out)."""
    return call.phrase if call.counted is None else call.phrase.without(call.counted)


def early(calls: Sequence[Heard], made: Sequence[bool]) -> tuple[list[bool], list[bool]]:
    """Which required calls with an ``early_penalty`` were stated early (made, while
    another required call is not), and which missed calls that charge covers."""
    missing = [c.required and not m and c.early_penalty is None
               for c, m in zip(calls, made, strict=True)]
    stated = [c.required and m and c.early_penalty is not None and any(missing)
              for c, m in zip(calls, made, strict=True)]
    covered = missing if any(stated) else [False] * len(calls)
    return stated, covered


def said_without(phrase: Phrase, inner: Phrase) -> bool:
    """Whether some way of saying ``phrase`` leaves out the words of ``inner`` (so a
    speaker who says them there chose to).

    >>> from rules.phrases import expand, plain
    >>> from rules.cards import parse
    >>> holidays = expand("(Happy Holidays|Happy Mao Day)", parse("6H"), 1)
    >>> said_without(holidays, plain("mao")), said_without(plain("the game of mao"), plain("mao"))
    (True, False)
    """
    for way in islice(product(*phrase.slots), MAX_WAYS):
        words = [w for choice in way for w in choice]
        if inner.find(words, [True] * len(words)) is None:
            return True
    return False  # (past MAX_WAYS, no: a needless call is never charged on a guess)


def within(calls: Sequence[Heard], made: Sequence[bool], spans: Sequence[Span | None],
           heard: Sequence[str], i: int, needless: bool = False) -> bool:
    """Whether ``combines`` call ``i`` is said within the words another required call
    took; judged ``needless``, only within words that call could have done without."""
    for j, other in enumerate(calls):
        span = spans[j]
        if j == i or not other.required or not made[j] or span is None:
            continue
        if needless and not said_without(other.phrase, calls[i].phrase):
            continue
        inside = [span[0] <= at < span[1] for at in range(len(heard))]
        if calls[i].phrase.find(heard, inside) is not None:
            return True
    return False


def judge_calls(calls: Sequence[Heard], said: str, card: Card | None = None,
                taken: Sequence[Phrase] = ()) -> Judged:
    """:func:`rules.phrases.judge_words`, then the order of the calls: a ``combines``
    call made (or needless) within another's words, late calls missed, early statements
    and the calls their charge covers."""
    judged = judge_words(calls, said, card, taken)
    made, spans, heard = list(judged.made), judged.spans, judged.heard
    for i, call in enumerate(calls):
        if call.combines and not made[i] and (call.required or not call.names_card):
            made[i] = within(calls, made, spans, heard, i, needless=not call.required)
    late = late_after(calls, made, spans, heard)
    made = [m and not after for m, after in zip(made, late, strict=True)]
    stated, covered = early(calls, made)
    return replace(judged, made=made, late=late, early=stated, covered=covered)
