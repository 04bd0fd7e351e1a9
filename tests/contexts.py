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


def forbidden_values(context: Mapping[str, Any]) -> list[str]:
    """Where in ``context`` a forbidden value sits (``"seats[0].seat: Seat"``), if anywhere."""
    found: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[Any, str, int]] = [(value, key, 0) for key, value in context.items()
                                        if key not in DJANGO_KEYS]
    while todo:
        value, path, depth = todo.pop()
        if isinstance(value, str | bytes | int | float | type(None)) or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, FORBIDDEN):
            found.append(f"{path}: {type(value).__name__}")
            continue
        if depth >= DEPTH:
            continue
        todo += [(item, f"{path}{where}", depth + 1) for where, item in _parts(value)]
    return sorted(found)


def _parts(value: Any) -> list[tuple[str, Any]]:
    """The values inside ``value`` that a template could reach, with where they are."""
    if isinstance(value, Mapping):
        return [(f"[{key!r}]", item) for key, item in list(value.items())]
    if isinstance(value, list | tuple | set | frozenset):
        return [(f"[{i}]", item) for i, item in enumerate(list(value))]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [(f".{f.name}", getattr(value, f.name, None)) for f in dataclasses.fields(value)]
    if type(value).__module__.split(".")[0] in ("games", "rules", "maosite"):
        names = getattr(value, "__dict__", None) or {
            name: getattr(value, name, None) for name in getattr(type(value), "__slots__", ())}
        return [(f".{name}", item) for name, item in names.items()]
    return []


def is_ours(template_name: str | None) -> bool:
    """Whether a rendered template is one of the project's own."""
    return bool(template_name) and not str(template_name).startswith(FOREIGN_TEMPLATES)
