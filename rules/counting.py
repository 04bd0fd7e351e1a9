"""Condition nodes about the sequence of a round: position, counts and arithmetic.

They read the round's *record* (:attr:`PlayContext.record`): every card laid on a discard
pile this round, oldest first, the starter included, surviving a reshuffle. The first card
played is card 1; refused plays are not in the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from rules.cards import ALL_KINDS, Card
from rules.conditions import Condition, card_mask, compare, node, read_card_tests
from rules.errors import RuleError
from rules.fields import MAX_NUMBER, SUBJECTS, Fields

#: The longest window a count or a sum may look back over ("the last k cards").
MAX_WINDOW: Final = 60
#: The largest modulus ("a multiple of k", "every fourth card").
MAX_MODULUS: Final = 52
#: What a count's cards may share with the played card (``same``).
SHARED: Final = ("rank", "suit", "colour")
#: What a sum of named cards may be compared with instead of a number (``than``): another
#: card's value, or the play's position in the round.
SUM_THAN: Final = (*SUBJECTS, "position")


def shares(card: Card, played: Card, aspect: str) -> bool:
    """Whether ``card`` has the same ``aspect`` (:data:`SHARED`) as ``played`` (a joker
    shares nothing)."""
    if card.is_joker or played.is_joker:
        return False
    return bool(getattr(card, aspect) == getattr(played, aspect))


@dataclass(frozen=True, slots=True)
class Window:
    """Cards of the round's record: the last ``last`` of them (0: the whole round so far),
    counting the card being played as the newest when ``with_played``.

    >>> Window(3, with_played=True).body()
    {'last': 3, 'with_played': True}
    """

    last: int = 0
    with_played: bool = False

    @classmethod
    def read(cls, fields: Fields) -> Window:
        """``last`` (optional: the whole round) and ``with_played`` (optional: false)."""
        last = fields.integer("last", 1, MAX_WINDOW) if fields.has("last") else 0
        with_played = fields.boolean("with_played", False)
        if last == 1 and with_played:
            raise RuleError("the last one card counting this one is just the played card: "
                            "test the played card instead", path=fields.at("last"),
                            code="spec/contradictory")
        return cls(last, with_played)

    def body(self) -> dict[str, Any]:
        """The window's JSON fields."""
        data: dict[str, Any] = {}
        if self.last:
            data["last"] = self.last
        if self.with_played:
            data["with_played"] = True
        return data

    def reads(self) -> frozenset[str]:
        """What the window looks at."""
        return frozenset({"record", "played"} if self.with_played else {"record"})

    def size(self, recorded: int) -> int:
        """How many cards the window holds when the record holds ``recorded``."""
        if not self.last:
            return recorded + self.with_played
        return min(self.last, recorded + self.with_played)


def _mod_and_comparison(fields: Fields, low: int = 0) -> tuple[int, str, int]:
    """An optional ``mod`` and the comparison ``op``/``value`` that follows it."""
    mod = fields.integer("mod", 2, MAX_MODULUS) if fields.has("mod") else 0
    op = fields.operator()
    if mod and op not in ("==", "!="):
        raise RuleError("with mod, compare with == or != (a remainder has no order)",
                        path=fields.at("op"), code="spec/bad_choice")
    value = fields.integer("value", 0 if mod else low, mod - 1 if mod else MAX_NUMBER)
    return mod, op, value


@node("position")
@dataclass(frozen=True, slots=True)
class Position(Condition):
    """Which card of the round this play is (the first card played is 1; the starter 0).

    ``op``/``value`` compare the position (or, with ``mod``, its remainder divided by
    ``mod``); ``values``, when given instead, lists the positions (or remainders) that
    pass.
    """

    op: str = "=="
    value: int = 1
    mod: int = 0
    values: tuple[int, ...] = ()

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        if fields.has("in"):
            mod = fields.integer("mod", 2, MAX_MODULUS) if fields.has("mod") else 0
            high = mod - 1 if mod else MAX_NUMBER
            values = []
            for i, item in enumerate(fields.items("in")):
                if isinstance(item, bool) or not isinstance(item, int) or not (
                        (0 if mod else 1) <= item <= high):
                    raise RuleError(f"must be whole numbers from {0 if mod else 1} to {high}",
                                    path=f"{fields.at('in')}[{i}]", code="spec/out_of_range")
                values.append(item)
            return cls(mod=mod, values=tuple(sorted(set(values))))
        mod, op, value = _mod_and_comparison(fields, low=1)
        return cls(op, value, mod)

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"mod": self.mod} if self.mod else {}
        if self.values:
            return data | {"in": list(self.values)}
        return data | {"op": self.op, "value": self.value}

    def reads(self) -> frozenset[str]:
        return frozenset({"position"})

    def holds(self, position: int) -> bool:
        """Whether a play at ``position`` passes."""
        seen = position % self.mod if self.mod else position
        if self.values:
            return seen in self.values
        return compare(seen, self.op, self.value)


