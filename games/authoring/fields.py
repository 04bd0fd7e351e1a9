"""One description of each builder row test: its inputs and how they map to a condition node.

:data:`ROW_TESTS` says, per row test, which node it writes and which parts make up the node
(each part a few of the row's inputs and the node keys they become); :func:`write_row`,
:func:`read_node`, :func:`input_at` (the input behind an error's path) and :func:`shows` (the
inputs a row shows) follow from it. :data:`ROW_INPUTS` says how each input of a row travels
as POSTed fields, for :func:`write_inputs` and :func:`read_inputs`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from games.authoring.groups import KINDS, kind_of
from games.authoring.model import (
    CARD_TESTS,
    EVERY,
    GROUP,
    LIST_SUBJECTS,
    MATCH_TESTS,
    QUANTITY_TESTS,
    RANK_CHOICES,
    SUIT_CHOICES,
    TESTS,
    THAN_TESTS,
    CondList,
    Place,
    Row,
)
from rules.cards import RANK_TEXT, parse_rank
from rules.errors import CardError
from rules.fields import SUBJECTS
from rules.language import CONDITIONS

_INTEGER = re.compile(r"[+-]?\d{1,6}")
#: What separates the numbers of a position list typed in one input ("5, 10" or "5 10").
_LIST_SEPARATOR = re.compile(r"[\s,;]+")


#: How deep lists may nest (groups in groups, a count's tests in a group): every part of
#: the builder and of the rule language walks a condition by recursion, so a form posted
#: with deeper keys is read only this far.
MAX_NESTING: Final = 12


class Unrepresentable(ValueError):
    """A spec the builder's rows cannot show (a node it has no row for, or nested deeper
    than :data:`MAX_NESTING`)."""


def number(text: str) -> int | str:
    """A whole number typed in a form, or the text itself (the rule language refuses it)."""
    cleaned = text.strip()
    return int(cleaned) if _INTEGER.fullmatch(cleaned) else cleaned


def numbers(text: str) -> list[int | str]:
    """The numbers of a list typed in one input (``"5, 10"``), each as :func:`number` reads it.

    >>> numbers(" 5, 10 x")
    [5, 10, 'x']
    """
    return [number(item) for item in _LIST_SEPARATOR.split(text.strip()) if item]


def _text_ranks(values: list[Any]) -> tuple[str, ...]:
    try:
        return tuple(RANK_TEXT[r] for r in sorted({parse_rank(v) for v in values}))
    except CardError as exc:
        raise Unrepresentable(str(exc)) from None


class Part(Protocol):
    """Some inputs of a row and the node keys they become, both ways."""

    def write(self, row: Row) -> dict[str, Any]: ...

    def read(self, data: dict[str, Any], row: Row) -> None: ...

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        """The input behind a node path ``rest`` (first key ``key``), if this part wrote it."""

    def shows(self, row: Row, area: str) -> frozenset[str]:
        """The inputs a row of list ``area`` shows for this part (names ``panel.html`` uses:
        ``op_value`` is an operator and its number, ``count_value`` a count's)."""


_NONE: Final[frozenset[str]] = frozenset()


def _shown(parts: tuple[Part, ...], row: Row, area: str) -> frozenset[str]:
    return frozenset().union(*(part.shows(row, area) for part in parts))


def _key(path: str) -> str:
    """The first key of a node path (``in`` of ``in[0]``, ``where`` of ``where.in``)."""
    return re.split(r"[.\[]", path, maxsplit=1)[0] if path else ""


def _control(tag: str, key: str) -> str:
    """The input the rule language's description says enters field ``key`` of a ``tag``
    node (the key itself for a field it does not know)."""
    node = CONDITIONS.get(tag)
    return next((f.control for f in node.fields if f.name == key), key) if node else key


def _input_in(parts: tuple[Part, ...], key: str, rest: str, row: Row) -> str | None:
    for part in parts:
        if (found := part.input_at(key, rest, row)) is not None:
            return found
    return None


# The parts.


@dataclass(frozen=True, slots=True)
class Of:
    """The card looked at (``of``): the row's ``subject``, or always ``fixed``."""

    fixed: str = ""

    def write(self, row: Row) -> dict[str, Any]:
        return {"of": self.fixed or row.subject}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.subject = data.get("of", "played")

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {"of": "subject"}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"subject"}) if not self.fixed and len(LIST_SUBJECTS[area]) > 1 else _NONE


