"""The builder form as POSTed fields, and checking it with the rule language's own validation.

Field names are flat: ``kind``, ``jargon``, ``mode``... and per condition row
``<list>-<i>-<field>`` (rows read in order, gaps allowed; a group's rows below its own
prefix, :mod:`games.authoring.posted_rows`), with ``<list>-join``, ``effects-present`` and
``after-present`` saying a list was on the page. :func:`check` turns every
:class:`~rules.errors.RuleError` into a :class:`Problem` at its row and field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.authoring.effects import EFFECT_INPUTS, effect_to_json
from games.authoring.fields import input_at
from games.authoring.groups import arity_words, kind_of
from games.authoring.model import (
    GROUP,
    KIND_LISTS,
    LISTS,
    EffectRow,
    Place,
    Row,
    RuleForm,
    default_group,
    default_row,
)
from games.authoring.posted_rows import (
    find_list,
    parent_of,
    read_rows,
    row_index,
    walk,
    write_rows,
)
from games.authoring.spec_form import (
    Built,
    form_to_spec,
    kind_fields,
    phrase_lines,
    row_to_condition,
    send_plain,
    take_plain,
)
from games.engine.settings import kind_not_allowed
from rules.conditions import read_condition
from rules.effects import read_effect
from rules.errors import RuleError
from rules.language import labels
from rules.spec import (
    FORMAT_VERSION,
    MAX_JARGON,
    Rule,
    check_satisfiable,
    load_rule,
)

#: Jargon used to check a rule whose author left the field blank (the engine picks one).
PLACEHOLDER_JARGON = "Your rule"
_EFFECT_KEY = re.compile(r"^effects-(\d{1,3})-type$")
#: Effect rows a form holds. Condition rows have no cap of their own: the server's limits on
#: posted fields (``DATA_UPLOAD_MAX_NUMBER_FIELDS``) and bytes bound them, and the lists'
#: depth is bounded (:mod:`games.authoring.posted_rows`).
MAX_EFFECTS = 12


class FormData(Protocol):
    """What a QueryDict offers (``get``, ``getlist``); plain dicts of lists are wrapped."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def getlist(self, key: str) -> list[str]: ...

    def keys(self) -> Any: ...


