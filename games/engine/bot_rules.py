"""Readable rule shapes for bots: rules a person could say aloud and could guess, graded by
the bot's kind.

Each :class:`Shape` is a template with variable parts (ranks, suits, colours, values,
effects) and a grade. :func:`draft` draws spec data from the shapes of a kind's grade
(:data:`GRADE_OF`): a newcomer (``experimenter``) writes one plain idea about the played and
the top card, the ``detective`` two ideas or a comparison, the ``oracle`` arithmetic or a
comparison that depends on the cards. :func:`readable` holds a rule's English to what bots
may write; :func:`builder_warning` finds the builder's warnings (never changes anything,
duplicate, forbids too few plays) that a bot's draft must avoid as a person's would.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from rules.analysis import duplicate_of, legality_grid, never_fires
from rules.cards import COLOURS, RANK_TEXT, SUITS
from rules.context import Settings
from rules.english import describe
from rules.evaluation import Rulebook
from rules.spec import Restriction, Rule

JSON = dict[str, Any]
#: The grades of bot rules, easiest first.
GRADES: Final = ("easy", "medium", "hard")
#: The grade of rule each kind of bot writes (a kind not listed writes easy rules).
GRADE_OF: Final = {"experimenter": "easy", "detective": "medium", "oracle": "hard"}
#: The longest English (characters) a bot rule of each grade may have.
MAX_ENGLISH: Final = {"easy": 70, "medium": 100, "hard": 110}
#: Phrasings no bot rule's English may hold: they read as logic, not as a rule.
BANNED: Final = ("any card is played", "it is not the case", "all of these", "any of these",
                 "a card is played while", "both ")
#: Words that negate: a bot rule's English holds at most one (no double negation).
_NEGATION = re.compile(r"\b(not|no|never|nor|none|nothing|neither)\b|n't\b", re.IGNORECASE)
#: A restriction refusing fewer than this share of card-on-card pairs "may never be
#: noticed" (the builder's ``TOO_EASY``; tests keep the two equal).
TOO_EASY = 0.02
#: The probe budget of the never-fires and duplicate checks (the builder's preview budget).
BUDGET = 40_000

#: Effects a plain trigger has, each visible at the table when it happens.
_PLAIN_EFFECTS: Final = ({"type": "skip"}, {"type": "reverse"}, {"type": "play_again"},
                         {"type": "draw", "who": "next", "count": 1})
#: What a bot's call asks for: the word every player knows (a template's English, with its
#: placeholders and examples, is too long to read as a plain rule).
_PHRASE: Final = "Mao"


@dataclass(frozen=True, slots=True)
class Shape:
    """A readable rule template: its ``name``, ``grade`` (:data:`GRADES`) and ``make``, which
    draws its variable parts and returns the spec data."""

    name: str
    grade: str
    make: Callable[[Random], JSON]


def _rank(rng: Random, low: int = 1, high: int = 13) -> str:
    return RANK_TEXT[rng.randint(low, high)]


def _ranks(rng: Random, count: int) -> list[str]:
    return [RANK_TEXT[r] for r in sorted(rng.sample(range(1, 14), count))]


def _suit(rng: Random) -> str:
    return rng.choice(SUITS)


def _played(test: str, **fields: Any) -> JSON:
    return {"type": test, "of": "played", **fields}


def _top(test: str, **fields: Any) -> JSON:
    return {"type": test, "of": "top", **fields}


def _relation(rel: str, **fields: Any) -> JSON:
    return {"type": "relation", "rel": rel, **fields}


def _effect(rng: Random) -> JSON:
    return dict(rng.choice(_PLAIN_EFFECTS))


# Easy: one plain idea about the played card and the card below it, seen often.


def _change_colour(rng: Random) -> JSON:
    """Only a black card may be played on a red card."""
    colour = rng.choice(COLOURS)
    other = COLOURS[1 - COLOURS.index(colour)]
    return {"kind": "restriction", "when": _top("colour", **{"is": colour}),
            "must": _played("colour", **{"is": other})}


def _colour_on_face(rng: Random) -> JSON:
    """Only a red card may be played on a face card."""
    return {"kind": "restriction", "when": _top(rng.choice(("face", "number"))),
            "must": _played("colour", **{"is": rng.choice(COLOURS)})}


def _colour_on_suit(rng: Random) -> JSON:
    """A red card may not be played on a club."""
    return {"kind": "restriction", "when": _top("suit", **{"in": [_suit(rng)]}),
            "must_not": _played("colour", **{"is": rng.choice(COLOURS)})}


def _number_on_face(rng: Random) -> JSON:
    """Only a number card may be played on a face card."""
    return {"kind": "restriction", "when": _top("face"), "must": _played("number")}


def _rank_trigger(rng: Random) -> JSON:
    """When a seven is played, the next player is skipped."""
    return {"kind": "trigger", "when": _played("rank", **{"in": [_rank(rng)]}),
            "effects": [_effect(rng)]}


def _rank_call(rng: Random) -> JSON:
    """When a queen is played, its player must say “Mao”."""
    return {"kind": "call", "when": _played("rank", **{"in": [_rank(rng)]}), "say": _PHRASE}


# Medium: two ideas together, or a comparison with the card below.


def _follow_or_match(rng: Random) -> JSON:
    """Every card played must have the same suit or rank as the card below it."""
    first = rng.choice(("same_suit", "same_colour"))
    return {"kind": "restriction", "must": {"type": "any", "of": [
        _relation(first), _relation("same_rank")]}}


def _no_face_on_number(rng: Random) -> JSON:
    """A face card may not be played on a number card."""
    return {"kind": "restriction", "when": _top("number"), "must_not": _played("face")}


def _ranks_trigger(rng: Random) -> JSON:
    """When a two or three is played, the next player draws a card."""
    return {"kind": "trigger", "when": _played("rank", **{"in": _ranks(rng, 2)}),
            "effects": [_effect(rng)]}


def _suit_on_suit(rng: Random) -> JSON:
    """A heart may not be played on a club."""
    return {"kind": "restriction", "when": _top("suit", **{"in": [_suit(rng)]}),
            "must_not": _played("suit", **{"in": [_suit(rng)]})}


def _switch_parity(rng: Random) -> JSON:
    """Only an odd card may be played on an even card."""
    parity = rng.choice(("even", "odd"))
    other = "odd" if parity == "even" else "even"
    return {"kind": "restriction", "when": _top("parity", **{"is": parity}),
            "must": _played("parity", **{"is": other})}


def _colour_on_ranks(rng: Random) -> JSON:
    """Only a red card may be played on a jack or queen."""
    return {"kind": "restriction", "when": _top("rank", **{"in": _ranks(rng, 2)}),
            "must": _played("colour", **{"is": rng.choice(COLOURS)})}


def _suit_or_face(rng: Random) -> JSON:
    """A card played on a heart must either be a heart or be a face card."""
    suit = _suit(rng)
    return {"kind": "restriction", "when": _top("suit", **{"in": [suit]}),
            "must": {"type": "any", "of": [_played("suit", **{"in": [suit]}),
                                           _played(rng.choice(("face", "number")))]}}


def _coloured_rank_trigger(rng: Random) -> JSON:
    """When a red seven is played, the next player is skipped."""
    return {"kind": "trigger", "when": {"type": "all", "of": [
        _played("rank", **{"in": [_rank(rng)]}),
        _played("colour", **{"is": rng.choice(COLOURS)})]}, "effects": [_effect(rng)]}


def _match_trigger(rng: Random) -> JSON:
    """When a card of the same rank as the top card is played, its player plays again."""
    return {"kind": "trigger", "when": _relation(rng.choice(("same_rank", "same_suit"))),
            "effects": [_effect(rng)]}


def _face_on_face_trigger(rng: Random) -> JSON:
    """When a face card is played on a face card, its player draws a card."""
    test = rng.choice(("face", "number"))
    return {"kind": "trigger", "when": {"type": "all", "of": [_played(test), _top(test)]},
            "effects": [rng.choice(({"type": "draw", "who": "player", "count": 1},
                                    {"type": "skip"}, {"type": "reverse"}))]}


# Hard: arithmetic, or a comparison that depends on the cards.


def _near_value(rng: Random) -> JSON:
    """A play is legal only if the played card and the top card differ by at most four."""
    return {"kind": "restriction", "must": {"type": "difference", "absolute": True,
                                            "op": "<=", "value": rng.randint(3, 5)}}


def _climb_on_low(rng: Random) -> JSON:
    """A card played on a card of value 5 or less must be higher than the card below it (or,
    the other way, lower on a card of value 9 or more)."""
    if rng.random() < 0.5:
        return {"kind": "restriction", "when": _top("value", op="<=", value=rng.randint(4, 7)),
                "must": _relation("higher")}
    return {"kind": "restriction", "when": _top("value", op=">=", value=rng.randint(7, 10)),
            "must": _relation("lower")}


def _same_suit_climbs(rng: Random) -> JSON:
    """When the played card has the same suit as the top card, a card played must be higher
    than the card below it."""
    return {"kind": "restriction", "when": _relation(rng.choice(("same_suit", "same_colour"))),
            "must": _relation(rng.choice(("higher", "lower")))}


def _change_colour_or_rank(rng: Random) -> JSON:
    """A card played on a red card must either be black or have the same rank as the card
    below it."""
    colour = rng.choice(COLOURS)
    other = COLOURS[1 - COLOURS.index(colour)]
    return {"kind": "restriction", "when": _top("colour", **{"is": colour}),
            "must": {"type": "any", "of": [_played("colour", **{"is": other}),
                                           _relation("same_rank")]}}


def _low_on_face(rng: Random) -> JSON:
    """Only a card of value 5 or less may be played on a face card."""
    return {"kind": "restriction", "when": _top("face"),
            "must": _played("value", op="<=", value=rng.randint(5, 8))}


#: Every shape bots write from.
SHAPES: Final = (
    Shape("change colour", "easy", _change_colour),
    Shape("colour on a face or number card", "easy", _colour_on_face),
    Shape("no colour on a suit", "easy", _colour_on_suit),
    Shape("number card on a face card", "easy", _number_on_face),
    Shape("a rank does something", "easy", _rank_trigger),
    Shape("a rank asks for words", "easy", _rank_call),
    Shape("follow suit or rank", "medium", _follow_or_match),
    Shape("no face card on a number card", "medium", _no_face_on_number),
    Shape("change parity", "medium", _switch_parity),
    Shape("colour on two ranks", "medium", _colour_on_ranks),
    Shape("two ranks do something", "medium", _ranks_trigger),
    Shape("face on face does something", "medium", _face_on_face_trigger),
    # Hard: rare to see, or a comparison of values that depends on the cards.
    Shape("no suit on a suit", "hard", _suit_on_suit),
    Shape("follow suit or face", "hard", _suit_or_face),
    Shape("a coloured rank does something", "hard", _coloured_rank_trigger),
    Shape("a match does something", "hard", _match_trigger),
    Shape("values close together", "hard", _near_value),
    Shape("climb on a low card, fall on a high one", "hard", _climb_on_low),
    Shape("climb or fall in suit", "hard", _same_suit_climbs),
    Shape("change colour or match rank", "hard", _change_colour_or_rank),
    Shape("low card on a face card", "hard", _low_on_face),
)


def grade_of(kind: str) -> str:
    """The grade of rule a bot of ``kind`` writes (:data:`GRADE_OF`)."""
    return GRADE_OF.get(kind, "easy")


def shapes_for(kind: str) -> tuple[Shape, ...]:
    """The shapes a bot of ``kind`` writes from: those of its grade."""
    grade = grade_of(kind)
    return tuple(s for s in SHAPES if s.grade == grade)


def draft(rng: Random, kind: str) -> JSON:
    """Spec data for a rule a bot of ``kind`` might write: a shape of its grade, with its
    variable parts drawn from ``rng`` (it may still fail the checks: callers draw again)."""
    return rng.choice(shapes_for(kind)).make(rng)


def unreadable(text: str, kind: str) -> str | None:
    """What keeps ``text`` (a rule's English) from being a bot of ``kind``'s rule: a banned
    phrasing, a double negation, or more than its grade's :data:`MAX_ENGLISH` characters;
    ``None`` when it reads as a person would say it."""
    lowered = text.casefold()
    banned = next((b for b in BANNED if b in lowered), None)
    if banned is not None:
        return f"says {banned.strip()!r}"
    if len(_NEGATION.findall(text)) > 1:
        return "negates twice"
    bound = MAX_ENGLISH[grade_of(kind)]
    return f"is longer than {bound} characters" if len(text) > bound else None


def readable(rule: Rule, kind: str) -> bool:
    """Whether ``rule``'s English is fit for a bot of ``kind`` (:func:`unreadable`)."""
    return unreadable(describe(rule), kind) is None


def builder_warning(rule: Rule, own: Sequence[Rule], settings: Settings) -> str | None:
    """The code of a warning the builder's preview would give ``rule`` beside the author's
    ``own`` rules that the engine's checks do not: ``never_fires``, ``duplicate`` or
    ``too_easy`` (a restriction about the two cards that forbids under :data:`TOO_EASY` of
    pairs); ``None`` when it has none of them."""
    book = Rulebook((*own, rule), settings)
    if never_fires(rule, book, BUDGET).found:
        return "never_fires"
    if duplicate_of(rule, book, BUDGET) is not None:
        return "duplicate"
    spec = rule.spec
    if isinstance(spec, Restriction) and spec.when.reads() | spec.must.reads() <= {
            "played", "top", "active_suit"}:
        refused = 1 - legality_grid(Rulebook((rule,), settings)).fraction_legal
        if 0 < refused < TOO_EASY:
            return "too_easy"
    return None
