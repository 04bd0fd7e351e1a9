"""Races: a trigger's effect that opens a response window for every seat at the table.

Answered by ``say`` (a phrase), ``press`` (a button) or ``"name": "suit"``. A race to say
or press is *lost* (the last, or the silent, draw ``penalty``); a race to name a suit is
*won* (the first sets the suit). This module is the effect's data, validation and answers;
the engine runs the window (:mod:`games.engine.races`).

>>> from rules.fields import Fields
>>> race = read_race(Fields({"type": "race", "say": "Chauncey"}, "effect", "an effect"))
>>> race, race.heard("CHAUNCEY!"), race.heard("Chance")
(Race(answer='say', words='Chauncey', seconds=5, penalty=1), True, False)
>>> suit_named("Hearts! no, clubs")
'H'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from rules.cards import SUIT_NAMES, SUIT_SINGULAR, SUITS
from rules.errors import RuleError
from rules.fields import Fields
from rules.phrases import Phrase, said_contains, speech_phrase, speech_template, words

#: How a seat answers a race: saying its phrase, pressing its button, or naming a suit.
RaceAnswer = Literal["say", "press", "suit"]
#: What a race may ask to be named (only suits, so far).
NAMEABLE: Final = ("suit",)
#: The window's bounds, in seconds: long enough for a phone, short enough to be a race.
MIN_SECONDS: Final = 2
MAX_SECONDS: Final = 30
DEFAULT_SECONDS: Final = 5
#: Most cards a lost race costs, and most characters a button's label has.
MAX_PENALTY: Final = 5
MAX_LABEL: Final = 40
#: Every word that names a suit, in either number.
SUIT_WORDS: Final = {word: suit for suit in SUITS
                     for word in (SUIT_NAMES[suit], SUIT_SINGULAR[suit])}
#: The words a race to name a suit takes from what is said (never talking while it is open).
SUIT_PHRASE: Final = speech_phrase(f"({'|'.join(SUIT_WORDS)})")


@dataclass(frozen=True, slots=True)
class Race:
    """A race as a trigger's effect: how it is answered (``answer``), the phrase to say or
    the button's label (``words``; empty for a suit), the window in ``seconds``, and the
    cards the loser draws (``penalty``; 0 for a race to name a suit, which is won)."""

    answer: RaceAnswer
    words: str = ""
    seconds: int = DEFAULT_SECONDS
    penalty: int = 1

    @property
    def first_wins(self) -> bool:
        """Whether the first to answer wins (naming a suit) rather than the last losing."""
        return self.answer == "suit"

    @property
    def phrase(self) -> Phrase | None:
        """The words that answer it when said (a suit's name for a race to name one);
        ``None`` for a button only."""
        if self.answer == "say":
            return speech_phrase(self.words)
        return SUIT_PHRASE if self.answer == "suit" else None

    def heard(self, said: str) -> bool:
        """Whether ``said`` (words said outside a play, or with the play that opened the
        race) answers the race."""
        phrase = self.phrase
        return phrase is not None and said_contains(said, phrase)

    def body(self) -> dict[str, Any]:
        """The effect's JSON fields apart from ``type``."""
        data: dict[str, Any] = ({"name": "suit"} if self.first_wins
                                else {self.answer: self.words})
        data["seconds"] = self.seconds
        if not self.first_wins:
            data["penalty"] = self.penalty
        return data


def suit_named(said: str) -> str | None:
    """The first suit ``said`` names (``"H"`` for "hearts" or "heart"), or ``None``."""
    return suit_in(words(said))


def suit_in(heard: Sequence[str]) -> str | None:
    """The first suit the words ``heard`` name, or ``None``."""
    return next((SUIT_WORDS[w] for w in heard if w in SUIT_WORDS), None)


def read_race(fields: Fields) -> Race:
    """The race of an effect being read (``fields``, whose ``type`` is ``race``): exactly one
    of ``say`` (a phrase), ``press`` (a button's label) and ``name`` (``"suit"``), with
    ``seconds`` and, for a race that is lost, ``penalty``. The caller rejects unknown
    fields."""
    means = [key for key in ("say", "press", "name") if fields.has(key)]
    if len(means) != 1:
        problem = "neither" if not means else " and ".join(f"'{m}'" for m in means)
        raise RuleError(f"needs exactly one of 'say', 'press' and 'name', got {problem}",
                        path=fields.at(means[1] if len(means) > 1 else "say"),
                        code="spec/contradictory")
    seconds = fields.integer("seconds", MIN_SECONDS, MAX_SECONDS, DEFAULT_SECONDS)
    if means[0] == "name":
        fields.text("name", NAMEABLE)
        if fields.has("penalty"):
            raise RuleError("has no use: a race to name a suit is won by the first to name "
                            "one, and nobody draws", path=fields.at("penalty"),
                            code="spec/contradictory")
        return Race("suit", "", seconds, 0)
    penalty = fields.integer("penalty", 1, MAX_PENALTY, 1)
    if means[0] == "say":
        return Race("say", speech_template(fields.raw("say"), fields.at("say")), seconds,
                    penalty)
    label = fields.string("press", MAX_LABEL)
    if not words(label):
        raise RuleError("must say what to do, in words", path=fields.at("press"),
                        code="spec/empty")
    return Race("press", " ".join(label.split()), seconds, penalty)
