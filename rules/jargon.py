"""Suggesting jargon: the short public name of a secret rule ("that's a Pip!").

>>> from random import Random
>>> suggest_jargon(Random(1)) == suggest_jargon(Random(1))
True
>>> suggest_jargon(Random(1), taken=JARGON_WORDS) not in JARGON_WORDS
True
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import Final

#: Playful words that sound like they mean something, in the spirit of Pip and Gronk.
JARGON_WORDS: Final = (
    "Pip", "Gronk", "Snark", "Wibble", "Offside", "Fumble", "Kerfuffle", "Snaffle", "Blip",
    "Grumble", "Zonk", "Quibble", "Boondoggle", "Skedaddle", "Wobble", "Flummox", "Bamboozle",
    "Hullabaloo", "Gubbins", "Doozy", "Snood", "Plonk", "Whiffle", "Squib", "Bodge", "Gazump",
    "Nincom", "Clatter", "Foozle", "Bungle", "Dither", "Fiddle", "Huff", "Jinx", "Kibitz",
    "Mumble", "Noggin", "Palaver", "Rumpus", "Scuttle", "Tizzy", "Wallop", "Yonk", "Zing",
)
_ONSETS: Final = ("b", "bl", "br", "d", "dr", "f", "fl", "g", "gr", "k", "kl", "m", "n", "p",
                  "pl", "sn", "sk", "sp", "t", "tr", "w", "z")
_VOWELS: Final = ("a", "e", "i", "o", "u", "oo", "ee")
_CODAS: Final = ("b", "ck", "dge", "ff", "g", "nk", "mp", "p", "rk", "sh", "t", "x", "zz")


def suggest_jargon(rng: Random | None = None, taken: Iterable[str] = ()) -> str:
    """A jargon name not in ``taken`` (compared case-insensitively)."""
    rng = rng or Random()
    used = {t.casefold() for t in taken}
    fresh = [w for w in JARGON_WORDS if w.casefold() not in used]
    if fresh:
        return rng.choice(fresh)
    for attempt in range(10_000):
        word = "".join(rng.choice(part) for part in (_ONSETS, _VOWELS, _CODAS)).capitalize()
        # After many collisions, a number keeps the search finite whatever is taken.
        word += str(attempt) if attempt >= 1000 else ""
        if word.casefold() not in used:
            return word
    raise ValueError("no free jargon name found")
