"""Condition nodes: the type-tagged tree a rule uses to look at a play.

Every node is an immutable dataclass registered under its JSON ``type`` tag, so
the set of node types stays open: a new node registers itself here, gets a
compiler in :mod:`rules.evaluation` and a describer in :mod:`rules.english`, and
old stored specs keep loading. Card tests (rank, suit, colour, ...) look at one
card, named by ``of``; the other nodes look at relations and numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeVar

from rules.cards import ALL_KINDS, RANK_TEXT, SUIT_COLOURS, Card
from rules.errors import RuleError
from rules.fields import MAX_NUMBER, QUANTITIES, Fields

NODE_TYPES: dict[str, type[Condition]] = {}
C = TypeVar("C", bound="type[Condition]")

#: Named sets of card values, each one test: "a card of prime value". An ace high (14) is
#: in none of them.
VALUE_SETS: Final = {"prime": frozenset({2, 3, 5, 7, 11, 13}), "square": frozenset({1, 4, 9}),
                     "fibonacci": frozenset({1, 2, 3, 5, 8, 13})}
#: The most cases a case table holds (one per rank).
MAX_CASES: Final = 13

RELATIONS: Final = (
    "same_suit", "same_rank", "same_colour", "higher", "lower", "one_higher", "one_lower",
    "adjacent", "adjacent_wrap", "differs_by_at_least",
)


def node(tag: str) -> Callable[[C], C]:
    """Register a condition class under its JSON ``type`` tag."""

    def register(cls: C) -> C:
        cls.tag = tag
        NODE_TYPES[tag] = cls
        return cls

    return register


class Condition:
    """Base of every condition node."""

    tag: ClassVar[str] = ""

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        """Build the node from its JSON fields (the ``type`` field already consumed)."""
        raise NotImplementedError

    def body(self) -> dict[str, Any]:
        """The node's JSON fields apart from ``type``."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The node as JSON data, ``type`` first."""
        return {"type": self.tag, **self.body()}

    def children(self) -> tuple[Condition, ...]:
        """Sub-conditions evaluated in the same context."""
        return ()

    def reads(self) -> frozenset[str]:
        """The parts of the context this node looks at (subjects and quantities)."""
        found: set[str] = set()
        for child in self.children():
            found |= child.reads()
        return frozenset(found)


class CardTest(Condition):
    """A test of one card's own properties (no relation to other cards)."""

    of: str

    def test(self, card: Card, aces_high: bool) -> bool:
        """Whether ``card`` passes; jokers never pass an ordinary card test."""
        raise NotImplementedError

    def reads(self) -> frozenset[str]:
        return frozenset({self.of})


def read_condition(data: Any, path: str) -> Condition:
    """Parse one condition node, naming the field of any problem."""
    fields = Fields(data, path, "a condition")
    tag = fields.raw("type")
    cls = NODE_TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        known = ", ".join(sorted(NODE_TYPES))
        raise RuleError(f"unknown condition type {tag!r} (known: {known})",
                        path=fields.at("type"), code="spec/unknown_type")
    result = cls.read(fields)
    fields.done()
    return result


def _read_list(fields: Fields, key: str) -> tuple[Condition, ...]:
    return tuple(read_condition(item, f"{fields.at(key)}[{i}]")
                 for i, item in enumerate(fields.items(key)))


@node("always")
@dataclass(frozen=True, slots=True)
class Always(Condition):
    """Always true: a rule that applies to every play."""

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls()

    def body(self) -> dict[str, Any]:
        return {}


@node("all")
@dataclass(frozen=True, slots=True)
class All(Condition):
    """True when every sub-condition is true."""

    of: tuple[Condition, ...]

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(_read_list(fields, "of"))

    def body(self) -> dict[str, Any]:
        return {"of": [c.to_json() for c in self.of]}

    def children(self) -> tuple[Condition, ...]:
        return self.of


@node("any")
@dataclass(frozen=True, slots=True)
class Any_(Condition):
    """True when at least one sub-condition is true."""

    of: tuple[Condition, ...]

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(_read_list(fields, "of"))

    def body(self) -> dict[str, Any]:
        return {"of": [c.to_json() for c in self.of]}

    def children(self) -> tuple[Condition, ...]:
        return self.of


@node("not")
@dataclass(frozen=True, slots=True)
class Not(Condition):
    """True when the sub-condition is false."""

    of: Condition

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(read_condition(fields.raw("of"), fields.at("of")))

    def body(self) -> dict[str, Any]:
        return {"of": self.of.to_json()}

    def children(self) -> tuple[Condition, ...]:
        return (self.of,)


