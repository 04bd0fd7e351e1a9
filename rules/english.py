"""Rendering rules as one readable English sentence each.

>>> from rules.spec import Restriction
>>> from rules.conditions import IsFace
>>> describe(Restriction(IsFace(), IsFace("top"), negate=True))
'A face card may not be played on a face card.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rules.cards import RANK_NAMES, RANK_PLURALS, STANDARD_CARDS, SUIT_NAMES, SUIT_SINGULAR, Card
from rules.conditions import (
    ActiveSuitIs,
    All,
    Always,
    Any_,
    CardTest,
    Cases,
    ColourIs,
    Compare,
    Condition,
    FollowsActiveSuit,
    HandCount,
    Iff,
    IsAuthor,
    IsFace,
    IsJoker,
    IsNumber,
    Not,
    OnStarter,
    Parity,
    RankIs,
    Relation,
    SuitIs,
    ValueIn,
    ValueIs,
    card_mask,
)
from rules.counting import Count, Difference, Position, Sum, Window
from rules.effects import Effect
from rules.phrases import compile_template, expand
from rules.races import Race
from rules.spec import (
    Call,
    InstantWin,
    Permission,
    Reply,
    Restriction,
    Rule,
    RuleSpec,
    Talking,
    ThirdPerson,
    Trigger,
)

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten")
_AMOUNT = {"==": "exactly", "!=": "other than", ">=": "at least", "<=": "at most",
           ">": "more than", "<": "fewer than"}
_VALUE = {"==": "of value {n}", "!=": "of a value other than {n}", ">=": "of value {n} or more",
          "<=": "of value {n} or less", ">": "of value above {n}", "<": "of value below {n}"}
SUBJECT_NAMES = {"played": "the played card", "top": "the top card",
                 "pile2": "the card under the top card"} | {
    f"pile{n}": f"the card {n - 1} below the top card" for n in range(3, 10)}


def number(n: int) -> str:
    """A small number in words: ``number(3) == 'three'``; 11 and above stay digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def amount(op: str, n: int, one: str, many: str, none: bool = True) -> str:
    """How many things a comparison allows, the noun agreeing with the number: ``at most one
    card``, ``more than one card``, ``exactly three cards``. With ``none``, amounts that
    mean nothing or something are said so: ``no cards`` (``== 0``, ``<= 0``, ``< 1``) and
    ``at least one card`` (``!= 0``, ``> 0``, ``>= 1``), and ``a number of cards other
    than two`` for ``!= 2``."""
    if none and ((op in ("==", "<=") and n == 0) or (op == "<" and n == 1)):
        return f"no {many}"
    if none and ((op in ("!=", ">") and n == 0) or (op == ">=" and n == 1)):
        return f"at least one {one}"
    if none and op == "!=":
        return f"a number of {many} other than {number(n)}"
    return f"{_AMOUNT[op]} {number(n)} {one if n == 1 else many}"


def cards(n: int, noun: str = "card", plural: str = "cards") -> str:
    """``a card``, ``two cards``."""
    return f"a {noun}" if n == 1 else f"{number(n)} {plural}"


def article(phrase: str) -> str:
    """``a``/``an`` by the sound of the first word."""
    return ("an " if phrase[:1].lower() in "aeio" else "a ") + phrase


def sentence(text: str) -> str:
    """Capitalise and end with a full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


@dataclass(frozen=True, slots=True)
class Noun:
    """A noun phrase about one card: ``adjectives head postmodifier`` in both numbers."""

    head: str
    heads: str
    adjectives: str = ""
    post: str = ""

    @property
    def one(self) -> str:
        """With an article: ``a black queen``."""
        return article(self.bare)

    @property
    def bare(self) -> str:
        """Without article: ``black queen of spades``."""
        return " ".join(p for p in (self.adjectives, self.head, self.post) if p)

    @property
    def predicate(self) -> str:
        """After "is": the one adjective of a plain card alone (``red``, not ``a red
        card``), else with an article."""
        if self.head == "card" and not self.post and self.adjectives and " " not in self.adjectives:
            return self.adjectives
        return self.one

    @property
    def many(self) -> str:
        """Plural: ``black queens``."""
        return " ".join(p for p in (self.adjectives, self.heads, self.post) if p)


def _or(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _and(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def listing(items: Sequence[str]) -> str:
    """Things listed in a sentence: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    return _and(items)


NOT_THE_CASE = "it is not the case that "
#: The starter, and a played card on top: said without "and", "or" or a comma, so that a
#: group never needs parentheses around them.
STARTER = "the top card is the round's starter (turned up at the deal)"
NOT_STARTER = "the top card was played (it is not the round's starter)"
#: What makes a phrase a list of its own: a member of a group that holds one of these is put
#: in parentheses, so that every sentence has one reading ("A and (B or C)", never
#: "A and B or C"). A count ending in what its cards must pass ("two cards ... for which the
#: card is red") is bracketed too: the next member could be read as part of that test.
_JOINERS = (", ", " and ", " or ", " for which ", " exactly when ", "; ")
#: Joins the two sides of "exactly when" (if and only if).
EXACTLY_WHEN = " exactly when "
#: The words of a case table: "when A: B; when C: D; otherwise E".
CASE_WHEN, CASE_THEN, CASE_NEXT, OTHERWISE = "when ", ": ", "; ", "otherwise "
#: How a named set of values follows a card's noun: "a card of prime value".
VALUE_SET_NAMES = {"prime": "prime", "square": "square", "fibonacci": "Fibonacci"}