@dataclass(frozen=True, slots=True)
class Ranks:
    """Ticked ranks (an input of rank texts) as a list of ranks at ``key``."""

    input: str
    key: str = "in"

    def write(self, row: Row) -> dict[str, Any]:
        return {self.key: list(getattr(row, self.input))}

    def read(self, data: dict[str, Any], row: Row) -> None:
        setattr(row, self.input, _text_ranks(data[self.key]))

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {self.key: self.input}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({self.input})


@dataclass(frozen=True, slots=True)
class Suits:
    """Ticked suits as a list of suit letters at ``key``."""

    input: str
    key: str = "in"

    def write(self, row: Row) -> dict[str, Any]:
        return {self.key: list(getattr(row, self.input))}

    def read(self, data: dict[str, Any], row: Row) -> None:
        setattr(row, self.input, tuple(str(s).upper() for s in data[self.key]))

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {self.key: self.input}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({self.input})


@dataclass(frozen=True, slots=True)
class Pick:
    """One choice of a select, as it is, at ``key``."""

    input: str
    key: str

    def write(self, row: Row) -> dict[str, Any]:
        return {self.key: getattr(row, self.input)}

    def read(self, data: dict[str, Any], row: Row) -> None:
        setattr(row, self.input, data[self.key])

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {self.key: self.input}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({self.input})


@dataclass(frozen=True, slots=True)
class Compare:
    """An operator and a typed number (``op``/``value`` from the inputs named)."""

    op: str = "op"
    value: str = "value"

    def write(self, row: Row) -> dict[str, Any]:
        return {"op": getattr(row, self.op), "value": number(getattr(row, self.value))}

    def read(self, data: dict[str, Any], row: Row) -> None:
        setattr(row, self.op, data["op"])
        setattr(row, self.value, str(data["value"]))

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {"op": self.op, "value": self.value}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"op_value" if self.op == "op" else "count_value"})


@dataclass(frozen=True, slots=True)
class Comparison:
    """An optional ``mod``, then ``op``/``value``; with ``lists``, "is one of" writes ``in``."""

    lists: bool = False

    def write(self, row: Row) -> dict[str, Any]:
        data: dict[str, Any] = {"mod": number(row.mod)} if row.mod.strip() else {}
        if self.lists and row.op == "in":
            return data | {"in": numbers(row.value)}
        return data | {"op": row.op, "value": number(row.value)}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.mod = str(data["mod"]) if "mod" in data else ""
        if "in" in data:
            row.op, row.value = "in", ", ".join(str(v) for v in data["in"])
        else:
            row.op, row.value = data["op"], str(data["value"])

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {"mod": "mod", "in": "value", "op": "op", "value": "value"}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"mod", "op_value"})


@dataclass(frozen=True, slots=True)
class Pair:
    """Two cards, ``a`` (the row's ``subject``) and ``b`` (its ``other``)."""

    def write(self, row: Row) -> dict[str, Any]:
        return {"a": row.subject, "b": row.other}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.subject, row.other = data.get("a", "played"), data.get("b", "top")

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {"a": "subject", "b": "other"}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"subject", "other"})


@dataclass(frozen=True, slots=True)
class Distance:
    """A relation's ``n``, written only for the relation that uses it."""

    def write(self, row: Row) -> dict[str, Any]:
        return {"n": number(row.n)} if row.rel == "differs_by_at_least" else {}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.n = str(data.get("n", 2))

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {"n": "n"}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"n"}) if row.rel == "differs_by_at_least" else _NONE


@dataclass(frozen=True, slots=True)
class Absolute:
    """``absolute: false`` for a signed difference; a distance leaves it out."""

    def write(self, row: Row) -> dict[str, Any]:
        return {} if row.absolute else {"absolute": False}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.absolute = bool(data.get("absolute", True))

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {"absolute": "absolute"}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"absolute"})


@dataclass(frozen=True, slots=True)
class SumOf:
    """The cards added up: ``subject``, ``other``, then the ``plus`` cards."""

    def write(self, row: Row) -> dict[str, Any]:
        # No second card (``other`` blank): one card, compared with another's value.
        return {"of": [row.subject, *([row.other] if row.other else []), *row.plus]}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.subject, *rest = data["of"]
        row.other = rest[0] if rest else ""
        row.plus = tuple(rest[1:])

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        if key != "of":
            return None
        # A repeated card is the second one, which the writer picks last.
        return ("plus" if re.match(r"of\[[2-9]\]", rest) else
                "subject" if rest.startswith("of[0]") else "other")

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"subject", "other", "plus"})