class _DictData:
    """A ``{name: value or [values]}`` mapping seen as form data."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def get(self, key: str, default: Any = None) -> Any:
        value = self.data.get(key, default)
        if isinstance(value, list | tuple):
            return value[-1] if value else default
        return value

    def getlist(self, key: str) -> list[str]:
        value = self.data.get(key)
        if value is None:
            return []
        return [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]

    def keys(self) -> Any:
        return self.data.keys()


def as_form_data(data: FormData | Mapping[str, Any]) -> FormData:
    """A QueryDict as it is; a plain mapping wrapped to look like one."""
    if hasattr(data, "getlist"):
        return data  # type: ignore[return-value]
    return _DictData(data)


def _text(data: FormData, key: str, default: str, limit: int = 200) -> str:
    value = data.get(key)
    return default if value is None else str(value)[:limit]


def _effect_numbers(data: FormData) -> list[int]:
    return sorted({int(m.group(1)) for key in list(data.keys())  # noqa: SIM118 (a QueryDict or a mapping)
                   if (m := _EFFECT_KEY.match(key))})


def _read_effect(data: FormData, prefix: str) -> EffectRow:
    effect = EffectRow()
    for name in EFFECT_INPUTS:
        setattr(effect, name, _text(data, f"{prefix}-{name}", getattr(effect, name)))
    effect.per_run = bool(data.get(f"{prefix}-per_run"))
    return effect


def form_from_data(raw: FormData | Mapping[str, Any]) -> RuleForm:
    """Read the builder form from POSTed fields; missing fields take their defaults."""
    data = as_form_data(raw)
    form = RuleForm()
    kind = _text(data, "kind", form.kind)
    form.kind = kind if kind in KIND_LISTS else "restriction"
    form.jargon = _text(data, "jargon", "")[:MAX_JARGON * 2]
    index = row_index(list(data.keys()))  # noqa: SIM118 (a QueryDict or a mapping)
    for name in LISTS:
        if data.get(f"{name}-join") is not None:
            form.lists[name] = read_rows(data, name, index, name)
    if data.get("effects-present") is not None:
        form.effects = [_read_effect(data, f"effects-{i}")
                        for i in _effect_numbers(data)[:MAX_EFFECTS]]
    else:
        form.effects = [EffectRow()]
    take_plain(data, form)
    return form


def form_to_data(form: RuleForm) -> dict[str, list[str]]:
    """The POST fields that :func:`form_from_data` reads back as ``form`` (as the page would
    send them: lists of other kinds are sent too, so a kind change keeps them; a row's
    ``mod``, ``window``, ``with_played`` and ``absolute`` only when not at their defaults)."""
    data = {"kind": [form.kind], "jargon": [form.jargon], **send_plain(form)}
    for name, cond in form.lists.items():
        write_rows(cond, name, data)
    if form.kind == "trigger":  # like the page: effects are only on it for a trigger
        _write_effects(form.effects, data)
    return data


def _write_effects(effects: list[EffectRow], data: dict[str, list[str]]) -> None:
    data["effects-present"] = ["1"]
    for i, effect in enumerate(effects):
        for key in EFFECT_INPUTS:
            data[f"effects-{i}-{key}"] = [getattr(effect, key)]
        if effect.per_run:
            data[f"effects-{i}-per_run"] = ["on"]


def kept_fields(form: RuleForm) -> list[tuple[str, str]]:
    """The fields of ``form`` that its kind does not show, as ``(name, value)`` pairs.

    The page carries them as hidden inputs, so that switching to another kind and back
    finds the conditions, words and numbers as the writer left them (a kind change posts
    the whole form, and :func:`form_from_data` reads these back like shown fields).
    """
    data = form_to_data(form)
    if form.kind != "trigger":
        _write_effects(form.effects, data)
    shown = set(KIND_LISTS.get(form.kind, ())) | ({"effects"} if form.kind == "trigger"
                                                   else set())
    plain = {"kind", "jargon", *kind_fields(form.kind)}
    kept: list[tuple[str, str]] = []
    for name, values in data.items():
        area = name.split("-", 1)[0]
        if name in plain or area in shown:
            continue
        kept += [(name, value) for value in values]
    return kept


# Checking.

#: The label each input (or effect field) is named by in messages.
FIELD_LABELS = labels()


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with the form, in plain words, at a place (``None``: the whole form).

    ``field`` names the row input at fault (``ranks``, ``value``...) when known.
    """

    place: Place | None
    message: str
    code: str = "spec/invalid"
    field: str = ""

    @property
    def slot(self) -> str:
        """The id suffix of the message slot on the page (``when-0``, ``must-1-0``, ``must``,
        ``say``)."""
        if self.place is None:
            return "form"
        if self.place.row:
            return self.place.row
        if self.place.index is None:
            return self.place.area
        return f"{self.place.area}-{self.place.index}"


@dataclass
class Checked:
    """A checked form: the rule (when valid), its spec JSON and the problems found."""

    form: RuleForm
    built: Built
    rule: Rule | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the form holds a valid rule."""
        return self.rule is not None and not self.problems

    @property
    def spec(self) -> dict[str, Any]:
        """The spec JSON (the ``rule`` object) the form stands for."""
        return self.built.spec

    def by_slot(self) -> dict[str, str]:
        """The first problem's message for each slot."""
        found: dict[str, str] = {}
        for problem in self.problems:
            found.setdefault(problem.slot, problem.message)
        return found