def member(text: str) -> str:
    """A member of an all/any group: in parentheses when it is itself a list of some kind.

    >>> member("the top card is red")
    'the top card is red'
    >>> member("the top card is a heart or a diamond")
    '(the top card is a heart or a diamond)'
    """
    # "it is not the case that" reaches to the end of the sentence: its scope is bracketed.
    wrap = any(joiner in text for joiner in _JOINERS) or text.startswith(NOT_THE_CASE)
    return f"({text})" if wrap else text


#: What follows the subject of alternatives said as verb phrases of one card.
EITHER = "either "
#: How a group of three or more inside another group begins (a leaf never begins so).
ALL_OF, ONE_OF = "all of these hold: ", "one of these holds: "


def group(parts: Sequence[str], any_of: bool, nested: bool = False) -> str:
    """An all (``any_of`` false) or any group of clauses or verb phrases, unambiguously:
    ``both A and B``, ``either A or B``, ``A, B and C``; inside another group a group of
    three or more begins ``all of these hold:`` or ``one of these holds:``. A member that is
    a list itself (a group, or a leaf holding "and", "or" or a comma) is in parentheses, so
    the only joining words outside parentheses are the group's own."""
    items = [member(p) for p in parts]
    if len(items) == 1:
        return parts[0]
    if len(items) == 2:
        return f"either {items[0]} or {items[1]}" if any_of else f"both {items[0]} and {items[1]}"
    text = _or(items) if any_of else _and(items)
    return (ONE_OF if any_of else ALL_OF) + text if nested else text


ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
            "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
            "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth")


def ordinal(n: int) -> str:
    """``ordinal(5) == 'fifth'``; from 21 on, ``21st``, ``22nd``, ``33rd``, ``40th``."""
    if 0 <= n < len(ORDINALS):
        return ORDINALS[n]
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


#: Where a card below the top lies, for sentences about a card that may not be there.
PLACES = {"pile2": "under the top card"} | {
    f"pile{n}": f"{number(n - 1)} places below the top card" for n in range(3, 10)}


def noun(cond: Condition) -> Noun | None:
    """A noun phrase for card tests about a single card, or ``None`` if there is none."""
    tests = list(cond.of) if isinstance(cond, All) else [cond]
    if not tests or not all(isinstance(t, CardTest) for t in tests):
        return None
    kinds = [type(t) for t in tests]
    if len(set(kinds)) != len(kinds) or len({t.reads() for t in tests}) != 1:
        return None
    by_kind = {type(t): t for t in tests}
    head, heads, adjectives, posts = "card", "cards", [], []
    rank, suit = by_kind.get(RankIs), by_kind.get(SuitIs)
    # A set that holds every rank or every suit says nothing about the card: "a card", not
    # "a club, diamond, heart or spade" (a joker on the pile is the card it stands for).
    if isinstance(rank, RankIs) and len(set(rank.ranks)) == len(RANK_NAMES):
        rank = None
    if isinstance(suit, SuitIs) and len(set(suit.suits)) == len(SUIT_NAMES):
        suit = None
    if isinstance(rank, RankIs):
        head = _or([RANK_NAMES[r] for r in rank.ranks])
        heads = _or([RANK_PLURALS[r] for r in rank.ranks])
    elif IsFace in by_kind and IsNumber in by_kind:
        return None
    elif IsFace in by_kind:
        head, heads = "face card", "face cards"
    elif IsNumber in by_kind:
        head, heads = "number card", "number cards"
    elif IsJoker in by_kind:
        head, heads = "joker", "jokers"
    if isinstance(suit, SuitIs):
        if head == "card":
            head = _or([SUIT_SINGULAR[s] for s in suit.suits])
            heads = _or([SUIT_NAMES[s] for s in suit.suits])
        else:
            posts.append("of " + _or([SUIT_NAMES[s] for s in suit.suits]))
    colour = by_kind.get(ColourIs)
    if isinstance(colour, ColourIs):
        adjectives.append(colour.colour)
    parity = by_kind.get(Parity)
    if isinstance(parity, Parity):
        adjectives.append(parity.parity)
    value = by_kind.get(ValueIs)
    if isinstance(value, ValueIs):
        posts.append(_VALUE[value.op].format(n=value.value))
    named = by_kind.get(ValueIn)
    if isinstance(named, ValueIn):
        posts.append(f"of {VALUE_SET_NAMES[named.name]} value")
    return Noun(head, heads, " ".join(adjectives), " ".join(posts))


@dataclass(frozen=True, slots=True)
class Verb:
    """A verb phrase about the played card, in base form (``be red``) and third person."""

    base: str
    third: str


_THIRD = {"be": "is", "have": "has", "differ": "differs", "follow": "follows"}


def _verb(base: str) -> Verb:
    first, _, rest = base.partition(" ")
    return Verb(base, f"{_THIRD.get(first, first + 's')} {rest}".strip())


def verb(cond: Condition, names: dict[str, str]) -> Verb | None:
    """A verb phrase if ``cond`` is only about the played card (and cards it relates to)."""
    np = noun(cond)
    if np is not None and cond.reads() == {"played"}:
        return _verb("be " + np.predicate)
    if isinstance(cond, Relation) and cond.a == "played":
        return _verb(_relation_phrase(cond.rel, names[cond.b], cond.n))
    if isinstance(cond, FollowsActiveSuit):
        return _verb("follow the active suit")
    if isinstance(cond, Not):
        inner = verb(cond.of, names) if not isinstance(cond.of, Any_ | All) else None
        if inner is None:
            return None
        if inner.base.startswith("be "):
            return Verb("not " + inner.base, "is not " + inner.base[3:])
        return Verb("not " + inner.base, "does not " + inner.base)
    if isinstance(cond, Any_ | All):
        merged = _merge_same(cond, names) if isinstance(cond, Any_) else None
        if merged is not None:
            return merged
        if any(isinstance(c, Any_ | All) and len(c.of) > 1 for c in cond.of):
            return None  # a group within a group reads best as clauses
        parts = [verb(c, names) for c in cond.of]
        if any(p is None for p in parts):
            return None
        any_of = isinstance(cond, Any_)
        return Verb(group([p.base for p in parts if p], any_of),
                    group([p.third for p in parts if p], any_of))
    return None