@node("iff")
@dataclass(frozen=True, slots=True)
class Iff(Condition):
    """True when both sub-conditions hold or neither does ("A exactly when B")."""

    of: tuple[Condition, Condition]

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        parts = _read_list(fields, "of")
        if len(parts) != 2:
            raise RuleError(f"must hold exactly two conditions, got {len(parts)}",
                            path=fields.at("of"), code="spec/out_of_range")
        return cls((parts[0], parts[1]))

    def body(self) -> dict[str, Any]:
        return {"of": [c.to_json() for c in self.of]}

    def children(self) -> tuple[Condition, ...]:
        return self.of


@node("cases")
@dataclass(frozen=True, slots=True)
class Cases(Condition):
    """A case table: the ``then`` of the first case whose ``if`` holds decides; when none
    holds, ``otherwise`` does (by default ``always``: the table allows what it does not
    speak of)."""

    cases: tuple[tuple[Condition, Condition], ...]
    otherwise: Condition = Always()

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        items = fields.items("cases")
        if len(items) > MAX_CASES:
            raise RuleError(f"holds {len(items)} cases, at most {MAX_CASES}",
                            path=fields.at("cases"), code="spec/out_of_range")
        cases = []
        for i, item in enumerate(items):
            case = Fields(item, f"{fields.at('cases')}[{i}]", "a case")
            cases.append((read_condition(case.raw("if"), case.at("if")),
                          read_condition(case.raw("then"), case.at("then"))))
            case.done()
        otherwise: Condition = Always()
        if fields.has("otherwise"):
            otherwise = read_condition(fields.raw("otherwise"), fields.at("otherwise"))
        return cls(tuple(cases), otherwise)

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"cases": [{"if": when.to_json(), "then": then.to_json()}
                                          for when, then in self.cases]}
        if not isinstance(self.otherwise, Always):
            data["otherwise"] = self.otherwise.to_json()
        return data

    def children(self) -> tuple[Condition, ...]:
        return (*(c for case in self.cases for c in case), self.otherwise)


@node("rank")
@dataclass(frozen=True, slots=True)
class RankIs(CardTest):
    """The card's rank is one of ``ranks``."""

    ranks: tuple[int, ...]
    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.ranks("in"), fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of, "in": [RANK_TEXT[r] for r in self.ranks]}

    def test(self, card: Card, aces_high: bool) -> bool:
        return not card.is_joker and card.rank in self.ranks


@node("suit")
@dataclass(frozen=True, slots=True)
class SuitIs(CardTest):
    """The card's suit is one of ``suits``."""

    suits: tuple[str, ...]
    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.suits("in"), fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of, "in": list(self.suits)}

    def test(self, card: Card, aces_high: bool) -> bool:
        return card.suit in self.suits


@node("colour")
@dataclass(frozen=True, slots=True)
class ColourIs(CardTest):
    """The card is red, or black."""

    colour: str
    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.colour("is"), fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of, "is": self.colour}

    def test(self, card: Card, aces_high: bool) -> bool:
        return SUIT_COLOURS.get(card.suit) == self.colour


@node("face")
@dataclass(frozen=True, slots=True)
class IsFace(CardTest):
    """The card is a jack, queen or king."""

    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of}

    def test(self, card: Card, aces_high: bool) -> bool:
        return card.is_face


@node("number")
@dataclass(frozen=True, slots=True)
class IsNumber(CardTest):
    """The card is a number card: an ace or a two to ten."""

    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of}

    def test(self, card: Card, aces_high: bool) -> bool:
        return card.is_number


@node("joker")
@dataclass(frozen=True, slots=True)
class IsJoker(CardTest):
    """The played card is physically a joker (whatever card its player named)."""

    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        subject = fields.text("of", ("played",), "played")
        return cls(subject)

    def body(self) -> dict[str, Any]:
        return {"of": self.of}

    def test(self, card: Card, aces_high: bool) -> bool:
        return card.is_joker


@node("value")
@dataclass(frozen=True, slots=True)
class ValueIs(CardTest):
    """The card's value (ace 1 or 14 by the game's setting, jack 11, queen 12, king 13) compares."""

    op: str
    value: int
    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.operator(), fields.integer("value", 0, 15), fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of, "op": self.op, "value": self.value}

    def test(self, card: Card, aces_high: bool) -> bool:
        return not card.is_joker and compare(card.value(aces_high), self.op, self.value)