@dataclass(frozen=True, slots=True)
class Window:
    """A window of the round: ``last`` unless left empty (the whole round), ``with_played``."""

    second: bool = False

    def write(self, row: Row) -> dict[str, Any]:
        last, with_played = ((row.window2, row.with_played2) if self.second else
                             (row.window, row.with_played))
        data: dict[str, Any] = {}
        if last.strip():
            data["last"] = number(last)
        if with_played:
            data["with_played"] = True
        return data

    def read(self, data: dict[str, Any], row: Row) -> None:
        last = str(data["last"]) if "last" in data else ""
        with_played = bool(data.get("with_played", False))
        if self.second:
            row.window2, row.with_played2 = last, with_played
        else:
            row.window, row.with_played = last, with_played

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        suffix = "2" if self.second else ""
        return {"last": "window" + suffix, "with_played": "with_played" + suffix}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"window2" if self.second else "window"})


def _card_choices(suffix: str) -> dict[str, tuple[Part, ...]]:
    """The inputs of each card test (besides its card), named with ``suffix``."""
    return {"rank": (Ranks("ranks" + suffix),), "suit": (Suits("suits" + suffix),),
            "colour": (Pick("colour" + suffix, "is"),),
            "parity": (Pick("parity" + suffix, "is"),)}


#: A card test's own inputs: for a card row, for the cards a count counts (``match``) and for
#: those of a second count (``match2``, which offers no ``value``).
CARD_CHOICES: Final = _card_choices("") | {"value": (Compare(),),
                                            "value_set": (Pick("value_set", "is"),)}
SECOND_CHOICES: Final = _card_choices("2")


def _counted(data: Any, tests: tuple[str, ...]) -> bool:
    """Whether the cards a count counts pass one test of ``tests``, which its own inputs
    show (else they are rows of card tests)."""
    return isinstance(data, dict) and data.get("type") in tests and data.get(
        "of", "played") == "played"


@dataclass(frozen=True, slots=True)
class Where:
    """The cards a count counts (each read as ``played``): ``match`` and its inputs."""

    what: str

    def write(self, row: Row) -> dict[str, Any]:
        if row.match == TESTS:
            return {"where": write_list(row.where)}
        if row.match == EVERY:
            return {}
        where: dict[str, Any] = {"type": row.match, "of": "played"}
        for part in CARD_CHOICES.get(row.match, ()):
            where |= part.write(row)
        return {"where": where}

    def read(self, data: dict[str, Any], row: Row) -> None:
        if "where" not in data and "same" in data:
            row.match = EVERY
            return
        where = data["where"]
        if not _counted(where, MATCH_TESTS):
            row.match, row.where = TESTS, read_list(where, 1)
            return
        row.match = where["type"]
        for part in CARD_CHOICES.get(row.match, ()):
            part.read(where, row)

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        if key != "where":
            return None
        if row.match == TESTS:
            return "match"
        inner = _key(rest[len("where."):])
        return _input_in(CARD_CHOICES.get(row.match, ()), inner, rest, row) or (
            _control(row.match, inner) if inner else "match")

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"count", "match"}) | _shown(CARD_CHOICES.get(row.match, ()), row, area)