def _merge_same(cond: Any_, names: dict[str, str]) -> Verb | None:
    """``have the same suit or rank as X`` for an ``any`` of same-suit/rank/colour relations."""
    rels = [c for c in cond.of if isinstance(c, Relation)]
    if len(rels) != len(cond.of) or len({(r.a, r.b) for r in rels}) != 1 or rels[0].a != "played":
        return None
    words = {"same_suit": "suit", "same_rank": "rank", "same_colour": "colour"}
    if not all(r.rel in words for r in rels):
        return None
    return _verb(f"have the same {_or([words[r.rel] for r in rels])} as {names[rels[0].b]}")


def _relation_phrase(rel: str, other: str, n: int) -> str:
    phrases = {
        "same_suit": f"have the same suit as {other}",
        "same_rank": f"have the same rank as {other}",
        "same_colour": f"have the same colour as {other}",
        "higher": f"be higher than {other}",
        "lower": f"be lower than {other}",
        "one_higher": f"be one rank higher than {other}",
        "one_lower": f"be one rank lower than {other}",
        "adjacent": f"be one rank above or below {other}",
        "adjacent_wrap": f"be one rank above or below {other}, king and ace counting as adjacent",
        "differs_by_at_least": f"differ in value from {other} by at least {number(n)}",
    }
    return phrases[rel]


def clause(cond: Condition, names: dict[str, str] = SUBJECT_NAMES, nested: bool = False) -> str:
    """A full clause in the third person for any condition (``nested``: inside a group)."""
    np = noun(cond)
    if np is not None:
        return f"{names[next(iter(cond.reads()))]} is {np.predicate}"
    if isinstance(cond, Not):
        inner = noun(cond.of)
        if inner is not None:
            subject = next(iter(cond.of.reads()))
            if subject in PLACES and names[subject] == SUBJECT_NAMES[subject]:
                # True also when there is no such card: said so.
                return f"there is no {inner.bare} {PLACES[subject]}"
            return f"{names[subject]} is not {inner.predicate}"
        if isinstance(cond.of, OnStarter):
            return NOT_STARTER
        both = _not_both(cond.of, names)
        if both is not None:
            return both
        positive = _negated(cond.of, names)
        if positive is not None:
            return positive
        return NOT_THE_CASE + member(clause(cond.of, names, nested=True))
    if isinstance(cond, Relation):
        return f"{names[cond.a]} {_verb(_relation_phrase(cond.rel, names[cond.b], cond.n)).third}"
    if isinstance(cond, Any_):
        # One subject for alternatives about the played card: "the played card either
        # follows the active suit, has the same rank as the top card or is a jack".
        alternatives = [verb(c, names) for c in cond.of]
        if len(cond.of) > 1 and not any(isinstance(c, Any_ | All) for c in cond.of) and all(
                alternatives):
            thirds = [v.third for v in alternatives if v]
            if all(t.startswith("is ") and not t.startswith("is not ") for t in thirds):
                # "is either a face card or a five"
                return f"{names['played']} is {EITHER}{_or([member(t[3:]) for t in thirds])}"
            return f"{names['played']} {EITHER}{_or([member(t) for t in thirds])}"
    if isinstance(cond, All | Any_):
        return group([clause(c, names, nested=True) for c in cond.of], isinstance(cond, Any_),
                     nested)
    if isinstance(cond, Iff):
        one, other = (member(clause(c, names, nested=True)) for c in cond.of)
        return f"{one}{EXACTLY_WHEN}{other}"
    if isinstance(cond, Cases):
        said = [f"{CASE_WHEN}{member(clause(when, names, nested=True))}{CASE_THEN}"
                f"{member(clause(then, names, nested=True))}" for when, then in cond.cases]
        said.append(OTHERWISE + member(clause(cond.otherwise, names, nested=True)))
        return CASE_NEXT.join(said)
    describer = CLAUSES.get(type(cond))
    if describer is None:
        raise TypeError(f"no English for condition type {type(cond).__name__}")
    return describer(cond)


def framed(cond: Condition) -> str:
    """A clause in a rule's frame ("when ..., a play is legal only if ..."): a case table, or
    an "exactly when", in parentheses, so that its own "when"s and "exactly when" never run
    into the frame's words."""
    said = clause(cond)
    return f"({said})" if isinstance(cond, Cases | Iff) else said


#: The comparison that holds exactly when another does not.
_OPPOSITE = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
#: Cards that are always there (a test of a card that is not there is false, and its
#: negation true, so only tests of these cards can be said positively).
_ALWAYS_THERE = frozenset({"played", "top"})