@node("parity")
@dataclass(frozen=True, slots=True)
class Parity(CardTest):
    """The card's value is even, or odd."""

    parity: str
    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.text("is", ("even", "odd")), fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of, "is": self.parity}

    def test(self, card: Card, aces_high: bool) -> bool:
        if card.is_joker:
            return False
        return card.value(aces_high) % 2 == (0 if self.parity == "even" else 1)


@node("value_set")
@dataclass(frozen=True, slots=True)
class ValueIn(CardTest):
    """The card's value is in a named set (:data:`VALUE_SETS`): prime, square, Fibonacci."""

    name: str
    of: str = "played"

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.text("is", tuple(VALUE_SETS)), fields.subject())

    def body(self) -> dict[str, Any]:
        return {"of": self.of, "is": self.name}

    def test(self, card: Card, aces_high: bool) -> bool:
        return not card.is_joker and card.value(aces_high) in VALUE_SETS[self.name]


@node("relation")
@dataclass(frozen=True, slots=True)
class Relation(Condition):
    """A relation between two cards, by default the played card ``a`` and the top card ``b``.

    ``higher``/``lower`` compare values; ``one_higher``/``one_lower`` need a
    difference of exactly one; ``adjacent`` means one apart either way and
    ``adjacent_wrap`` also counts king-ace; ``differs_by_at_least`` needs ``n``.
    """

    rel: str
    a: str = "played"
    b: str = "top"
    n: int = 0

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        rel = fields.text("rel", RELATIONS)
        a, b = fields.subject("a", "played"), fields.subject("b", "top")
        if a == b:
            raise RuleError("compares a card with itself", path=fields.at("b"),
                            code="spec/contradictory")
        n = fields.integer("n", 1, 12) if rel == "differs_by_at_least" else 0
        return cls(rel, a, b, n)

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rel": self.rel, "a": self.a, "b": self.b}
        if self.rel == "differs_by_at_least":
            data["n"] = self.n
        return data

    def reads(self) -> frozenset[str]:
        return frozenset({self.a, self.b})


@node("follows_active_suit")
@dataclass(frozen=True, slots=True)
class FollowsActiveSuit(Condition):
    """The played card has the active suit (named by a wild play, else the top card's suit)."""

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls()

    def body(self) -> dict[str, Any]:
        return {}

    def reads(self) -> frozenset[str]:
        return frozenset({"played", "active_suit"})


@node("active_suit")
@dataclass(frozen=True, slots=True)
class ActiveSuitIs(Condition):
    """The active suit is one of ``suits``."""

    suits: tuple[str, ...]

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls(fields.suits("in"))

    def body(self) -> dict[str, Any]:
        return {"in": list(self.suits)}

    def reads(self) -> frozenset[str]:
        return frozenset({"active_suit"})


@node("compare")
@dataclass(frozen=True, slots=True)
class Compare(Condition):
    """A number of the situation compares with a constant.

    ``what`` is one of: ``run_length`` (cards of equal rank in a row at the top
    of the pile, before the play), ``hand_before``/``hand_after`` (the player's
    hand size), ``players``, ``turn``, ``round``, ``pending`` (the cards the player owes
    from stacked ``owe`` effects before this play).
    """

    what: str
    op: str
    value: int

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        what = fields.text("what", QUANTITIES)
        return cls(what, fields.operator(), fields.integer("value", 0, MAX_NUMBER))

    def body(self) -> dict[str, Any]:
        return {"what": self.what, "op": self.op, "value": self.value}

    def reads(self) -> frozenset[str]:
        return frozenset({self.what})


@node("on_starter")
@dataclass(frozen=True, slots=True)
class OnStarter(Condition):
    """The top card is the round's starter (turned up at the deal, not played)."""

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls()

    def body(self) -> dict[str, Any]:
        return {}

    def reads(self) -> frozenset[str]:
        return frozenset({"on_starter"})


@node("is_author")
@dataclass(frozen=True, slots=True)
class IsAuthor(Condition):
    """The player making the play wrote this rule."""

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        return cls()

    def body(self) -> dict[str, Any]:
        return {}

    def reads(self) -> frozenset[str]:
        return frozenset({"author"})


@node("hand_count")
@dataclass(frozen=True, slots=True)
class HandCount(Condition):
    """The number of cards in the player's hand that pass ``where`` compares with ``value``.

    ``where`` holds card tests about ``played``, read as "each card in the hand".
    """

    where: Condition
    op: str
    value: int

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        where = read_card_tests(fields, "where", "the hand's own cards",
                                "compare the hand size", jokers=True)
        return cls(where, fields.operator(), fields.integer("value", 0, 108))

    def body(self) -> dict[str, Any]:
        return {"where": self.where.to_json(), "op": self.op, "value": self.value}

    def reads(self) -> frozenset[str]:
        return frozenset({"hand"})


