"""The kinds of group a list of builder rows can be: how its rows become one condition node.

A group kind says, for the rows of a list (or of a group row), which node they write
(``all`` of them, ``any`` of them...), where each row's node sits in it (for error paths)
and which nodes it reads back. A new group-like node of the rule language (a pair "exactly
when", a case table "when ... then ..., otherwise ...") is one more entry of :data:`KINDS`:
the form, its posted fields and the page's join menu follow from it.

>>> KINDS["any"].write([{"type": "face", "of": "played"}])
{'type': 'any', 'of': [{'type': 'face', 'of': 'played'}]}
>>> KINDS["not"].paths(1)
['.of']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final


def _of_list(tag: str) -> Callable[[list[dict[str, Any]]], dict[str, Any]]:
    return lambda nodes: {"type": tag, "of": nodes}


def _one(nodes: list[dict[str, Any]]) -> dict[str, Any]:
    # A "not" of anything but one row is written as a list, which the rule language refuses
    # (the form says so first: see GroupKind.arity).
    return {"type": "not", "of": nodes[0] if len(nodes) == 1 else nodes}


@dataclass(frozen=True, slots=True)
class GroupKind:
    """One kind of group: its words in the join menu, the node its rows' nodes make, and how
    many rows it holds (``arity``, or ``None`` for any number, at least one)."""

    label: str
    write: Callable[[list[dict[str, Any]]], dict[str, Any]]
    #: The rows' nodes of a node of this kind (``None``: not a node this kind reads).
    read: Callable[[dict[str, Any]], list[Any] | None]
    arity: int | None = None

    def paths(self, count: int) -> list[str]:
        """Where each of ``count`` rows' nodes sits in the group's node (``.of[1]``)."""
        if self.arity == 1 and count == 1:
            return [".of"]
        return [f".of[{i}]" for i in range(count)]

    def fits(self, count: int) -> bool:
        """Whether a group of ``count`` rows can be of this kind."""
        return count >= 1 and (self.arity is None or self.arity == count)


def _items(node: dict[str, Any]) -> list[Any] | None:
    items = node.get("of")
    return items if isinstance(items, list) else None


def _single(node: dict[str, Any]) -> list[Any] | None:
    item = node.get("of")
    return [item] if isinstance(item, dict) else None


#: Every group kind, by the node type it writes; the first is a new list's.
KINDS: Final[dict[str, GroupKind]] = {
    "all": GroupKind("all of these", _of_list("all"), _items),
    "any": GroupKind("any of these", _of_list("any"), _items),
    # A negated row is a row's "not" box; this kind holds a "not" whose condition is itself
    # negated, so that "not (not X)" is entered as it is written.
    "not": GroupKind("not this one", _one, _single, arity=1),
}


def kind_of(join: str) -> GroupKind:
    """The group kind ``join`` names (``all`` for a name the form does not know)."""
    return KINDS.get(join, KINDS["all"])


def arity_words(join: str) -> str:
    """What a group of kind ``join`` must hold, in words ("exactly one condition")."""
    arity = kind_of(join).arity
    if arity is None:
        return "at least one condition"
    return "exactly one condition" if arity == 1 else f"exactly {arity} conditions"