def _negated(cond: Condition, names: dict[str, str]) -> str | None:
    """A positive clause meaning "not ``cond``" where there is one, without "it is not the
    case that": ``the values ... differ by exactly one`` for the negation of ``do not differ
    by one``, ``the played card is not higher than the top card``; ``None`` otherwise."""
    if isinstance(cond, Difference) and {cond.a, cond.b} <= _ALWAYS_THERE:
        return clause(replace(cond, op=_OPPOSITE[cond.op]), names)
    if isinstance(cond, Sum) and cond.cards and set(cond.cards) | (
            {cond.than} - {"", "position"}) <= _ALWAYS_THERE:
        return clause(replace(cond, op=_OPPOSITE[cond.op]), names)
    if isinstance(cond, Compare):
        return clause(replace(cond, op=_OPPOSITE[cond.op]), names)
    if isinstance(cond, Position) and not cond.values:
        return clause(replace(cond, op=_OPPOSITE[cond.op]), names)
    if isinstance(cond, Relation) and {cond.a, cond.b} <= _ALWAYS_THERE:
        said = _verb(_relation_phrase(cond.rel, names[cond.b], cond.n)).base
        first, _, rest = said.partition(" ")
        verb_not = "is not" if first == "be" else f"does not {first}"
        return f"{names[cond.a]} {verb_not} {rest}"
    return None


def _not_both(cond: Condition, names: dict[str, str]) -> str | None:
    """``the played card and the top card are not both jacks`` for the negation of two cards
    passing the same card test; ``None`` for anything else."""
    if not (isinstance(cond, All) and len(cond.of) == 2):
        return None
    nouns = [noun(c) for c in cond.of]
    subjects = [c.reads() for c in cond.of]
    if not all(nouns) or any(len(s) != 1 for s in subjects) or subjects[0] == subjects[1]:
        return None
    one, other = nouns
    if one is None or other is None or one.many != other.many:
        return None
    a, b = (names[next(iter(s))] for s in subjects)
    return f"{a} and {b} are not both {one.many}"


def _compare_clause(cond: Condition) -> str:
    assert isinstance(cond, Compare)
    op, n = cond.op, cond.value
    held = amount(op, n, "card", "cards")
    players = amount(op, n, "player", "players", none=False)
    return {
        "run_length": (f"the run of equal ranks on top of the pile is "
                       f"{amount(op, n, 'card', 'cards', none=False)} long"),
        "hand_before": f"the player holds {held} before the play",
        "hand_after": f"the play leaves its player with {held}",
        "players": f"there {'is' if players.endswith(' one player') else 'are'} {players}",
        "turn": f"the turn number {compared('is', op, n)}",
        "round": f"the round number {compared('is', op, n)}",
        "pending": f"the player owes {held} from earlier plays",
    }[cond.what]


#: How a number (not an amount of things) compares: "less than ten", not "fewer than".
_COMPARED = {"==": "", "<": "less than ", "<=": "at most ", ">": "more than ",
             ">=": "at least "}
#: Verbs a number is compared with, and how each says "not".
_NEGATED = {"is": "is not", "add up to": "do not add up to", "differ by": "do not differ by"}


def compared(verb: str, op: str, n: int) -> str:
    """A verb and the number it compares with: ``is less than -2``, ``add up to at least
    ten``, ``do not differ by two``.

    >>> compared("add up to", "<", 10)
    'add up to less than ten'
    >>> compared("is", "!=", -2)
    'is not -2'
    """
    if op == "!=":
        return f"{_NEGATED[verb]} {number(n)}"
    return f"{verb} {_COMPARED[op]}{'exactly ' if op == '==' and verb != 'is' else ''}{number(n)}"


def _hand_clause(cond: Condition) -> str:
    assert isinstance(cond, HandCount)
    np = noun(cond.where)
    if np:
        return f"the player holds {amount(cond.op, cond.value, np.bare, np.many)}"
    held = amount(cond.op, cond.value, "card", "cards")
    return f"the player holds {held} {_for_which(cond.where)}"


def _for_which(where: Condition, closing: bool = True) -> str:
    """What each counted card must pass (``for which the card is not a heart``), in
    parentheses where more words follow (not ``closing``)."""
    said = clause(where, {"played": "the card"}, nested=True)
    return f"for which {member(said) if closing else f'({said})'}"


def _positions(mod: int, remainders: Sequence[int]) -> str:
    """The first positions with these remainders: ``card 4, 8, 12 and so on``."""
    found = sorted(p for p in range(1, 3 * mod + 1) if p % mod in remainders)[:4]
    return "card " + ", ".join(str(p) for p in found) + " and so on"


def _position_clause(cond: Condition) -> str:
    assert isinstance(cond, Position)
    of = "of the round"
    if cond.mod:
        wanted = list(cond.values) if cond.values else [cond.value]
        text = f"the play is {_positions(cond.mod, wanted)} {of}"
        return text.replace("is card", "is not card", 1) if cond.op == "!=" else text
    if cond.values:
        return f"the play is the {_or([ordinal(v) for v in cond.values])} card {of}"
    nth = f"the {ordinal(cond.value)} card {of}"
    return {"==": f"the play is {nth}", "!=": f"the play is not {nth}",
            ">": f"the play comes after {nth}", "<": f"the play comes before {nth}",
            ">=": f"the play is {nth} or a later one",
            "<=": f"the play is {nth} or an earlier one"}[cond.op]


def _window_phrase(window: Window) -> str:
    if window.last:
        text = f"the last {cards(window.last).removeprefix('a ')}"
        if window.last == 1:
            text = "the last card"
    else:
        text = "the cards laid this round"
    return text + (" including this one" if window.with_played else " before it")


def _counted(where: Condition, window: Window, closing: bool = True) -> str:
    """The cards a count counts, in a window: ``hearts among the last five cards before
    it``, or ``cards among the cards laid this round before it for which ...`` (the window
    said first, so that it cannot be read as part of what the cards must pass);
    ``closing``: no words follow."""
    np = noun(where)
    among = f"among {_window_phrase(window)}"
    if np is not None:
        return f"{np.many} {among}"
    return f"cards {among} {_for_which(where, closing)}"