def read_card_tests(fields: Fields, key: str, whose: str, every: str, jokers: bool,
                    ) -> Condition:
    """The card tests a count of cards counts with (``where``): tests of ``played`` alone,
    read as "each card", that some card passes (under one ace setting or the other);
    ``whose`` and ``every`` word the errors ("the hand's own cards", "compare the hand size").

    Nothing else compiles to the bitmask a count is made of: ``always`` and the tests of
    anything but a card (a position, a hand size) are refused, as is a ``joker`` test where
    ``jokers`` is false (the round's record keeps a joker as the card it stood for).
    """
    where = read_condition(fields.raw(key), fields.at(key))
    path = fields.at(key)
    if where.reads() - {"played"}:
        raise RuleError(f"may only test {whose} (use \"of\": \"played\")", path=path,
                        code="spec/bad_subject")
    masks = [card_mask(where, aces_high) for aces_high in (False, True)]
    if masks[0] is None or masks[1] is None:
        raise RuleError(f"may only test {whose} by rank, suit, colour, face, number, value or "
                        f"parity (to count every card, {every})", path=path,
                        code="spec/bad_subject")
    if not jokers and any(isinstance(n, IsJoker) for n in walk(where)):
        raise RuleError("may not count jokers: the round's record keeps a joker as the "
                        "card it stood for", path=path, code="spec/bad_subject")
    if masks[0] == 0 and masks[1] == 0:
        raise RuleError("no card passes these card tests: the count would always be zero",
                        path=path, code="spec/contradictory")
    return where


def compare(left: int, op: str, right: int) -> bool:
    """Apply a comparison operator by name."""
    if op == "==":
        return left == right
    if op == "!=":
        return left != right
    if op == "<":
        return left < right
    if op == "<=":
        return left <= right
    if op == ">":
        return left > right
    return left >= right


@dataclass(frozen=True, slots=True)
class CardSet:
    """What a card-only condition on one subject says: the card kinds that pass it
    (``mask``, a bitmask over the 53 kinds) and its verdict when the subject card is not
    there (``missing``: a pile shorter than the card it looks at).

    One meaning for a missing card, everywhere: a test *of* a card that is not there is
    false, and ``not`` turns false into true, as for any other condition. So
    ``not(pile2 is red)`` holds on a one-card pile ("there is no red card under the top
    card"), exactly as ``must_not: pile2 is red`` lets the play through.
    """

    mask: int
    missing: bool


def card_set(cond: Condition, aces_high: bool) -> CardSet | None:
    """The :class:`CardSet` of a card-only condition on one subject; ``None`` when the
    condition looks at anything but one card's own properties."""
    if isinstance(cond, CardTest):
        return CardSet(sum(1 << c.index for c in ALL_KINDS if cond.test(c, aces_high)), False)
    full = (1 << len(ALL_KINDS)) - 1
    if isinstance(cond, Not):
        inner = card_set(cond.of, aces_high)
        return None if inner is None else CardSet(full & ~inner.mask, not inner.missing)
    if isinstance(cond, Iff) and len(cond.reads()) == 1:
        one, other = (card_set(c, aces_high) for c in cond.of)
        if one is None or other is None:
            return None
        return CardSet(full & ~(one.mask ^ other.mask), one.missing == other.missing)
    if isinstance(cond, All | Any_) and len(cond.reads()) == 1:
        sets = [card_set(c, aces_high) for c in cond.of]
        if any(s is None for s in sets):
            return None
        both = isinstance(cond, All)
        mask, missing = (full, True) if both else (0, False)
        for s in sets:
            assert s is not None
            mask = mask & s.mask if both else mask | s.mask
            missing = missing and s.missing if both else missing or s.missing
        return CardSet(mask, missing)
    return None


def card_mask(cond: Condition, aces_high: bool) -> int | None:
    """The card kinds passing a card-only condition, as a bitmask (``None``: not card-only)."""
    found = card_set(cond, aces_high)
    return None if found is None else found.mask


def walk(cond: Condition) -> list[Condition]:
    """Every node of a condition tree, parents before children."""
    found = [cond]
    for child in cond.children():
        found.extend(walk(child))
    if isinstance(cond, HandCount):
        found.extend(walk(cond.where))
    return found
