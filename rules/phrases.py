"""Spoken phrases of call rules: templates, their expansion, and matching what was said.

>>> from rules.cards import parse
>>> expand("{rank} of {suit}", parse("5S"), run_after=1)
'five of spades'
>>> expand("Have a {very} nice day", parse("7H"), run_after=3)
'have a very very nice day'
>>> said_contains("Five of SPADES! Mao.", "five of spades")
True
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Final

from rules.cards import RANK_NAMES, SUIT_NAMES, SUIT_SINGULAR, Card
from rules.errors import RuleError

#: Placeholders a phrase may use, with what they stand for.
PLACEHOLDERS: Final = {
    "rank": "the played card's rank (five, queen)",
    "suit": "the played card's suit (spades)",
    "suit_one": "the played card's suit, singular (spade)",
    "colour": "the played card's colour (red, black)",
    "card": "the played card's full name (five of spades)",
    "very": "one 'very' per earlier card of the run of equal ranks",
}
MAX_PHRASE: Final = 80
_WORD = re.compile(r"[a-z0-9']+")


def check_template(phrase: str, path: str) -> None:
    """Raise :class:`RuleError` unless ``phrase`` is a usable template."""
    if not phrase.strip():
        raise RuleError("must not be empty", path=path, code="spec/empty")
    try:
        parsed = list(Formatter().parse(phrase))
    except ValueError as exc:
        raise RuleError(f"is not a valid phrase ({exc})", path=path,
                        code="spec/bad_phrase") from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if name not in PLACEHOLDERS or spec or conversion:
            known = ", ".join("{" + p + "}" for p in PLACEHOLDERS)
            raise RuleError(f"unknown placeholder {{{name}}} (known: {known})", path=path,
                            code="spec/bad_placeholder")
    if not words(expand(phrase, Card(5, "S"), 2)):
        raise RuleError("has no words to say", path=path, code="spec/empty")


def expand(phrase: str, card: Card, run_after: int) -> str:
    """The words a template asks for when ``card`` completes a run of ``run_after``."""
    values = {
        "rank": RANK_NAMES.get(card.rank, "joker"),
        "suit": SUIT_NAMES.get(card.suit, ""),
        "suit_one": SUIT_SINGULAR.get(card.suit, ""),
        "colour": card.colour or "",
        "card": card.name.lower(),
        "very": " ".join(["very"] * max(run_after - 1, 0)),
    }
    return " ".join(words(phrase.format(**values)))


def words(text: str) -> list[str]:
    """Lower-case words of ``text``, punctuation dropped."""
    return _WORD.findall(text.lower())


def said_contains(said: str, phrase: str) -> bool:
    """Whether ``phrase`` occurs, word for word and in order, somewhere in ``said``."""
    needle, hay = words(phrase), words(said)
    if not needle:
        return False
    n = len(needle)
    return any(hay[i:i + n] == needle for i in range(len(hay) - n + 1))