def _words(exc: RuleError, place: Place | None, row_field: str, list_level: bool) -> str:
    """A RuleError in plain words for the person filling the form."""
    label = FIELD_LABELS.get(row_field or (place.area if place else ""), "")
    code, detail = exc.code, exc.detail
    if code == "spec/empty" and row_field in ("ranks", "ranks2"):
        return "Tick at least one rank."
    if code == "spec/empty" and row_field in ("suits", "suits2"):
        return "Tick at least one suit."
    if code == "spec/empty" and place is not None and place.area == "effects" and not row_field:
        return "Add at least one effect."
    if code == "spec/empty" and row_field == "value":
        return "Enter at least one number."
    if code == "spec/bad_choice" and detail.startswith("with mod"):
        return ("With a modulo, compare with “is exactly” or “is not” (a remainder is not "
                "above or below another).")
    if code == "spec/missing_field" and row_field == "match":
        # A count of "any cards" names its cards by what they share with the played card.
        return ("Counting any cards: pick what they share with the played card, or which "
                "cards to count.")
    if code == "spec/not_integer":
        return f"{label or 'This'}: enter a whole number."
    if code == "spec/contradictory":
        if place is not None and place.area == "max":
            return "Most cards must not be below fewest cards."
        if "itself" in detail and row_field == "match2":
            return ("A count cannot be compared with itself: count other cards, or over "
                    "another window, on one side.")
        if "itself" in detail:
            return "A card cannot be compared with itself: pick another card."
        if row_field in ("other", "plus"):
            return "Pick different cards to add up."
        if row_field == "window":
            return ("The last card including this one is just the played card: count more "
                    "cards, or test the played card itself.")
        if list_level:
            return ("These conditions can never all be true at once: no card passes all of "
                    "them (like a black heart).")
        return "No card can ever pass this test."
    if code == "spec/empty" and place is not None and place.area == "after":
        return "Tick at least one reason to draw."
    if code == "spec/bad_subject":
        return f"This part of the rule cannot look at that: it {detail}."
    return f"{label}: {detail}." if label else detail[:1].upper() + detail[1:] + "."


def _problem(exc: RuleError, built: Built, form: RuleForm) -> Problem:
    place, rest = built.place_of(exc.path)
    row_field = ""
    row = find_row(form, place.row) if place is not None and place.row else None
    list_level = place is not None and place.area in LISTS and (
        (place.index is None and not place.row) or (row is not None and row.test == GROUP))
    if row is not None and row.test != GROUP:
        row_field = input_at(row, rest)
    elif place is not None and place.area == "effects" and place.index is not None:
        row_field = re.split(r"[.\[]", rest, maxsplit=1)[0]
    elif place is not None and place.area == "allow" and (at := re.match(r"\[(\d+)\]", rest)):
        # One phrase of the list: say which, as the writer typed it.
        phrases = phrase_lines(form.allow)
        index = int(at.group(1))
        typed = f" (“{phrases[index]}”)" if index < len(phrases) else ""
        return Problem(place, f"Allowed words, phrase {index + 1}{typed}: {exc.detail}.",
                       exc.code, "allow")
    return Problem(place, _words(exc, place, row_field, list_level), exc.code, row_field)


def _row_problems(form: RuleForm, built: Built) -> list[Problem]:
    """Each row and effect checked on its own, so several problems show at once."""
    problems: list[Problem] = []
    for name in KIND_LISTS.get(form.kind, ()):
        for prefix, row, _menu in walk(form.cond_list(name), name, name):
            place = _row_place(prefix)
            if row.test == GROUP:
                # A group is checked with the whole rule; here only what it must hold.
                if not kind_of(row.group.join).fits(len(row.group.rows)):
                    problems.append(Problem(place, f"This group needs "
                                            f"{arity_words(row.group.join)}: add or remove "
                                            "conditions, or remove the group.",
                                            "spec/empty"))
                continue
            path = f"row.{prefix}"
            try:
                condition = read_condition(row_to_condition(row), path)
                check_satisfiable(condition, path)
            except RuleError as exc:
                local = Built({}, {path: place} | ({f"{path}.of": place} if row.negate else {}))
                problem = _problem(exc, local, form)
                problems.append(Problem(place, problem.message, exc.code, problem.field))
    if form.kind == "trigger":
        for i, effect in enumerate(form.effects):
            try:
                read_effect(effect_to_json(effect), f"rule.effects[{i}]")
            except RuleError as exc:
                problems.append(_problem(exc, built, form))
    return problems