def _count_clause(cond: Condition) -> str:
    assert isinstance(cond, Count)
    if cond.than_where is not None and cond.than_window is not None:
        assert cond.where is not None  # a count of two windows counts by card tests
        word = {"==": "as many", "!=": "not as many", ">": "more", "<": "fewer",
                ">=": "at least as many", "<=": "at most as many"}[cond.op]
        than = "as" if cond.op in ("==", "!=", ">=", "<=") else "than"
        mine, others = noun(cond.where), noun(cond.than_where)
        if cond.than_window == cond.window and mine is not None and others is not None:
            return (f"there are {word} {mine.many} {than} {others.many} among "
                    f"{_window_phrase(cond.window)}")
        return (f"there are {word} {_counted(cond.where, cond.window, closing=False)} {than} "
                f"{_counted(cond.than_where, cond.than_window)}")
    np = noun(cond.where) if cond.where is not None else Noun("card", "cards")
    shared = f" of the played card's {cond.same}" if cond.same else ""
    among = f"among {_window_phrase(cond.window)}"
    one, many = (np.bare, np.many) if np is not None else ("card", "cards")
    tested = "" if np is not None or cond.where is None else " " + _for_which(cond.where)
    if cond.mod == 2:  # "there is an even number of red cards ...", "not odd" said "even"
        odd = (cond.value == 1) != (cond.op == "!=")
        return (f"there is {'an odd' if odd else 'an even'} number of {many}{shared} "
                f"{among}{tested}")
    if cond.mod:
        tested = "" if np is not None or cond.where is None else " " + _for_which(
            cond.where, closing=False)
        rest = _arithmetic(cond.mod, cond.op, cond.value, "is", "")
        return f"the number of {many}{shared} {among}{tested} {rest}"
    # "a number of cards other than two among ... for which ...": the test comes last
    said = f"{amount(cond.op, cond.value, one + shared, many + shared)} {among}{tested}"
    # The verb agrees with the noun: "there is at most one spade", "there are no spades".
    singular = said.startswith(("at least one ", "a number of ")) or (
        cond.value == 1 and not said.startswith("no "))
    return f"there {'is' if singular else 'are'} {said}"


def _arithmetic(holds_mod: int, op: str, value: int, verb: str, nothing: str) -> str:
    """``add up to more than fifteen``, ``add up to a multiple of 13``, ``is less than
    -2``."""
    if holds_mod == 2:  # "an odd number", and "not odd" said as "even"
        odd = (value == 1) != (op == "!=")
        return f"{verb} {'an odd' if odd else 'an even'} number"
    if holds_mod:
        multiple = f"a multiple of {number(holds_mod)}"
        target = multiple if value == 0 else f"{number(value)} more than {multiple}"
        return f"{_NEGATED[verb] if op == '!=' else verb} {target}"
    if op == "==" and value == 0 and nothing:
        return nothing
    return compared(verb, op, value)


def _sum_clause(cond: Condition) -> str:
    assert isinstance(cond, Sum)
    if cond.than:
        return _sum_than_clause(cond)
    if cond.cards:  # "the played card and the top card add up to": cards add up by value
        subject = _and([SUBJECT_NAMES[s] for s in cond.cards])
    else:
        subject = f"the values of {_window_phrase(cond.window or Window())}"
    return f"{subject} {_arithmetic(cond.mod, cond.op, cond.value, 'add up to', '')}"


#: How one value, or a total, compares with another number (not an amount of things).
_IS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
       ">": "is more than", ">=": "is at least"}
_ADDS = {"==": "add up to", "!=": "do not add up to", "<": "add up to less than",
         "<=": "add up to at most", ">": "add up to more than", ">=": "add up to at least"}


def _sum_than_clause(cond: Sum) -> str:
    """``the top card and the card under the top card add up to the value of the played
    card``, ``the value of the played card is the play's position in the round modulo 13``."""
    other = ("the play's position in the round" if cond.than == "position"
             else f"the value of {SUBJECT_NAMES[cond.than]}")
    if len(cond.cards) == 1:
        said = f"the value of {SUBJECT_NAMES[cond.cards[0]]} {_IS[cond.op]} {other}"
    else:
        said = f"{_and([SUBJECT_NAMES[s] for s in cond.cards])} {_ADDS[cond.op]} {other}"
    return f"{said} modulo {number(cond.mod)}" if cond.mod else said


def _difference_clause(cond: Condition) -> str:
    assert isinstance(cond, Difference)
    a, b = SUBJECT_NAMES[cond.a], SUBJECT_NAMES[cond.b]
    if cond.absolute:
        rest = _arithmetic(cond.mod, cond.op, cond.value, "differ by", "have the same value")
        return f"{a} and {b} {rest}"
    rest = _arithmetic(cond.mod, cond.op, cond.value, "is", "")
    return f"the value of {a} minus that of {b} {rest}"


CLAUSES: dict[type[Condition], Callable[[Condition], str]] = {
    Position: _position_clause,
    Count: _count_clause,
    Sum: _sum_clause,
    Difference: _difference_clause,
    Always: lambda c: "any card is played",
    FollowsActiveSuit: lambda c: "the played card follows the active suit",
    ActiveSuitIs: lambda c: "the active suit is "
    + _or([SUIT_NAMES[s] for s in c.suits]),  # type: ignore[attr-defined]
    Compare: _compare_clause,
    IsAuthor: lambda c: "the player is this rule's author",
    OnStarter: lambda c: STARTER,
    HandCount: _hand_clause,
}


