"""Lists of condition rows, groups within them, as POSTed fields, both ways; and walking them.

A list at field prefix ``L`` posts ``L-join`` and its rows ``L-0``, ``L-1``... (gaps
allowed, read in order). Each row posts ``<row>-test`` and ``<row>-not`` (ticked), then its
inputs (:data:`~games.authoring.fields.ROW_INPUTS`), or, for a group, its own list at its
own prefix (``must-2-join``, ``must-2-0-test``...). A count counting rows of card tests
posts them as the list ``<row>-w`` (its second count's ``<row>-t``).

Every row posts its ``-test``, so the server's limit on posted fields
(``DATA_UPLOAD_MAX_NUMBER_FIELDS``) bounds the rows read; keys are indexed once, so reading
is linear in the fields posted, and lists nest at most
:data:`~games.authoring.fields.MAX_NESTING` deep.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from games.authoring.fields import MAX_NESTING, numbers, read_inputs, write_inputs
from games.authoring.groups import KINDS
from games.authoring.model import (
    GROUP,
    LISTS,
    TESTS,
    CondList,
    Row,
    default_group,
    default_row,
)

#: The sub-lists a row may hold, by the suffix of their prefix: a count's tests (``w``) and
#: its second count's (``t``).
COUNTED = {"w": "where", "t": "where2"}


class FormData(Protocol):
    """What the reader needs of posted fields (a QueryDict, or the form's wrapper)."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def getlist(self, key: str) -> list[str]: ...

    def keys(self) -> Any: ...


def _text(data: FormData, key: str, default: str) -> str:
    value = data.get(key)
    return default if value is None else str(value)[:200]


def row_index(keys: Any) -> dict[str, list[int]]:
    """The rows posted in each list: ``{list prefix: [row numbers, in order]}``, from the
    ``<row>-test`` keys (others, and rows nested past the limit, ignored).

    >>> row_index(["must-1-test", "must-0-test", "must-0-w-3-test", "kind"])
    {'must': [0, 1], 'must-0-w': [3]}
    """
    found: dict[str, set[int]] = {}
    for key in keys:
        if not isinstance(key, str) or not key.endswith("-test"):
            continue
        parts = key[:-len("-test")].split("-")
        if parts[0] not in LISTS or not _well_formed(parts[1:]):
            continue
        found.setdefault("-".join(parts[:-1]), set()).add(int(parts[-1]))
    return {prefix: sorted(rows) for prefix, rows in found.items()}


def _well_formed(steps: list[str]) -> bool:
    """Whether ``steps`` after a list's name lead to a row: row numbers, each maybe after a
    counted list's letter, at most :data:`MAX_NESTING` deep."""
    if not steps or len(steps) > 2 * MAX_NESTING:
        return False
    rows = 0
    for i, step in enumerate(steps):
        if step in COUNTED:
            if i + 1 == len(steps) or not steps[i + 1].isdigit():
                return False
        elif not (step.isdigit() and len(step) <= 3):
            return False
        else:
            rows += 1
    return rows <= MAX_NESTING


def read_rows(data: FormData, at: str, index: dict[str, list[int]], area: str) -> CondList:
    """The list at prefix ``at`` (its rows on list ``area``'s menus)."""
    join = data.get(f"{at}-join")
    return CondList(join if join in KINDS else "all",
                    [_read_row(data, f"{at}-{i}", index, area) for i in index.get(at, [])])


def _read_row(data: FormData, prefix: str, index: dict[str, list[int]], area: str) -> Row:
    row = Row()
    row.test = _text(data, f"{prefix}-test", row.test)
    row.negate = bool(data.get(f"{prefix}-not"))
    if row.test == GROUP:
        # A group just made posts no list of its own yet: it starts with rows to edit.
        row.group = (read_rows(data, prefix, index, area) if data.get(f"{prefix}-join")
                     is not None else default_group(area).group)
        return row
    read_inputs(data, prefix, row)
    if row.op == "in" and row.test != "position":
        # A position list's "is one of" carried over by a change of test: the new test's menu
        # has no such choice, so start from its first number rather than show a hidden op.
        first = numbers(row.value)
        row.op, row.value = "==", str(first[0]) if first else ""
    for letter, attr in counted_lists(row):
        at = f"{prefix}-{letter}"
        setattr(row, attr, read_rows(data, at, index, "where")
                if data.get(f"{at}-join") is not None else CondList("all", [
                    default_row("where")]))
    return row


def counted_lists(row: Row) -> list[tuple[str, str]]:
    """The lists of card tests ``row`` counts with, as ``(letter, attribute)``."""
    found = []
    if row.test in ("count", "hand_count") and row.match == TESTS:
        found.append(("w", "where"))
    if row.test == "count" and row.match2 == TESTS:
        found.append(("t", "where2"))
    return found


def write_rows(cond: CondList, at: str, data: dict[str, list[str]]) -> None:
    """Add the list at prefix ``at`` to ``data`` as the page posts it."""
    data[f"{at}-join"] = [cond.join]
    for i, row in enumerate(cond.rows):
        prefix = f"{at}-{i}"
        data[f"{prefix}-test"] = [row.test]
        if row.negate:
            data[f"{prefix}-not"] = ["on"]
        if row.test == GROUP:
            write_rows(row.group, prefix, data)
            continue
        write_inputs(row, prefix, data)
        for letter, attr in counted_lists(row):
            write_rows(getattr(row, attr), f"{prefix}-{letter}", data)


def sublists(row: Row, prefix: str) -> Iterator[tuple[str, CondList, str]]:
    """The lists a row holds, as ``(prefix, list, menu area)``: a group's own, a count's
    tests (whose menu is ``where``); the group's keeps ``area`` ``""`` (its parent's)."""
    if row.test == GROUP:
        yield prefix, row.group, ""
    for letter, attr in counted_lists(row):
        yield f"{prefix}-{letter}", getattr(row, attr), "where"


def walk(cond: CondList, at: str, area: str) -> Iterator[tuple[str, Row, str]]:
    """Every row of a list and of the lists within it, depth first, as ``(prefix, row,
    menu area)``."""
    for i, row in enumerate(cond.rows):
        prefix = f"{at}-{i}"
        yield prefix, row, area
        for inner, rows, menu in sublists(row, prefix):
            yield from walk(rows, inner, menu or area)


def find_list(lists: dict[str, CondList], at: str) -> tuple[CondList, str] | None:
    """The list at prefix ``at`` and its menu area, or ``None``."""
    area = at.split("-", 1)[0]
    if at == area:
        return (lists[area], area) if area in lists else None
    for prefix, row, menu in walk(lists.get(area, CondList()), area, area):
        for inner, rows, sub in sublists(row, prefix):
            if inner == at:
                return rows, sub or menu
    return None


def parent_of(prefix: str) -> tuple[str, int] | None:
    """The list prefix a row prefix is in and the row's number there.

    >>> parent_of("must-2-w-0")
    ('must-2-w', 0)
    """
    at, _, number = prefix.rpartition("-")
    return (at, int(number)) if at and number.isdigit() else None