@dataclass(frozen=True, slots=True)
class Than:
    """What a count compares with: its number (``count``), or a second count (``match2``)."""

    def write(self, row: Row) -> dict[str, Any]:
        if not row.match2:
            mod = {"mod": number(row.mod)} if row.mod.strip() else {}
            return mod | Compare("count_op", "count").write(row)
        if row.match2 == TESTS:
            where = write_list(row.where2)
        else:
            where = {"type": row.match2, "of": "played"}
            for part in SECOND_CHOICES.get(row.match2, ()):
                where |= part.write(row)
        return {"op": row.count_op, "than": {"where": where, **Window(second=True).write(row)}}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.count_op = data["op"]
        row.mod = str(data["mod"]) if "mod" in data else ""
        if "than" not in data:
            row.count = str(data["value"])
            return
        than = data["than"]
        if not isinstance(than, dict):
            raise Unrepresentable("a second count must be an object")
        if _counted(than.get("where"), THAN_TESTS):
            row.match2 = than["where"]["type"]
            for part in SECOND_CHOICES.get(row.match2, ()):
                part.read(than["where"], row)
        else:
            row.match2, row.where2 = TESTS, read_list(than.get("where"), 1)
        Window(second=True).read(than, row)

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        if key != "than":
            return {"op": "count_op", "value": "count", "mod": "mod"}.get(key)
        inner = rest[len("than."):]
        if inner.startswith("where.") and row.match2 == TESTS:
            return "match2"
        if inner.startswith("where."):
            found = _input_in(SECOND_CHOICES.get(row.match2, ()), _key(inner[len("where."):]),
                              inner, row)
            return found or "match2"
        return "window2" if inner.startswith("last") else "match2"

    def shows(self, row: Row, area: str) -> frozenset[str]:
        if not row.match2:
            return frozenset({"than", "count_value", "mod"})
        return frozenset({"than", "window2"}) | _shown(SECOND_CHOICES.get(row.match2, ()),
                                                       row, area)


@dataclass(frozen=True, slots=True)
class Same:
    """What a count's cards share with the played card (``same``), if anything; a count
    compared with another count (``match2``) has no such input."""

    def write(self, row: Row) -> dict[str, Any]:
        return {"same": row.same} if row.same and not row.match2 else {}

    def read(self, data: dict[str, Any], row: Row) -> None:
        row.same = str(data.get("same", ""))

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return {"same": "same"}.get(key)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return _NONE if row.match2 else frozenset({"same"})


@dataclass(frozen=True, slots=True)
class SumCompare:
    """What a sum of named cards compares with: a number (:class:`Comparison`), or the value
    of another card or the position (``than``, from ``sum_than``), after an optional
    ``mod``."""

    def write(self, row: Row) -> dict[str, Any]:
        if not row.sum_than:
            return Comparison().write(row)
        data: dict[str, Any] = {"mod": number(row.mod)} if row.mod.strip() else {}
        return data | {"op": row.op, "than": row.sum_than}

    def read(self, data: dict[str, Any], row: Row) -> None:
        if "than" not in data:
            row.sum_than = ""
            Comparison().read(data, row)
            return
        row.sum_than, row.op = str(data["than"]), data["op"]
        row.mod = str(data["mod"]) if "mod" in data else ""

    def input_at(self, key: str, rest: str, row: Row) -> str | None:
        return "sum_than" if key == "than" else Comparison().input_at(key, rest, row)

    def shows(self, row: Row, area: str) -> frozenset[str]:
        return frozenset({"mod", "op_value", "sum_than"})


def _always(data: dict[str, Any]) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class RowTest:
    """A row test: the node ``type`` it writes (with ``tag``), its parts in order, and
    ``reads``, which of the nodes of that type it stands for."""

    type: str
    parts: tuple[Part, ...] = ()
    tag: Mapping[str, str] | None = None
    reads: Callable[[dict[str, Any]], bool] = _always


def _card_row(test: str) -> RowTest:
    return RowTest(test, (Of("played" if test == "joker" else ""), *CARD_CHOICES.get(test, ())))


def _quantity_row(what: str) -> RowTest:
    return RowTest("compare", (Compare(),), {"what": what}, lambda d: d.get("what") == what)


#: Every row test of the builder, by the name its test menu uses.
ROW_TESTS: Final[dict[str, RowTest]] = {
    **{t: _card_row(t) for t in CARD_TESTS},
    "relation": RowTest("relation", (Pick("rel", "rel"), Pair(), Distance())),
    **{q: _quantity_row(q) for q in QUANTITY_TESTS},
    "active_suit": RowTest("active_suit", (Suits("suits"),)),
    "hand_count": RowTest("hand_count", (Where("a hand count"),
                                         Compare("count_op", "count"))),
    "count": RowTest("count", (Where("a count"), Same(), Window(), Than())),
    "position": RowTest("position", (Comparison(lists=True),)),
    "sum": RowTest("sum", (SumOf(), SumCompare()), reads=lambda d: "of" in d),
    "sum_window": RowTest("sum", (Window(), Comparison()), reads=lambda d: "of" not in d),
    "difference": RowTest("difference", (Pair(), Absolute(), Comparison())),
    **{t: RowTest(t) for t in ("follows_active_suit", "is_author", "on_starter", "always")},
}