def _split(when: Condition) -> tuple[list[Condition], list[Condition], list[Condition]]:
    """Split a condition's conjuncts into card tests on the played card, on the top, and rest."""
    parts = list(when.of) if isinstance(when, All) else [] if isinstance(when, Always) else [when]
    played = [p for p in parts if noun(p) is not None and p.reads() == {"played"}]
    top = [p for p in parts if noun(p) is not None and p.reads() == {"top"}]
    rest = [p for p in parts if p not in played and p not in top]
    return played, top, rest


def _noun_of(parts: list[Condition]) -> Noun | None:
    if not parts:
        return None
    flat: list[Condition] = []
    for p in parts:
        flat.extend(p.of if isinstance(p, All) else [p])
    return noun(All(tuple(flat))) if len(flat) > 1 else noun(flat[0])


def _after_cases(cases: Cases, negate: bool) -> str | None:
    """A case table of the top card and the played card as players say it: ``after a red
    card, a black card; after a black card, a red card`` (``negate``: ``no black card``);
    ``None`` for any other table."""
    def said(then: Condition) -> str | None:
        if isinstance(then, Always):
            return "no card" if negate else None
        np = noun(then) if then.reads() == {"played"} else None
        if np is None:
            return None
        return f"no {np.bare}" if negate else np.one

    parts = []
    for when, then in cases.cases:
        top = noun(when) if when.reads() == {"top"} else None
        played = said(then)
        if top is None or played is None or isinstance(then, Always):
            return None
        parts.append(f"after {top.one}, {played}")
    if negate or not isinstance(cases.otherwise, Always):
        otherwise = said(cases.otherwise)
        if otherwise is None:
            return None
        parts.append(OTHERWISE + otherwise)
    return CASE_NEXT.join(parts)


#: How each case of a table about the played card begins, and its verdict.
CASE_PLAYED = ", a card played "


def _case_verbs(cases: Cases, negate: bool) -> str | None:
    """A case table whose verdicts are about the played card, case by case: ``when (the
    play is card 3, 6, 9 and so on of the round), a card played must have the same colour
    as the card below it; otherwise it must not have ...``; ``None`` for any other table."""
    names = SUBJECT_NAMES | {"top": "the card below it"}
    modal = "must not" if negate else "must"
    parts = []
    for when, then in cases.cases:
        phrase = verb(then, names)
        if phrase is None:
            return None
        parts.append(f"{CASE_WHEN}{member(clause(when))}{CASE_PLAYED}{modal} {phrase.base}")
    if isinstance(cases.otherwise, Always):
        if negate:
            parts.append(OTHERWISE + "no card may be played")
    else:
        phrase = verb(cases.otherwise, names)
        if phrase is None:
            return None
        parts.append(f"{OTHERWISE}it {modal} {phrase.base}")
    return CASE_NEXT.join(parts)


def _describe_restriction(spec: Restriction) -> str:
    if isinstance(spec.must, Cases) and isinstance(spec.when, Always):
        table = _after_cases(spec.must, spec.negate) or _case_verbs(spec.must, spec.negate)
        if table is not None:
            return sentence(table)
    played, top, rest = _split(spec.when)
    played_np, top_np = _noun_of(played), _noun_of(top)
    if (played and played_np is None) or (top and top_np is None):
        rest, played_np, top_np = rest + played + top, None, None
    must_np = noun(spec.must) if spec.must.reads() == {"played"} else None
    prefix = f"when {framed(All(tuple(rest)))}, " if rest else ""
    if must_np and played_np is None and not rest:
        where = f" on {top_np.one}" if top_np else ""
        if spec.negate:
            return sentence(f"{must_np.one} may {'not' if top_np else 'never'} be played{where}")
        if top_np:
            return sentence(f"only {must_np.one} may be played on {top_np.one}")
    names = SUBJECT_NAMES | {"top": "the card below it"}
    must_verb = verb(spec.must, names)
    if must_verb is not None:
        if played_np is None and top_np is None and not rest:
            subject = "every card played" if not spec.negate else "a card played"
        else:
            subject = played_np.one if played_np else "a card"
            if top_np:
                subject += f" played on {top_np.one}"
            elif not played_np:
                subject += " played"
        modal = "must not" if spec.negate else "must"
        return sentence(f"{prefix}{subject} {modal} {must_verb.base}")
    when_text = f"when {framed(spec.when)}, " if not isinstance(spec.when, Always) else ""
    verdict = "illegal if" if spec.negate else "legal only if"
    return sentence(f"{when_text}a play is {verdict} {framed(spec.must)}")


#: Relations of the played card to the top card that a trigger's subject can hold: "a
#: card of the same rank as the top card is played".
_ASPECTS = {"same_suit": "suit", "same_rank": "rank", "same_colour": "colour"}


def _matching(rest: list[Condition]) -> list[Relation]:
    """The relations of ``rest`` that say what the played card shares with the top card."""
    return [p for p in rest if isinstance(p, Relation) and p.rel in _ASPECTS
            and (p.a, p.b) == ("played", "top")]