@node("count")
@dataclass(frozen=True, slots=True)
class Count(Condition):
    """How many cards of a window pass ``where`` (card tests read as "each card"; ``None``:
    every card) and, with ``same``, share that aspect with the played card ("cards of this
    card's rank"), compared with ``value`` (with ``mod``: its remainder), or with how many
    cards of a second window pass ``than_where``."""

    where: Condition | None
    window: Window
    op: str
    value: int = 0
    than_where: Condition | None = None
    than_window: Window | None = None
    mod: int = 0
    same: str = ""

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        same = fields.text("same", SHARED) if fields.has("same") else ""
        if fields.has("where") or not same:
            where: Condition | None = _card_tests(fields, "where")
        else:
            where = None
        window = Window.read(fields)
        if fields.has("than"):
            for alone in ("mod", "same"):
                if fields.has(alone):
                    raise RuleError(f"a count compared with another count takes no {alone!r}",
                                    path=fields.at(alone), code="spec/contradictory")
            op = fields.operator()
            other = Fields(fields.raw("than"), fields.at("than"), "a second count")
            than_where = _card_tests(other, "where")
            than_window = Window.read(other)
            other.done()
            if (than_where, than_window) == (where, window):
                raise RuleError("compares a count with itself", path=fields.at("than"),
                                code="spec/contradictory")
            return cls(where, window, op, 0, than_where, than_window)
        mod = fields.integer("mod", 2, MAX_MODULUS) if fields.has("mod") else 0
        op = fields.operator()
        if mod and op not in ("==", "!="):
            raise RuleError("with mod, compare with == or != (a remainder has no order)",
                            path=fields.at("op"), code="spec/bad_choice")
        value = fields.integer("value", 0, mod - 1 if mod else MAX_WINDOW * 2)
        return cls(where, window, op, value, mod=mod, same=same)

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {} if self.where is None else {"where": self.where.to_json()}
        if self.same:
            data["same"] = self.same
        data |= self.window.body()
        if self.mod:
            data["mod"] = self.mod
        data["op"] = self.op
        if self.than_where is not None and self.than_window is not None:
            return data | {"than": {"where": self.than_where.to_json(),
                                    **self.than_window.body()}}
        return data | {"value": self.value}

    def reads(self) -> frozenset[str]:
        found = self.window.reads() | ({"played"} if self.same else set())
        if self.than_window is not None:
            found |= self.than_window.reads()
        return found

    def holds(self, counted: int) -> bool:
        """Whether a count of ``counted`` cards passes (not for a count of two windows)."""
        return compare(counted % self.mod if self.mod else counted, self.op, self.value)

    def masks(self, aces_high: bool) -> list[int]:
        """The card kinds counted, per kind of played card (by kind index): those passing
        ``where`` and, with ``same``, sharing it with that card."""
        full = (1 << len(ALL_KINDS)) - 1
        base = full if self.where is None else card_mask(self.where, aces_high)
        assert base is not None  # a count's card tests are checked when it is read
        if not self.same:
            return [base] * len(ALL_KINDS)
        return [base & sum(1 << c.index for c in ALL_KINDS if shares(c, played, self.same))
                for played in ALL_KINDS]