def write_row(row: Row) -> dict[str, Any]:
    """A row's test as a condition node (an unknown test as a bare node, which the rule
    language names)."""
    spec = ROW_TESTS.get(row.test)
    if spec is None:
        return {"type": row.test}
    data: dict[str, Any] = {"type": spec.type, **(spec.tag or {})}
    for part in spec.parts:
        data |= part.write(row)
    return data


def read_node(data: dict[str, Any], row: Row) -> None:
    """Fill ``row`` from a condition node (not a group, which :func:`read_list` reads);
    :class:`Unrepresentable` if no row test stands for it."""
    found = [name for name, spec in ROW_TESTS.items()
             if spec.type == data.get("type") and spec.reads(data)]
    if not found:
        raise Unrepresentable(f"unknown condition type {data.get('type')!r}")
    row.test = found[0]
    for part in ROW_TESTS[row.test].parts:
        part.read(data, row)


def input_at(row: Row, rest: str) -> str:
    """Which input of ``row`` a node path (``in[0]``, ``where.value``) of its node is."""
    spec = ROW_TESTS.get(row.test)
    key = _key(rest)
    return _input_in(spec.parts if spec else (), key, rest, row) or _control(
        spec.type if spec else "", key)


def shows(row: Row, area: str) -> frozenset[str]:
    """The inputs a row of list ``area`` shows for its test (names used by ``panel.html``)."""
    spec = ROW_TESTS.get(row.test)
    return _shown(spec.parts, row, area) if spec else _NONE


# Lists of rows, with groups of rows in them.


def write_list(cond: CondList, at: str = "", places: dict[str, Place] | None = None,
               path: str = "") -> dict[str, Any]:
    """A list of rows as one condition: ``always``, its one row, or its group kind's node.

    With ``places``, note where each row went: the row at field prefix ``<at>-<i>`` (a group
    row's rows at ``<at>-<i>-<j>``...), its node at JSON path ``path`` and below.
    """
    if not cond.rows:
        return {"type": "always"}
    if len(cond.rows) == 1:
        # One row is the whole condition: a problem anywhere in it belongs to that row.
        return write_tree_row(cond.rows[0], f"{at}-0", places, path)
    return _group_node(cond, at, places, path)


def _group_node(cond: CondList, at: str, places: dict[str, Place] | None,
                path: str) -> dict[str, Any]:
    kind = kind_of(cond.join)
    return kind.write([write_tree_row(row, f"{at}-{i}", places, path + suffix)
                       for i, (row, suffix) in enumerate(zip(
                           cond.rows, kind.paths(len(cond.rows)), strict=True))])


def write_tree_row(row: Row, prefix: str = "", places: dict[str, Place] | None = None,
                   path: str = "") -> dict[str, Any]:
    """One row as a condition node (a group row as its group's node), inside a ``not`` when
    negated; with ``places``, noting the row at ``path`` (see :func:`write_list`)."""
    inner = f"{path}.of" if row.negate else path
    if places is not None:
        area, _, rest = prefix.partition("-")
        place = Place(area, int(rest) if rest.isdigit() else None, prefix)
        places[path] = place
        places[inner] = place
    data = _group_node(row.group, prefix, places, inner) if row.test == GROUP else write_row(row)
    return {"type": "not", "of": data} if row.negate else data


def read_list(data: Any, depth: int = 0) -> CondList:
    """A condition as a list of rows: ``always`` is no rows, an ``all`` or ``any`` of other
    than one condition its rows, anything else one row (``depth``: lists around it)."""
    if isinstance(data, dict) and data.get("type") == "always":
        return CondList()
    kind = KINDS.get(data.get("type", "")) if isinstance(data, dict) else None
    items = kind.read(data) if kind is not None and kind.arity is None else None
    if items is not None and len(items) != 1:
        return CondList(str(data["type"]), [read_tree_row(i, depth + 1) for i in items])
    return CondList("all", [read_tree_row(data, depth + 1)])