def _played_subject(when: Condition) -> tuple[str, str]:
    """``("a five", " and <rest>")`` for a trigger or call condition. With no noun for the
    played card, what it shares with the top card, or the one kind it is not, is said in
    the subject: ``a card of the same rank as the top card``, ``a card other than a jack``."""
    played, top, rest = _split(when)
    played_np, top_np = _noun_of(played), _noun_of(top)
    if played and played_np is None:
        rest, played_np = played + rest, None
    if top and top_np is None:
        rest, top_np = top + rest, None
    subject = played_np.one if played_np else "a card"
    same_rank = [r for r in _matching(rest) if r.rel == "same_rank"]
    if (played_np and not top and same_rank and len(played) == 1
            and isinstance(played[0], RankIs) and len(set(played[0].ranks)) == 1):
        # A king of the top card's rank is a king played on a king.
        rest = [p for p in rest if p not in same_rank]
        top_np = noun(RankIs(played[0].ranks, "top"))
    elif played_np is None:
        shared = _matching(rest)
        others = [p for p in rest if not isinstance(p, Not) or p.of.reads() != {"played"}
                  or noun(p.of) is None]
        if shared:
            rest = [p for p in rest if p not in shared]
            aspects = [_ASPECTS[r.rel] for r in shared]
            subject += f" of the same {_and(aspects)} as the top card"
        elif len(others) == len(rest) - 1:
            (unlike,) = [p for p in rest if p not in others]
            assert isinstance(unlike, Not)
            unlike_np = noun(unlike.of)
            assert unlike_np is not None
            subject += f" other than {unlike_np.one}"
            rest = others
    if top_np:
        subject += f" is played on {top_np.one}"
    extra = f" while {framed(All(tuple(rest)))}" if rest else ""
    return subject, extra


def describe_effect(effect: Effect) -> str:
    """One effect as a clause: ``the next player draws two cards``."""
    if effect.kind == "draw":
        who = {"player": "its player draws", "next": "the next player draws",
               "others": "every other player draws", "everyone": "every player draws"}[effect.who]
        amount = cards(effect.count)
        if effect.per_run:
            amount += " for each card in the run of equal ranks it completes"
        return f"{who} {amount}"
    if effect.race is not None:
        return describe_race(effect.race)
    if effect.kind == "owe":
        noun = "card" if effect.count == 1 else "cards"
        return (f"the next player owes {number(effect.count)} more {noun} (they draw every "
                "card owed when they pass or are refused)")
    return {
        "skip": "the next player is skipped",
        "reverse": "the direction of play reverses",
        "play_again": "its player plays again",
        "pass_hands": f"every player passes their hand to the {effect.direction}",
        "name_suit": "its player names the suit that must be followed next",
        "to_bottom": "it moves to the bottom of the discard pile",
        "new_pile": "it starts an additional discard pile",
        "win": "its player wins the round",
    }[effect.kind]


def describe_race(race: Race) -> str:
    """A race as a clause: ``everyone races to say “Chauncey” within five seconds: the last,
    and anyone who does not, draws a penalty card``."""
    within = f"within {number(race.seconds)} seconds"
    if race.first_wins:
        return (f"anyone may name the suit that must be followed next {within}: the first "
                "to name one sets it (a tie goes to its player)")
    draws = cards(race.penalty, "penalty card", "penalty cards")
    if race.answer == "say":
        return (f"everyone races to say {_quoted_speech(race.words)} {within}: the last, "
                f"and anyone who does not, draws {draws}")
    return (f"everyone races to press “{race.words}” {within}: the last, and anyone who does "
            f"not, draws {draws}")


def _describe_trigger(spec: Trigger) -> str:
    if isinstance(spec.when, Always):
        head = "whenever a card is played"
    else:
        subject, extra = _played_subject(spec.when)
        head = f"when {subject}{'' if ' is played' in subject else ' is played'}{extra}"
    effects = [describe_effect(e) for e in spec.effects]
    return sentence(f"{head}, {_and(effects) if len(effects) < 3 else ', then '.join(effects)}")


def _group_size(least: int, most: int) -> str:
    if least == most:
        return f"exactly {number(least)}"
    if most >= 13:
        return f"{number(least)} or more"
    return f"{number(least)} to {number(most)}"


def _describe_permission(spec: Permission) -> str:
    np = noun(spec.each) if not isinstance(spec.each, Always) else Noun("card", "cards")
    names = SUBJECT_NAMES | {"top": "the card before it"}
    step = verb(spec.step, names) if not isinstance(spec.step, Always) else None
    size = _group_size(spec.least, spec.most)
    what = np.many if np else f"cards (each of which must satisfy: {clause(spec.each)})"
    text = f"a player may play {size} {what} at once"
    if step is not None:
        text += f" when each {step.third}"
    elif not isinstance(spec.step, Always):
        text += " when, for each card after the first, " + clause(spec.step, names | {
            "played": "that card"})
    return sentence(text)


def _describe_call(spec: Call) -> str:
    # The canonical words in quotes (placeholders as [rank]), then an example and what
    # else will do, so alternatives and optional words never blur into the phrase.
    template = compile_template(spec.say)
    shown, notes = template.display()
    asides = [f"for example “{_example_phrase(spec)}”"] if "{" in spec.say else []
    quoted = f"“{shown}”" + (f" ({'; '.join(asides + notes)})" if asides + notes else "")
    cost = f" (missing or needless words cost {cards(spec.penalty)})" if spec.penalty > 1 else ""
    if spec.each_missing is not None:
        cost += f" (said with “{spec.each_missing}” left out, a card per “{spec.each_missing}”)"
    cost += _call_order(spec)
    if isinstance(spec.when, Compare) and spec.when.what == "hand_after":
        return sentence(f"when {clause(spec.when)}, they must say {quoted}{cost}")
    if isinstance(spec.when, Always):
        return sentence(f"whenever a card is played, its player must say {quoted}{cost}")
    subject, extra = _played_subject(spec.when)
    played = "" if " is played" in subject else " is played"
    return sentence(f"when {subject}{played}{extra}, its player must say {quoted}{cost}")