@node("sum")
@dataclass(frozen=True, slots=True)
class Sum(Condition):
    """The values of some cards added up (ace 1 or 14 by the game's setting, jack 11, queen
    12, king 13), compared with ``value``, or with ``mod`` its remainder.

    The cards are the named subjects ``cards`` (``played``, ``top``, ``pile2``...), or a
    ``window`` of the round's record when ``cards`` is empty. A named card that is not there
    makes the sum false, as any test of a missing card. Named cards (one is enough then) may
    be compared with ``than`` instead of a number: another card's value, or ``position`` (the
    play's place in the round); with ``mod``, both sides' remainders are compared.
    """

    op: str
    value: int
    cards: tuple[str, ...] = ()
    window: Window | None = None
    mod: int = 0
    than: str = ""

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        if fields.has("of"):
            subjects = []
            for i, item in enumerate(fields.items("of")):
                if item not in SUBJECTS:
                    raise RuleError(f"must be one of {', '.join(SUBJECTS)}; got {item!r}",
                                    path=f"{fields.at('of')}[{i}]", code="spec/bad_choice")
                subjects.append(item)
            than = fields.text("than", SUM_THAN) if fields.has("than") else ""
            if len(subjects) < (1 if than else 2) or len(set(subjects)) != len(subjects):
                raise RuleError("adds up at least two different cards (or one, compared "
                                "with \"than\")", path=fields.at("of"),
                                code="spec/contradictory")
            if than in subjects:
                raise RuleError("compares cards with one of themselves", path=fields.at("than"),
                                code="spec/contradictory")
            if than:
                mod = fields.integer("mod", 2, MAX_MODULUS) if fields.has("mod") else 0
                op = fields.operator()
                if mod and op not in ("==", "!="):
                    raise RuleError("with mod, compare with == or != (a remainder has no "
                                    "order)", path=fields.at("op"), code="spec/bad_choice")
                return cls(op, 0, tuple(subjects), None, mod, than)
            mod, op, value = _mod_and_comparison(fields)
            return cls(op, value, tuple(subjects), None, mod)
        if fields.has("than"):
            raise RuleError("compares the named cards of \"of\" (a window's total compares "
                            "with a number)", path=fields.at("than"), code="spec/contradictory")
        window = Window.read(fields)
        mod, op, value = _mod_and_comparison(fields)
        return cls(op, value, (), window, mod)

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = ({"of": list(self.cards)} if self.cards
                                else (self.window or Window()).body())
        if self.mod:
            data["mod"] = self.mod
        if self.than:
            return data | {"op": self.op, "than": self.than}
        return data | {"op": self.op, "value": self.value}

    def reads(self) -> frozenset[str]:
        if self.cards:
            return frozenset(self.cards) | ({self.than} if self.than else set())
        return (self.window or Window()).reads()

    def holds(self, total: int, other: int | None = None) -> bool:
        """Whether a sum of ``total`` passes (compared with ``other``, the value or position
        ``than`` names, when there is one)."""
        right = self.value if other is None else other
        if self.mod:
            return compare(total % self.mod, self.op, right % self.mod)
        return compare(total, self.op, right)


@node("difference")
@dataclass(frozen=True, slots=True)
class Difference(Condition):
    """The value of card ``a`` minus that of card ``b`` (by default the played card and the
    top card; with ``absolute``, how far apart they are), compared with ``value``, or with
    ``mod`` its remainder. A card that is not there makes it false."""

    op: str
    value: int
    a: str = "played"
    b: str = "top"
    absolute: bool = True
    mod: int = 0

    @classmethod
    def read(cls, fields: Fields) -> Condition:
        a, b = fields.subject("a", "played"), fields.subject("b", "top")
        if a == b:
            raise RuleError("compares a card with itself", path=fields.at("b"),
                            code="spec/contradictory")
        absolute = fields.boolean("absolute", True)
        mod = fields.integer("mod", 2, MAX_MODULUS) if fields.has("mod") else 0
        op = fields.operator()
        if mod and op not in ("==", "!="):
            raise RuleError("with mod, compare with == or != (a remainder has no order)",
                            path=fields.at("op"), code="spec/bad_choice")
        low = 0 if absolute or mod else -13
        value = fields.integer("value", low, mod - 1 if mod else 13)
        return cls(op, value, a, b, absolute, mod)

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"a": self.a, "b": self.b}
        if not self.absolute:
            data["absolute"] = False
        if self.mod:
            data["mod"] = self.mod
        return data | {"op": self.op, "value": self.value}

    def reads(self) -> frozenset[str]:
        return frozenset({self.a, self.b})

    def holds(self, a: int, b: int) -> bool:
        """Whether cards of values ``a`` and ``b`` pass."""
        diff = abs(a - b) if self.absolute else a - b
        return compare(diff % self.mod if self.mod else diff, self.op, self.value)


def _card_tests(fields: Fields, key: str) -> Condition:
    """Card tests of the ``played`` card, read as "each card" of a window."""
    return read_card_tests(fields, key, "each card's own properties",
                           "compare the position in the round", jokers=False)
