"""The kinds of group a list of builder rows can be: how its rows become one condition node.

A group kind says, for the rows of a list (or of a group row), which node they write
(``all`` of them, ``any`` of them...), where each row's node sits in it (for error paths)
and which nodes it reads back. Each group-like node of the rule language (``all``, ``any``,
``not``, a pair "exactly when", a case table "when ... then ..., otherwise ...") is one entry
of :data:`KINDS`: the form, its posted fields and the page's join menu follow from it.

>>> KINDS["any"].write([{"type": "face", "of": "played"}])
{'type': 'any', 'of': [{'type': 'face', 'of': 'played'}]}
>>> KINDS["not"].paths(1)
['.of']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from rules.conditions import MAX_CASES


def _of_list(tag: str) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    return lambda nodes: {"type": tag, "of": nodes}


def _one(nodes: list[dict[str, Any]]) -> dict[str, Any]:
    # A "not" of anything but one row is written as a list, which the rule language refuses
    # (the form says so first: see GroupKind.arity).
    return {"type": "not", "of": nodes[0] if len(nodes) == 1 else nodes}


def _case_table(nodes: list[dict[str, Any]]) -> dict[str, Any]:
    # Rows pair up as "when" and "then"; an odd last row is the "otherwise".
    data: dict[str, Any] = {"type": "cases", "cases": [
        {"if": nodes[i], "then": nodes[i + 1]} for i in range(0, len(nodes) - 1, 2)]}
    return data | ({"otherwise": nodes[-1]} if len(nodes) % 2 else {})


def _case_paths(count: int) -> list[str]:
    paths = [f".cases[{i // 2}].{'then' if i % 2 else 'if'}" for i in range(count - count % 2)]
    return paths + ([".otherwise"] if count % 2 else [])


def case_role(index: int, count: int) -> str:
    """What row ``index`` of a case table of ``count`` rows is: a ``when`` or a ``then`` (they
    pair up) or, the odd last row, the ``otherwise``.

    >>> [case_role(i, 5) for i in range(5)]
    ['when', 'then', 'when', 'then', 'otherwise']
    """
    if count % 2 and index == count - 1:
        return "otherwise"
    return "then" if index % 2 else "when"


@dataclass(frozen=True, slots=True)
class GroupKind:
    """One kind of group: its words in the join menu, the node its rows' nodes make, and how
    many rows it holds (``arity``, or ``None`` for any number from ``least`` to ``most``)."""

    label: str
    write: Callable[[list[dict[str, Any]]], dict[str, Any]]
    #: The rows' nodes of a node of this kind (``None``: not a node this kind reads).
    read: Callable[[dict[str, Any]], list[Any] | None]
    arity: int | None = None
    least: int = 1
    most: int | None = None
    #: Where each row's node sits, for a kind whose rows are not its node's ``of``.
    places: Callable[[int], list[str]] | None = None

    def paths(self, count: int) -> list[str]:
        """Where each of ``count`` rows' nodes sits in the group's node (``.of[1]``)."""
        if self.places is not None:
            return self.places(count)
        if self.arity == 1 and count == 1:
            return [".of"]
        return [f".of[{i}]" for i in range(count)]

    def fits(self, count: int) -> bool:
        """Whether a group of ``count`` rows can be of this kind."""
        if self.arity is not None:
            return count == self.arity
        return count >= self.least and (self.most is None or count <= self.most)


def _items(node: dict[str, Any]) -> list[Any] | None:
    items = node.get("of")
    return items if isinstance(items, list) else None


def _single(node: dict[str, Any]) -> list[Any] | None:
    item = node.get("of")
    return [item] if isinstance(item, dict) else None


def _pair(node: dict[str, Any]) -> list[Any] | None:
    items = _items(node)
    return items if items is not None and len(items) == 2 else None


def _cases(node: dict[str, Any]) -> list[Any] | None:
    cases = node.get("cases")
    if not isinstance(cases, list) or not all(isinstance(c, dict) for c in cases):
        return None
    rows = [part for case in cases for part in (case.get("if"), case.get("then"))]
    return rows + ([node["otherwise"]] if "otherwise" in node else [])


#: Every group kind, by the node type it writes; the first is a new list's.
KINDS: Final[dict[str, GroupKind]] = {
    "all": GroupKind("all of these", _of_list("all"), _items),
    "any": GroupKind("any of these", _of_list("any"), _items),
    # A negated row is a row's "not" box; this kind holds a "not" whose condition is itself
    # negated, so that "not (not X)" is entered as it is written.
    "not": GroupKind("not this one", _one, _single, arity=1),
    "iff": GroupKind("exactly when: both or neither", _of_list("iff"),
                     _pair, arity=2),
    "cases": GroupKind("a case table: when… then…", _case_table, _cases,
                       least=2, most=2 * MAX_CASES + 1, places=_case_paths),
}


def kind_of(join: str) -> GroupKind:
    """The group kind ``join`` names (``all`` for a name the form does not know)."""
    return KINDS.get(join, KINDS["all"])


def arity_words(join: str) -> str:
    """What a group of kind ``join`` must hold, in words ("exactly one condition")."""
    kind = kind_of(join)
    if join == "cases":
        return (f"a “when” and a “then” at least, and at most {MAX_CASES} cases and an "
                "“otherwise”")
    if kind.arity is None:
        return "at least one condition"
    return "exactly one condition" if kind.arity == 1 else f"exactly {kind.arity} conditions"