def check(form: RuleForm, author: int | None = None,
          kinds: tuple[str, ...] | None = None) -> Checked:
    """Build the rule of ``form`` and validate it, its kind one of ``kinds`` (a game's
    ``rule_kinds``; ``None``: any); problems come back in plain words."""
    built = form_to_spec(form)
    checked = Checked(form, built)
    if kinds is not None and form.kind not in kinds:
        checked.problems.append(Problem(None, kind_not_allowed(kinds), "rule/kind_not_allowed",
                                        "kind"))
    if len(form.jargon.strip()) > MAX_JARGON:
        checked.problems.append(Problem(Place("jargon"), f"Jargon: at most {MAX_JARGON} "
                                        "characters, please.", "spec/too_long", "jargon"))
    empty = {"restriction": "must", "instant_win": "hand"}.get(form.kind)
    if empty and not form.cond_list(empty).rows:
        what = "what a card must (not) be" if empty == "must" else "what the hand must hold"
        checked.problems.append(Problem(Place(empty), f"Add at least one condition: {what}.",
                                        "spec/empty"))
    checked.problems += _row_problems(form, built)
    if checked.problems:
        return checked
    data: dict[str, Any] = {"version": FORMAT_VERSION,
                            "jargon": form.jargon.strip() or PLACEHOLDER_JARGON,
                            "rule": built.spec}
    if author is not None:
        data["author"] = author
    try:
        checked.rule = load_rule(data)
    except RuleError as exc:
        checked.problems.append(_problem(exc, built, form))
    return checked


def _row_place(prefix: str) -> Place:
    area, _, rest = prefix.partition("-")
    return Place(area, int(rest) if rest.isdigit() else None, prefix)


def find_row(form: RuleForm, prefix: str) -> Row | None:
    """The row at field prefix ``prefix`` (``must-2-0``), or ``None``."""
    parent = parent_of(prefix)
    found = find_list(form.lists, parent[0]) if parent else None
    if parent is None or found is None or not 0 <= parent[1] < len(found[0].rows):
        return None
    return found[0].rows[parent[1]]


def apply_row_op(form: RuleForm, area: str, op: str, index: int | None) -> RuleForm:
    """Add a row to a list (or an effect), or remove row ``index``; the form is changed."""
    if area == "effects":
        if op == "add" and len(form.effects) < MAX_EFFECTS:
            form.effects.append(EffectRow())
        elif op == "remove" and index is not None and 0 <= index < len(form.effects):
            del form.effects[index]
        return form
    if area in LISTS:
        apply_tree_op(form, op, area if index is None else f"{area}-{index}")
    return form


#: The operations on rows: ``add`` a row or a ``group`` of rows to the list at a prefix, or a
#: ``case`` (a "when" row and a "then" row, before the "otherwise") to a case table;
#: ``remove`` the row at a prefix, or move it ``up`` or ``down`` its list.
TREE_OPS = ("add", "group", "case", "remove", "up", "down")


def apply_tree_op(form: RuleForm, op: str, at: str) -> str:
    """Apply ``op`` (:data:`TREE_OPS`) at field prefix ``at`` (a list's for ``add``,
    ``group`` and ``case``, a row's otherwise); the form is changed. Returns where the focus
    goes (``add:must-2-1``: the row made, or a case's "when"; ``remove:must-2``: that list's
    add button; ``up:...``: the row moved), or ``""`` when nothing was done."""
    if op in ("add", "group", "case"):
        found = find_list(form.lists, at) if at.split("-", 1)[0] in LISTS else None
        if found is None and at in LISTS:
            found = (form.cond_list(at), at)
        if found is None:
            return ""
        cond, area = found
        if op == "case":
            if cond.join != "cases" or not kind_of("cases").fits(len(cond.rows) + 2):
                return ""
            # Before the "otherwise" (a case table's odd last row), if there is one.
            where = len(cond.rows) - len(cond.rows) % 2
            cond.rows[where:where] = [default_row(area), default_row(area)]
            return f"add:{at}-{where}"
        cond.rows.append(default_row(area) if op == "add" else default_group(area))
        return f"add:{at}-{len(cond.rows) - 1}"
    parent = parent_of(at)
    found = find_list(form.lists, parent[0]) if parent else None
    if parent is None or found is None or not 0 <= parent[1] < len(found[0].rows):
        return ""
    rows, i = found[0].rows, parent[1]
    if op == "remove":
        del rows[i]
        return f"remove:{parent[0]}"
    j = i - 1 if op == "up" else i + 1 if op == "down" else -1
    if not 0 <= j < len(rows):
        return ""
    rows[i], rows[j] = rows[j], rows[i]
    return f"{op}:{parent[0]}-{j}"