def read_tree_row(data: Any, depth: int) -> Row:
    """A condition as one row: a test, or a group of rows; negated when a ``not`` holds
    anything but another ``not``. :class:`Unrepresentable` past :data:`MAX_NESTING`."""
    if depth > MAX_NESTING:
        raise Unrepresentable(f"conditions nested more than {MAX_NESTING} deep")
    if not isinstance(data, dict):
        raise Unrepresentable("a condition must be an object")
    row = Row()
    inner = data.get("of")
    if data.get("type") == "not" and isinstance(inner, dict) and inner.get("type") != "not":
        row.negate, data = True, inner
    kind = KINDS.get(data.get("type", ""))
    items = kind.read(data) if kind is not None else None
    if kind is not None and items is not None:
        row.test = GROUP
        row.group = CondList(str(data["type"]), [read_tree_row(i, depth + 1) for i in items])
        return row
    read_node(data, row)
    return row


# The row's inputs as POSTed fields.


@dataclass(frozen=True, slots=True)
class Input:
    """How one input of a row is posted: ``text`` (one value), ``box`` (``on`` when ticked),
    ``no`` (a select whose ``no`` is false) or ``many`` (ticked ``choices``, in the order of
    ``choices`` unless ``ordered``: then as posted); a ``sparse`` input is posted only when
    not at its default."""

    kind: str = "text"
    sparse: bool = False
    choices: tuple[str, ...] = ()
    ordered: bool = False


_TEXT, _SPARSE = Input(), Input(sparse=True)
#: Every input of a row but its test and ``not``, in the order the page posts them. The
#: sparse ones serve only a few tests, so that a form of every list full stays within the
#: server's limit on the number of POSTed fields (``DATA_UPLOAD_MAX_NUMBER_FIELDS``).
ROW_INPUTS: Final = {
    "subject": _TEXT, "colour": _TEXT, "op": _TEXT, "value": _TEXT, "parity": _TEXT,
    "rel": _TEXT, "other": _TEXT, "n": _TEXT, "match": _TEXT, "count_op": _TEXT,
    "count": _TEXT, "mod": _SPARSE, "window": _SPARSE, "match2": _SPARSE, "colour2": _SPARSE,
    "parity2": _SPARSE, "window2": _SPARSE, "value_set": _SPARSE, "same": _SPARSE,
    "sum_than": _SPARSE,
    "with_played": Input("box"), "with_played2": Input("box"),
    # A select, not a checkbox: a row whose test just became a difference posts no
    # ``absolute`` and should start as a distance, the usual meaning.
    "absolute": Input("no"),
    "ranks": Input("many", choices=RANK_CHOICES), "suits": Input("many", choices=SUIT_CHOICES),
    "ranks2": Input("many", True, RANK_CHOICES), "suits2": Input("many", True, SUIT_CHOICES),
    # Subjects a sum may add up after its first two cards, in the order they are added (the
    # page draws those ticked first, in that order).
    "plus": Input("many", True, SUBJECTS, ordered=True),
}
_DEFAULT_ROW = Row()


class Posted(Protocol):
    """What the row reader needs of the posted form (a QueryDict's ``get``/``getlist``)."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def getlist(self, key: str) -> list[str]: ...


def write_inputs(row: Row, prefix: str, data: dict[str, list[str]]) -> None:
    """Add a row's inputs to ``data`` as the page posts them (``<prefix>-<input>``)."""
    for name, spec in ROW_INPUTS.items():
        value = getattr(row, name)
        if spec.kind == "box":
            posted = ["on"] if value else None
        elif spec.kind == "no":
            posted = None if value else ["no"]
        elif spec.kind == "many":
            posted = list(value) if value or not spec.sparse else None
        else:
            posted = [value] if not spec.sparse or value != getattr(_DEFAULT_ROW, name) else None
        if posted is not None:
            data[f"{prefix}-{name}"] = posted


def read_inputs(data: Posted, prefix: str, row: Row) -> None:
    """Set a row's inputs from posted fields; a missing one keeps its default (texts at most
    200 characters, choices only those offered)."""
    for name, spec in ROW_INPUTS.items():
        key = f"{prefix}-{name}"
        if spec.kind == "box":
            setattr(row, name, bool(data.get(key)))
        elif spec.kind == "no":
            setattr(row, name, data.get(key) != "no")
        elif spec.kind == "many":
            ticked = data.getlist(key)
            setattr(row, name, tuple(dict.fromkeys(c for c in ticked if c in spec.choices))
                    if spec.ordered else tuple(c for c in spec.choices if c in ticked))
        elif (value := data.get(key)) is not None:
            setattr(row, name, str(value)[:200])
