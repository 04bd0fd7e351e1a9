"""The builder form as POSTed fields, and checking it with the rule language's own validation.

Field names are flat: ``kind``, ``jargon``, ``mode``... and per condition row
``<list>-<i>-<field>`` (rows read in order, gaps allowed), with ``<list>-join``,
``effects-present`` and ``after-present`` saying a list was on the page. :func:`check`
turns every :class:`~rules.errors.RuleError` into a :class:`Problem` at its row and field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.authoring.effects import EFFECT_INPUTS, effect_to_json
from games.authoring.fields import input_at, numbers, read_inputs, write_inputs
from games.authoring.model import (
    KIND_LISTS,
    LISTS,
    CondList,
    EffectRow,
    Row,
    RuleForm,
    default_row,
)
from games.authoring.spec_form import (
    Built,
    Place,
    form_to_spec,
    kind_fields,
    phrase_lines,
    row_to_condition,
    send_plain,
    take_plain,
)
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
_ROW_KEY = re.compile(r"^(when|must|each|step|hand|effects)-(\d{1,3})-(test|type)$")
#: Condition rows a form holds, all its lists together (those of other kinds, which the page
#: keeps hidden, included), and effect rows: the largest form the page can post stays within
#: the server's limit on posted fields (``DATA_UPLOAD_MAX_NUMBER_FIELDS``).
MAX_ROWS = 60
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


def _row_numbers(data: FormData, area: str) -> list[int]:
    found = sorted({int(m.group(2)) for key in list(data.keys())  # noqa: SIM118 (a QueryDict or a mapping)
                    if (m := _ROW_KEY.match(key)) and m.group(1) == area})
    return found


def _read_row(data: FormData, prefix: str) -> Row:
    row = Row()
    row.test = _text(data, f"{prefix}-test", row.test)
    row.negate = bool(data.get(f"{prefix}-not"))
    read_inputs(data, prefix, row)
    if row.op == "in" and row.test != "position":
        # A position list's "is one of" carried over by a change of test: the new test's menu
        # has no such choice, so start from its first number rather than show a hidden op.
        first = numbers(row.value)
        row.op, row.value = "==", str(first[0]) if first else ""
    return row


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
    budget = MAX_ROWS
    for name in LISTS:
        if data.get(f"{name}-join") is None:
            continue
        join = "any" if data.get(f"{name}-join") == "any" else "all"
        rows = [_read_row(data, f"{name}-{i}") for i in _row_numbers(data, name)[:budget]]
        budget -= len(rows)
        form.lists[name] = CondList(join, rows)
    if data.get("effects-present") is not None:
        form.effects = [_read_effect(data, f"effects-{i}")
                        for i in _row_numbers(data, "effects")[:MAX_EFFECTS]]
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
        data[f"{name}-join"] = [cond.join]
        for i, row in enumerate(cond.rows):
            prefix = f"{name}-{i}"
            data[f"{prefix}-test"] = [row.test]
            if row.negate:
                data[f"{prefix}-not"] = ["on"]
            write_inputs(row, prefix, data)
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
        """The id suffix of the message slot on the page (``when-0``, ``must``, ``say``)."""
        if self.place is None:
            return "form"
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
    list_level = place is not None and place.index is None and place.area in LISTS
    if place is not None and place.index is not None and place.area in LISTS:
        row = form.cond_list(place.area).rows[place.index]
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
        for i, row in enumerate(form.cond_list(name).rows):
            path = f"row.{name}[{i}]"
            try:
                condition = read_condition(row_to_condition(row), path)
                check_satisfiable(condition, path)
            except RuleError as exc:
                local = Built({}, {path: Place(name, i)} | (
                    {f"{path}.of": Place(name, i)} if row.negate else {}))
                problem = _problem(exc, local, form)
                problems.append(Problem(Place(name, i), problem.message, exc.code,
                                        problem.field))
    if form.kind == "trigger":
        for i, effect in enumerate(form.effects):
            try:
                read_effect(effect_to_json(effect), f"rule.effects[{i}]")
            except RuleError as exc:
                problems.append(_problem(exc, built, form))
    return problems


def check(form: RuleForm, author: int | None = None) -> Checked:
    """Build the rule of ``form`` and validate it; problems come back in plain words."""
    built = form_to_spec(form)
    checked = Checked(form, built)
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


def apply_row_op(form: RuleForm, area: str, op: str, index: int | None) -> RuleForm:
    """Add a row to a list (or an effect), or remove row ``index``; the form is changed."""
    if area == "effects":
        if op == "add" and len(form.effects) < MAX_EFFECTS:
            form.effects.append(EffectRow())
        elif op == "remove" and index is not None and 0 <= index < len(form.effects):
            del form.effects[index]
        return form
    if area not in LISTS:
        return form
    cond = form.cond_list(area)
    if op == "add" and sum(len(c.rows) for c in form.lists.values()) < MAX_ROWS:
        cond.rows.append(default_row(area))
    elif op == "remove" and index is not None and 0 <= index < len(cond.rows):
        del cond.rows[index]
    return form

