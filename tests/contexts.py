"""What templates may be given: plain values and display rows, never a stored ``Game``, a
``Seat`` (whose holder is a credential), any other model, a queryset or manager, or an
engine ``GameState`` (which holds every hand and rule), however deeply it is tucked away.

:func:`forbidden_values` walks a template context and names every such value;
``tests/conftest.py`` hooks Django's ``template_rendered`` signal (sent for every render
under the test runner, in any thread) so that every render of the project's own templates
in every test is checked, and a test whose pages were given one fails.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.db.models import Manager, Model, QuerySet

from games.engine.state import GameState

#: What Django itself puts in every context (the request, the user, messages...): not ours.
#: (Not ``view``, which Django's class-based views add: the table's context names its
#: player's view so, and the project has no class-based views.)
DJANGO_KEYS = frozenset({"request", "user", "perms", "messages", "csrf_token",
                         "DEFAULT_MESSAGE_LEVELS"})
#: Templates that are not the project's (the admin shows models by design; form widgets).
FOREIGN_TEMPLATES = ("admin/", "django/", "registration/")
#: How deep to look: display rows nest a few levels (a view of piles of cards...).
DEPTH = 8
FORBIDDEN = (Model, QuerySet, Manager, GameState)


#: Values with nothing inside (their subclasses too, checked second: the exact types first,
#: since most of a context is these).
LEAVES = (str, bytes, int, float, type(None))
_EXACT_LEAVES = frozenset({*LEAVES, bool})
#: A step from a value to one inside it: ``(the path so far, how it is written, the key)``.
Path = tuple[Any, str, Any]


#: The values one walk, or the walks of one render and its includes, have looked at: each
#: by id, held (so that its id is not reused while the record lasts) with the depth it was
#: met at.
Walked = dict[int, tuple[Any, int]]


def forbidden_values(context: Mapping[str, Any], walked: Walked | None = None) -> list[str]:
    """Where in ``context`` a forbidden value sits (``"seats[0].seat: Seat"``), if anywhere.

    Values already in ``walked`` (met as shallow or shallower) are not looked at again, and
    those looked at are added: a page's includes are rendered with the page's own values."""
    found: list[str] = []
    seen: Walked = {} if walked is None else walked
    todo: list[tuple[Any, Path, int]] = [(value, (None, "", key), 0)
                                         for key, value in context.items()
                                         if key not in DJANGO_KEYS]
    while todo:
        value, path, depth = todo.pop()
        if isinstance(value, LEAVES):
            continue
        met = seen.get(id(value))
        if met is not None and met[0] is value and met[1] <= depth:
            continue
        seen[id(value)] = (value, depth)
        if isinstance(value, FORBIDDEN):
            found.append(f"{_spelled(path)}: {type(value).__name__}")
        elif depth < DEPTH:
            todo += [(item, (path, how, key), depth + 1) for how, key, item in _parts(value)
                     if type(item) not in _EXACT_LEAVES]
    return sorted(found)


def _spelled(path: Path) -> str:
    """A path as a template would write it: ``rows[0].inside['deep']``."""
    steps: list[str] = []
    while path[0] is not None:
        path, how, key = path
        steps.append(f"[{key!r}]" if how == "key" else f"[{key}]" if how == "index"
                     else f".{key}")
    return str(path[2]) + "".join(reversed(steps))


#: The attributes a template could reach on a dataclass or slotted object, by type.
_ATTRIBUTES: dict[type, tuple[str, ...]] = {}


def _attributes(value: Any) -> tuple[str, ...] | None:
    """The attribute names of ``value`` worth a look (``None``: none, not one of ours)."""
    kind = type(value)
    if kind in _ATTRIBUTES:
        return _ATTRIBUTES[kind]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names: tuple[str, ...] | None = tuple(f.name for f in dataclasses.fields(value))
    elif kind.__module__.split(".")[0] in ("games", "rules", "maosite"):
        if not hasattr(kind, "__slots__"):
            return tuple(vars(value))
        names = tuple(getattr(kind, "__slots__", ()))
    else:
        names = None
    if names is not None:
        _ATTRIBUTES[kind] = names
    return names


def _parts(value: Any) -> list[tuple[str, Any, Any]]:
    """The values inside ``value`` that a template could reach: ``(how, key, item)``."""
    if isinstance(value, Mapping):
        return [("key", key, item) for key, item in list(value.items())]
    if isinstance(value, list | tuple | set | frozenset):
        return [("index", i, item) for i, item in enumerate(list(value))]
    names = _attributes(value)
    if not names:
        return []
    return [("attribute", name, getattr(value, name, None)) for name in names]


def is_ours(template_name: str | None) -> bool:
    """Whether a rendered template is one of the project's own."""
    return bool(template_name) and not str(template_name).startswith(FOREIGN_TEMPLATES)
