"""Spoken phrases of call rules: templates, their expansion, and judging what was said.

A template has placeholders (``{rank} of {suit}``), alternatives (``(Chairman|Chairwoman)``)
and optional words (``[most honorable]``); :func:`expand` fills it in for one card as a
:class:`Phrase`, found in speech whatever the case and punctuation. :func:`judge` judges
one play's calls together; :func:`perfect_words` is what a perfect caller says.

>>> from rules.cards import parse
>>> expand("{rank} of {suit}", parse("5S"), run_after=1).text
'five of spades'
>>> expand("Have a {very} nice day", parse("7H"), run_after=3).text
'have a very very nice day'
>>> said_contains("Five of SPADES! Mao.", "five of spades")
True
>>> hail = expand("All hail the [most honorable] (Chairman|Chairwoman)", parse("KH"), 1)
>>> said_contains("ALL HAIL THE CHAIRWOMAN!", hail)
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from string import Formatter
from typing import Final, NoReturn

from rules.cards import RANK_NAMES, STANDARD_CARDS, SUIT_NAMES, SUIT_SINGULAR, Card
from rules.errors import RuleError

#: Placeholders a phrase may use, with what they stand for.
PLACEHOLDERS: Final = {
    "rank": "the played card's rank (five, queen)",
    "suit": "the played card's suit (spades)",
    "suit_one": "the played card's suit, singular (spade)",
    "colour": "the played card's colour (red, black)",
    "card": "the played card's full name (five of spades)",
    "very": "one 'very' per earlier card of the run of equal ranks",
    "holiday": "a holiday greeting (Merry Christmas, Happy Hanukkah, Happy Diwali...)",
}
#: What ``{holiday}`` hears: greetings, and holiday names said alone ("or another holiday
#: name"), each of at most three words. The first of the longest is what a perfect speaker
#: says (:attr:`Phrase.canonical`).
HOLIDAYS: Final = (
    "Happy New Year", "Merry Christmas", "Happy Hanukkah", "Happy Holidays",
    "Happy Christmas", "Merry Xmas", "Happy Chanukah", "Happy Easter", "Happy Passover",
    "Happy Diwali", "Happy Holi", "Happy Eid", "Eid Mubarak", "Ramadan Mubarak",
    "Happy Ramadan", "Happy Kwanzaa", "Happy Thanksgiving", "Happy Halloween",
    "Happy Hogmanay", "Happy Solstice", "Happy Yule", "Happy Nowruz", "Happy Vesak",
    "Happy Purim", "Happy Sukkot", "Happy Lohri", "Happy Pongal", "Happy Onam",
    "Happy Vaisakhi", "Happy Tet", "Seollal", "Season's Greetings", "Feliz Navidad",
    "Joyeux Noel", "Shana Tova", "Happy Valentine's Day", "Happy Independence Day",
    "Happy Boxing Day", "Happy Mother's Day", "Happy Father's Day", "Happy Labor Day",
    "Happy Memorial Day", "Happy Veterans Day", "Happy Canada Day", "Happy Australia Day",
    "Happy Bastille Day", "Happy Earth Day", "Happy Groundhog Day", "Happy Easter Monday",
    "Happy Good Friday", "Happy Rosh Hashanah", "Happy Yom Kippur", "Lunar New Year",
    "Chinese New Year", "St Patrick's Day", "Saint Patrick's Day", "Christmas", "Hanukkah",
    "Chanukah", "Holidays", "Easter", "Passover", "Diwali", "Eid", "Kwanzaa",
    "Thanksgiving", "Halloween",
)
#: How a placeholder is named where a template is shown, when not by its name.
_SHOWN: Final = {"holiday": "holiday greeting"}
#: Placeholders that name no card, so words said outside a play may use them.
SPEECH_PLACEHOLDERS: Final = frozenset({"holiday"})
#: Placeholders that name the card: a phrase using one is never said needlessly (naming a
#: card that needed no naming is table talk, not a false call), unless its words misname
#: the card (:func:`misnames`).
CARD_PLACEHOLDERS: Final = frozenset({"rank", "suit", "suit_one", "colour", "card"})
MAX_PHRASE: Final = 80
#: A word: letters and digits, with apostrophes inside (``don't``), not quoting it (``'mao'``).
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*")
_CLOSE = {"(": ")", "[": "]"}
#: The card and run that validation expands a template for.
_SAMPLE = (Card(5, "S"), 2)
#: A rank said as a numeral is the rank's word ("4 of spades" names the four).
_NUMERALS: Final = {str(rank): RANK_NAMES[rank] for rank in range(2, 11)}
_RANK_WORDS: Final = frozenset(RANK_NAMES.values())
_SUIT_WORDS: Final = frozenset({*SUIT_NAMES.values(), *SUIT_SINGULAR.values()})

#: One choice of words (lower case, no punctuation); ``()`` is saying nothing.
Words = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Group:
    """A choice in a template: one of ``options`` (template text each) or, when
    ``optional``, none of them."""

    options: tuple[str, ...]
    optional: bool = False


#: A part of a template: plain template text, or a choice.
Part = str | Group


@dataclass(frozen=True, slots=True)
class Phrase:
    """A template filled in for one play: ``slots`` in order, each the choices of words
    one may say there (``()`` among them: the slot may be left out). The first longest
    choice of each slot is its *canonical* choice, what a perfect caller says."""

    slots: tuple[tuple[Words, ...], ...]
    #: The slots as they are matched, each choice in its every :func:`forms`.
    heard: tuple[tuple[Words, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "heard", tuple(
            tuple(dict.fromkeys(form for choice in slot for form in forms(choice)))
            for slot in self.slots))

    @property
    def canonical(self) -> Words:
        """The words a perfect caller says: every slot's first longest choice."""
        return tuple(w for slot in self.slots for w in max(slot, key=len))

    @property
    def text(self) -> str:
        """The canonical words as text (``five of spades``)."""
        return " ".join(self.canonical)

    @property
    def longest(self) -> int:
        """How many words the longest way of saying it has (the canonical one)."""
        return sum(len(max(slot, key=len)) for slot in self.slots)

    def ends(self, said: Sequence[str], start: int, free: Sequence[bool]) -> list[int]:
        """Where occurrences starting at word ``start`` of ``said`` (words as
        :func:`matchable` gives them) end (exclusive), using only words that are ``free``."""
        at = {start}
        for slot in self.heard:
            nxt: set[int] = set()
            for pos in at:
                for choice in slot:
                    end = pos + len(choice)
                    if (end <= len(said) and all(free[pos:end])
                            and tuple(said[pos:end]) == choice):
                        nxt.add(end)
            at = nxt
            if not at:
                return []
        return sorted(at)

    def find(self, said: Sequence[str], free: Sequence[bool]) -> tuple[int, int] | None:
        """The leftmost occurrence in free words of ``said`` (words as :func:`matchable`
        gives them), its longest form there: ``(start, end)``, or ``None``. A phrase with
        nothing to say is never found."""
        if not self.longest:
            return None
        for start in range(len(said)):
            if free[start]:
                ends = [e for e in self.ends(said, start, free) if e > start]
                if ends:
                    return start, ends[-1]
        return None

    def without(self, word: str) -> Phrase:
        """The phrase said with any copies of ``word`` left out (all of them, some, or
        none), for counting how many a speaker left out (:attr:`Call.each_missing`)."""
        def dropped(choice: Words) -> list[Words]:
            at = [i for i, w in enumerate(choice) if w == word]
            return [tuple(w for i, w in enumerate(choice) if i not in at[:k])
                    for k in range(len(at) + 1)]
        return Phrase(tuple(tuple(dict.fromkeys(d for choice in slot for d in dropped(choice)))
                            for slot in self.slots))

    def readable(self) -> str:
        """The canonical words in quotes, with what else will do: ``“all hail the most
        honorable chairman” (“most honorable” may be left out; “chairwoman” may replace
        “chairman”)``."""
        said: list[str] = []
        choices: list[Choice] = []
        for slot in self.slots:
            best = max(slot, key=len)
            if len(slot) > 1:
                others = tuple(" ".join(c) for c in slot if c and c != best)
                choices.append(Choice(" ".join(best), others, () in slot, len(said)))
            said += best
        notes = variant_notes(choices, said)
        return f"“{self.text}”" + (f" ({'; '.join(notes)})" if notes else "")


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice as people read it: the ``canonical`` words (as shown), the ``others`` that
    will do, whether it may be left ``out``, and the word it starts at in the canonical
    words (to tell apart choices whose words occur more than once)."""

    canonical: str
    others: tuple[str, ...]
    out: bool
    at: int


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def variant_notes(choices: Sequence[Choice], said: Sequence[str]) -> list[str]:
    """What else will do, per choice, in the canonical words ``said``: ``“most honorable”
    may be left out``, ``“Chairwoman” may replace “Chairman”``, ``“shining” may replace
    “most honorable”, which may also be left out``; ``the second “Mao”`` when the words
    occur more than once."""
    notes = []
    for choice in choices:
        if not choice.others and not choice.out:
            continue
        seek = words(choice.canonical)
        starts = [i for i in range(len(said) - len(seek) + 1)
                  if list(said[i:i + len(seek)]) == seek]
        first = f"“{choice.canonical}”"
        if len(starts) > 1 and choice.at in starts:
            nth = starts.index(choice.at)
            first = f"the {_ORDINALS[nth] if nth < len(_ORDINALS) else f'number {nth + 1}'} {first}"
        others = " or ".join(f"“{o}”" for o in choice.others)
        if not choice.others:
            notes.append(f"{first} may be left out")
        elif choice.out:
            notes.append(f"{others} may replace {first}, which may also be left out")
        else:
            notes.append(f"{others} may replace {first}")
    return notes


def parse_template(template: str, path: str = "say") -> tuple[Part, ...]:
    """The parts of a template; :class:`RuleError` (``spec/bad_phrase``) for brackets
    that do not pair up, nested groups, a ``|`` outside a group and empty choices."""
    parts: list[Part] = []
    text = ""
    opener: str | None = None
    options: list[str] = []
    for char in template:
        if char in "([":
            if opener is not None:
                _bad(f"has a group inside a group at “{char}” (groups do not nest)", path)
            parts.append(text)
            text, opener, options = "", char, []
        elif char in ")]":
            if opener is None:
                _bad(f"closes “{char}” that was never opened", path)
            if char != _CLOSE[opener]:
                _bad(f"opens “{opener}” but closes “{char}”", path)
            options.append(text)
            parts.append(_group(options, opener == "[", path))
            text, opener = "", None
        elif char == "|":
            if opener is None:
                _bad("has “|” outside a group: put the alternatives in parentheses, as in "
                     "“(Chairman|Chairwoman)”", path)
            options.append(text)
            text = ""
        else:
            text += char
    if opener is not None:
        _bad(f"opens “{opener}” and never closes it", path)
    parts.append(text)
    return tuple(p for p in parts if p != "")


def _group(options: list[str], optional: bool, path: str) -> Group:
    brackets = "[...]" if optional else "(...)"
    if len(options) == 1 and not options[0].strip():
        _bad(f"has an empty “{brackets[0]}{brackets[-1]}”", path)
    # An option of punctuation alone says nothing (a placeholder may, on some cards).
    if any(not words(o) and "{" not in o for o in options):
        hint = "" if optional else ": square brackets make words optional"
        _bad(f"has an alternative with no words in “{brackets}”{hint}", path)
    return Group(tuple(o.strip() for o in options), optional)


def _bad(problem: str, path: str) -> NoReturn:
    raise RuleError(problem, path=path, code="spec/bad_phrase")


def _pieces(parts: Sequence[Part]) -> list[str]:
    """Every piece of template text in the parts (plain text and each option)."""
    return [p for part in parts for p in ((part,) if isinstance(part, str) else part.options)]


def check_template(phrase: str, path: str) -> None:
    """Raise :class:`RuleError` unless ``phrase`` is a usable template."""
    if not phrase.strip():
        raise RuleError("must not be empty", path=path, code="spec/empty")
    parts = parse_template(phrase, path)
    for piece in _pieces(parts):
        try:
            parsed = list(Formatter().parse(piece))
        except ValueError as exc:
            raise RuleError(f"is not a valid phrase ({exc})", path=path,
                            code="spec/bad_phrase") from None
        for literal, name, spec, conversion in parsed:
            if "{" in literal or "}" in literal:  # "{{" and "}}": no words to say
                _bad("has a brace that is not around a placeholder", path)
            if name is None:
                continue
            if name not in PLACEHOLDERS:
                known = ", ".join("{" + p + "}" for p in PLACEHOLDERS)
                raise RuleError(f"unknown placeholder {{{name}}} (known: {known})", path=path,
                                code="spec/bad_placeholder")
            if spec or conversion:
                raise RuleError(f"placeholder {{{name}}} takes nothing after its name",
                                path=path, code="spec/bad_placeholder")
    if any("{holiday}" in option and option.strip() != "{holiday}"
           for part in parts if isinstance(part, Group) for option in part.options):
        _bad("has {holiday} with other words inside a group: it is a choice of its own",
             path)
    sample = compile_template(phrase).expand(*_SAMPLE)
    if not sample.longest:
        raise RuleError("has no words to say", path=path, code="spec/empty")
    if not min_words(sample):
        _bad("has only optional words: say at least one word outside square brackets",
             path)


def speech_template(value: object, path: str,
                    placeholders: frozenset[str] = SPEECH_PLACEHOLDERS) -> str:
    """A phrase said outside a play (a talking rule's allowed words, a reply's, a race's):
    a checked template with no placeholder but ``placeholders``, since such words name no
    card."""
    if not isinstance(value, str):
        raise RuleError("must be text", path=path, code="spec/not_text")
    if len(value) > MAX_PHRASE:
        raise RuleError(f"is {len(value)} characters long, at most {MAX_PHRASE} allowed",
                        path=path, code="spec/too_long")
    check_template(value, path)
    used = {name for piece in _pieces(parse_template(value, path))
            for _, name, _, _ in Formatter().parse(piece) if name is not None}
    if used - placeholders:
        others = " or ".join("{" + p + "}" for p in sorted(placeholders))
        raise RuleError(f"may not use a placeholder but {others}: words said outside a play "
                        "name no card", path=path, code="spec/bad_placeholder")
    return value


def speech_phrase(template: str) -> Phrase:
    """The phrase a speech template (checked; no card placeholders) asks for; a ``{very}``
    in it says none, as for one card (a reply's count: :func:`rules.speech.reply_phrase`)."""
    return compile_template(template).expand(_SAMPLE[0], 1)


def counted_word(template: str, word: str) -> bool:
    """Whether ``word`` is one word the template says for some card and run (the word a
    call's ``each_missing`` counts).

    >>> counted_word("Have a {very} nice day", "very"), counted_word("Mao Mao", "nice")
    (True, False)
    """
    if len(words(word)) != 1 or words(word)[0] != word:
        return False
    return any(word in expand(template, _SAMPLE[0], run).canonical for run in (1, 3))


def min_words(phrase: Phrase) -> int:
    """How many words the shortest way of saying ``phrase`` has."""
    return sum(len(min(slot, key=len)) for slot in phrase.slots)


def _values(card: Card, run_after: int) -> dict[str, str]:
    return {
        "rank": RANK_NAMES.get(card.rank, "joker"),
        "suit": SUIT_NAMES.get(card.suit, ""),
        "suit_one": SUIT_SINGULAR.get(card.suit, ""),
        "colour": card.colour or "",
        "card": card.name.lower(),
        "very": " ".join(["very"] * max(run_after - 1, 0)),
        "holiday": HOLIDAYS[0],
    }


@dataclass(frozen=True, slots=True)
class Template:
    """A checked template, parsed once: fill it in for a play with :meth:`expand`."""

    source: str
    parts: tuple[Part, ...]
    #: Whether the words depend on the card played (``{rank}``, ``{suit}``...): such a
    #: call is never said needlessly.
    names_card: bool

    def expand(self, card: Card, run_after: int) -> Phrase:
        """The phrase the template asks for when ``card`` completes a run of ``run_after``."""
        return _expanded(self, card, run_after)

    def written(self, card: Card, run_after: int) -> str:
        """The words :meth:`expand` asks for as the rule writes them (its letter case and
        punctuation kept, each choice's option as :func:`shown_option` picks it), for
        quoting the rule back."""
        values = _values(card, run_after)
        pieces: list[str] = []
        for part in self.parts:
            if isinstance(part, str):
                pieces.append(part.format(**values))
                continue
            filled = [option.format(**values) for option in part.options]
            pieces.append(filled[shown_option(part, [len(words(f)) for f in filled])])
        return " ".join("".join(pieces).split())

    def _expand(self, card: Card, run_after: int) -> Phrase:
        values = _values(card, run_after)
        slots: list[tuple[Words, ...]] = []
        for part in self.parts:
            if isinstance(part, str):
                for i, piece in enumerate(part.split("{holiday}")):
                    if i:
                        slots.append(_HOLIDAY_SLOT)
                    said = tuple(words(piece.format(**values)))
                    if said:
                        slots.append((said,))
                continue
            choices: list[Words] = []
            for option in part.options:
                if "{very}" in option and not values["very"]:
                    continue  # no "very" to say: "({very} much)" asks for nothing
                heard = (_HOLIDAY_SLOT if option.strip() == "{holiday}"
                         else (tuple(words(option.format(**values))),))
                choices += [said for said in heard if said not in choices]
            if part.optional and () not in choices:
                choices.append(())
            if choices and choices != [()]:
                slots.append(tuple(choices))
        return Phrase(tuple(slots))

    def display(self, placeholder: str = "[{}]") -> tuple[str, list[str]]:
        """The template as people read it, each choice as :func:`shown_option` picks it
        (its letter case and punctuation kept, placeholders shown as ``placeholder``), and
        the notes on what else will do (:func:`variant_notes`)."""
        # (``{holiday}`` counts as one word here, so no greeting's words are mistaken
        # for the template's own.)
        sample = _values(*_SAMPLE) | {"holiday": "holiday"}

        def shown(piece: str) -> str:
            return piece.format(**{p: placeholder.format(_SHOWN.get(p, p))
                                   for p in PLACEHOLDERS})

        text, said, choices = "", list[str](), list[Choice]()
        for part in self.parts:
            if isinstance(part, str):
                text += shown(part)
                said += words(part.format(**sample))
                continue
            sizes = [len(words(o.format(**sample))) for o in part.options]
            best = part.options[shown_option(part, sizes)]
            others = tuple(shown(o) for o in part.options if o != best)
            choices.append(Choice(shown(best), others, part.optional, len(said)))
            text += shown(best)
            said += words(best.format(**sample))
        return " ".join(text.split()), variant_notes(choices, said)


def shown_option(group: Group, sizes: Sequence[int]) -> int:
    """Which option of ``group`` (``sizes``: each option's words) people are shown as the
    one to say: the first of a choice, as its author put it first ("Merry Christmas" before
    "Happy Mao Day"); the longest of optional words."""
    return 0 if not group.optional else sizes.index(max(sizes))


@lru_cache(maxsize=8192)
def _expanded(template: Template, card: Card, run_after: int) -> Phrase:
    """Expansions are asked for on every play and there are few cards and runs: keep them."""
    return template._expand(card, run_after)


@lru_cache(maxsize=1024)
def compile_template(template: str) -> Template:
    """A template parsed once (it should be checked: :func:`check_template`)."""
    parts = parse_template(template)
    names = {name for piece in _pieces(parts) for _, name, _, _ in Formatter().parse(piece)}
    return Template(template, parts, bool(names & CARD_PLACEHOLDERS))


def expand(template: str, card: Card, run_after: int) -> Phrase:
    """The phrase ``template`` asks for when ``card`` completes a run of ``run_after``."""
    return compile_template(template).expand(card, run_after)


def words(text: str) -> list[str]:
    """Lower-case words of ``text``, punctuation dropped; a typographic apostrophe (which
    phones type) is read as a plain one.

    >>> words("I’m sure: don't 'Mao'!")
    ["i'm", 'sure', "don't", 'mao']
    """
    return _WORD.findall(text.lower().replace("\u2019", "'"))


#: The choices of words ``{holiday}`` hears, as one slot of a phrase.
_HOLIDAY_SLOT: Final = tuple(dict.fromkeys(tuple(words(h)) for h in HOLIDAYS))


def matchable(said: Sequence[str]) -> list[str]:
    """Words (as :func:`words` gives them) as calls hear them: a rank said as a numeral is
    its word ("4" is "four").

    >>> matchable(words("4 of Spades, 10!"))
    ['four', 'of', 'spades', 'ten']
    """
    return [_NUMERALS.get(word, word) for word in said]


def forms(choice: Words) -> list[Words]:
    """The ways of saying a phrase's ``choice`` that are heard as it: its ranks in words or
    figures, and each "of" between a rank and a suit said or left out.

    >>> forms(("4", "of", "spades"))
    [('four', 'of', 'spades'), ('four', 'spades')]
    """
    ranked = matchable(choice)
    options = [((word,), ()) if (word == "of" and 0 < i < len(ranked) - 1
                                 and ranked[i - 1] in _RANK_WORDS
                                 and ranked[i + 1] in _SUIT_WORDS) else ((word,),)
               for i, word in enumerate(ranked)]
    return [tuple(w for part in picked for w in part) for picked in product(*options)]


def hear(said: str) -> list[str]:
    """The words of ``said`` as calls, replies and races hear them (:func:`matchable`)."""
    return matchable(words(said))


def plain(text: str) -> Phrase:
    """Words to find as they are (no template syntax): ``plain("Mao!")`` is ``mao``."""
    said = tuple(words(text))
    return Phrase(((said,),) if said else ())


def said_contains(said: str, phrase: Phrase | str) -> bool:
    """Whether ``phrase`` (a :class:`Phrase`, or plain words) occurs, word for word and in
    order, somewhere in ``said``."""
    found = phrase if isinstance(phrase, Phrase) else plain(phrase)
    heard = hear(said)
    return found.find(heard, [True] * len(heard)) is not None


@dataclass(frozen=True, slots=True)
class Heard:
    """One call rule's part in judging a play: its phrase for the play, whether it is
    required, and whether its template names the card (:attr:`Template.names_card`)."""

    phrase: Phrase
    required: bool
    names_card: bool = False
    #: The word counted when the phrase is said short (:attr:`Call.each_missing`).
    counted: str | None = None
    #: Said last, said within another call, the charge for stating it early
    #: (:mod:`rules.call_order`).
    last: bool = False
    combines: bool = False
    early_penalty: int | None = None


@dataclass(frozen=True, slots=True)
class Judged:
    """What :func:`judge_words` found: per call whether it was ``made``, the words
    ``heard`` (:func:`hear`) and which of them no required call took (``free``)."""

    made: list[bool]
    heard: list[str]
    free: list[bool]
    #: Per call, how many copies of its counted word a short saying left out (0: none).
    short: list[int] = field(default_factory=list)
    #: Per call, the words it took (a call made inside another's: that other's words;
    #: a call said short: its short words), or ``None``.
    spans: list[tuple[int, int] | None] = field(default_factory=list)
    #: Per call, the words of the last call it was said after (``""``: in time), whether
    #: it was stated too early, and whether that early charge covers its own (filled in
    #: by :func:`rules.call_order.judge_calls`).
    late: list[str] = field(default_factory=list)
    early: list[bool] = field(default_factory=list)
    covered: list[bool] = field(default_factory=list)

    def left(self) -> list[str]:
        """The words no required call took, in order."""
        return [w for w, unused in zip(self.heard, self.free, strict=True) if unused]


def _judging_order(calls: Sequence[Heard]) -> list[int]:
    """The required calls, longest phrase first, ties by their canonical words (so the
    order the rules come in changes nothing)."""
    return sorted((i for i, c in enumerate(calls) if c.required),
                  key=lambda i: (-calls[i].phrase.longest, calls[i].phrase.canonical))


def card_words(card: Card | None) -> frozenset[str]:
    """The words that name ``card``'s rank, suit or colour (none for no card)."""
    if card is None or card.is_joker:
        return frozenset()
    return frozenset({RANK_NAMES[card.rank], SUIT_NAMES[card.suit], SUIT_SINGULAR[card.suit],
                      card.colour or ""})


def judge_words(calls: Sequence[Heard], said: str, card: Card | None = None,
                taken: Sequence[Phrase] = ()) -> Judged:
    """Judge one play's calls on what was ``said`` with ``card`` (docs/rules.md, "Calls
    are judged together"): whether each call is made, and the words left. The ``taken``
    phrases (replies the words answered) take their words first, once each."""
    heard = hear(said)
    free = [True] * len(heard)
    for phrase in taken:
        span = phrase.find(heard, free)
        if span is not None:
            free[span[0]:span[1]] = [False] * (span[1] - span[0])
    made = [False] * len(calls)
    spans: list[tuple[int, int] | None] = [None] * len(calls)
    placed: dict[Phrase, tuple[int, int] | None] = {}
    # Where each required call that names the card took its words: another call may be
    # made inside them (a king of spades hailed "..., king of spades" is named).
    naming: list[tuple[int, int]] = []
    missed: list[int] = []
    for i in _judging_order(calls):
        phrase = calls[i].phrase
        if phrase not in placed:
            span = phrase.find(heard, free)
            if span is not None:
                free[span[0]:span[1]] = [False] * (span[1] - span[0])
                if calls[i].names_card:
                    naming.append(span)
            placed[phrase] = span
        spans[i] = placed[phrase]
        made[i] = spans[i] is not None or not min_words(phrase)
        if not made[i]:
            missed.append(i)
    named = card_words(card)
    for i in missed:
        for start, end in naming:
            # A call naming the card may use every word there; another only the words
            # that do not name the card (the "two" of "two of spades" is its rank).
            inside = [start <= at < end and (calls[i].names_card
                                                or (card is not None and word not in named))
                      for at, word in enumerate(heard)]
            if calls[i].phrase.find(heard, inside) is not None:
                made[i], spans[i] = True, (start, end)
                break
    short = [0] * len(calls)
    for i in missed:
        word = calls[i].counted
        if word is None or made[i]:
            continue
        # Said with copies of its counted word left out: those words are the call's, so
        # another call ("Mao" beside "Mao Mao") does not hear them as needless.
        span = calls[i].phrase.without(word).find(heard, free)
        if span is not None:
            free[span[0]:span[1]] = [False] * (span[1] - span[0])
            whole = calls[i].phrase.canonical.count(word)
            short[i] = max(whole - heard[span[0]:span[1]].count(word), 1)
            spans[i] = span
    for i, call in enumerate(calls):
        if not call.required:
            judged = not call.names_card or misnames(call.phrase, card)
            made[i] = judged and call.phrase.find(heard, free) is not None
    return Judged(made, heard, free, short, spans)


def misnames(phrase: Phrase, card: Card | None) -> bool:
    """Whether ``phrase`` (a call's words for a play of ``card``) names a rank or a suit
    that ``card`` does not have: "four of spades" said of the four of hearts is a false
    call, never mere naming of the card.

    >>> from rules.cards import parse
    >>> misnames(expand("{rank} of spades", parse("4H"), 1), parse("4H"))
    True
    >>> misnames(expand("{card}", parse("4H"), 1), parse("4H"))
    False
    """
    if card is None or card.is_joker:
        return False
    named = card_words(card)
    return any(word in _RANK_WORDS | _SUIT_WORDS and word not in named
               for slot in phrase.slots for choice in slot for word in choice)


def judge(calls: Sequence[Heard], said: str, card: Card | None = None,
          taken: Sequence[Phrase] = ()) -> list[bool]:
    """Per call, whether what was ``said`` with ``card`` counts as making it (a call is
    broken when that differs from its being required; ``taken``: :func:`judge_words`);
    docs/rules.md, "Calls are judged together"."""
    return judge_words(calls, said, card, taken).made


def perfect_words(calls: Sequence[Heard]) -> str:
    """What a perfect caller says: every required phrase once, in its canonical form, in
    the order :func:`judge` takes them (longest first), as sentences, those said ``last``
    after the others. :func:`judge` finds every required call made, in time, and none
    needless: each phrase's leftmost free occurrence is its own sentence, since every word
    before it is taken, and its longest form there is the canonical one, which is the
    longest it has."""
    said: list[str] = []
    seen: set[Phrase] = set()
    # Words that would make a combining call not required needless are left out.
    avoid = [c.phrase for c in calls if c.combines and not c.required]
    # Calls said last come after the others (a stable sort keeps each group's order).
    for i in sorted(_judging_order(calls), key=lambda i: calls[i].last):
        phrase = calls[i].phrase
        if phrase not in seen and phrase.longest:
            seen.add(phrase)
            said.append(way_without(phrase, avoid))
    return ". ".join(said)


def phrases_overlap(one: str, other: str) -> bool:
    """Whether, for some card, one call template's words hold the other's ("Mao", "Mao Mao"):
    both must then be said in full. Phrases with ``{very}`` are left out.

    >>> phrases_overlap("Mao", "Mao Mao"), phrases_overlap("{rank} of hearts", "seven")
    (True, True)
    >>> phrases_overlap("Mao", "Have a nice day")
    False
    """
    if "{very}" in one or "{very}" in other:
        return False
    first, second = compile_template(one), compile_template(other)
    for card in STANDARD_CARDS:
        a, b = first.expand(card, 1), second.expand(card, 1)
        if said_contains(a.text, b) or said_contains(b.text, a):
            return True
    return False


def way_without(phrase: Phrase, avoid: Sequence[Phrase]) -> str:
    """The canonical words of ``phrase``, or, when they hold one of the ``avoid`` phrases
    (a combining call not required: "Happy Mao Day" with cards to spare), the longest way
    of saying each part that does not.

    >>> from rules.cards import parse
    >>> way_without(expand("(Happy Holidays|Happy Mao Day)", parse("6H"), 1), [plain("mao")])
    'happy holidays'
    """
    def holds(said: Sequence[str]) -> bool:
        return any(a.find(said, [True] * len(said)) is not None for a in avoid)

    if not holds(phrase.canonical):
        return phrase.text
    said: list[str] = []
    for slot in phrase.slots:
        kept: list[Words] = [choice for choice in slot if not holds(choice)] or list(slot)
        best: Words = max(kept, key=len)
        said += best
    return " ".join(said)