def _call_order(spec: Call) -> str:
    """The asides a call said last, stated early or said within another adds."""
    asides = []
    if spec.last:
        asides.append("after the play's other calls")
    if spec.early_penalty is not None:
        asides.append(f"said before one of them or without it, {cards(spec.early_penalty)} "
                      "in all")
    if spec.combines:
        asides.append("it may be said within another call")
    return "".join(f" ({aside})" for aside in asides)


def _example_phrase(spec: Call) -> str:
    """The phrase for the first card kind that meets the call's card tests (five of spades)."""
    example = Card(5, "S")
    if spec.when.reads() == {"played"}:
        mask = card_mask(spec.when, aces_high=False) or 0
        example = next((c for c in STANDARD_CARDS if mask >> c.index & 1), example)
    return expand(spec.say, example, run_after=2).text


def _describe_instant_win(spec: InstantWin) -> str:
    parts = [p for p in (spec.hand.of if isinstance(spec.hand, All) else [spec.hand])
             if isinstance(p, HandCount)]
    if parts and len(parts) == len(spec.hand.of if isinstance(spec.hand, All) else [1]):
        holds = _and([clause(p).removeprefix("the player holds ") for p in parts])
        them = "it" if all(p.value == 1 and p.op == "==" for p in parts) else "them"
        return sentence(f"a player who holds {holds} may reveal {them} and win the round")
    return sentence(f"a player may reveal their hand and win the round when {clause(spec.hand)}")


def _quoted_speech(template: str) -> str:
    """A speech phrase in quotes as written, with what else will do: “Thank you”."""
    shown, notes = compile_template(template).display()
    return f"“{shown}”" + (f" ({'; '.join(notes)})" if notes else "")


def _describe_talking(spec: Talking) -> str:
    allowed = [_quoted_speech(a) for a in spec.allow]
    if spec.allow_one:
        one = _or([_quoted_speech(a) for a in spec.allow_one])
        allowed.append(f"{one} said holding one card")
    if spec.allow_stuck:
        stuck = _or([_quoted_speech(a) for a in spec.allow_stuck])
        allowed.append(f"{stuck} said holding a card drawn by passing that cannot be played")
    unless = _or([*allowed, "a reply the speaker owes"])
    if spec.selective:
        what = _or([*(_quoted_speech(a) for a in spec.only),
                    *(["a question"] if spec.questions else [])])
        text = (f"saying {what} outside a play costs the speaker {cards(spec.penalty)}, "
                f"unless it is part of {unless}")
    else:
        text = (f"words said outside a play cost the speaker {cards(spec.penalty)}, "
                f"unless they are only {unless}")
    # A selective rule minding the same words with a play and in a point of order says so
    # once: "so does saying it with a play or in a point of order".
    also = ([*(["with a play"] if spec.play_talk == "judged" else []),
             *(["in a point of order"] if spec.in_order else [])]
            if spec.selective and set(spec.in_order) in (set(), set(spec.only)) else [])
    if also:
        text += f"; so does saying it {' or '.join(also)}"
    elif spec.play_talk == "judged":
        text += ("; so do words said with a play that no call, reply or race of the play "
                 "needs")
    if spec.in_order and not also:
        costly = _or([_quoted_speech(a) for a in spec.in_order])
        text += (f"; in a point of order, saying {costly} costs {cards(spec.penalty)} too, "
                 "unless it is part of another allowed phrase")
    return sentence(text)


#: When a third-person rule hears words, per moment (``during``).
_HEARD_DURING = {"order": "during a point of order",
                 "round": "outside a play, but not during a point of order",
                 "always": "outside a play, a point of order included"}


def _describe_third_person(spec: ThirdPerson) -> str:
    unless = _or([*(_quoted_speech(a) for a in spec.allow), "a reply the speaker owes"])
    return sentence(f"words that use the first or second person (I, me, we, you…) cost the "
                    f"speaker {cards(spec.penalty)} when said {_HEARD_DURING[spec.during]}, "
                    f"unless the pronoun is part of {unless}")


#: Who owes a reply, per reason to draw.
_DRAWERS_OF = {"penalty": "draws a penalty card", "effect": "is made to draw by a rule",
               "pass": "draws a card by passing",
               "one_left": "is left one card by a card donated when the cards ran out"}


def _describe_reply(spec: Reply) -> str:
    who = _or([_DRAWERS_OF[r] for r in spec.after])
    counted = ""
    if "{very}" in spec.say:
        one = compile_template(spec.say).expand(Card(5, "S"), 1).text
        counted = (f" (one “very” per card drawn beyond the first: “{one}” for one card, "
                   f"“{compile_template(spec.say).expand(Card(5, 'S'), 2).text}” for two)")
    return sentence(f"a player who {who} must say {_quoted_speech(spec.say)}{counted} as "
                    f"their next action, or draw "
                    f"{cards(spec.penalty, 'penalty card', 'penalty cards')}")


def describe(spec: RuleSpec | Rule) -> str:
    """The rule as one English sentence."""
    if isinstance(spec, Rule):
        spec = spec.spec
    if isinstance(spec, Restriction):
        return _describe_restriction(spec)
    if isinstance(spec, Trigger):
        return _describe_trigger(spec)
    if isinstance(spec, Permission):
        return _describe_permission(spec)
    if isinstance(spec, Call):
        return _describe_call(spec)
    if isinstance(spec, Talking):
        return _describe_talking(spec)
    if isinstance(spec, Reply):
        return _describe_reply(spec)
    if isinstance(spec, ThirdPerson):
        return _describe_third_person(spec)
    return _describe_instant_win(spec)
